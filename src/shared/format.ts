/** Price and amount formatters with SPEC.md section 9 decimals. Inputs are decimal strings. */
import { PL_DECIMALS, PRICE_DECIMALS } from './constants.js';
import { dec, toFixed } from './money.js';

function safe(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = dec(value);
    return d.isFinite() ? value : null;
  } catch {
    return null;
  }
}

/** Home: 5 decimals; a missing price shows the default '0.00000'. */
export function formatHomePrice(value: string | null | undefined): string {
  const v = safe(value);
  return v === null ? toFixed(0, PRICE_DECIMALS.home) : toFixed(v, PRICE_DECIMALS.home);
}

/** Markets: 4 decimals, 8 when the price is below 0.0001. */
export function formatMarketPrice(value: string | null | undefined): string {
  const v = safe(value);
  if (v === null) return toFixed(0, PRICE_DECIMALS.markets);
  const places = dec(v).abs().lt('0.0001') && !dec(v).isZero() ? PRICE_DECIMALS.marketsTiny : PRICE_DECIMALS.markets;
  return toFixed(v, places);
}

/** Everywhere else: 2 decimals. */
export function formatPrice(value: string | null | undefined): string {
  const v = safe(value);
  return v === null ? toFixed(0, PRICE_DECIMALS.other) : toFixed(v, PRICE_DECIMALS.other);
}

/** P/L in USDT with 2 decimals and an explicit sign for gains. */
export function formatProfitLoss(value: string | null | undefined): string {
  const v = safe(value);
  if (v === null) return toFixed(0, PL_DECIMALS);
  const s = toFixed(v, PL_DECIMALS);
  return dec(v).gt(0) ? `+${s}` : s;
}

/** 24h change percent: 2 decimals with sign and % ("+1.23%"). */
export function formatChangePercent(value: string | null | undefined): string {
  const v = safe(value);
  if (v === null) return '0.00%';
  const s = toFixed(v, 2);
  return `${dec(v).gt(0) ? '+' : ''}${s}%`;
}

/** A balance, trimmed to at most 8 places. */
export function formatAmount(value: string | null | undefined, places = 8): string {
  const v = safe(value);
  if (v === null) return '0';
  return dec(v).toDecimalPlaces(places).toFixed();
}
