/**
 * What closing a position (or part of it) would settle at the mark it shows, before the trader confirms
 * (docs/decisions/0061-trade-form.md): the server's own rule (src/shared/money.ts tradeSettlement and
 * partShare, as trades/lifecycle.ts settleTrade and closePart use them), so the estimate and the
 * settlement differ only by the price moving before the close arrives.
 */
import type { TradeItem, TradeRules } from '../../../shared/api/trade';
import { cmp, dec, partShare, reachesLiquidation, sub, tradeSettlement } from '../../../shared/money';

export interface CloseEstimate {
  /** The P/L of the closed hands at the mark, before fees. */
  profitLoss: string;
  closeFee: string;
  /** What goes back to the lever wallet: margin share + P/L - closing fee, never below 0. */
  payout: string;
  /** The P/L after both fees (payout - margin share - opening fee share), as the history's headline shows it. */
  net: string;
  /** The mark has reached the liquidation price: the whole position is liquidated, nothing is paid back. */
  liquidated: boolean;
}

type Position = Pick<
  TradeItem,
  'trade_type' | 'hands' | 'starting_price' | 'margin' | 'open_fee' | 'current_price' | 'status'
>;

export function closeEstimate(
  trade: Position,
  hands: string,
  rules: Pick<TradeRules, 'fee_rate' | 'maintenance_margin_rate'> | undefined,
): CloseEstimate | null {
  const mark = trade.current_price;
  if (!mark || !rules || trade.status !== 'open' || !(dec(hands).gt(0) && cmp(hands, trade.hands) <= 0)) return null;
  const side = trade.trade_type;
  const entry = trade.starting_price;
  if (reachesLiquidation(side, trade.hands, entry, trade.margin, mark, rules.maintenance_margin_rate)) {
    const lost = dec(trade.margin).negated();
    return {
      profitLoss: lost.toFixed(),
      closeFee: '0',
      payout: '0',
      net: lost.minus(trade.open_fee).toFixed(),
      liquidated: true,
    };
  }
  const whole = cmp(hands, trade.hands) === 0;
  const margin = whole ? trade.margin : partShare(trade.margin, hands, trade.hands);
  const openFee = whole ? trade.open_fee : partShare(trade.open_fee, hands, trade.hands);
  const settled = tradeSettlement(side, hands, entry, margin, mark, rules.fee_rate);
  return { ...settled, net: sub(sub(settled.payout, margin), openFee).toFixed(), liquidated: false };
}
