/**
 * Where @fastify/rate-limit counts (docs/decisions/0037-shared-rate-limits.md,
 * docs/decisions/0037-shared-rate-limits.md): every instance and worker counts into one place, so N of
 * them give a client one budget, not N.
 *
 * - REDIS_URL set: the plugin's own Redis store (its `redis` option, an ioredis client): one Lua
 *   INCR + PEXPIRE per limited request.
 * - Otherwise: PostgreSQL, the database every instance already shares: one
 *   `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` per limited request on the UNLOGGED table
 *   rate_limit_counts (migration 0019), windows timed by the database's clock so instances with
 *   skewed clocks agree, expired rows deleted at most once a minute per process.
 *
 * Both keep the plugin's fixed window (the first hit opens a window of `timeWindow`, later hits count
 * into it), so refusals are the same 429 as before. A store that cannot count (database or Redis
 * down) fails the request rather than letting it through unlimited (skipOnError stays false).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** How often one process deletes windows that ended. */
const PRUNE_EVERY_MS = 60_000;

const INCREMENT = `
  insert into rate_limit_counts as c (key, count, expires_at)
  values ($1, 1, now() + $2::int * interval '1 millisecond')
  on conflict (key) do update set
    count = case when c.expires_at <= now() then 1 else c.count + 1 end,
    expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
  returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`;

const READ = `
  select count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl
  from rate_limit_counts where key = $1 and expires_at > now()`;

const PRUNE = `delete from rate_limit_counts where expires_at < now()`;

/** Keys as the plugin's Redis store makes them: namespace, route, then the client's key. */
export const RATE_LIMIT_NAMESPACE = 'coinfront-rl-';

/**
 * A store class for the plugin's `store` option, counting in `pool`'s database. The plugin builds it
 * itself (`new Store(options)`), so the pool is closed over.
 */
export function postgresRateLimitStore(pool: pg.Pool, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastPrune = 0;
  const prune = () => {
    const now = Date.now();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    pool.query(PRUNE).catch((error: unknown) => log.warn({ err: error }, 'rate-limit windows not pruned'));
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = RATE_LIMIT_NAMESPACE,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      prune();
      pool.query<{ count: number; ttl: number }>(INCREMENT, [this.prefix + key, timeWindow]).then(
        ({ rows: [row] }) => callback(null, { current: row!.count, ttl: row!.ttl }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin's non-counting peek (`{ increment: false }`). */
    read(key: string, callback: Callback): void {
      pool.query<{ count: number; ttl: number }>(READ, [this.prefix + key]).then(
        ({ rows: [row] }) => callback(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** One counter per route, as the plugin's Redis store keys them. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(route.method)}${String(route.url)}-`);
    }
  }
  return PostgresRateLimitStore;
}
