/**
 * The background work of trades (docs/architecture.md section 5, docs/decisions/0019-risk-engine.md):
 * the risk engine, run on every market tick (risk.ts: walk each coin's mark step by step and act on
 * what each step crossed: limit fills, liquidations), and the sampling of each open trade's price
 * into its history (at most once per PRICE_SAMPLE_EVERY_MS). The maturity of lock-up orders
 * (earn/maturity.ts, docs/decisions/0052-earn.md) runs in the same passes, by the same leader.
 *
 * One actor at a time across instances: the instance that holds a session advisory lock on a
 * connection of its own (the leader) acts; the others walk their marks without acting and try for
 * the lock every TRADE_JOB_INTERVAL_MS, so the work moves to a survivor when the leader dies (its
 * connection closes and PostgreSQL frees the lock). Each action locks its trade row and re-checks
 * it, so nothing is done twice. Nothing is done on a stale or missing price.
 */
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { POLL } from '../../../shared/constants.js';
import type { AppContext } from '../../context.js';
import { payMaturedOrders } from '../earn/index.js';
import { walkOf } from '../market/index.js';
import { spotPass } from '../spot/index.js';
import { readMark } from './marks.js';
import { riskPass, type RiskContext } from './risk.js';

type JobContext = RiskContext;

/** One app-wide key for the advisory lock: "the acting risk engine", across instances. */
export const TRADE_JOBS_LOCK_KEY = 0x636f696e_7472; // 'coin' 'tr'

/** The Lever screen re-prices every 20 s (docs/product.md 7 "Polling"); the history keeps the same rhythm. */
const PRICE_SAMPLE_EVERY_MS = POLL.repriceAllTrades;

/**
 * A leader that stops talking loses the lock (docs/decisions/0036): its lock connection is closed
 * by PostgreSQL after this much silence (idle_session_timeout, PostgreSQL 14+), and by TCP keepalive
 * when its host or network is gone, so a frozen or unreachable leader hands the work to a survivor
 * within seconds instead of holding it until the operating system's two-hour keepalive. A living
 * leader speaks on it five times as often. At least 5 s, at least five passes.
 */
const leaderSilenceMs = (intervalMs: number) => Math.max(5_000, 5 * intervalMs);

/** Session settings of the lock connection (values are whole numbers made here, never input). */
async function guardLockConnection(client: pg.PoolClient, silenceMs: number): Promise<void> {
  const keepaliveS = Math.max(1, Math.floor(silenceMs / 5_000));
  await client.query(
    `select set_config('idle_session_timeout', $1, false), set_config('tcp_keepalives_idle', $2, false),
            set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', '3', false),
            set_config('tcp_user_timeout', $3, false)`,
    [`${silenceMs}ms`, String(keepaliveS), String(silenceMs)],
  );
}

/** How often the leader's loop looks for trades due a price point. */
const SAMPLE_SCAN_MS = 5_000;

export interface TradeJobReport {
  /** false when another instance held the lock: this pass only walked the marks. */
  ran: boolean;
  filled: number;
  liquidated: number;
  /** Positions closed by their take-profit or stop-loss (docs/decisions/0025-trade-protection.md). */
  triggered: number;
  /** Resting spot orders the mark reached, filled at their limit (spot/pass.ts). */
  spotFilled: number;
  /** Lock-up orders paid at maturity (earn/maturity.ts, docs/decisions/0052-earn.md). */
  earnPaid: number;
  sampled: number;
  /** Coins with trades whose price was stale or missing: nothing was done for them. */
  waiting: string[];
}

/** One price point for every open trade of `coin` without one in the last PRICE_SAMPLE_EVERY_MS. */
async function samplePrices(ctx: JobContext, coin: string, mark: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - PRICE_SAMPLE_EVERY_MS).toISOString();
  const result = await ctx.db.execute(sql`
    insert into trade_price_history (trade_id, price, created_at)
    select t.id, ${mark}::numeric, ${at}::timestamptz
    from trades t
    where t.status = 'open' and t.coin = ${coin}
      and not exists (
        select 1 from trade_price_history h where h.trade_id = t.id and h.created_at > ${since}::timestamptz
      )`);
  return result.rowCount ?? 0;
}

/** Price points for the open trades of every coin with a usable mark. */
async function sampleAll(ctx: JobContext): Promise<number> {
  const { rows } = await ctx.db.$client.query<{ coin: string }>(
    `select distinct coin from trades where status = 'open' order by coin`,
  );
  let sampled = 0;
  for (const { coin } of rows) {
    const mark = await readMark(ctx.market, coin);
    if (mark && !mark.stale) sampled += await samplePrices(ctx, coin, mark.price, ctx.clock.now());
  }
  return sampled;
}

/** Passes of one process never overlap (they share its marks): each waits for the one before. */
const queues = new WeakMap<object, Promise<unknown>>();
function serialised<T>(ctx: JobContext, work: () => Promise<T>): Promise<T> {
  const before = queues.get(ctx.market) ?? Promise.resolve();
  const run = before.then(work, work);
  queues.set(
    ctx.market,
    run.catch(() => undefined),
  );
  return run;
}

async function tryLock(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
    TRADE_JOBS_LOCK_KEY,
  ]);
  return rows[0]?.locked === true;
}

/**
 * One pass, as the loop makes it on a tick, plus the price sampling: tests call it directly. It
 * acts only when it gets the lock for the pass (another instance's engine holding it: it walks its
 * marks and reports ran: false).
 */
export function runTradeJobsOnce(ctx: JobContext): Promise<TradeJobReport> {
  return serialised(ctx, async () => {
    const client = await ctx.db.$client.connect();
    let broken: Error | undefined;
    try {
      if (!(await tryLock(client))) {
        const { waiting } = await riskPass(ctx, false);
        return { ran: false, filled: 0, liquidated: 0, triggered: 0, spotFilled: 0, earnPaid: 0, sampled: 0, waiting };
      }
      try {
        const report = await riskPass(ctx, true);
        const spotFilled = await spotPass(ctx);
        const earnPaid = await payMaturedOrders(ctx);
        return { ran: true, ...report, spotFilled, earnPaid, sampled: await sampleAll(ctx) };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [TRADE_JOBS_LOCK_KEY]).catch((error: Error) => {
          broken = error; // a connection that lost its unlock is closed below, which releases the lock
        });
      }
    } finally {
      client.release(broken);
    }
  });
}

export interface TradeJobs {
  /** Stop, wait for a pass in progress, and give up the leadership. */
  stop(): Promise<void>;
}

/**
 * The engine of this process: a pass on every market tick (a tick during a pass makes one more pass
 * after it), and at least every `intervalMs` (a retry after a failure, a market without ticks). The
 * leader's lock is held on a connection of its own for as long as it lives; a follower tries for it
 * every `intervalMs`. A failed pass is logged once, not on every tick, until a pass succeeds again.
 * Timers are unref'd: they never keep the process alive.
 */
export function startTradeJobs(ctx: JobContext & Pick<AppContext, 'log'>, intervalMs: number): TradeJobs {
  const walk = walkOf(ctx.market);
  const followed = walk?.follow;
  if (walk) walk.follow = false; // this process acts on (or waits for) every step: the marks walk
  let leader: pg.PoolClient | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const silenceMs = leaderSilenceMs(intervalMs);
  let lastLeaderTry = 0;
  let lastSample = 0;
  let failing = false;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const dropLeader = (error?: Error) => {
    clearInterval(heartbeat);
    if (leader && error) ctx.log.warn({ err: error }, 'risk engine: this instance lost the leadership');
    leader?.removeAllListeners('error');
    leader?.release(error ?? true);
    leader = undefined;
  };

  async function lead(): Promise<boolean> {
    if (leader) return true;
    const now = Date.now();
    if (now - lastLeaderTry < intervalMs) return false;
    lastLeaderTry = now;
    const client = await ctx.db.$client.connect();
    // A connection that breaks while idle: PostgreSQL has freed the lock; the next pass tries again.
    client.on('error', (error) => {
      if (leader === client) dropLeader(error);
    });
    try {
      if (await tryLock(client)) {
        // Set on the lock's own connection only (it is never given back to the pool): a failure here
        // destroys it below, which frees the lock.
        await guardLockConnection(client, silenceMs);
        leader = client;
        // Speaks on the lock connection while this process lives: silence (a frozen process) ends it.
        heartbeat = setInterval(() => {
          client.query('select 1').catch((error: Error) => {
            if (leader === client) dropLeader(error);
          });
        }, silenceMs / 5);
        heartbeat.unref();
        ctx.log.info('risk engine: this instance acts (leader)');
        return true;
      }
      client.removeAllListeners('error');
      client.release();
      return false;
    } catch (error) {
      client.removeAllListeners('error');
      client.release(error as Error);
      throw error;
    }
  }

  async function onePass(): Promise<void> {
    const acting = await lead();
    const report = await serialised(ctx, () => riskPass(ctx, acting));
    // Resting spot orders, by the leader only (under the same lock as the risk pass).
    const spotFilled = acting ? await serialised(ctx, () => spotPass(ctx)) : 0;
    // Lock-up orders due, by the leader only (docs/decisions/0052-earn.md rule 6).
    const earnPaid = acting ? await serialised(ctx, () => payMaturedOrders(ctx)) : 0;
    let sampled = 0;
    if (acting && Date.now() - lastSample >= SAMPLE_SCAN_MS) {
      lastSample = Date.now();
      sampled = await sampleAll(ctx);
    }
    if (report.filled || report.liquidated || report.triggered || spotFilled || earnPaid)
      ctx.log.info({ tradeJobs: { ...report, spotFilled, earnPaid, sampled } }, 'trade jobs pass');
  }

  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = onePass()
      .then(
        () => {
          if (failing) ctx.log.info('trade jobs passes work again');
          failing = false;
        },
        (error: unknown) => {
          // Once per failing spell, not on every tick: the next tick retries.
          if (!failing) ctx.log.error({ err: error }, 'trade jobs pass failed');
          failing = true;
          if (leader) dropLeader(error as Error); // its connection may be the broken part
        },
      )
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(pass);
        } else schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(pass, intervalMs);
    timer.unref();
  };

  const stopTicks = ctx.market.onTick(pass);
  schedule();
  return {
    async stop() {
      stopped = true;
      stopTicks();
      clearTimeout(timer);
      await running;
      if (leader) {
        await leader.query('select pg_advisory_unlock($1)', [TRADE_JOBS_LOCK_KEY]).catch(() => undefined);
        dropLeader();
      }
      if (walk && followed !== undefined) walk.follow = followed;
    },
  };
}
