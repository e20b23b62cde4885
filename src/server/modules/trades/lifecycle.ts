/**
 * Every change of a trade's status, each with its money in the same transaction (docs/architecture.md
 * section 5). Callers lock the trade row first (`lockTrade`), then these functions touch the lever
 * wallet through the ledger: the lock order of docs/decisions/0005 (the row decided on, then accounts).
 *
 *   open     margin debited, entry = mark            (trade-creation, market or marketable limit)
 *   pending  margin debited at the limit price       (trade-creation, resting limit order)
 *   pending -> open        fill at the limit price, no money moves          (background job)
 *   pending -> cancelled   margin refunded                                  (user revokes)
 *   open -> closed         margin + P/L paid back                           (user closes)
 *   open -> liquidated     the loss reached the margin: P/L = -margin, nothing paid back
 */
import { and, eq } from 'drizzle-orm';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import {
  dec,
  isPositive,
  reachesLiquidation,
  settledProfitLoss,
  tradePayout,
  tradeProfitLoss,
} from '../../../shared/money.js';
import type { Tx } from '../../db/database.js';
import { tradePriceHistory, trades } from '../../db/schema.js';
import { credit, type AccountKey } from '../ledger/index.js';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;

/** Ledger entries of trades carry this ref_type and the trade id. */
export const TRADE_REF = 'trade';

/** Margins and payouts live in the lever wallet's USDT. */
export const leverUsdt = (userId: number): AccountKey => ({ userId, wallet: 'lever', currency: QUOTE_CURRENCY });

export const isFinished = (status: TradeRow['status']): status is 'closed' | 'liquidated' | 'cancelled' =>
  status === 'closed' || status === 'liquidated' || status === 'cancelled';

/** The channel the trades trigger (migration 0002) notifies with a user id when their trades change. */
export const TRADES_CHANGED = 'trades_changed';

/**
 * Lock one trade FOR UPDATE (of one user, when given). The background jobs skip a row someone
 * else holds (a user closing it) instead of waiting: the next pass looks again.
 */
export async function lockTrade(
  tx: Tx,
  tradeId: number,
  options: { userId?: number; skipLocked?: boolean } = {},
): Promise<TradeRow | undefined> {
  const where =
    options.userId === undefined
      ? eq(trades.id, tradeId)
      : and(eq(trades.id, tradeId), eq(trades.userId, options.userId));
  const [row] = await tx
    .select()
    .from(trades)
    .where(where)
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return row;
}

export async function insertTrade(tx: Tx, values: NewTrade): Promise<TradeRow> {
  const [row] = await tx.insert(trades).values(values).returning();
  return row!;
}

/** One point of the trade's price history (docs/product.md "Trade history item": price_at_time). */
export async function recordPrice(tx: Tx, tradeId: number, price: string, at: Date): Promise<void> {
  await tx.insert(tradePriceHistory).values({ tradeId, price, createdAt: at });
}

async function update(tx: Tx, tradeId: number, values: Partial<NewTrade>): Promise<TradeRow> {
  const [row] = await tx.update(trades).set(values).where(eq(trades.id, tradeId)).returning();
  return row!;
}

/** Close an open trade at `mark`: liquidated when its loss reached the margin, else closed with margin + P/L paid back. */
export async function settleTrade(tx: Tx, trade: TradeRow, mark: string, at: Date): Promise<TradeRow> {
  const { hands, margin } = trade;
  const entry = trade.entryPrice!;
  const liquidated = reachesLiquidation(trade.tradeType, hands, entry, margin, mark);
  const profitLoss = liquidated
    ? dec(margin).negated().toFixed()
    : settledProfitLoss(tradeProfitLoss(trade.tradeType, hands, entry, mark), margin);
  const payout = tradePayout(margin, profitLoss);
  if (isPositive(payout)) {
    await credit(tx, leverUsdt(trade.userId), payout, {
      reason: 'trade_settlement',
      refType: TRADE_REF,
      refId: trade.id,
    });
  }
  await recordPrice(tx, trade.id, mark, at);
  return update(tx, trade.id, {
    status: liquidated ? 'liquidated' : 'closed',
    closePrice: mark,
    profitLoss,
    closedAt: at,
  });
}

/** Revoke a resting limit order: its reserved margin goes back to the lever wallet. */
export async function cancelOrder(tx: Tx, trade: TradeRow, at: Date): Promise<TradeRow> {
  await credit(tx, leverUsdt(trade.userId), trade.margin, {
    reason: 'trade_refund',
    refType: TRADE_REF,
    refId: trade.id,
  });
  return update(tx, trade.id, { status: 'cancelled', profitLoss: '0', closedAt: at });
}

/** The mark reached a resting order's limit: it opens at the limit price, with the margin reserved for exactly that price. */
export async function fillOrder(tx: Tx, trade: TradeRow, at: Date): Promise<TradeRow> {
  const entry = trade.limitPrice!;
  await recordPrice(tx, trade.id, entry, at);
  return update(tx, trade.id, { status: 'open', entryPrice: entry, openedAt: at });
}
