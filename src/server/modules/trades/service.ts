/**
 * The rules of leveraged trades (docs/architecture.md section 5, docs/decisions/0006): open at the server's
 * mark with the margin taken from the lever wallet, close or revoke, and show trades live.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  TRADE_MSG,
  type ActiveTradesQuery,
  type TradeAnswer,
  type TradeCreationBody,
  type TradeItem,
  type TradeUpdationBody,
} from '../../../shared/api/trade.js';
import { add, cmp, limitReached, tradeFee, tradeMargin, withinPriceTolerance } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { trades } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { runIdempotent, type IdempotencyScope } from '../../db/idempotency.js';
import { accountKeyId, lockAccounts } from '../ledger/index.js';
import {
  TRADES_CHANGED,
  cancelOrder,
  insertTrade,
  isFinished,
  leverUsdt,
  liquidationPriceOf,
  lockTrade,
  payOpening,
  recordPrice,
  settleTrade,
  type TradeRow,
} from './lifecycle.js';
import { activePage, checkMinNotional, checkOpenTradeCap } from './limits.js';
import { freshMark, readMark, type Mark } from './marks.js';
import { toTradeItem } from './view.js';

type TradeContext = Pick<AppContext, 'db' | 'market' | 'clock' | 'changes' | 'config'>;

/** The client's price must be within PRICE_TOLERANCE of the mark; the mark is what counts. */
function checkClientPrice(field: 'starting_price' | 'current_price', clientPrice: string, coin: string, mark: string) {
  if (!withinPriceTolerance(clientPrice, mark)) {
    const message = TRADE_MSG.priceMoved(coin, mark);
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
  const liveTrades = ctx.changes.remember(TRADES_CHANGED, (userId) => liveTradesQuery.execute({ userId }), {
    size: 20_000,
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
    if (!row) throw notFound(TRADE_MSG.tradeNotFound);
    return row;
  }

  /** Marks of several coins, read once each. */
  async function marksOf(coins: string[]): Promise<Map<string, Mark | null>> {
    const unique = [...new Set(coins)];
    const marks = await Promise.all(unique.map((coin) => readMark(market, coin)));
    return new Map(unique.map((coin, i) => [coin, marks[i] ?? null]));
  }

  function itemsAt(rows: readonly TradeRow[], marks: ReadonlyMap<string, Mark | null>): TradeItem[] {
    return rows.map((row) => toTradeItem(row, marks.get(row.coin) ?? null));
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
              const needed = add(margin, openFee).toFixed();

              const account = leverUsdt(userId);
              const { balance } = (await lockAccounts(tx, [account])).get(accountKeyId(account))!;
              await checkOpenTradeCap(tx, userId); // under the lock just taken: race-free
              const insufficient = TRADE_MSG.insufficientMargin(needed, balance);
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
                // A resting order's is where it will be once filled at its limit.
                liquidationPrice: liquidationPriceOf(
                  { tradeType: body.trade_type, hands: body.hands, margin },
                  entry,
                  rates,
                ),
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
              if (isFinished(trade.status)) throw conflict(TRADE_MSG.alreadyFinished(trade.status));
              // Revoking an order does not depend on the price; closing a position does.
              if (trade.status === 'pending') return { revoking: true, mark: await readMark(market, trade.coin) };
              const mark = await freshMark(market, trade.coin);
              checkClientPrice('current_price', body.current_price, trade.coin, mark);
              return { revoking: false, mark: { price: mark, stale: false } };
            },
            execute: async (tx, { revoking, mark }) => {
              const trade = await lockTrade(tx, body.trade_id, { userId });
              if (!trade) throw notFound(TRADE_MSG.tradeNotFound);
              if (isFinished(trade.status)) throw conflict(TRADE_MSG.alreadyFinished(trade.status));
              const now = clock.now();
              if (trade.status === 'pending') {
                const cancelled = await cancelOrder(tx, trade, now);
                return { message: TRADE_MSG.orderCancelled, trade: toTradeItem(cancelled, mark) };
              }
              // It was a pending order a moment ago and has been filled since: the user asked to revoke, not to close.
              if (revoking || mark === null) throw conflict(TRADE_MSG.justFilled);
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

    /** POST /api-v1/trade-updation/ with is_closed false: the trade with its live P/L, nothing changes. */
    async price(userId: number, tradeId: number): Promise<TradeAnswer> {
      const trade = await ownTrade(userId, tradeId);
      const mark = await readMark(market, trade.coin);
      return { message: TRADE_MSG.tradePriced, trade: toTradeItem(trade, mark) };
    },

    /** GET /api-v1/get-active-trades/: open trades and pending orders, newest first, priced now. */
    async active(userId: number, page: ActiveTradesQuery = {}): Promise<TradeItem[]> {
      const rows = activePage(await liveTrades.get(userId), page);
      return itemsAt(rows, await marksOf(rows.map((r) => r.coin)));
    },

    /**
     * The rows get-active-trades shows (without a page), remembered per process until the trades
     * trigger says they changed: the positions stream (push.ts) keeps them and re-prices them per tick.
     */
    liveRows: (userId: number): Promise<TradeRow[]> => liveTrades.get(userId),
    marksOf,
    /** The get-active-trades items of these rows at these marks: the one view of a live trade. */
    itemsAt,
  };
}
