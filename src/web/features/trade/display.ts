/**
 * How the trade screens write prices and USDT amounts. docs/product.md 9 gives prices 2 decimals outside
 * home and markets; a coin under 1 USDT (XRP, DOGE, SHIB) would then read 0.52 or 0.00, so below
 * 1 we follow the markets rule (4 decimals, 8 under 0.0001): a trader must see the price move.
 */
import {
  MISSING_PRICE,
  formatAmount,
  formatChangePercent,
  formatMarketPrice,
  formatPrice,
} from '../../../shared/format';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { dec } from '../../../shared/money';

function parsed(value: string | null | undefined) {
  if (value === null || value === undefined || value.trim() === '') return null;
  try {
    const d = dec(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** A price on the Lever and Exchange screens. */
export function formatTradePrice(value: string | null | undefined): string {
  const d = parsed(value);
  if (d === null) return MISSING_PRICE;
  return d.abs().gte(1) ? formatPrice(value) : formatMarketPrice(value);
}

/** A USDT balance with 2 decimals, rounded down: never show more than is held. */
export function formatUsdtHeld(value: string | null | undefined): string {
  const d = parsed(value);
  return d === null ? '0.00' : d.times(100).floor().div(100).toFixed(2);
}

/** A USDT amount owed (a margin) with 2 decimals, rounded up: never show less than is needed. */
export function formatUsdtNeeded(value: string | null | undefined): string {
  const d = parsed(value);
  return d === null ? '0.00' : d.times(100).ceil().div(100).toFixed(2);
}

/** 'BTC/USDT' */
export const pairLabel = (coin: string) => `${coin.toUpperCase()}/${QUOTE_CURRENCY}`;

/** An order book or position size: at most `places` decimals, trailing zeros trimmed. */
export const formatSize = (value: string | null | undefined, places = 4) => formatAmount(value, places);

/**
 * A position's return on its margin (ROE, docs/decisions/0031-lever-results.md): P/L / margin x 100 with 2 decimals and a sign
 * ('+25.01%', '-3.40%'), as the exchanges show it beside the P/L; null without a margin.
 */
export function formatRoe(profitLoss: string, margin: string): string | null {
  const m = parsed(margin);
  const pl = parsed(profitLoss);
  if (m === null || pl === null || m.lte(0)) return null;
  return formatChangePercent(pl.div(m).times(100).toFixed());
}
