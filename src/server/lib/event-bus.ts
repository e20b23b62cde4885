/**
 * One event bus across server instances (docs/architecture.md "Instances: one event bus",
 * docs/decisions/0036): what one instance publishes, every instance (itself included) hears, through
 * PostgreSQL NOTIFY/LISTEN or, when REDIS_URL is set, Redis pub/sub. Same contract on both:
 *
 * - Payloads are small texts: ids, never rows (PostgreSQL refuses a NOTIFY of 8,000 bytes or more).
 *   A payload over BUS_MAX_PAYLOAD_BYTES is refused on both transports, so code that works on one
 *   works on the other: receivers read the rows the ids name.
 * - Delivery is at most once and only while the bus is up (`ready()`): an event published while it is
 *   down, or while a receiver's connection is down, is lost. `onStatus` tells a receiver so, and what
 *   it pushes must have a fallback (the clients' polls; docs/decisions/0036).
 * - Events of one publisher on one channel arrive in the order they were published when each
 *   publish is awaited before the next.
 */
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { ChangeFeed } from '../db/change-feed.js';

export type BusHandler = (payload: string) => void;
export type BusTransport = 'postgres' | 'redis';

export interface EventBus {
  readonly transport: BusTransport;
  /** Sends `payload` to every instance's subscribers of `channel`; rejects when refused or the bus is down. */
  publish(channel: string, payload: string): Promise<void>;
  /** Hears `channel` on this instance; returns the function that stops it. */
  subscribe(channel: string, handler: BusHandler): () => void;
  /** Whether events reach this instance now (its receiving connection is up). */
  ready(): boolean;
  /** Told when `ready()` changes; returns the function that stops it. */
  onStatus(listener: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

/** The largest payload (UTF-8 bytes) either transport carries: well under PostgreSQL's 8,000-byte NOTIFY. */
export const BUS_MAX_PAYLOAD_BYTES = 4_000;

/** Bus channel names: short plain words ("chat"), the same on both transports. */
const CHANNEL = /^[a-z][a-z0-9_.-]{0,63}$/;

/** The one PostgreSQL channel all bus channels travel on ({"c": channel, "p": payload}). */
const PG_BUS_CHANNEL = 'coinfront_bus';
/** Redis channels are prefixed, so a shared Redis can serve other things. */
const REDIS_PREFIX = 'coinfront:bus:';

interface Log {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

function check(channel: string, payload?: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`event bus: bad channel name ${JSON.stringify(channel)}`);
  if (payload !== undefined && Buffer.byteLength(payload) > BUS_MAX_PAYLOAD_BYTES)
    throw new Error(
      `event bus: a ${Buffer.byteLength(payload)}-byte payload on ${channel} is over ${BUS_MAX_PAYLOAD_BYTES} bytes: send ids, not rows`,
    );
}

/** Handlers per channel and status listeners: the part both transports share. */
class Subscribers {
  readonly handlers = new Map<string, Set<BusHandler>>();
  readonly statusListeners = new Set<(up: boolean) => void>();
  up = false;

  constructor(private readonly log: Log) {}

  add(channel: string, handler: BusHandler, onFirst?: () => void): () => void {
    check(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      onFirst?.();
    }
    set.add(handler);
    return () => void set.delete(handler);
  }

  deliver(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      // One failing receiver must not keep the event from the others.
      try {
        handler(payload);
      } catch (error) {
        this.log.error({ err: error, channel }, 'event bus handler failed');
      }
    }
  }

  setUp(up: boolean): void {
    if (this.up === up) return;
    this.up = up;
    for (const listener of this.statusListeners) listener(up);
  }

  onStatus(listener: (up: boolean) => void): () => void {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }
}

/**
 * Over PostgreSQL: a NOTIFY on PG_BUS_CHANNEL through the pool, heard on the ChangeFeed's one LISTEN
 * connection (db/listen.ts). Create it before `changes.start()`.
 */
export function createPostgresBus(
  changes: ChangeFeed,
  pool: { query(text: string, values: unknown[]): Promise<unknown> },
  log: Log,
): EventBus {
  const subscribers = new Subscribers(log);
  let closed = false;
  let outage = false;
  changes.hear(PG_BUS_CHANNEL, {
    message(text) {
      let envelope: { c?: unknown; p?: unknown };
      try {
        envelope = JSON.parse(text) as typeof envelope;
      } catch {
        return; // not ours: a NOTIFY sent by hand on the channel
      }
      if (typeof envelope.c === 'string' && typeof envelope.p === 'string') subscribers.deliver(envelope.c, envelope.p);
    },
    status(up, stopping) {
      if (!up && !closed && !stopping && subscribers.up && !outage) {
        outage = true;
        log.warn({ transport: 'postgres' }, 'event bus down: pushed chat waits for the clients polls until it is back');
      } else if (up && outage) {
        outage = false;
        log.info('event bus back (postgres)');
      }
      subscribers.setUp(up && !closed);
    },
  });
  return {
    transport: 'postgres',
    async publish(channel, payload) {
      check(channel, payload);
      if (closed) throw new Error('event bus: closed');
      await pool.query('select pg_notify($1, $2)', [PG_BUS_CHANNEL, JSON.stringify({ c: channel, p: payload })]);
    },
    subscribe: (channel, handler) => subscribers.add(channel, handler),
    ready: () => subscribers.up,
    onStatus: (listener) => subscribers.onStatus(listener),
    async close() {
      closed = true;
      subscribers.setUp(false);
    },
  };
}

/** Reconnect after 100 ms, doubling to at most 2 s: a Redis back within seconds is heard within seconds. */
const redisRetry = (times: number) => Math.min(100 * 2 ** Math.min(times - 1, 5), 2_000);

/**
 * Over Redis pub/sub (ioredis): one connection publishes, one subscribes (a subscribed connection
 * can do nothing else). Both reconnect on their own; the subscriber subscribes again when it does.
 * Publishing never queues while Redis is away (it fails at once: the event is lost, as on
 * PostgreSQL). An outage is logged once, and its end once. The connections are named
 * coinfront-bus-pub:<name> and coinfront-bus-sub:<name> (host:pid by default) in Redis's CLIENT LIST.
 */
export function createRedisBus(
  url: string,
  log: Log,
  { name = `${hostname()}:${process.pid}` }: { name?: string } = {},
): EventBus {
  const subscribers = new Subscribers(log);
  const options = {
    retryStrategy: redisRetry,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    lazyConnect: false,
  };
  const publisher = new Redis(url, {
    ...options,
    enableOfflineQueue: false,
    connectionName: `coinfront-bus-pub:${name}`,
  });
  const subscriber = new Redis(url, { ...options, autoResubscribe: true, connectionName: `coinfront-bus-sub:${name}` });
  let closed = false;
  let outage = false;
  const down = (error?: unknown) => {
    if (closed) return;
    if (!outage) {
      outage = true;
      log.warn(
        { err: error, transport: 'redis' },
        'event bus down: pushed chat waits for the clients polls until Redis is back',
      );
    }
    subscribers.setUp(false);
  };
  // ioredis reports every failed reconnect as an error; one log line per outage is enough.
  publisher.on('error', () => undefined);
  subscriber.on('error', (error: unknown) => down(error));
  subscriber.on('close', () => down());
  subscriber.on('ready', () => {
    const channels = [...subscribers.handlers.keys()].map((c) => REDIS_PREFIX + c);
    // On a reconnect ioredis subscribes again by itself; on the first connect, channels added before it.
    const subscribed = channels.length > 0 ? subscriber.subscribe(...channels) : Promise.resolve();
    subscribed.then(
      () => {
        if (closed) return;
        if (outage) log.info('event bus back (redis)');
        outage = false;
        subscribers.setUp(true);
      },
      (error: unknown) => down(error),
    );
  });
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel.startsWith(REDIS_PREFIX)) subscribers.deliver(channel.slice(REDIS_PREFIX.length), payload);
  });
  return {
    transport: 'redis',
    async publish(channel, payload) {
      check(channel, payload);
      if (closed) throw new Error('event bus: closed');
      await publisher.publish(REDIS_PREFIX + channel, payload);
    },
    subscribe: (channel, handler) =>
      subscribers.add(channel, handler, () => {
        // While connecting, the 'ready' handler subscribes to it; a failure is an outage (logged there).
        if (subscriber.status === 'ready') subscriber.subscribe(REDIS_PREFIX + channel).catch(down);
      }),
    ready: () => subscribers.up,
    onStatus: (listener) => subscribers.onStatus(listener),
    async close() {
      closed = true;
      subscribers.setUp(false);
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** The bus a context uses: Redis when REDIS_URL is set, else PostgreSQL (docs/decisions/0036). */
export function createEventBus(
  config: { redisUrl: string | undefined },
  deps: { changes: ChangeFeed; pool: { query(text: string, values: unknown[]): Promise<unknown> }; log: Log },
): EventBus {
  return config.redisUrl
    ? createRedisBus(config.redisUrl, deps.log)
    : createPostgresBus(deps.changes, deps.pool, deps.log);
}
