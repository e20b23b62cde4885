/**
 * The rules of leveraged trades (docs/architecture.md section 5, docs/decisions/0006): open at the server's
 * mark with the margin taken from the lever wallet, close or revoke, and show trades live.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type ActiveTradesQuery,
  TRADE_MESSAGES,
  TRADE_MSG,
  type TradeAnswer,
  type TradeCreationBody,
  type TradeMarginBody,
  type TradeTpslBody,
  type TradeUpdationBody,
} from '../../../shared/api/trade.js';
import {
  add,
  cmp,
  dec,
  limitReached,
  reachesLiquidation,
  tradeFee,
  tradeMargin,
  withinPriceTolerance,
} from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { trades } from './schema.js';
import { badRequest, conflict, notFound, unavailable } from '../../errors.js';
import { runIdempotent, type IdempotencyScope } from '../../db/idempotency.js';
import { accountKeyId, lockAccounts } from '../ledger/index.js';
import {
  TRADES_CHANGED,
  cancelOrder,
  changeMargin,
  closePart,
  insertTrade,
  isFinished,
  leverUsdt,
  liquidationPriceOf,
  lockTrade,
  payOpening,
  recordPrice,
  setTriggers,
  settleTrade,
  type TradeRow,
} from './lifecycle.js';
import { activePage, checkMinNotional, checkOpenTradeCap } from './limits.js';
import { freshMark, readMark, type Mark } from './marks.js';
import { checkTriggers, clearOfMark, removableMargin, stopBeforeLiquidation } from './protection.js';
import { toTradeItem, tradeItemsJson } from './view.js';
import { msg } from '../../../shared/message.js';

type TradeContext = Pick<AppContext, 'db' | 'market' | 'clock' | 'changes' | 'config'>;

/** The client's price must be within PRICE_TOLERANCE of the mark; the mark is what counts. */
function checkClientPrice(field: 'starting_price' | 'current_price', clientPrice: string, coin: string, mark: string) {
  if (!withinPriceTolerance(clientPrice, mark)) {
    const message = msg(TRADE_MSG, 'priceMoved', coin, mark);
    throw badRequest(message, { [field]: message });
  }
}

export function createTradeService(ctx: TradeContext) {
  const { db, market, clock } = ctx;
  const rates = ctx.config.trading;
  // Polled every second by the Lever screen: prepared once per connection, and remembered per
  // process until the trades trigger (migration 0002) says the user's trades changed.
  const liveTradesQuery = db
    .select()
    .from(trades)
    .where(and(eq(trades.userId, sql.placeholder('userId')), inArray(trades.status, ['open', 'pending'])))
    .orderBy(desc(trades.id))
    .prepare('live_trades_of_user');
  // Thousands of Lever screens opening at once are read in one query (ChangeFeed readMany).
  const liveTradesOfMany = async (userIds: number[]) => {
    const rows = await db
      .select()
      .from(trades)
      .where(
        and(sql`${trades.userId} = any(${sql.param(userIds)}::int[])`, inArray(trades.status, ['open', 'pending'])),
      )
      .orderBy(desc(trades.id));
    const byUser = new Map<number, TradeRow[]>(userIds.map((id) => [id, []]));
    for (const row of rows) byUser.get(row.userId)?.push(row);
    return byUser;
  };
  const liveTrades = ctx.changes.remember(TRADES_CHANGED, (userId) => liveTradesQuery.execute({ userId }), {
    size: 20_000,
    readMany: liveTradesOfMany,
  });

  /** Run a change of the user's trades; once it committed, this process's copy is stale. */
  async function changing<T>(userId: number, work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      liveTrades.forget(userId);
    }
  }

  async function ownTrade(userId: number, tradeId: number): Promise<TradeRow> {
    const [row] = await db
      .select()
      .from(trades)
      .where(and(eq(trades.id, tradeId), eq(trades.userId, userId)));
    // Another user's trade is as unknown as a trade that does not exist.
    if (!row) throw notFound(msg(TRADE_MSG, 'tradeNotFound'));
    return row;
  }

  /** Marks of several coins, read once each. */
  async function marksOf(coins: string[]): Promise<Map<string, Mark | null>> {
    const unique = [...new Set(coins)];
    const marks = await Promise.all(unique.map((coin) => readMark(market, coin)));
    return new Map(unique.map((coin, i) => [coin, marks[i] ?? null]));
  }

  return {
    /** POST /api-v1/trade-creation/: a market order opens at the mark; a limit order rests unless the mark already reached it. */
    open(userId: number, body: TradeCreationBody, scope: IdempotencyScope) {
      // The client's price is a sanity check, not part of what is asked: a retry with a fresher price is the same order.
      const { starting_price: _clientPrice, ...fingerprint } = body;
      return changing(
        userId,
        runIdempotent<string, TradeAnswer>(
          db,
          { userId, ...scope, fingerprint },
          {
            statusCode: 201,
            prepare: async () => {
              const mark = await freshMark(market, body.coin, { opening: true });
              checkClientPrice('starting_price', body.starting_price, body.coin, mark);
              checkMinNotional(body, mark);
              return mark;
            },
            execute: async (tx, mark) => {
              const now = clock.now();
              // A limit the mark has already reached executes at once, at the mark (at least as good as the limit).
              const resting = body.limit_price !== null && !limitReached(body.trade_type, body.limit_price, mark);
              const entry = resting ? body.limit_price! : mark;
              const margin = tradeMargin(body.hands, entry, body.leverage);
              const openFee = tradeFee(body.hands, entry, rates.feeRate);
              // A resting order's is where it will be once filled at its limit.
              const liquidationPrice = liquidationPriceOf(
                { tradeType: body.trade_type, hands: body.hands, margin },
                entry,
                rates,
              );
              checkTriggers(
                body.trade_type,
                { takeProfit: body.take_profit, stopLoss: body.stop_loss },
                { price: entry, against: resting ? 'the limit price' : 'the current price' },
                liquidationPrice,
              );
              const needed = add(margin, openFee).toFixed();

              const account = leverUsdt(userId);
              const { balance } = (await lockAccounts(tx, [account])).get(accountKeyId(account))!;
              await checkOpenTradeCap(tx, userId); // under the lock just taken: race-free
              const insufficient = msg(TRADE_MSG, 'insufficientMargin', needed, balance);
              if (cmp(needed, balance) > 0) throw badRequest(insufficient, { hands: insufficient });

              const trade = await insertTrade(tx, {
                userId,
                coin: body.coin,
                tradeType: body.trade_type,
                hands: body.hands,
                leverage: body.leverage,
                orderType: body.order_type,
                limitPrice: body.limit_price,
                status: resting ? 'pending' : 'open',
                entryPrice: resting ? null : mark,
                margin,
                openFee,
                liquidationPrice,
                takeProfit: body.take_profit,
                stopLoss: body.stop_loss,
                openedAt: resting ? null : now,
                createdAt: now,
              });
              await payOpening(tx, trade, { insufficient });
              if (!resting) await recordPrice(tx, trade.id, mark, now);
              return {
                message: resting ? TRADE_MSG.limitOrderPlaced : TRADE_MSG.tradeOpened,
                trade: toTradeItem(trade, { price: mark, stale: false }),
              };
            },
          },
        ),
      );
    },

    /**
     * POST /api-v1/trade-updation/ with is_closed true: close an open trade at the mark, or revoke
     * a pending limit order. The trade row is locked, so of two closes the second finds it closed.
     */
    close(userId: number, body: TradeUpdationBody, scope: IdempotencyScope) {
      const { current_price: _clientPrice, ...fingerprint } = body;
      return changing(
        userId,
        runIdempotent<{ revoking: boolean; mark: Mark | null }, TradeAnswer>(
          db,
          { userId, ...scope, fingerprint },
          {
            statusCode: 200,
            prepare: async () => {
              const trade = await ownTrade(userId, body.trade_id);
              if (isFinished(trade.status)) throw conflict(TRADE_MESSAGES.alreadyFinished(trade.status));
              if (trade.status === 'pending' && body.hands !== undefined) {
                throw badRequest(msg(TRADE_MSG, 'closeHandsOrder'), { hands: msg(TRADE_MSG, 'closeHandsOrder') });
              }
              // Revoking an order does not depend on the price; closing a position does.
              if (trade.status === 'pending') return { revoking: true, mark: await readMark(market, trade.coin) };
              const mark = await freshMark(market, trade.coin);
              checkClientPrice('current_price', body.current_price, trade.coin, mark);
              return { revoking: false, mark: { price: mark, stale: false } };
            },
            execute: async (tx, { revoking, mark }) => {
              const trade = await lockTrade(tx, body.trade_id, { userId });
              if (!trade) throw notFound(msg(TRADE_MSG, 'tradeNotFound'));
              if (isFinished(trade.status)) throw conflict(TRADE_MESSAGES.alreadyFinished(trade.status));
              const now = clock.now();
              if (trade.status === 'pending') {
                const cancelled = await cancelOrder(tx, trade, now);
                return { message: TRADE_MSG.orderCancelled, trade: toTradeItem(cancelled, mark) };
              }
              // It was a pending order a moment ago and has been filled since: the user asked to revoke, not to close.
              if (revoking || mark === null) throw conflict(msg(TRADE_MSG, 'justFilled'));
              const part = body.hands === undefined ? 0 : cmp(body.hands, trade.hands);
              if (part > 0) {
                const message = TRADE_MESSAGES.closeHandsTooMany(trade.hands);
                throw badRequest(message, { hands: message });
              }
              // Fewer hands than it holds: a partial close (docs/decisions/0025), unless the position
              // is at its liquidation price, which liquidates it whole as a full close would.
              if (
                part < 0 &&
                !reachesLiquidation(
                  trade.tradeType,
                  trade.hands,
                  trade.entryPrice!,
                  trade.margin,
                  mark.price,
                  rates.maintenanceRate,
                )
              ) {
                const { remaining, closed } = await closePart(tx, trade, body.hands!, mark.price, now, rates);
                return {
                  message: TRADE_MSG.partlyClosed(closed.hands, remaining.hands),
                  trade: toTradeItem(remaining, mark),
                  closed: toTradeItem(closed, mark),
                };
              }
              const settled = await settleTrade(tx, trade, mark.price, now, rates);
              return {
                message: settled.status === 'liquidated' ? TRADE_MSG.tradeLiquidated : TRADE_MSG.tradeClosed,
                trade: toTradeItem(settled, mark),
              };
            },
          },
        ),
      );
    },

    /**
     * POST /api-v1/trade-tpsl/: set, change or clear (null) the take-profit and stop-loss of an open
     * position (checked against the mark) or a resting order (against its limit price).
     */
    async setTpsl(userId: number, body: TradeTpslBody): Promise<TradeAnswer> {
      const before = await ownTrade(userId, body.trade_id);
      if (isFinished(before.status)) throw conflict(msg(TRADE_MSG, 'tpslFinished'));
      const mark = await readMark(market, before.coin);
      return changing(
        userId,
        db.transaction(async (tx) => {
          const trade = await lockTrade(tx, body.trade_id, { userId });
          if (!trade) throw notFound(msg(TRADE_MSG, 'tradeNotFound'));
          if (isFinished(trade.status)) throw conflict(msg(TRADE_MSG, 'tpslFinished'));
          const resting = trade.status === 'pending';
          if (!resting && (!mark || mark.stale)) throw unavailable(msg(TRADE_MSG, 'priceUnavailable', trade.coin));
          const triggers = { takeProfit: body.take_profit, stopLoss: body.stop_loss };
          checkTriggers(
            trade.tradeType,
            triggers,
            resting
              ? { price: trade.limitPrice!, against: 'the limit price' }
              : { price: mark!.price, against: 'the current price' },
            trade.liquidationPrice,
          );
          const changed = await setTriggers(tx, trade, triggers);
          return { message: TRADE_MSG.tpslSet, trade: toTradeItem(changed, mark) };
        }),
      );
    },

    /**
     * POST /api-v1/trade-margin/: add (positive) or remove (negative) margin of an open position. A
     * removal keeps at least the initial margin and leaves the liquidation price more than one
     * MARK_STEP away from the mark (docs/decisions/0025).
     */
    changeMargin(userId: number, body: TradeMarginBody, scope: IdempotencyScope) {
      const removing = dec(body.amount).isNegative();
      return changing(
        userId,
        runIdempotent<Mark | null, TradeAnswer>(
          db,
          { userId, ...scope, fingerprint: body },
          {
            statusCode: 200,
            prepare: async () => {
              const trade = await ownTrade(userId, body.trade_id);
              if (trade.status !== 'open') throw conflict(msg(TRADE_MSG, 'marginNotOpen'));
              // Adding never makes a position riskier; removing is decided against a fresh mark.
              if (!removing) return readMark(market, trade.coin);
              return { price: await freshMark(market, trade.coin), stale: false };
            },
            execute: async (tx, mark) => {
              const trade = await lockTrade(tx, body.trade_id, { userId });
              if (!trade) throw notFound(msg(TRADE_MSG, 'tradeNotFound'));
              if (trade.status !== 'open') throw conflict(msg(TRADE_MSG, 'marginNotOpen'));
              const amount = dec(body.amount).abs().toFixed();
              const account = leverUsdt(userId);
              if (removing) {
                const removable = removableMargin(trade);
                if (cmp(amount, removable) > 0) {
                  const message = msg(TRADE_MSG, 'marginTooMuchRemoved', removable);
                  throw badRequest(message, { amount: message });
                }
                const margin = dec(trade.margin).minus(amount).toFixed();
                const liquidation = liquidationPriceOf({ ...trade, margin }, trade.entryPrice!, rates);
                if (!clearOfMark(trade.tradeType, liquidation, mark!.price)) {
                  const message = msg(TRADE_MSG, 'marginNearLiquidation', liquidation, mark!.price);
                  throw badRequest(message, { amount: message });
                }
                // The stop-loss was accepted beyond the liquidation price of the margin then; with less
                // margin the liquidation could come first and the stop would never fire.
                if (trade.stopLoss !== null && !stopBeforeLiquidation(trade.tradeType, trade.stopLoss, liquidation)) {
                  const message = msg(TRADE_MSG, 'marginPastStopLoss', liquidation, trade.stopLoss);
                  throw badRequest(message, { amount: message });
                }
              }
              const { balance } = (await lockAccounts(tx, [account])).get(accountKeyId(account))!;
              const insufficient = msg(TRADE_MSG, 'marginInsufficient', amount, balance);
              if (!removing && cmp(amount, balance) > 0) throw badRequest(insufficient, { amount: insufficient });
              const changed = await changeMargin(tx, trade, body.amount, rates, { insufficient });
              return {
                message: removing ? TRADE_MSG.marginRemoved : TRADE_MSG.marginAdded,
                trade: toTradeItem(changed, mark),
              };
            },
          },
        ),
      );
    },

    /** POST /api-v1/trade-updation/ with is_closed false: the trade with its live P/L, nothing changes. */
    async price(userId: number, tradeId: number): Promise<TradeAnswer> {
      const trade = await ownTrade(userId, tradeId);
      const mark = await readMark(market, trade.coin);
      return { message: TRADE_MSG.tradePriced, trade: toTradeItem(trade, mark) };
    },

    /**
     * GET /api-v1/get-active-trades/: open trades and pending orders, newest first, priced now, as the
     * JSON text the route sends: each item's text from the remembered row (view.ts
     * `tradeItemJson`, the positions frames' own), so a poll builds no item objects and the route's
     * schema does not check them again (docs/performance.md "Active trades as text").
     */
    async activeJson(userId: number, page: ActiveTradesQuery = {}): Promise<string> {
      const rows = activePage(await liveTrades.get(userId), page);
      return tradeItemsJson(rows, await marksOf(rows.map((r) => r.coin)));
    },

    /**
     * The rows get-active-trades shows (without a page), remembered per process until the trades
     * trigger says they changed: the positions stream (push.ts) keeps them and re-prices them per tick.
     */
    liveRows: (userId: number): Promise<TradeRow[]> => liveTrades.get(userId),
    marksOf,
  };
}
