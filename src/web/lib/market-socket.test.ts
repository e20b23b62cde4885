import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMarketSocket } from './market-socket.js';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { method: string; params: string[]; id: number }[] = [];
  closed = false;
  onopen: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
}

const last = () => FakeSocket.all.at(-1)!;
const ticker = (s: string, c: string) => ({ e: '24hrTicker', s, c, P: '1.000' });

function setup() {
  const log = vi.fn();
  const socket = createMarketSocket({
    url: () => 'ws://server.test/ws',
    createSocket: (url) => new FakeSocket(url),
    backoff: { initialMs: 1_000, maxMs: 8_000 },
    idleCloseMs: 5_000,
    requestGapMs: 250,
    log,
  });
  return { socket, log };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => void vi.useRealTimers());

describe('market socket', () => {
  it('opens on the first subscription and subscribes all streams in one request', async () => {
    const { socket } = setup();
    socket.subscribe('btcusdt@ticker', () => {});
    socket.subscribe('ETHUSDT@ticker', () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(last().sent).toEqual([{ method: 'SUBSCRIBE', params: ['btcusdt@ticker', 'ethusdt@ticker'], id: 1 }]);
  });

  it('delivers events to the listeners of their stream only, raw or combined', async () => {
    const { socket } = setup();
    const btc = vi.fn();
    const eth = vi.fn();
    socket.subscribe('btcusdt@ticker', btc);
    socket.subscribe('ethusdt@ticker', eth);
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().receive(ticker('BTCUSDT', '65000'));
    last().receive({ stream: 'ethusdt@ticker', data: ticker('ETHUSDT', '3000') });
    last().receive({ result: null, id: 1 });
    expect(btc).toHaveBeenCalledExactlyOnceWith(ticker('BTCUSDT', '65000'));
    expect(eth).toHaveBeenCalledExactlyOnceWith(ticker('ETHUSDT', '3000'));
  });

  it('counts listeners: the server hears only of the first and the last', async () => {
    const { socket } = setup();
    const stopA = socket.subscribe('btcusdt@ticker', () => {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    await vi.advanceTimersByTimeAsync(0);
    const stopB = socket.subscribe('btcusdt@ticker', () => {});
    await vi.advanceTimersByTimeAsync(500);
    stopA();
    await vi.advanceTimersByTimeAsync(500);
    expect(last().sent.map((m) => m.method)).toEqual(['SUBSCRIBE']);
    socket.subscribe('xrpusdt@ticker', () => {});
    stopB();
    stopB();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(
      last()
        .sent.slice(1)
        .map((m) => [m.method, m.params]),
    ).toEqual([
      ['UNSUBSCRIBE', ['btcusdt@ticker']],
      ['SUBSCRIBE', ['xrpusdt@ticker']],
    ]);
  });

  it('spaces requests so the server never sees a burst', async () => {
    const { socket } = setup();
    socket.subscribe('a@ticker', () => {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    await vi.advanceTimersByTimeAsync(0);
    socket.subscribe('b@ticker', () => {});
    await vi.advanceTimersByTimeAsync(100);
    expect(last().sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(last().sent).toHaveLength(2);
  });

  it('reconnects with growing delays and subscribes again', async () => {
    const { socket } = setup();
    const listener = vi.fn();
    socket.subscribe('btcusdt@ticker', listener);
    socket.subscribe('ethusdt@ticker', () => {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().drop();
    await vi.advanceTimersByTimeAsync(1_300);
    expect(FakeSocket.all).toHaveLength(2);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_300);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_300);
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(last().sent).toEqual([
      { method: 'SUBSCRIBE', params: ['btcusdt@ticker', 'ethusdt@ticker'], id: expect.any(Number) },
    ]);
    last().receive(ticker('BTCUSDT', '1'));
    expect(listener).toHaveBeenCalledOnce();
  });

  it('closes a while after the last listener leaves, and reopens on demand', async () => {
    const { socket } = setup();
    const stop = socket.subscribe('btcusdt@ticker', () => {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    stop();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(last().closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(last().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    socket.subscribe('btcusdt@ticker', () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('only logs bad frames, refusals and failing listeners', async () => {
    const { socket, log } = setup();
    socket.subscribe('btcusdt@ticker', () => {
      throw new Error('render bug');
    });
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().onmessage?.(new MessageEvent('message', { data: 'garbage' }));
    last().receive({ error: { code: 2, msg: 'Invalid request' }, id: 1 });
    last().receive(ticker('BTCUSDT', '1'));
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('retries when the address cannot be found yet', async () => {
    let attempts = 0;
    const socket = createMarketSocket({
      url: async () => {
        if (++attempts === 1) throw new Error('endpoints not chosen');
        return 'ws://later.test/ws';
      },
      createSocket: (url) => new FakeSocket(url),
      backoff: { initialMs: 1_000, maxMs: 8_000 },
      log: () => {},
    });
    socket.subscribe('btcusdt@ticker', () => {});
    await vi.advanceTimersByTimeAsync(1_500);
    expect(last().url).toBe('ws://later.test/ws');
    socket.close();
  });
});

describe('greeting', () => {
  it('sends the greeting before any subscription on every connection, and dispatches combined frames', async () => {
    let token = 'first-token';
    const socket = createMarketSocket({
      url: () => 'ws://server.test/stream',
      createSocket: (url) => new FakeSocket(url),
      backoff: { initialMs: 1_000, maxMs: 8_000 },
      requestGapMs: 250,
      greeting: () => ({ method: 'LOGIN', params: [token], id: 'login' }),
      log: vi.fn(),
    });
    const events: unknown[] = [];
    socket.subscribe('chat@user.7', (data) => events.push(data));
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    await vi.advanceTimersByTimeAsync(300);
    expect(last().sent.map((m) => m.method)).toEqual(['LOGIN', 'SUBSCRIBE']);
    expect(last().sent[0]!.params).toEqual(['first-token']);

    last().receive({ stream: 'chat@user.7', data: { e: 'chatMessage' } });
    expect(events).toEqual([{ e: 'chatMessage' }]);

    token = 'renewed-token';
    last().drop();
    await vi.advanceTimersByTimeAsync(2_000);
    last().open();
    await vi.advanceTimersByTimeAsync(300);
    expect(last().sent.map((m) => [m.method, m.params])).toEqual([
      ['LOGIN', ['renewed-token']],
      ['SUBSCRIBE', ['chat@user.7']],
    ]);
    socket.close();
  });

  it('tells its status: open, closed on a drop, unauthorized on a 401 error frame, and nothing after a listener stops', async () => {
    const { socket } = setup();
    const seen: string[] = [];
    const stop = socket.onStatus((status) => seen.push(status));
    socket.subscribe('positions@user.7', () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.isOpen()).toBe(false);
    last().open();
    expect(socket.isOpen()).toBe(true);
    last().receive({ error: { code: 2, msg: 'Invalid request: not allowed' }, id: 1 });
    last().receive({ error: { code: 401, msg: 'Your session has ended. Please log in again.' }, id: null });
    last().drop();
    expect(socket.isOpen()).toBe(false);
    expect(seen).toEqual(['open', 'unauthorized', 'closed']);
    stop();
    await vi.advanceTimersByTimeAsync(2_000);
    last().open();
    expect(seen).toHaveLength(3);
    socket.close();
  });
});
