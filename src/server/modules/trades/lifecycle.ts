/**
 * Every change of a trade's status, each with its money in the same transaction (docs/architecture.md
 * section 5). Callers lock the trade row first (`lockTrade`), then these functions move money through
 * the ledger in one balanced posting each: the lock order of docs/decisions/0005 (the row decided on,
 * then accounts). Margin (and the opening fee of a resting order) is held on the house's `margin`
 * account; fees go to `fees`; the house's side of P/L to `trading`; what a liquidation leaves to
 * `insurance`.
 *
 *   open     lever -(margin + fee); margin +margin; fees +fee           (trade-creation at the mark)
 *   pending  lever -(margin + fee); margin +(margin + fee)              (a resting limit order)
 *   pending -> open        margin -fee; fees +fee                       (the mark reached the limit)
 *   pending -> cancelled   margin -(margin + fee); lever +(margin + fee) (user revokes)
 *   open -> closed         margin -margin; lever +(margin + P/L - fee); trading -P/L; fees +fee
 *   open -> liquidated     at the liquidation price, where equity fell to the maintenance margin:
 *                          margin -margin; trading -P/L; insurance +(margin + P/L); nothing paid back
 *
 * And the trader's tools (docs/decisions/0025-trade-protection.md):
 *   take-profit / stop-loss  open -> closed at the trigger price, as a close (close_reason says which)
 *   partial close            a closed child row (parent_id) takes the closed hands with their share
 *                            of margin and opening fee, and settles as a close; the parent keeps the rest
 *   margin change            lever -amount; margin +amount (a negative amount moves it back)
 */
import { and, eq } from 'drizzle-orm';
import type { CloseReason } from '../../../shared/constants.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import {
  add,
  dec,
  liquidationPrice,
  reachesLiquidation,
  partShare,
  sub,
  tradeProfitLoss,
  tradeSettlement,
} from '../../../shared/money.js';
import type { TradingRates } from '../../config.js';
import type { Tx } from '../../db/database.js';
import { tradePriceHistory, trades } from './schema.js';
import { house, post, type AccountKey, type Leg } from '../ledger/index.js';
import { TRADE_REF } from './ledger-rule.js';
import { type Message } from '../../../shared/message.js';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;

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

const margins = house('margin', QUOTE_CURRENCY);
const ref = (reason: string, tradeId: number) => ({ reason, refType: TRADE_REF, refId: tradeId });
const negated = (amount: string) => dec(amount).negated().toFixed();

/** The liquidation price of a position opened at `entry` (docs/architecture.md section 5). */
export const liquidationPriceOf = (
  trade: Pick<TradeRow, 'tradeType' | 'hands' | 'margin'>,
  entry: string,
  rates: TradingRates,
) => liquidationPrice(trade.tradeType, trade.hands, entry, trade.margin, rates.maintenanceRate);

/**
 * Take an order's margin and opening fee from the lever wallet (the trade row exists, so the entries
 * can name it): a position pays its fee at once, a resting order holds it with the margin.
 */
export async function payOpening(tx: Tx, trade: TradeRow, options: { insufficient: Message }): Promise<void> {
  const total = add(trade.margin, trade.openFee).toFixed();
  const resting = trade.status === 'pending';
  const legs: Leg[] = [
    { account: leverUsdt(trade.userId), amount: negated(total) },
    { account: margins, amount: resting ? total : trade.margin },
    { account: house('fees', QUOTE_CURRENCY), amount: resting ? '0' : trade.openFee },
  ];
  await post(tx, legs, ref('trade_margin', trade.id), options);
}

/**
 * Close an open trade at `mark`. When its equity at the mark is at or below the maintenance margin it
 * is liquidated instead, at its liquidation price: the trader gets nothing back (P/L = -margin), the
 * house's trading account takes the position's P/L at that price and the insurance fund the rest.
 */
export async function settleTrade(
  tx: Tx,
  trade: TradeRow,
  mark: string,
  at: Date,
  rates: TradingRates,
  reason: Exclude<CloseReason, 'liquidation'> = 'manual',
): Promise<TradeRow> {
  const { hands, margin, tradeType } = trade;
  const entry = trade.entryPrice!;
  if (reachesLiquidation(tradeType, hands, entry, margin, mark, rates.maintenanceRate)) {
    const price = trade.liquidationPrice ?? liquidationPriceOf(trade, entry, rates);
    const profitLoss = tradeProfitLoss(tradeType, hands, entry, price);
    await post(
      tx,
      [
        { account: margins, amount: negated(margin) },
        { account: house('trading', QUOTE_CURRENCY), amount: negated(profitLoss) },
        { account: house('insurance', QUOTE_CURRENCY), amount: add(margin, profitLoss).toFixed() },
      ],
      ref('trade_liquidation', trade.id),
    );
    await recordPrice(tx, trade.id, price, at);
    return update(tx, trade.id, {
      status: 'liquidated',
      closePrice: price,
      profitLoss: negated(margin),
      closeFee: '0',
      closedAt: at,
      closeReason: 'liquidation',
    });
  }
  const { profitLoss, closeFee, payout } = tradeSettlement(tradeType, hands, entry, margin, mark, rates.feeRate);
  await post(
    tx,
    [
      { account: margins, amount: negated(margin) },
      { account: leverUsdt(trade.userId), amount: payout },
      // The house's side: minus the trader's P/L, and the fraction tradePayout's rounding down left.
      { account: house('trading', QUOTE_CURRENCY), amount: sub(sub(margin, closeFee), payout).toFixed() },
      { account: house('fees', QUOTE_CURRENCY), amount: closeFee },
    ],
    ref('trade_settlement', trade.id),
  );
  await recordPrice(tx, trade.id, mark, at);
  return update(tx, trade.id, {
    status: 'closed',
    closePrice: mark,
    profitLoss,
    closeFee,
    closedAt: at,
    closeReason: reason,
  });
}

/**
 * Close `hands` (fewer than the position holds) at `mark`: a closed child row (parent_id) takes the
 * hands with their share of the margin and the opening fee (rounded down, so the part left open keeps
 * at least its share) and settles as a close: it pays back its margin share + its P/L - its closing
 * fee. The parent keeps the rest with its take-profit and stop-loss; margin/hands, and so the
 * liquidation price, stay as they were. A position already at its liquidation price is liquidated whole.
 */
export async function closePart(
  tx: Tx,
  trade: TradeRow,
  hands: string,
  mark: string,
  at: Date,
  rates: TradingRates,
): Promise<{ remaining: TradeRow; closed: TradeRow }> {
  const { margin, openFee } = trade;
  const part = await insertTrade(tx, {
    userId: trade.userId,
    coin: trade.coin,
    tradeType: trade.tradeType,
    hands,
    leverage: trade.leverage,
    orderType: trade.orderType,
    limitPrice: trade.limitPrice,
    status: 'open',
    entryPrice: trade.entryPrice,
    margin: partShare(margin, hands, trade.hands),
    openFee: partShare(openFee, hands, trade.hands),
    liquidationPrice: trade.liquidationPrice,
    openedAt: trade.openedAt,
    createdAt: trade.createdAt,
    parentId: trade.id,
  });
  const left = {
    hands: sub(trade.hands, hands).toFixed(),
    margin: sub(margin, part.margin).toFixed(),
    openFee: sub(openFee, part.openFee).toFixed(),
  };
  const remaining = await update(tx, trade.id, {
    ...left,
    liquidationPrice: liquidationPriceOf({ tradeType: trade.tradeType, ...left }, trade.entryPrice!, rates),
  });
  const closed = await settleTrade(tx, part, mark, at, rates);
  return { remaining, closed };
}

/**
 * Add (positive) or remove (negative) margin of an open position: it moves between the lever wallet
 * and the house's margin account, and the liquidation price is worked out again for the new margin.
 */
export async function changeMargin(
  tx: Tx,
  trade: TradeRow,
  amount: string,
  rates: TradingRates,
  options: { insufficient: Message },
): Promise<TradeRow> {
  await post(
    tx,
    [
      { account: leverUsdt(trade.userId), amount: negated(amount) },
      { account: margins, amount },
    ],
    ref(dec(amount).isNegative() ? 'trade_margin_removed' : 'trade_margin_added', trade.id),
    options,
  );
  const margin = add(trade.margin, amount).toFixed();
  return update(tx, trade.id, {
    margin,
    liquidationPrice: liquidationPriceOf({ ...trade, margin }, trade.entryPrice!, rates),
  });
}

/** Set the take-profit and stop-loss of a position or a resting order (null clears one). */
export function setTriggers(
  tx: Tx,
  trade: TradeRow,
  triggers: Pick<NewTrade, 'takeProfit' | 'stopLoss'>,
): Promise<TradeRow> {
  return update(tx, trade.id, triggers);
}

/** Revoke a resting limit order: its reserved margin and fee go back to the lever wallet. */
export async function cancelOrder(tx: Tx, trade: TradeRow, at: Date): Promise<TradeRow> {
  const total = add(trade.margin, trade.openFee).toFixed();
  await post(
    tx,
    [
      { account: margins, amount: negated(total) },
      { account: leverUsdt(trade.userId), amount: total },
    ],
    ref('trade_refund', trade.id),
  );
  return update(tx, trade.id, { status: 'cancelled', profitLoss: '0', closedAt: at });
}

/**
 * The mark reached a resting order's limit: it opens at the limit price, with the margin reserved for
 * exactly that price; the fee it held becomes revenue. No customer account is touched.
 */
export async function fillOrder(tx: Tx, trade: TradeRow, at: Date, rates: TradingRates): Promise<TradeRow> {
  const entry = trade.limitPrice!;
  await post(
    tx,
    [
      { account: margins, amount: negated(trade.openFee) },
      { account: house('fees', QUOTE_CURRENCY), amount: trade.openFee },
    ],
    ref('trade_fill', trade.id),
  );
  await recordPrice(tx, trade.id, entry, at);
  return update(tx, trade.id, {
    status: 'open',
    entryPrice: entry,
    openedAt: at,
    liquidationPrice: liquidationPriceOf(trade, entry, rates),
  });
}
