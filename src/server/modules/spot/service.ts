/**
 * The rules of spot orders (docs/architecture.md "Spot orders", docs/decisions/0026-spot-orders.md):
 * place at the house's price (ask for a buy, bid for a sell) or rest at a limit, list, cancel.
 */
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  SPOT_MESSAGES,
  SPOT_MSG,
  type SpotOrder,
  type SpotOrderAnswer,
  type SpotOrderBody,
  type SpotOrdersQuery,
} from '../../../shared/api/spot.js';
import { MAX_OPEN_SPOT_ORDERS, MIN_ORDER_NOTIONAL, QUOTE_CURRENCY } from '../../../shared/constants.js';
import { cmp, mul, toAmount } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { runIdempotent, type IdempotencyScope } from '../../db/idempotency.js';
import { spotOrders } from './schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { accountKeyId, lockAccounts } from '../ledger/index.js';
import type { Tx } from '../../db/database.js';
import {
  cancelResting,
  fillAmounts,
  funding,
  holdFor,
  insertOrder,
  lockOrder,
  payFill,
  type SpotOrderRow,
} from './lifecycle.js';
import { quoteOf, type Quote } from './quote.js';
import { toSpotOrder } from './view.js';
import { msg } from '../../../shared/message.js';

type SpotContext = Pick<AppContext, 'db' | 'market' | 'clock' | 'config'>;

/** A limit at or beyond the house's price trades at once, at that price (at least as good as the limit). */
const reachedNow = (body: SpotOrderBody, quote: Quote) =>
  body.type === 'market' ||
  (body.side === 'buy' ? cmp(body.price!, quote.price) >= 0 : cmp(body.price!, quote.price) <= 0);

/**
 * An order's value, quantity x price, must be at least MIN_ORDER_NOTIONAL USDT at the price it trades
 * at (docs/decisions/0050): the house's price for a market order and for a limit it already reached
 * (it fills at once, at that price), the limit for a resting order (it fills at its limit,
 * lifecycle.ts fillResting). So no fill is worth less than the minimum. Checked before anything is locked.
 */
function checkMinNotional(body: SpotOrderBody, quote: Quote): void {
  const value = mul(body.quantity, reachedNow(body, quote) ? quote.price : body.price!);
  if (cmp(value, MIN_ORDER_NOTIONAL) < 0) {
    const message = msg(SPOT_MSG, 'belowMinNotional', toAmount(value));
    throw badRequest(message, { quantity: message });
  }
}

export function createSpotService(ctx: SpotContext) {
  const { db, market, clock } = ctx;

  async function ownOrder(userId: number, orderId: number) {
    const [row] = await db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.id, orderId), eq(spotOrders.userId, userId)));
    // Another user's order is as unknown as one that does not exist.
    if (!row) throw notFound(msg(SPOT_MSG, 'orderNotFound'));
    return row;
  }

  const finished = (status: 'filled' | 'cancelled') =>
    conflict(status === 'filled' ? msg(SPOT_MSG, 'alreadyFilled') : msg(SPOT_MSG, 'alreadyCancelled'));

  return {
    /** POST /api-v1/spot-orders/: a market order fills at once; a limit order rests unless the house's price already reached it. */
    place(
      userId: number,
      body: SpotOrderBody,
      scope: IdempotencyScope,
      /** Runs in the order's transaction right after its row is inserted (the private API keeps its client id). */
      onInserted?: (tx: Tx, order: SpotOrderRow) => Promise<void>,
    ) {
      return runIdempotent<Quote, SpotOrderAnswer>(
        db,
        { userId, ...scope, fingerprint: body },
        {
          statusCode: 201,
          prepare: async () => {
            const quote = await quoteOf(market, body.coin, body.side);
            checkMinNotional(body, quote);
            return quote;
          },
          execute: async (tx, quote) => {
            const now = clock.now();
            const atOnce = reachedNow(body, quote);
            const price = atOnce ? quote.price : body.price!;
            const amounts = fillAmounts(body.side, body.quantity, price, ctx.config.spotFeeRate);
            // A buy spends USDT (with the fee), a sell the coin.
            const currency = body.side === 'buy' ? QUOTE_CURRENCY : body.coin;
            const needed = body.side === 'buy' ? amounts.total : body.quantity;
            // Both of the user's accounts in one lock, in id order; the posting below finds them held.
            const locked = await lockAccounts(tx, [funding(userId, QUOTE_CURRENCY), funding(userId, body.coin)]);
            const { balance } = locked.get(accountKeyId(funding(userId, currency)))!;
            const insufficient = SPOT_MESSAGES.insufficient(currency, needed, balance);
            if (cmp(needed, balance) > 0) throw badRequest(insufficient, { quantity: insufficient });
            // Every placement of the user holds their USDT account's lock: the count cannot go stale.
            if (!atOnce) {
              const [open] = await tx
                .select({ n: count() })
                .from(spotOrders)
                .where(
                  and(eq(spotOrders.userId, userId), eq(spotOrders.coin, body.coin), eq(spotOrders.status, 'open')),
                );
              if (open!.n >= MAX_OPEN_SPOT_ORDERS)
                throw badRequest(msg(SPOT_MSG, 'tooManyOpen', MAX_OPEN_SPOT_ORDERS, body.coin));
            }

            const order = await insertOrder(tx, {
              userId,
              coin: body.coin,
              side: body.side,
              orderType: body.type,
              quantity: body.quantity,
              limitPrice: body.price,
              status: atOnce ? 'filled' : 'open',
              filledPrice: atOnce ? price : null,
              // A resting order's fee is fixed at its limit now, and a buy holds it with the cost.
              fee: amounts.fee,
              total: atOnce ? amounts.total : null,
              held: atOnce ? '0' : needed,
              createdAt: now,
              filledAt: atOnce ? now : null,
            });
            if (onInserted) await onInserted(tx, order);
            if (atOnce) await payFill(tx, order, amounts, insufficient);
            else await holdFor(tx, order, insufficient);
            return { message: atOnce ? SPOT_MSG.orderFilled : SPOT_MSG.limitPlaced, order: toSpotOrder(order) };
          },
        },
      );
    },

    /** DELETE /api-v1/spot-orders/{id}/: cancel a resting order of the user and give back its hold. */
    cancel(userId: number, orderId: number, scope: IdempotencyScope) {
      return runIdempotent<null, SpotOrderAnswer>(
        db,
        { userId, ...scope, fingerprint: { order_id: orderId } },
        {
          statusCode: 200,
          prepare: async () => {
            const row = await ownOrder(userId, orderId);
            if (row.status !== 'open') throw finished(row.status);
            return null;
          },
          execute: async (tx) => {
            const row = await lockOrder(tx, orderId, { userId });
            if (!row) throw notFound(msg(SPOT_MSG, 'orderNotFound'));
            if (row.status !== 'open') throw finished(row.status); // filled by the pass a moment ago
            const cancelled = await cancelResting(tx, row, clock.now());
            return { message: SPOT_MSG.orderCancelled, order: toSpotOrder(cancelled) };
          },
        },
      );
    },

    /** GET /api-v1/spot-orders/: the user's orders, newest first, a page at a time. */
    async list(userId: number, query: SpotOrdersQuery): Promise<SpotOrder[]> {
      const conditions: SQL[] = [eq(spotOrders.userId, userId)];
      if (query.status) conditions.push(eq(spotOrders.status, query.status));
      if (query.symbol) conditions.push(eq(spotOrders.coin, query.symbol.slice(0, -QUOTE_CURRENCY.length)));
      if (query.before) conditions.push(lt(spotOrders.id, query.before));
      const rows = await db
        .select()
        .from(spotOrders)
        .where(and(...conditions))
        .orderBy(desc(spotOrders.id))
        .limit(query.limit);
      return rows.map(toSpotOrder);
    },
  };
}
