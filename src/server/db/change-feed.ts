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

export class ChangeFeed {
  private readonly memories = new Map<string, Memory>();
  private readonly watchers = new Map<string, Set<(id: number | undefined) => void>>();
  private connection: Listening | undefined;
  private up = false;

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Remember `read(id)` per id, forgotten on a NOTIFY of `channel` with that id. A missing value
   * (null, undefined: "no such user") is not remembered. At most `size` ids, the oldest dropped first.
   */
  remember<V>(channel: string, read: (id: number) => Promise<V>, options: { size: number }) {
    if (this.connection) throw new Error('ChangeFeed: remember() before start()');
    if (this.memories.has(channel)) throw new Error(`ChangeFeed: ${channel} is remembered already`);
    const values = new Map<number, NonNullable<V>>();
    let trusted = false;
    // Bumped by every forget and change of trust: a read that overlapped one is answered but
    // not kept, since it may have started before the change it would then hide.
    let generation = 0;
    const memory: Memory = {
      forget(id) {
        generation++;
        values.delete(id);
      },
      reset(trust) {
        generation++;
        values.clear();
        trusted = trust;
      },
    };
    this.memories.set(channel, memory);
    const remembered: Remembered<V> = {
      async get(id, usable) {
        const known = trusted ? values.get(id) : undefined;
        if (known !== undefined && (!usable || usable(known))) return known;
        const seen = generation;
        const value = await read(id);
        if (trusted && seen === generation && value != null) {
          if (values.size >= options.size) values.delete(values.keys().next().value!);
          values.set(id, value);
        }
        return value;
      },
      forget: memory.forget,
    };
    return remembered;
  }

  /** This process just changed `id`'s rows on `channel`: forget them without waiting for the notification. */
  forget(channel: string, id: number) {
    this.memories.get(channel)?.forget(id);
  }

  /**
   * Also tell `listener` of every change notified on a remembered `channel`: the id, or undefined
   * for "anything may have changed" (a payload that is not an id, or the connection back after a
   * drop, when notifications may have been lost). Returns the function that stops it.
   */
  watch(channel: string, listener: (id: number | undefined) => void): () => void {
    if (!this.memories.has(channel)) throw new Error(`ChangeFeed: ${channel} is not remembered`);
    let set = this.watchers.get(channel);
    if (!set) this.watchers.set(channel, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  private tell(channel: string, id: number | undefined) {
    for (const listener of this.watchers.get(channel) ?? []) listener(id);
  }

  /** Whether rows are being remembered (the LISTEN connection is up). */
  listening(): boolean {
    return this.up;
  }

  start() {
    if (this.connection || this.memories.size === 0) return;
    this.connection = listen(this.pool, [...this.memories.keys()], {
      onMessage: (channel, payload) => {
        const id = Number(payload);
        const memory = this.memories.get(channel);
        // A payload that is not an id cannot be matched: forget everything on that channel.
        if (Number.isSafeInteger(id)) memory?.forget(id);
        else memory?.reset(this.up);
        this.tell(channel, Number.isSafeInteger(id) ? id : undefined);
      },
      onUp: () => this.setUp(true),
      onDown: () => this.setUp(false),
    });
  }

  async stop() {
    await this.connection?.stop();
    this.connection = undefined;
  }

  private setUp(up: boolean) {
    this.up = up;
    for (const memory of this.memories.values()) memory.reset(up);
    if (up) for (const channel of this.watchers.keys()) this.tell(channel, undefined);
  }
}
