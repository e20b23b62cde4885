/**
 * Exchange-style number strings. The simulator keeps prices as integer counts of ticks, so sums
 * like change = last - open are exact; everything is written with 8 decimals, as the exchange does.
 */
import { dec, toFixed } from '../../../shared/money.js';

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000] as const;
const pow10 = (decimals: number): number => POW10[decimals] ?? 10 ** decimals;

/** Nearest whole number of ticks of a price, at least one (prices stay positive). */
export const toTicks = (price: number, decimals: number): number => Math.max(1, Math.round(price * pow10(decimals)));

export const fromTicks = (ticks: number, decimals: number): number => ticks / pow10(decimals);

/** 123456 ticks of 2 decimals -> "1234.56000000" (negative counts get a sign). */
export function ticksToString(ticks: number, decimals: number): string {
  const negative = ticks < 0;
  const digits = String(Math.abs(ticks)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).padEnd(8, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A quantity rounded down to its step, written with 8 decimals. */
export function quantityString(quantity: number, decimals: number): string {
  const steps = Math.floor(quantity * pow10(decimals));
  return ticksToString(Math.max(0, steps), decimals);
}

/** A non-negative amount (volumes) with 8 decimals. */
export const amountString = (amount: number): string => Math.max(0, amount).toFixed(8);

/** (last - open) / open in percent, 3 decimals, as the exchange writes priceChangePercent. */
export function changePercentString(changeTicks: number, openTicks: number): string {
  if (openTicks <= 0 || changeTicks === 0) return '0.000';
  const text = toFixed(dec(changeTicks).times(100).div(openTicks), 3);
  return /^-?0\.000$/.test(text) ? '0.000' : text;
}
