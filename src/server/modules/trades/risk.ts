/**
 * The risk pass (docs/architecture.md section 5, docs/decisions/0019-risk-engine.md): for each coin,
 * walk the mark one step (at most MARK_STEP) at a time toward the raw price, and after each step act
 * on exactly what the step crossed, found through the partial indexes: resting orders whose limit
 * the mark reached (`trades_resting_idx`) are filled, positions whose liquidation price the mark
 * crossed (`trades_liquidation_idx`: longs at or above the mark, shorts at or below) are liquidated,
 * in the order the mark met their prices, and so are positions whose take-profit or stop-loss the
 * mark reached (`trades_take_profit_idx`, `trades_stop_loss_idx`, docs/decisions/0025-trade-protection.md:
 * closed at their trigger price). Each in its own transaction, under its row lock, re-checked.
 * Only then is the step shown as the mark.
 *
 * The acting instance (the leader, jobs.ts) acts; the others walk their marks too, but never past a
 * step whose crossings the leader has not processed yet. Nothing is done on a stale or missing price.
 */
import { dec, limitReached, reachesLiquidation } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { walkOf, type MarkStep, type MarkWalk } from '../market/index.js';
import { mailNotifications, notify, tradeSettled } from '../notifications/index.js';
import { TRADES_CHANGED, fillOrder, lockTrade, settleTrade, type TradeRow } from './lifecycle.js';
import { readMark } from './marks.js';

/** With a mailer and log (the app's context), a closed position's notification is mailed; the bench has none. */
export type RiskContext = Pick<AppContext, 'db' | 'market' | 'clock' | 'changes' | 'config'> &
  Partial<Pick<AppContext, 'mailer' | 'log' | 'metrics'>>;

/** At most this many crossed rows per query; a step that crossed more queries again. */
const BATCH = 500;

export interface RiskReport {
  filled: number;
  liquidated: number;
  /** Positions closed by their take-profit or stop-loss. */
  triggered: number;
  /** Coins whose price was stale or missing: their marks did not move and nothing was done for them. */
  waiting: string[];
}

/** What a pass remembers per market: the marks it has processed, and coins with work left over. */
interface RiskState {
  /** The last mark each coin's crossings were processed at (or checked at, by a follower). */
  processed: Map<string, string>;
  /** Coins with a crossed row that was skipped (a user held it): looked at again on the next pass. */
  dirty: Set<string>;
  /** The coins with live trades, as last read (a coin also counts once this process has shown its mark). */
  live?: { at: number; coins: string[] };
}

/** How often the coins with live trades are read again (new coins are seen sooner: opening reads their mark). */
const LIVE_COINS_EVERY_MS = 5_000;

const states = new WeakMap<object, RiskState>();
const stateOf = (market: object): RiskState => {
  let state = states.get(market);
  if (!state) states.set(market, (state = { processed: new Map(), dirty: new Set() }));
  return state;
};

/** A market without a walk (a test's fake feed): its mark is its raw price, one step each pass. */
function rawWalk(ctx: RiskContext): MarkWalk {
  const state = stateOf(ctx.market);
  return {
    follow: false,
    step: '1',
    async next(coin) {
      const mark = await readMark(ctx.market, coin);
      if (!mark || mark.stale) return null;
      return { from: state.processed.get(coin) ?? mark.price, to: mark.price, walking: false };
    },
    commit() {},
    coins: () => [],
  };
}

/** The coins with open positions or resting orders: a skip scan of the two partial indexes. */
async function liveCoins(ctx: RiskContext): Promise<string[]> {
  const { rows } = await ctx.db.$client.query<{ coin: string }>({
    name: 'risk_live_coins',
    text: `with recursive
      o(coin) as (
        (select coin from trades where status = 'open' order by coin limit 1)
        union all
        select (select t.coin from trades t where t.status = 'open' and t.coin > o.coin order by t.coin limit 1)
        from o where o.coin is not null),
      p(coin) as (
        (select coin from trades where status = 'pending' order by coin limit 1)
        union all
        select (select t.coin from trades t where t.status = 'pending' and t.coin > p.coin order by t.coin limit 1)
        from p where p.coin is not null)
      select coin from o where coin is not null union select coin from p where coin is not null`,
  });
  return rows.map((r) => r.coin);
}

interface Crossed {
  id: number;
  kind: 'fill' | 'take_profit' | 'stop_loss' | 'liquidate';
  /** The limit, trigger or liquidation price. */
  price: string;
  /** 'up': met by a rising mark (shorts, sell limits); 'down': by a falling one. */
  side: 'up' | 'down';
}

/**
 * What `mark` has crossed in `coin`: buy limits and long liquidation prices at or above it, sell
 * limits and short liquidation prices at or below it; long take-profits at or below it and long
 * stop-losses at or above it, mirrored for shorts. Eight index range scans.
 */
async function crossedAt(ctx: RiskContext, coin: string, mark: string, limit: number): Promise<Crossed[]> {
  const { rows } = await ctx.db.$client.query<{
    id: string;
    kind: Crossed['kind'];
    price: string;
    side: Crossed['side'];
  }>({
    name: 'risk_crossed',
    text: `(select id, 'fill' as kind, limit_price::text as price, 'down' as side from trades
          where status = 'pending' and coin = $1 and trade_type = 'buy' and limit_price >= $2::numeric
          order by limit_price desc limit $3)
        union all
        (select id, 'fill', limit_price::text, 'up' from trades
          where status = 'pending' and coin = $1 and trade_type = 'sell' and limit_price <= $2::numeric
          order by limit_price limit $3)
        union all
        (select id, 'liquidate', liquidation_price::text, 'down' from trades
          where status = 'open' and coin = $1 and trade_type = 'buy' and liquidation_price >= $2::numeric
          order by liquidation_price desc limit $3)
        union all
        (select id, 'liquidate', liquidation_price::text, 'up' from trades
          where status = 'open' and coin = $1 and trade_type = 'sell' and liquidation_price <= $2::numeric
          order by liquidation_price limit $3)
        union all
        (select id, 'take_profit', take_profit::text, 'up' from trades
          where status = 'open' and take_profit is not null and coin = $1 and trade_type = 'buy'
            and take_profit <= $2::numeric
          order by take_profit limit $3)
        union all
        (select id, 'take_profit', take_profit::text, 'down' from trades
          where status = 'open' and take_profit is not null and coin = $1 and trade_type = 'sell'
            and take_profit >= $2::numeric
          order by take_profit desc limit $3)
        union all
        (select id, 'stop_loss', stop_loss::text, 'down' from trades
          where status = 'open' and stop_loss is not null and coin = $1 and trade_type = 'buy'
            and stop_loss >= $2::numeric
          order by stop_loss desc limit $3)
        union all
        (select id, 'stop_loss', stop_loss::text, 'up' from trades
          where status = 'open' and stop_loss is not null and coin = $1 and trade_type = 'sell'
            and stop_loss <= $2::numeric
          order by stop_loss limit $3)`,
    values: [coin, mark, limit],
  });
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, price: r.price, side: r.side }));
}

/**
 * Of these (coin, mark) pairs, the coins where the mark has crossed something: one statement for
 * a whole tick, so a tick that crosses nothing costs one round trip, not one per coin.
 */
async function coinsWithCrossings(ctx: RiskContext, steps: { coin: string; mark: string }[]): Promise<Set<string>> {
  if (steps.length === 0) return new Set();
  const { rows } = await ctx.db.$client.query<{ coin: string }>({
    name: 'risk_crossed_coins',
    // The extreme price of each side compared with the mark: a MIN/MAX the planner answers with one
    // probe of the partial index (EXISTS with a range made it scan the (status, coin) index instead:
    // 200 ms at 100,000 positions, against 1 ms).
    text: `select c.coin from unnest($1::text[], $2::numeric[]) as c(coin, mark)
      where (select max(limit_price) from trades t where t.status = 'pending' and t.coin = c.coin and t.trade_type = 'buy') >= c.mark
         or (select min(limit_price) from trades t where t.status = 'pending' and t.coin = c.coin and t.trade_type = 'sell') <= c.mark
         or (select max(liquidation_price) from trades t where t.status = 'open' and t.coin = c.coin and t.trade_type = 'buy') >= c.mark
         or (select min(liquidation_price) from trades t where t.status = 'open' and t.coin = c.coin and t.trade_type = 'sell') <= c.mark
         or (select min(take_profit) from trades t where t.status = 'open' and t.take_profit is not null and t.coin = c.coin and t.trade_type = 'buy') <= c.mark
         or (select max(take_profit) from trades t where t.status = 'open' and t.take_profit is not null and t.coin = c.coin and t.trade_type = 'sell') >= c.mark
         or (select max(stop_loss) from trades t where t.status = 'open' and t.stop_loss is not null and t.coin = c.coin and t.trade_type = 'buy') >= c.mark
         or (select min(stop_loss) from trades t where t.status = 'open' and t.stop_loss is not null and t.coin = c.coin and t.trade_type = 'sell') <= c.mark`,
    values: [steps.map((s) => s.coin), steps.map((s) => s.mark)],
  });
  return new Set(rows.map((r) => r.coin));
}

/** At one price: a fill first (the filled position may be crossed at once), a liquidation last. */
const KIND_ORDER: Record<Crossed['kind'], number> = { fill: 0, take_profit: 1, stop_loss: 1, liquidate: 2 };

/**
 * The order the mark met them in: on a fall, the highest prices first; on a rise, the lowest. Rows
 * on the other side (left over from an earlier pass) come first. At one price a fill comes before a
 * trigger, and both before a liquidation.
 */
function inPriceOrder(rows: Crossed[], rising: boolean): Crossed[] {
  const cmpPrice = (a: Crossed, b: Crossed) => {
    const diff = Number(a.price) - Number(b.price); // ordering only; the decisions below use decimals
    if (diff !== 0) return a.side === 'down' ? -diff : diff;
    return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id;
  };
  const first = rising ? 'down' : 'up'; // leftovers of the other side first
  return [...rows].sort((a, b) => (a.side === b.side ? cmpPrice(a, b) : a.side === first ? -1 : 1));
}

/** A long's take-profit is reached by a mark at or above it, its stop-loss at or below; mirrored for a short. */
function triggerReached(side: TradeRow['tradeType'], kind: 'take_profit' | 'stop_loss', trigger: string, mark: string) {
  const rising = (side === 'buy') === (kind === 'take_profit');
  return rising ? dec(mark).gte(trigger) : dec(mark).lte(trigger);
}

/** Lock, re-check and act on one crossed row in its own transaction; true when it was acted on. */
async function actOn(ctx: RiskContext, row: Crossed, mark: string, now: Date): Promise<boolean> {
  const rates = ctx.config.trading;
  const done = await ctx.db.transaction(async (tx: Tx) => {
    // A row a user is closing right now is skipped, not waited for: their close settles it.
    const trade: TradeRow | undefined = await lockTrade(tx, row.id, { skipLocked: true });
    if (!trade) return null;
    if (row.kind === 'fill') {
      if (trade.status !== 'pending' || !limitReached(trade.tradeType, trade.limitPrice!, mark)) return null;
      await fillOrder(tx, trade, now, rates);
      return trade;
    }
    if (trade.status !== 'open') return null;
    if (row.kind === 'take_profit' || row.kind === 'stop_loss') {
      const trigger = row.kind === 'take_profit' ? trade.takeProfit : trade.stopLoss;
      if (trigger === null || !triggerReached(trade.tradeType, row.kind, trigger, mark)) return null;
      // At the trigger price, not the mark of the step (docs/decisions/0025): the walked mark passes
      // it by at most one MARK_STEP; a price past the liquidation price still liquidates.
      await notify(tx, tradeSettled(await settleTrade(tx, trade, trigger, now, rates, row.kind), row.kind));
      return trade;
    }
    if (!reachesLiquidation(trade.tradeType, trade.hands, trade.entryPrice!, trade.margin, mark, rates.maintenanceRate))
      return null;
    await notify(tx, tradeSettled(await settleTrade(tx, trade, mark, now, rates), row.kind));
    return trade;
  });
  if (done) ctx.changes.forget(TRADES_CHANGED, done.userId);
  // Not awaited: a cascade of liquidations is not held up by mail (notifications/mail.ts logs failures).
  const { mailer, log } = ctx;
  if (done && row.kind !== 'fill' && mailer && log) void mailNotifications({ db: ctx.db, mailer, log }, done.userId);
  return done !== null;
}

/**
 * Act on everything `mark` crossed in `coin`, in price order, until nothing crossed is left (a fill
 * can make a position that is crossed at once). Returns false when a crossed row was left (locked by
 * a user, or it no longer qualified): the coin is looked at again on the next pass.
 */
async function settleCrossed(
  ctx: RiskContext,
  coin: string,
  mark: string,
  rising: boolean,
  report: RiskReport,
): Promise<boolean> {
  const skipped = new Set<number>();
  for (;;) {
    const rows = (await crossedAt(ctx, coin, mark, BATCH)).filter((row) => !skipped.has(row.id));
    if (rows.length === 0) return skipped.size === 0;
    const now = ctx.clock.now();
    // One trade can be crossed twice in a batch (its stop-loss and its liquidation price): once acted
    // on, its other row is no longer crossed (the next query shows what is).
    const acted = new Set<number>();
    for (const row of inPriceOrder(rows, rising)) {
      if (acted.has(row.id)) continue;
      if (!(await actOn(ctx, row, mark, now))) {
        skipped.add(row.id);
        continue;
      }
      acted.add(row.id);
      if (row.kind === 'fill') report.filled++;
      else if (row.kind === 'liquidate') report.liquidated++;
      else report.triggered++;
    }
  }
}

/**
 * One risk pass over every coin with a mark or a live trade. `acting`: this instance is the leader
 * and acts on what each step crossed; otherwise it only walks its marks, and stops a coin's walk at a
 * step whose crossings are still there (the leader has not processed them yet). Its duration goes to
 * /metrics (coinfront_risk_pass_duration_seconds, lib/metrics.ts).
 */
export async function riskPass(ctx: RiskContext, acting: boolean): Promise<RiskReport> {
  const end = ctx.metrics?.riskPass.startTimer({ acting: acting ? 'true' : 'false' });
  try {
    return await walkAndSettle(ctx, acting);
  } finally {
    end?.();
  }
}

async function walkAndSettle(ctx: RiskContext, acting: boolean): Promise<RiskReport> {
  const report: RiskReport = { filled: 0, liquidated: 0, triggered: 0, waiting: [] };
  const walked = walkOf(ctx.market);
  const walk = walked ?? rawWalk(ctx);
  const state = stateOf(ctx.market);
  const now = Date.now();
  // A walked market knows every coin this process has shown a mark of: the table is read now and then
  // for coins traded only through other instances (or before a restart).
  if (!walked || !state.live || now - state.live.at > LIVE_COINS_EVERY_MS)
    state.live = { at: now, coins: await liveCoins(ctx) };
  const coins = [...new Set([...state.live.coins, ...walk.coins()])].sort();

  // The first step of every coin, and one statement for what those steps crossed.
  const first = new Map<string, MarkStep>();
  for (const coin of coins) {
    const step = await walk.next(coin);
    if (step) first.set(coin, step);
    else report.waiting.push(coin);
  }
  const moves = (coin: string, step: MarkStep) => state.processed.get(coin) !== step.to || state.dirty.has(coin);
  const moving = [...first].filter(([coin, step]) => moves(coin, step));
  const crossing = await coinsWithCrossings(
    ctx,
    moving.map(([coin, step]) => ({ coin, mark: step.to })),
  );

  for (const [coin, firstStep] of first) {
    let step: MarkStep | null = firstStep;
    for (let n = 0; step; n++) {
      if (moves(coin, step)) {
        // The first step's crossings are known from the statement above; later steps ask again.
        const crossed = n === 0 ? crossing.has(coin) : (await crossedAt(ctx, coin, step.to, 1)).length > 0;
        if (crossed) {
          if (!acting) break; // the leader has not processed this step yet: the mark waits for it
          const rising = Number(step.to) > Number(step.from);
          if (await settleCrossed(ctx, coin, step.to, rising, report)) state.dirty.delete(coin);
          else state.dirty.add(coin);
        } else state.dirty.delete(coin);
        state.processed.set(coin, step.to);
      }
      walk.commit(coin, step.to);
      if (!step.walking) break;
      step = await walk.next(coin);
      if (!step) report.waiting.push(coin);
    }
  }
  return report;
}
