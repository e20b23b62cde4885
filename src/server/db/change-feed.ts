/**
 * Per-process memory of database rows, dropped when PostgreSQL says they changed, so several
 * server instances on one database never disagree for longer than a notification takes
 * (docs/decisions/0014).
 *
 * Triggers NOTIFY a channel with a user id when that user's rows change (migrations 0001: users,
 * 0002: trades). One LISTEN connection per process (listen.ts) hears every channel. Rows are
 * remembered only while that connection is up: when it drops, notifications are lost, so
 * everything remembered is dropped and every read goes to the database until it is back.
 */
import type pg from 'pg';
import { batchReads } from './batch-reads.js';
import { listen, type Listening } from './listen.js';

export interface Remembered<V> {
  /** The value for `id`: a remembered one if `usable` accepts it, else read (and maybe remembered). */
  get(id: number, usable?: (value: NonNullable<V>) => boolean): Promise<V>;
  /** This process just changed `id`'s rows: don't wait for the notification. */
  forget(id: number): void;
}

interface Memory {
  forget(id: number): void;
  reset(trusted: boolean): void;
}

/** Told of every change of a channel: an id whose rows changed, or null for "anything may have changed". */
export type ChangeListener = (id: number | null) => void;

/** A channel's notifications as they come (payload text), and the LISTEN connection's state. */
export interface RawListener {
  message(payload: string): void;
  /** The connection came up (true: every notification arrives from now on) or went down (`stopping`: by stop()). */
  status(up: boolean, stopping: boolean): void;
}

export class ChangeFeed {
  private readonly memories = new Map<string, Memory>();
  private readonly watchers = new Map<string, Set<ChangeListener>>();
  private readonly hearers = new Map<string, RawListener>();
  private connection: Listening | undefined;
  private up = false;
  private stopping = false;

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Remember `read(id)` per id, forgotten on a NOTIFY of `channel` with that id. A missing value
   * (null, undefined: "no such user") is not remembered. At most `size` ids, the oldest dropped first.
   *
   * `readMany(ids)`: the same read for several ids in one query (a Map; an id missing from it is
   * `missing`). With it, the reads asked for in one turn of the event loop go to the database as one
   * query: thousands of screens opening at once (a market open, a reconnect after a deploy) cost a
   * few queries instead of a pool queue of thousands (docs/performance.md, traders).
   */
  remember<V>(
    channel: string,
    read: (id: number) => Promise<V>,
    options: { size: number; readMany?: (ids: number[]) => Promise<Map<number, V>>; missing?: V },
  ) {
    if (this.connection) throw new Error('ChangeFeed: remember() before start()');
    if (this.memories.has(channel)) throw new Error(`ChangeFeed: ${channel} is remembered already`);
    const values = new Map<number, NonNullable<V>>();
    let trusted = false;
    // Bumped by every forget and change of trust: a read that overlapped one is answered but
    // not kept, since it may have started before the change it would then hide.
    let generation = 0;
    const memory: Memory = {
      forget: (id) => {
        generation++;
        values.delete(id);
        this.tell(channel, id);
      },
      reset: (trust) => {
        generation++;
        values.clear();
        trusted = trust;
        this.tell(channel, null);
      },
    };
    this.memories.set(channel, memory);
    const keep = (id: number, value: V, seen: number) => {
      if (trusted && seen === generation && value != null) {
        if (values.size >= options.size) values.delete(values.keys().next().value!);
        values.set(id, value);
      }
    };

    const readBatched = options.readMany
      ? batchReads(options.readMany, options.missing as V, {
          // Taken when the query starts: a change after it may be missing from the answer.
          onQuery: () => generation,
          onAnswer: keep,
        })
      : undefined;

    const remembered: Remembered<V> = {
      async get(id, usable) {
        const known = trusted ? values.get(id) : undefined;
        if (known !== undefined && (!usable || usable(known))) return known;
        if (readBatched) return readBatched(id);
        const seen = generation;
        const value = await read(id);
        keep(id, value, seen);
        return value;
      },
      forget: memory.forget,
    };
    return remembered;
  }

  /**
   * Be told of every change on `channel` (pushed streams, modules/realtime/user-streams.ts): after
   * the remembered value (if any) is forgotten, so a read made by the listener is fresh. An id for
   * a NOTIFY or a local `forget`; null when the connection went down or came back (anything may
   * have changed). A channel nobody remembers is listened to as well. Before start().
   */
  watch(channel: string, listener: ChangeListener): () => void {
    if (this.connection) throw new Error('ChangeFeed: watch() before start()');
    let listeners = this.watchers.get(channel);
    if (!listeners) this.watchers.set(channel, (listeners = new Set()));
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  /**
   * Hear every notification of `channel` with its payload as sent (the event bus over PostgreSQL,
   * lib/event-bus.ts), on this feed's one LISTEN connection. One listener per channel. Before start().
   */
  hear(channel: string, listener: RawListener): void {
    if (this.connection) throw new Error('ChangeFeed: hear() before start()');
    if (this.hearers.has(channel) || this.memories.has(channel) || this.watchers.has(channel))
      throw new Error(`ChangeFeed: ${channel} is heard already`);
    this.hearers.set(channel, listener);
  }

  /** This process just changed `id`'s rows on `channel`: forget them without waiting for the notification. */
  forget(channel: string, id: number) {
    const memory = this.memories.get(channel);
    if (memory) memory.forget(id);
    else this.tell(channel, id);
  }

  private tell(channel: string, id: number | null) {
    for (const listener of this.watchers.get(channel) ?? []) listener(id);
  }

  /** Whether rows are being remembered (the LISTEN connection is up). */
  listening(): boolean {
    return this.up;
  }

  start() {
    const channels = [...new Set([...this.memories.keys(), ...this.watchers.keys(), ...this.hearers.keys()])];
    if (this.connection || channels.length === 0) return;
    this.connection = listen(this.pool, channels, {
      onMessage: (channel, payload) => {
        const hearer = this.hearers.get(channel);
        if (hearer) return hearer.message(payload);
        const id = Number(payload);
        const memory = this.memories.get(channel);
        // A payload that is not an id cannot be matched: forget everything on that channel.
        if (Number.isSafeInteger(id)) {
          if (memory) memory.forget(id);
          else this.tell(channel, id);
        } else if (memory) memory.reset(this.up);
        else this.tell(channel, null);
      },
      onUp: () => this.setUp(true),
      onDown: () => this.setUp(false),
    });
  }

  async stop() {
    this.stopping = true;
    await this.connection?.stop();
    this.stopping = false;
    this.connection = undefined;
  }

  private setUp(up: boolean) {
    this.up = up;
    for (const memory of this.memories.values()) memory.reset(up);
    for (const channel of this.watchers.keys()) if (!this.memories.has(channel)) this.tell(channel, null);
    for (const hearer of this.hearers.values()) hearer.status(up, this.stopping);
  }
}
