/** Price and amount formatters with docs/product.md section 9 decimals. Inputs are decimal strings. */
import { PL_DECIMALS, PRICE_DECIMALS } from './constants.js';
import { dec, toFixed, type Dec } from './money.js';

/** What a price shows while it is missing or the market failed (docs/product.md section 8). */
export const MISSING_PRICE = '0.00000';
const TINY_PRICE = '0.0001';

function parse(value: string | number | null | undefined): Dec | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return null;
  try {
    const d = dec(text);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Fixed decimals without a minus sign on a value that rounds to zero ("-0.00" -> "0.00"). */
function fixed(value: Dec, places: number): string {
  const text = toFixed(value, places);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Below 0.0001 (not zero) a price shows 8 decimals, Markets' rule (docs/product.md section 9). */
const isTiny = (d: Dec) => d.abs().lt(TINY_PRICE) && !d.isZero();

/**
 * Home: 5 decimals; below 0.0001 the 8 of Markets, so a tiny coin shows its significant digits rather
 * than 0.00001 for every such coin (docs/decisions/0066-number-display.md).
 */
export function formatHomePrice(value: string | number | null | undefined): string {
  const d = parse(value);
  if (d === null) return MISSING_PRICE;
  return fixed(d, isTiny(d) ? PRICE_DECIMALS.marketsTiny : PRICE_DECIMALS.home);
}

/** Markets: 4 decimals, 8 when the price is below 0.0001. */
export function formatMarketPrice(value: string | number | null | undefined): string {
  const d = parse(value);
  if (d === null) return MISSING_PRICE;
  return fixed(d, isTiny(d) ? PRICE_DECIMALS.marketsTiny : PRICE_DECIMALS.markets);
}

/** Everywhere else: 2 decimals. */
export function formatPrice(value: string | number | null | undefined): string {
  const d = parse(value);
  return d === null ? MISSING_PRICE : fixed(d, PRICE_DECIMALS.other);
}

/** P/L in USDT with 2 decimals and an explicit sign for gains. */
export function formatProfitLoss(value: string | number | null | undefined): string {
  const d = parse(value);
  if (d === null) return fixed(dec(0), PL_DECIMALS);
  const text = fixed(d, PL_DECIMALS);
  return dec(text).gt(0) ? `+${text}` : text;
}

/** 24h change percent: 2 decimals with sign and % ("+1.23%"). */
export function formatChangePercent(value: string | number | null | undefined): string {
  const d = parse(value);
  if (d === null) return '0.00%';
  const text = fixed(d, 2);
  return `${dec(text).gt(0) ? '+' : ''}${text}%`;
}

/** A balance, trimmed to at most 8 places (rounded down: never show more than is held). */
export function formatAmount(value: string | number | null | undefined, places = 8): string {
  const d = parse(value);
  if (d === null) return '0';
  const text = d.toDecimalPlaces(places).toFixed();
  return text === '-0' ? '0' : text;
}
