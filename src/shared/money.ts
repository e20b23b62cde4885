/**
 * The one decimal library wrapper. Money is a decimal string on the wire and `numeric` in the
 * database; arithmetic happens here, never on JS numbers.
 */
import Decimal from 'decimal.js';
import { PRICE_TOLERANCE, WITHDRAWAL_FEE_RATE, WITHDRAWAL_MIN_USDT } from './constants.js';

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

/** A decimal as PostgreSQL prints `numeric`: no exponent, no leading zeros. */
const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Exact canonical string of a stored amount: no exponent, no trailing zeros. Amounts read from the
 * database are plain decimals, trimmed as text (views of polled lists trim hundreds per request);
 * anything else goes through decimal.js. Both give the same string (canonical.test.ts). Drizzle's
 * money columns apply it on every read (server/db/schema.ts); raw SQL reads call it themselves.
 */
export function canonical(value: string | Dec): string {
  if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) return dec(value).toFixed();
  const trimmed = value.includes('.') ? value.replace(/\.?0+$/, '') : value;
  return trimmed === '-0' ? '0' : trimmed;
}

/** Fixed-decimals display string (rounded half up, as people read prices). */
export function toFixed(value: DecimalInput, places: number): string {
  return dec(value).toFixed(places, Decimal.ROUND_HALF_UP);
}

export const add = (a: DecimalInput, b: DecimalInput) => dec(a).plus(b);
export const sub = (a: DecimalInput, b: DecimalInput) => dec(a).minus(b);
export const mul = (a: DecimalInput, b: DecimalInput) => dec(a).times(b);
const div = (a: DecimalInput, b: DecimalInput) => dec(a).div(b);
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

// ---- leveraged trades (docs/architecture.md section 5) ----

export type TradeSide = 'buy' | 'sell';

/** Margin = hands x entry price / leverage, rounded up to 8 places so the position is fully covered. */
export function tradeMargin(hands: DecimalInput, entryPrice: DecimalInput, leverage: number): string {
  return mul(hands, entryPrice).div(leverage).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_UP).toFixed();
}

/** The exact, unrounded P/L: (mark - entry) x hands for a long, (entry - mark) x hands for a short. */
const exactProfitLoss = (side: TradeSide, hands: DecimalInput, entry: DecimalInput, mark: DecimalInput): Dec =>
  (side === 'buy' ? sub(mark, entry) : sub(entry, mark)).times(hands);

/**
 * P/L of a position at `mark`, rounded toward minus infinity to 8 places: a profit is never
 * rounded up and a loss never rounded down, so we never pay out a fraction that was not earned.
 */
export function tradeProfitLoss(side: TradeSide, hands: DecimalInput, entry: DecimalInput, mark: DecimalInput): string {
  return exactProfitLoss(side, hands, entry, mark).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_FLOOR).toFixed();
}

/** Notional value of a position: hands x price, exact. */
const notional = (hands: DecimalInput, price: DecimalInput): Dec => mul(hands, price);

/** Trading fee on opening or closing `hands` at `price`: notional x rate, rounded up to 8 places. */
export function tradeFee(hands: DecimalInput, price: DecimalInput, rate: DecimalInput): string {
  return notional(hands, price).times(rate).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_UP).toFixed();
}

/**
 * True when the position's equity (margin + P/L) at `mark` has fallen to its maintenance margin
 * (notional at the mark x `maintenanceRate`): it must be liquidated (docs/architecture.md section 5).
 */
export function reachesLiquidation(
  side: TradeSide,
  hands: DecimalInput,
  entry: DecimalInput,
  margin: DecimalInput,
  mark: DecimalInput,
  maintenanceRate: DecimalInput,
): boolean {
  const equity = dec(margin).plus(exactProfitLoss(side, hands, entry, mark));
  return equity.lte(notional(hands, mark).times(maintenanceRate));
}

/** A P/L as it can be settled: a loss never exceeds the margin (the trader cannot lose more than they put up). */
export function settledProfitLoss(profitLoss: DecimalInput, margin: DecimalInput): string {
  return Decimal.max(profitLoss, dec(margin).negated()).toFixed();
}

/**
 * `settledProfitLoss(tradeProfitLoss(side, hands, entry, mark), margin)` from values already parsed,
 * without the string between the two: the positions push prices every open trade each second
 * (docs/decisions/0059-cpu-per-trader.md).
 */
export function shownProfitLoss(side: TradeSide, hands: Dec, entry: Dec, mark: Dec, margin: Dec): string {
  const profitLoss = exactProfitLoss(side, hands, entry, mark).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_FLOOR);
  return (profitLoss.lt(margin.negated()) ? margin.negated() : profitLoss).toFixed();
}

/** What closing pays back to the lever wallet: margin + P/L - closing fee, never below 0. */
export function tradePayout(margin: DecimalInput, profitLoss: DecimalInput, closeFee: DecimalInput = 0): string {
  return toAmount(Decimal.max(add(margin, profitLoss).minus(closeFee), 0));
}

/**
 * The mark at which equity falls to the maintenance margin: (entry - margin/hands) / (1 - rate) for
 * a long, (entry + margin/hands) / (1 + rate) for a short. Rounded to 8 places away from the entry
 * (down for a long, up for a short), so a mark that touches the shown price really liquidates.
 */
export function liquidationPrice(
  side: TradeSide,
  hands: DecimalInput,
  entry: DecimalInput,
  margin: DecimalInput,
  maintenanceRate: DecimalInput,
): string {
  const distance = div(margin, hands);
  if (side === 'buy') {
    const price = sub(entry, distance).div(sub(1, maintenanceRate));
    return Decimal.max(price, 0).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_FLOOR).toFixed();
  }
  return add(entry, distance)
    .div(add(1, maintenanceRate))
    .toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_CEIL)
    .toFixed();
}

/** A client's price is trusted as a sanity check only: it may differ from the mark by at most PRICE_TOLERANCE of the mark. */
export function withinPriceTolerance(clientPrice: DecimalInput, mark: DecimalInput): boolean {
  return sub(clientPrice, mark).abs().lte(mul(mark, PRICE_TOLERANCE));
}

/** A resting limit order can execute: a buy when the mark is at or below its limit, a sell at or above. */
export function limitReached(side: TradeSide, limitPrice: DecimalInput, mark: DecimalInput): boolean {
  return side === 'buy' ? dec(mark).lte(limitPrice) : dec(mark).gte(limitPrice);
}

/** USDT a spot buy of `quantity` at `price` pays before its fee: quantity x price, rounded up to 8 places. */
export function spotCost(quantity: DecimalInput, price: DecimalInput): string {
  return mul(quantity, price).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_UP).toFixed();
}

/** USDT a spot sell of `quantity` at `price` brings before its fee: quantity x price, rounded down to 8 places. */
export function spotProceeds(quantity: DecimalInput, price: DecimalInput): string {
  return toAmount(mul(quantity, price));
}

/** The fee of a spot fill, in USDT: quantity x price x rate, rounded up to 8 places (as tradeFee). */
export const spotFee = (quantity: DecimalInput, price: DecimalInput, rate: DecimalInput): string =>
  tradeFee(quantity, price, rate);

/**
 * `amount` x part / whole, rounded down to 8 places: a partly closed position's share of its margin or
 * opening fee (the part left open keeps at least its share). The server's partial close and the
 * Close sheet's estimate both use it (docs/decisions/0061-trade-form.md).
 */
export const partShare = (amount: DecimalInput, part: DecimalInput, whole: DecimalInput): string =>
  toAmount(dec(amount).times(part).div(whole));

/**
 * What closing `hands` of a position (holding `margin` for them) at `mark` settles, when the mark has
 * not reached liquidation: the P/L, the closing fee and the payout to the lever wallet. The server's
 * close (trades/lifecycle.ts settleTrade) and the Close sheet's estimate are this one rule.
 */
export function tradeSettlement(
  side: TradeSide,
  hands: DecimalInput,
  entry: DecimalInput,
  margin: DecimalInput,
  mark: DecimalInput,
  feeRate: DecimalInput,
): { profitLoss: string; closeFee: string; payout: string } {
  const profitLoss = tradeProfitLoss(side, hands, entry, mark);
  const closeFee = tradeFee(hands, mark, feeRate);
  return { profitLoss, closeFee, payout: tradePayout(margin, profitLoss, closeFee) };
}
