/**
 * LISTEN on PostgreSQL channels over a connection of its own, re-established after it drops.
 * Notifications sent while the connection is down are lost, so users of this must treat `onDown`
 * as "anything may have changed" and trust nothing remembered until the next `onUp`.
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

/** Channels must be plain identifiers (they are written into the LISTEN statements). */
export function listen(pool: pg.Pool, channels: string[], handlers: ListenHandlers): Listening {
  for (const channel of channels) if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel ${channel}`);
  let stopped = false;
  let client: pg.PoolClient | undefined;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

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
    handlers.onUp();
  }

  void connect();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const current = client;
      if (!current) return;
      client = undefined;
      current.off('notification', onNotification);
      handlers.onDown();
      current.release(true);
    },
  };
}
