/**
 * The rules of a trader's tools on a position (docs/decisions/0025-trade-protection.md): where a
 * take-profit and a stop-loss may be, and how much margin may be removed.
 */
import { TRADE_MESSAGES } from '../../../shared/api/trade.js';
import { cmp, dec, sub, tradeMargin } from '../../../shared/money.js';
import { badRequest } from '../../errors.js';
import { MARK_STEP } from '../market/index.js';
import type { TradeRow } from './lifecycle.js';

export interface Triggers {
  /** undefined: left as it is; null: cleared. */
  takeProfit?: string | null;
  stopLoss?: string | null;
}

/**
 * Refuse a take-profit or stop-loss on the wrong side of `reference` (the mark for a position, the
 * limit price for a resting order: `against` names it) or at or beyond the liquidation price: a
 * long's take-profit above the reference, its stop-loss below it and above its liquidation price;
 * mirrored for a short. A trigger at the reference itself would fire at once: refused too.
 */
export function checkTriggers(
  side: TradeRow['tradeType'],
  triggers: Triggers,
  reference: { price: string; against: string },
  liquidation: string | null,
): void {
  const long = side === 'buy';
  const { takeProfit, stopLoss } = triggers;
  if (takeProfit) {
    const beyond = cmp(takeProfit, reference.price);
    if (long ? beyond <= 0 : beyond >= 0) {
      const message = TRADE_MESSAGES.takeProfitWrongSide(side, reference.against, reference.price);
      throw badRequest(message, { take_profit: message });
    }
  }
  if (stopLoss) {
    const beyond = cmp(stopLoss, reference.price);
    if (long ? beyond >= 0 : beyond <= 0) {
      const message = TRADE_MESSAGES.stopLossWrongSide(side, reference.against, reference.price);
      throw badRequest(message, { stop_loss: message });
    }
    if (liquidation !== null && !stopBeforeLiquidation(side, stopLoss, liquidation)) {
      const message = TRADE_MESSAGES.stopLossBeyondLiquidation(side, liquidation);
      throw badRequest(message, { stop_loss: message });
    }
  }
}

/**
 * Whether a stop-loss fires before the liquidation price is reached: a long's stop above it, a
 * short's below it (the rule `checkTriggers` holds a new stop-loss to).
 */
export function stopBeforeLiquidation(side: TradeRow['tradeType'], stopLoss: string, liquidation: string): boolean {
  const past = cmp(stopLoss, liquidation);
  return side === 'buy' ? past > 0 : past < 0;
}

/**
 * Whether a position with liquidation price `liquidation` survives one more step of the walked mark
 * from `mark`: a long's liquidation price must be below mark x (1 - MARK_STEP), a short's above
 * mark x (1 + MARK_STEP). A margin removal that breaks this is refused (docs/decisions/0025).
 */
export function clearOfMark(side: TradeRow['tradeType'], liquidation: string, mark: string): boolean {
  return side === 'buy'
    ? dec(liquidation).lt(dec(mark).times(sub(1, MARK_STEP)))
    : dec(liquidation).gt(dec(mark).times(dec(1).plus(MARK_STEP)));
}

/**
 * How much margin may be removed: what exceeds the initial margin at the entry (hands x entry /
 * leverage). Removing more would raise the position's leverage above the one it was opened with.
 */
export function removableMargin(trade: TradeRow): string {
  const initial = tradeMargin(trade.hands, trade.entryPrice!, trade.leverage);
  const extra = sub(trade.margin, initial);
  return extra.isNegative() ? '0' : extra.toFixed();
}
