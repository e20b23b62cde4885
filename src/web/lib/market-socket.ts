/**
 * The app's one market WebSocket. Screens subscribe to streams ('btcusdt@ticker') with a
 * listener; the socket counts listeners per stream, tells the server only about the first and
 * the last, opens on the first subscription, closes a while after the last, reconnects with
 * back-off and subscribes again after every reconnect. Requests are batched and spaced, since
 * the exchange protocol allows only a few messages per second. Failures are only logged.
 */

export type StreamListener = (data: unknown) => void;

/**
 * How the connection stands: 'open' once connected, 'closed' when it dropped (a reconnect follows
 * while anyone listens), 'unauthorized' when the server refused or ended the login (an error frame
 * with code 401): user streams then send nothing until the next connection logs in again.
 */
export type SocketStatus = 'open' | 'closed' | 'unauthorized';

export interface MarketSocket {
  /** Listen to a stream; returns the function that stops listening. */
  subscribe(stream: string, listener: StreamListener): () => void;
  /** Streams with at least one listener. */
  streams(): string[];
  /** Close for good (tests, logout). */
  close(): void;
  /** Whether the connection is open now. */
  isOpen(): boolean;
  /** Be told of every change of status (a screen falling back to polling while the socket is down). */
  onStatus(listener: (status: SocketStatus) => void): () => void;
}

interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface MarketSocketOptions {
  /** Where to connect; may wait for the market endpoints to be chosen. */
  url: () => string | Promise<string>;
  createSocket?: (url: string) => SocketLike;
  backoff?: { initialMs: number; maxMs: number };
  /** How long an unused connection stays open (a screen change re-subscribes at once). */
  idleCloseMs?: number;
  /** Least time between two requests to the server. */
  requestGapMs?: number;
  log?: (message: string, detail?: unknown) => void;
  /** A frame sent first on every (re)connection, before any subscription (e.g. a LOGIN with the token). */
  greeting?: () => object | null;
}

const OPEN = 1;

export function createMarketSocket(options: MarketSocketOptions): MarketSocket {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const backoff = options.backoff ?? { initialMs: 1_000, maxMs: 30_000 };
  const idleCloseMs = options.idleCloseMs ?? 5_000;
  const requestGapMs = options.requestGapMs ?? 250;
  const log = options.log ?? ((message: string, detail?: unknown) => console.warn(`[market] ${message}`, detail ?? ''));

  const listeners = new Map<string, Set<StreamListener>>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  const tellStatus = (status: SocketStatus) => {
    for (const listener of statusListeners) {
      try {
        listener(status);
      } catch (error) {
        log('status listener failed', error);
      }
    }
  };
  /** What the server has been told on the current connection. */
  const told = new Set<string>();
  let socket: SocketLike | null = null;
  let connecting = false;
  let closedForGood = false;
  let failures = 0;
  let requestId = 0;
  let lastRequestAt = -Infinity;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const isOpen = () => socket !== null && socket.readyState === OPEN;

  function scheduleFlush() {
    if (flushTimer !== undefined || !isOpen()) return;
    flushTimer = setTimeout(flush, Math.max(0, lastRequestAt + requestGapMs - Date.now()));
  }

  /** Sends one request bringing the server closer to what the listeners want. */
  function flush() {
    flushTimer = undefined;
    if (!isOpen()) return;
    const wanted = [...listeners.keys()];
    const remove = [...told].filter((s) => !listeners.has(s));
    const add = wanted.filter((s) => !told.has(s));
    if (remove.length === 0 && add.length === 0) return;
    const [method, params] = remove.length > 0 ? (['UNSUBSCRIBE', remove] as const) : (['SUBSCRIBE', add] as const);
    socket!.send(JSON.stringify({ method, params, id: ++requestId }));
    for (const stream of params) {
      if (method === 'SUBSCRIBE') told.add(stream);
      else told.delete(stream);
    }
    lastRequestAt = Date.now();
    if (remove.length > 0 && add.length > 0) scheduleFlush();
  }

  function dispatch(stream: string, data: unknown) {
    for (const listener of listeners.get(stream) ?? []) {
      try {
        listener(data);
      } catch (error) {
        log('stream listener failed', error);
      }
    }
  }

  function onMessage(text: string) {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return log('unreadable frame', text);
    }
    if (typeof message !== 'object' || message === null) return;
    const frame = message as Record<string, unknown>;
    if (typeof frame.stream === 'string' && 'data' in frame) return dispatch(frame.stream, frame.data);
    if (frame.e === '24hrTicker' && typeof frame.s === 'string')
      return dispatch(`${frame.s.toLowerCase()}@ticker`, frame);
    if ('error' in frame) {
      log('server refused a request', frame.error);
      if ((frame.error as { code?: unknown } | null)?.code === 401) tellStatus('unauthorized');
    }
  }

  async function connect() {
    if (socket || connecting || closedForGood || listeners.size === 0) return;
    connecting = true;
    let url: string;
    try {
      url = await options.url();
    } catch (error) {
      connecting = false;
      log('no market stream address', error);
      return reconnectLater();
    }
    connecting = false;
    if (closedForGood || listeners.size === 0) return;
    const ws = createSocket(url);
    socket = ws;
    told.clear();
    ws.onopen = () => {
      if (socket !== ws) return;
      const hello = options.greeting?.();
      if (hello) ws.send(JSON.stringify(hello));
      lastRequestAt = -Infinity;
      scheduleFlush();
      tellStatus('open');
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      failures = 0;
      onMessage(String(event.data));
    };
    ws.onerror = (event) => log('market stream error', event.type);
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      told.clear();
      clearTimeout(flushTimer);
      flushTimer = undefined;
      tellStatus('closed');
      reconnectLater();
    };
  }

  function reconnectLater() {
    if (closedForGood || listeners.size === 0 || reconnectTimer !== undefined) return;
    const delay =
      Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(failures++, 16)) * (0.8 + 0.4 * Math.random());
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
  }

  function closeSocket() {
    const ws = socket;
    socket = null;
    told.clear();
    clearTimeout(flushTimer);
    flushTimer = undefined;
    ws?.close(1000, 'idle');
    if (ws) tellStatus('closed');
  }

  return {
    subscribe(rawStream, listener) {
      const stream = rawStream.toLowerCase();
      let set = listeners.get(stream);
      if (!set) {
        set = new Set();
        listeners.set(stream, set);
      }
      set.add(listener);
      clearTimeout(idleTimer);
      idleTimer = undefined;
      if (socket) scheduleFlush();
      else void connect();

      let active = true;
      return () => {
        if (!active) return;
        active = false;
        set.delete(listener);
        if (set.size === 0 && listeners.get(stream) === set) listeners.delete(stream);
        scheduleFlush();
        if (listeners.size === 0) {
          clearTimeout(reconnectTimer);
          reconnectTimer = undefined;
          idleTimer ??= setTimeout(() => {
            idleTimer = undefined;
            if (listeners.size === 0) closeSocket();
          }, idleCloseMs);
        }
      };
    },

    streams: () => [...listeners.keys()],

    isOpen,

    onStatus(listener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },

    close() {
      closedForGood = true;
      listeners.clear();
      clearTimeout(reconnectTimer);
      clearTimeout(idleTimer);
      closeSocket();
    },
  };
}
