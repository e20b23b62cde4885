/**
 * The one decimal library wrapper. Money is a decimal string on the wire and `numeric` in the
 * database; arithmetic happens here, never on JS numbers.
 */
import Decimal from 'decimal.js';
import { WITHDRAWAL_FEE_RATE, WITHDRAWAL_MIN_USDT } from './constants.js';

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 60 });
export type Dec = InstanceType<typeof D>;
export type DecimalInput = string | number | Dec;

/** Crypto amounts are kept to 8 places, rounded down (never pay out a fraction we do not hold). */
export const AMOUNT_DECIMALS = 8;

/** A plain, non-negative decimal with at most 8 places: "12", "0.5", "100.12345678". */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,17})(\.\d{1,8})?$/;

export const dec = (value: DecimalInput): Dec => new D(value);

export const isAmount = (value: string): boolean => AMOUNT_PATTERN.test(value);

/** Canonical string of a value rounded down to `places` (default 8), no exponent, no trailing zeros. */
export function toAmount(value: DecimalInput, places = AMOUNT_DECIMALS): string {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed();
}

/** Fixed-decimals display string (rounded half up, as people read prices). */
export function toFixed(value: DecimalInput, places: number): string {
  return dec(value).toFixed(places, Decimal.ROUND_HALF_UP);
}

export const add = (a: DecimalInput, b: DecimalInput) => dec(a).plus(b);
export const sub = (a: DecimalInput, b: DecimalInput) => dec(a).minus(b);
export const mul = (a: DecimalInput, b: DecimalInput) => dec(a).times(b);
export const div = (a: DecimalInput, b: DecimalInput) => dec(a).div(b);
export const cmp = (a: DecimalInput, b: DecimalInput) => dec(a).comparedTo(b);
export const isZero = (a: DecimalInput) => dec(a).isZero();
export const isPositive = (a: DecimalInput) => dec(a).gt(0);

/** Withdrawal fee: 1 % of the amount, rounded down to 8 places. */
export function withdrawalFee(amount: DecimalInput): string {
  return toAmount(mul(amount, WITHDRAWAL_FEE_RATE));
}

/** What arrives at the address: amount minus fee. */
export function withdrawalArrival(amount: DecimalInput): string {
  return toAmount(sub(amount, withdrawalFee(amount)));
}

/** Value of `amount` coins in USDT at `price`. */
export function usdtValue(amount: DecimalInput, price: DecimalInput): string {
  return toAmount(mul(amount, price));
}

/** How many coins are worth the 50 USDT minimum at `price` (rounded up so it really is enough). */
export function minWithdrawalEquivalent(price: DecimalInput): string {
  if (dec(price).lte(0)) return '0';
  return dec(WITHDRAWAL_MIN_USDT).div(price).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_UP).toFixed();
}

export const meetsWithdrawalMinimum = (usdt: DecimalInput) => dec(usdt).gte(WITHDRAWAL_MIN_USDT);

// ---- leveraged trades (DESIGN.md section 5) ----

export type TradeSide = 'buy' | 'sell';

/** Margin = hands x entry price / leverage, rounded up to 8 places so the position is fully covered. */
export function tradeMargin(hands: DecimalInput, entryPrice: DecimalInput, leverage: number): string {
  return mul(hands, entryPrice).div(leverage).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_UP).toFixed();
}

/** P/L of a position at `mark`: (mark - entry) x hands for a long, the opposite for a short. */
export function tradeProfitLoss(side: TradeSide, hands: DecimalInput, entry: DecimalInput, mark: DecimalInput): string {
  const move = side === 'buy' ? sub(mark, entry) : sub(entry, mark);
  return toAmount(move.times(hands));
}

/**
 * The mark at which the loss equals the margin: entry -/+ margin / hands.
 * Long: entry - margin/hands. Short: entry + margin/hands.
 */
export function liquidationPrice(side: TradeSide, hands: DecimalInput, entry: DecimalInput, margin: DecimalInput): string {
  const distance = div(margin, hands);
  const price = side === 'buy' ? sub(entry, distance) : add(entry, distance);
  return toAmount(Decimal.max(price, 0));
}
