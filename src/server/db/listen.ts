/**
 * LISTEN on PostgreSQL channels over a connection of its own, re-established after it drops.
 * Notifications sent while the connection is down are lost, so users of this must treat `onDown`
 * as "anything may have changed" and trust nothing remembered until the next `onUp`.
 *
 * A connection can also die silently (a database host gone, a dropped network): no error, no end,
 * just no more notifications. A heartbeat query every `heartbeatMs` notices it: one that fails or
 * does not answer within the same time drops the connection, which then reconnects as usual.
 */
import type pg from 'pg';

export interface ListenHandlers {
  /** A NOTIFY on one of the channels, with its payload. */
  onMessage(channel: string, payload: string): void;
  /** LISTEN is in place on every channel: from now on every notification arrives. */
  onUp(): void;
  /** The connection is gone (or never came up): notifications may be missed until onUp. */
  onDown(error?: unknown): void;
}

export interface Listening {
  stop(): Promise<void>;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
const HEARTBEAT_MS = 10_000;

/** Channels must be plain identifiers (they are written into the LISTEN statements). */
export function listen(
  pool: pg.Pool,
  channels: string[],
  handlers: ListenHandlers,
  { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): Listening {
  for (const channel of channels) if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel ${channel}`);
  let stopped = false;
  let client: pg.PoolClient | undefined;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (channels.includes(message.channel)) handlers.onMessage(message.channel, message.payload ?? '');
  };

  function retryLater() {
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  function drop(current: pg.PoolClient, error?: unknown) {
    if (client !== current) return;
    client = undefined;
    clearInterval(heartbeat);
    current.off('notification', onNotification);
    current.release(error instanceof Error ? error : true); // destroyed, never reused by the pool
    handlers.onDown(error);
    retryLater();
  }

  async function connect() {
    retryTimer = undefined;
    let current: pg.PoolClient;
    try {
      current = await pool.connect();
    } catch (error) {
      if (stopped) return;
      handlers.onDown(error);
      retryLater();
      return;
    }
    if (stopped) {
      current.release();
      return;
    }
    client = current;
    current.on('notification', onNotification);
    current.on('error', (error) => drop(current, error));
    current.on('end', () => drop(current));
    try {
      await current.query(channels.map((channel) => `LISTEN ${channel};`).join(' '));
    } catch (error) {
      drop(current, error);
      return;
    }
    if (client !== current) return;
    retryMs = RETRY_MIN_MS;
    heartbeat = setInterval(() => beat(current), heartbeatMs);
    heartbeat.unref();
    handlers.onUp();
  }

  /** A query that must answer within `heartbeatMs`, else the connection counts as dead. */
  function beat(current: pg.PoolClient) {
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('LISTEN connection: no answer to the heartbeat')), heartbeatMs);
      timer.unref();
    });
    Promise.race([current.query('select 1'), silent])
      .catch((error: unknown) => drop(current, error))
      .finally(() => clearTimeout(timer));
  }

  void connect();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const current = client;
      if (!current) return;
      client = undefined;
      current.off('notification', onNotification);
      handlers.onDown();
      current.release(true);
    },
  };
}
