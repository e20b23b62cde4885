/**
 * The background work of trades (docs/architecture.md section 5): fill resting limit orders the mark has
 * reached, liquidate positions whose loss reached their margin, and sample each open trade's price
 * into its history (at most once per PRICE_SAMPLE_EVERY_MS).
 *
 * Safe in every instance: a pass runs only while it holds a PostgreSQL advisory lock (a second
 * instance skips its pass), and each action locks its trade row and re-checks it, skipping a row
 * a user is closing right now. Nothing is done on a stale or missing price.
 */
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { POLL } from '../../../shared/constants.js';
import { limitReached, reachesLiquidation } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { trades } from '../../db/schema.js';
import { TRADES_CHANGED, fillOrder, lockTrade, settleTrade, type TradeRow } from './lifecycle.js';
import { readMark } from './marks.js';

type JobContext = Pick<AppContext, 'db' | 'market' | 'clock' | 'changes' | 'config'>;

/** One app-wide key for pg_try_advisory_lock: "one trade-jobs pass at a time, across instances". */
const TRADE_JOBS_LOCK_KEY = 0x636f696e_7472; // 'coin' 'tr'

/** The Lever screen re-prices every 20 s (docs/product.md 7 "Polling"); the history keeps the same rhythm. */
const PRICE_SAMPLE_EVERY_MS = POLL.repriceAllTrades;

export interface TradeJobReport {
  /** false when another instance held the lock and this pass did nothing. */
  ran: boolean;
  filled: number;
  liquidated: number;
  sampled: number;
  /** Coins with trades whose price was stale or missing: nothing was done for them. */
  waiting: string[];
}

/**
 * Each due trade in its own transaction, under its row lock (a row a user is closing right now is
 * skipped): `act` re-checks the locked row and acts, or returns false. Returns how many it acted on.
 */
async function actOnEach(
  ctx: JobContext,
  due: { id: number }[],
  act: (tx: Tx, trade: TradeRow) => Promise<boolean>,
): Promise<number> {
  let acted = 0;
  for (const { id } of due) {
    const done = await ctx.db.transaction(async (tx) => {
      const trade = await lockTrade(tx, id, { skipLocked: true });
      return trade && (await act(tx, trade)) ? trade : null;
    });
    if (!done) continue;
    ctx.changes.forget(TRADES_CHANGED, done.userId);
    acted++;
  }
  return acted;
}

/** Fill the resting orders of `coin` that `mark` reaches, each in its own transaction. */
async function fillOrders(ctx: JobContext, coin: string, mark: string, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: trades.id })
    .from(trades)
    .where(
      and(
        eq(trades.status, 'pending'),
        eq(trades.coin, coin),
        or(
          and(eq(trades.tradeType, 'buy'), gte(trades.limitPrice, mark)),
          and(eq(trades.tradeType, 'sell'), lte(trades.limitPrice, mark)),
        ),
      ),
    )
    .orderBy(trades.id);
  return actOnEach(ctx, due, async (tx, trade) => {
    if (trade.status !== 'pending' || !limitReached(trade.tradeType, trade.limitPrice!, mark)) return false;
    await fillOrder(tx, trade, now, ctx.config.trading);
    return true;
  });
}

/** Liquidate the open trades of `coin` whose loss at `mark` reached their margin. */
async function liquidate(ctx: JobContext, coin: string, mark: string, now: Date): Promise<number> {
  // The index finds the positions the mark crossed; the shared rule (reachesLiquidation) decides each under its row lock.
  const rate = ctx.config.trading.maintenanceRate;
  const due = await ctx.db
    .select({ id: trades.id })
    .from(trades)
    .where(
      and(
        eq(trades.status, 'open'),
        eq(trades.coin, coin),
        or(
          and(eq(trades.tradeType, 'buy'), gte(trades.liquidationPrice, mark)),
          and(eq(trades.tradeType, 'sell'), lte(trades.liquidationPrice, mark)),
        ),
      ),
    )
    .orderBy(trades.id);
  return actOnEach(ctx, due, async (tx, trade) => {
    if (trade.status !== 'open') return false;
    const args = [trade.hands, trade.entryPrice!, trade.margin] as const;
    if (!reachesLiquidation(trade.tradeType, ...args, mark, rate)) return false;
    await settleTrade(tx, trade, mark, now, ctx.config.trading);
    return true;
  });
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

async function pass(ctx: JobContext): Promise<TradeJobReport> {
  const report: TradeJobReport = { ran: true, filled: 0, liquidated: 0, sampled: 0, waiting: [] };
  const coins = await ctx.db
    .selectDistinct({ coin: trades.coin })
    .from(trades)
    .where(inArray(trades.status, ['pending', 'open']))
    .orderBy(trades.coin);
  for (const { coin } of coins) {
    const mark = await readMark(ctx.market, coin);
    if (!mark || mark.stale) {
      report.waiting.push(coin);
      continue;
    }
    const now = ctx.clock.now();
    // Fills first, so an order filled into a loss beyond its margin is liquidated in the same pass.
    report.filled += await fillOrders(ctx, coin, mark.price, now);
    report.liquidated += await liquidate(ctx, coin, mark.price, now);
    report.sampled += await samplePrices(ctx, coin, mark.price, now);
  }
  return report;
}

/** One pass of the trade jobs; tests call it directly. */
export async function runTradeJobsOnce(ctx: JobContext): Promise<TradeJobReport> {
  // A session lock on a connection of its own, held for the pass; the work uses other connections.
  const client = await ctx.db.$client.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      TRADE_JOBS_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) return { ran: false, filled: 0, liquidated: 0, sampled: 0, waiting: [] };
    try {
      return await pass(ctx);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TRADE_JOBS_LOCK_KEY]).catch((error: Error) => {
        broken = error; // a connection that lost its unlock is closed below, which releases the lock
      });
    }
  } finally {
    client.release(broken);
  }
}

export interface TradeJobs {
  /** Stop scheduling and wait for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Run passes every `intervalMs` (the next one is scheduled when the last ends, so they never
 * overlap). The timer is unref'd: it never keeps the process alive. A failed pass is logged and
 * the next one runs as usual.
 */
export function startTradeJobs(ctx: JobContext & Pick<AppContext, 'log'>, intervalMs: number): TradeJobs {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  const tick = () => {
    running = runTradeJobsOnce(ctx)
      .then(
        (report) => {
          if (report.filled || report.liquidated) ctx.log.info({ tradeJobs: report }, 'trade jobs pass');
        },
        (error: unknown) => ctx.log.error({ err: error }, 'trade jobs pass failed'),
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
