/**
 * Fan-out of server-pushed streams over the one WebSocket endpoint (/ws).
 *
 * A topic is a stream name a client subscribes to ('btcusdt@ticker'). Modules declare families
 * of topics (`addFamily`): the family says which names exist and whether a given connection may
 * have them. Publishers hand over a finished frame, so a message is serialised once however many
 * clients get it; clients in combined mode receive it wrapped as {"stream", "data"}, wrapped once.
 *
 * Market tickers are the first family (modules/market/streams.ts). User events (chat, later) fit
 * the same way: the realtime route sets `client.userId` once the connection has proved a token,
 * the chat module adds a family such as `chat@<sessionId>` whose `allows` checks that user, and
 * publishes each new message to its topic.
 */

import { AnonymousSockets } from './anonymous-sockets.js';

const wrap = (topic: string, frame: string) => `{"stream":${JSON.stringify(topic)},"data":${frame}}`;

export interface StreamClient {
  /** Sends a text frame; the connection may drop it when the client is too slow to read. */
  send(frame: string): void;
  /**
   * Sends several text frames (UTF-8 payloads) together, in order: one write for the lot. Without
   * it, `publishMany` falls back to `send` per frame. In one tick, every client with the same
   * subscriptions (and mode) is handed the very same array, so a connection layer may encode it
   * once for all of them (keyed by the array); it must not change it.
   */
  sendMany?(frames: readonly Buffer[]): void;
  /** Combined mode: frames arrive as {"stream": topic, "data": payload}. */
  combined: boolean;
  /** The authenticated user of the connection, when it has shown a token (LOGIN). */
  userId?: number;
  /** Whether that user is staff (read from the database at LOGIN). */
  isAdmin?: boolean;
  /** Closes the connection (a user data stream whose listenKey was closed or expired). */
  close?(code: number, reason: string): void;
}

export interface TopicFamily {
  name: string;
  /** Whether a topic name belongs to this family and exists ('btcusdt@ticker'). */
  accepts(topic: string): boolean;
  /** Whether this client may subscribe (user-scoped topics check client.userId). Default: yes. */
  allows?(topic: string, client: StreamClient): boolean;
  /** The topic's current state, sent to a new subscriber so it need not wait for the next event. */
  current?(topic: string): string | undefined;
}

/**
 * Claims a `/ws/<segment>` path segment that names no stream, e.g. a user data stream's listenKey
 * (docs/decisions/0033-api-keys.md): the topics to subscribe the connection to, or null when the segment is not this
 * resolver's. The topics go through the usual check (their family's `accepts` and `allows`), so a
 * resolver may record on its side that this client was granted them (a WeakMap keyed by the
 * client) for its family's `allows` to read. Segments nobody claims are ignored (ccxt's /ws/0).
 */
export type SegmentResolver = (
  segment: string,
  client: StreamClient,
) => Promise<readonly string[] | null> | readonly string[] | null;

interface Topic {
  family: string;
  clients: Set<StreamClient>;
}

/** A client's topics, in subscription order, and a key naming that list (made when first needed). */
interface Subscriptions {
  topics: Set<string>;
  key?: string;
}

/**
 * A client's frames held back while the hub is held (`hold`), each with its topic, so leaving a
 * topic drops its held frames too. `shared`: the tick's batch array itself while it is all there
 * is, so clients with the same subscriptions still write one shared, framed-once buffer.
 */
interface Held {
  frames: Buffer[];
  topics: string[];
  shared?: readonly Buffer[];
}

/**
 * The longest a hold lasts: a tick whose work hangs (a database read) must not keep every stream
 * silent. After it the frames go out as if released.
 */
const HOLD_MAX_MS = 500;

/**
 * Connections written per turn of the event loop when held frames go out: about 2 ms of writes on
 * this machine (~20 us each), so a request that arrives during a tick's thousands of writes waits
 * for one slice, not all of them (docs/performance.md "The tick's writes in slices").
 */
const CLIENTS_PER_SLICE = 100;

export class StreamHub {
  /** Sockets not authenticated yet, at most so many per client address (anonymous-sockets.ts). */
  readonly anonymous: AnonymousSockets;
  private readonly families = new Map<string, TopicFamily>();
  private readonly topics = new Map<string, Topic>();
  private readonly byClient = new Map<StreamClient, Subscriptions>();
  private readonly resolvers: SegmentResolver[] = [];
  /** Open connections, and frames pushed and received since start: for /metrics (lib/metrics.ts). */
  private readonly open = new Set<StreamClient>();
  private sent = 0;
  private received = 0;
  /** Open holds, and the frames held back meanwhile per client (clients taking batches only). */
  private holds = 0;
  private readonly held = new Map<StreamClient, Held>();
  /** Held frames are going out, a slice per turn of the event loop: new frames queue behind them. */
  private flushing = false;
  private readonly clientsPerSlice: number;

  constructor(options: { anonymousPerAddress?: number; clientsPerSlice?: number } = {}) {
    this.anonymous = new AnonymousSockets(options.anonymousPerAddress ?? Number.POSITIVE_INFINITY);
    this.clientsPerSlice = options.clientsPerSlice ?? CLIENTS_PER_SLICE;
  }

  /** Whether frames for batch-taking clients wait in `held`: a hold is open, or held frames are still going out. */
  private get holding(): boolean {
    return this.holds > 0 || this.flushing;
  }

  /** A connection opened (the realtime route); `drop` forgets it. */
  attach(client: StreamClient): void {
    this.open.add(client);
  }

  /** A frame came in from a client (counted for /metrics). */
  countReceived(): void {
    this.received++;
  }

  clientCount(): number {
    return this.open.size;
  }

  framesSent(): number {
    return this.sent;
  }

  framesReceived(): number {
    return this.received;
  }

  addFamily(family: TopicFamily): void {
    this.families.set(family.name, family);
  }

  /** Adds a claimer of /ws/<segment> path segments that are no streams (see SegmentResolver). */
  addSegmentResolver(resolver: SegmentResolver): void {
    this.resolvers.push(resolver);
  }

  /** The topics a path segment that names no stream stands for, asked of each resolver in turn; null: none. */
  async resolveSegment(segment: string, client: StreamClient): Promise<readonly string[] | null> {
    for (const resolver of this.resolvers) {
      const topics = await resolver(segment, client);
      if (topics) return topics;
    }
    return null;
  }

  /** The family a client may subscribe to this topic in, or why not. */
  check(topic: string, client: StreamClient): { family: string } | { error: string } {
    for (const family of this.families.values()) {
      if (!family.accepts(topic)) continue;
      if (family.allows && !family.allows(topic, client)) return { error: `not allowed to subscribe to ${topic}` };
      return { family: family.name };
    }
    return { error: `unknown stream ${topic}` };
  }

  /** Subscribes; true when the client was not subscribed yet. */
  subscribe(client: StreamClient, topic: string, family: string): boolean {
    const fresh = !this.byClient.get(client)?.topics.has(topic);
    let entry = this.topics.get(topic);
    if (!entry) {
      entry = { family, clients: new Set() };
      this.topics.set(topic, entry);
    }
    entry.clients.add(client);
    let mine = this.byClient.get(client);
    if (!mine) {
      mine = { topics: new Set() };
      this.byClient.set(client, mine);
    }
    if (fresh) {
      mine.topics.add(topic);
      mine.key = undefined;
    }
    return fresh;
  }

  /**
   * Sends a new subscriber the current frame of each topic whose family has one: in one batch
   * when the client takes batches (a SUBSCRIBE of 20 tickers is one write, not 20).
   */
  sendCurrent(client: StreamClient, topics: readonly string[]): void {
    const frames: string[] = [];
    for (const topic of topics) {
      const entry = this.topics.get(topic);
      const frame = entry && this.families.get(entry.family)?.current?.(topic);
      if (frame) frames.push(client.combined ? wrap(topic, frame) : frame);
    }
    if (frames.length === 0) return;
    this.sent += frames.length;
    if (client.sendMany) client.sendMany(frames.map((frame) => Buffer.from(frame)));
    else for (const frame of frames) client.send(frame);
  }

  /**
   * Holds back the frames published from now on until every hold is released, then sends each
   * client its held frames in one batch: one write per connection for a market tick's tickers and
   * the positions priced from it (docs/decisions/0059-cpu-per-trader.md). Order per client is
   * kept; the returned release is idempotent and happens by itself after HOLD_MAX_MS.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      if (--this.holds === 0) this.flush();
    };
    const timer = setTimeout(release, HOLD_MAX_MS);
    timer.unref?.();
    return release;
  }

  /**
   * Sends the held batches, CLIENTS_PER_SLICE connections per turn of the event loop. Until the
   * last is out, new frames join a connection's batch still waiting or wait behind it, so each
   * connection's order is kept; a hold opened meanwhile pauses the sending (its release goes on).
   */
  private flush(): void {
    if (this.flushing) return;
    this.flushing = true;
    this.flushSlice();
  }

  private flushSlice(): void {
    let sent = 0;
    for (const [client, entry] of this.held) {
      if (this.holds > 0 || sent === this.clientsPerSlice) break;
      this.held.delete(client);
      sent++;
      if (entry.frames.length > 0) client.sendMany!(entry.shared ?? entry.frames);
    }
    if (this.held.size > 0 && this.holds === 0) setImmediate(() => this.flushSlice());
    else this.flushing = false;
  }

  /** Delivers a client's frames of one topic each (or a shared batch), or holds them back. */
  private deliver(client: StreamClient, frames: readonly Buffer[], topics: readonly string[], shared: boolean): void {
    if (!this.holding || !client.sendMany) {
      if (client.sendMany) client.sendMany(frames);
      else for (const frame of frames) client.send(frame.toString());
      return;
    }
    const entry = this.held.get(client);
    if (!entry) {
      this.held.set(client, { frames: [...frames], topics: [...topics], ...(shared ? { shared: frames } : {}) });
      return;
    }
    entry.shared = undefined;
    entry.frames.push(...frames);
    entry.topics.push(...topics);
  }

  unsubscribe(client: StreamClient, topic: string): void {
    const held = this.held.get(client);
    if (held?.topics.includes(topic)) {
      const keep = held.topics.map((t) => t !== topic);
      held.frames = held.frames.filter((_, i) => keep[i]);
      held.topics = held.topics.filter((_, i) => keep[i]);
      held.shared = undefined;
    }
    const entry = this.topics.get(topic);
    if (entry) {
      entry.clients.delete(client);
      if (entry.clients.size === 0) this.topics.delete(topic);
    }
    const mine = this.byClient.get(client);
    if (mine?.topics.delete(topic)) mine.key = undefined;
  }

  /** A closed connection leaves every topic. */
  drop(client: StreamClient): void {
    for (const topic of this.byClient.get(client)?.topics ?? []) this.unsubscribe(client, topic);
    this.byClient.delete(client);
    this.open.delete(client);
    this.held.delete(client);
  }

  subscriptions(client: StreamClient): string[] {
    return [...(this.byClient.get(client)?.topics ?? [])];
  }

  /** The clients subscribed to a topic. */
  clients(topic: string): StreamClient[] {
    return [...(this.topics.get(topic)?.clients ?? [])];
  }

  subscriberCount(topic: string): number {
    return this.topics.get(topic)?.clients.size ?? 0;
  }

  /** Topics of a family that have at least one subscriber. */
  activeTopics(family: string): string[] {
    const active: string[] = [];
    for (const [topic, entry] of this.topics) if (entry.family === family) active.push(topic);
    return active;
  }

  /**
   * One tick of several topics (e.g. every ticker, once a second): each client gets all its
   * frames of the tick in one batch (one write instead of one per frame), every frame is encoded
   * once, and clients with the same subscriptions share one batch, so the connection layer can
   * frame and join it once for all of them. With 10,000 clients of the same 20 tickers that is
   * 10,000 writes of one shared buffer a second, not 200,000 writes or 10,000 copies. Returns how
   * many frames were delivered.
   */
  publishMany(frames: ReadonlyMap<string, string>): number {
    const encoded = new Map<string, { raw: Buffer; wrapped?: Buffer }>();
    for (const [topic, frame] of frames) if (this.topics.has(topic)) encoded.set(topic, { raw: Buffer.from(frame) });
    if (encoded.size === 0) return 0;
    interface Batch {
      frames: Buffer[];
      topics: string[];
    }
    const batchOf = (topics: Set<string>, combined: boolean): Batch => {
      const batch: Batch = { frames: [], topics: [] };
      for (const topic of topics) {
        const entry = encoded.get(topic);
        if (!entry) continue;
        batch.frames.push(combined ? (entry.wrapped ??= Buffer.from(wrap(topic, frames.get(topic)!))) : entry.raw);
        batch.topics.push(topic);
      }
      return batch;
    };
    // By subscription key, one map per mode: a client may switch mode (SET_PROPERTY) at any time.
    const rawBatches = new Map<string, Batch>();
    const combinedBatches = new Map<string, Batch>();
    let delivered = 0;
    for (const [client, mine] of this.byClient) {
      const key = (mine.key ??= JSON.stringify([...mine.topics]));
      const batches = client.combined ? combinedBatches : rawBatches;
      let batch = batches.get(key);
      if (!batch) {
        batch = batchOf(mine.topics, client.combined);
        batches.set(key, batch);
      }
      if (batch.frames.length === 0) continue;
      delivered += batch.frames.length;
      this.deliver(client, batch.frames, batch.topics, true);
    }
    this.sent += delivered;
    return delivered;
  }

  /** Sends one frame to every subscriber of a topic; returns how many got it. */
  publish(topic: string, frame: string): number {
    const entry = this.topics.get(topic);
    if (!entry) return 0;
    let wrapped: string | undefined;
    let raw: Buffer[] | undefined;
    let wrappedBytes: Buffer[] | undefined;
    for (const client of entry.clients) {
      const text = client.combined ? (wrapped ??= wrap(topic, frame)) : frame;
      // Batch-taking clients get it with the rest of a held tick; the bytes encoded once.
      if (client.sendMany && this.holding)
        this.deliver(
          client,
          client.combined ? (wrappedBytes ??= [Buffer.from(text)]) : (raw ??= [Buffer.from(text)]),
          [topic],
          false,
        );
      else client.send(text);
    }
    this.sent += entry.clients.size;
    return entry.clients.size;
  }
}
