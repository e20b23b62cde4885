/** A 24-hour quote volume in short form for the Markets list ('1234567.8' -> '1.23M'). */
import { dec } from '../../../shared/money.js';

const UNITS = [
  ['1e12', 'T'],
  ['1e9', 'B'],
  ['1e6', 'M'],
  ['1e3', 'K'],
] as const;

export function formatCompactVolume(value: string | undefined): string {
  if (value === undefined) return '0';
  let amount;
  try {
    amount = dec(value);
  } catch {
    return '0';
  }
  if (!amount.isFinite() || amount.lte(0)) return '0';
  // Cut, not rounded (the money library's rounding): a volume is never shown bigger than it is.
  for (const [size, unit] of UNITS) {
    if (amount.gte(size)) return `${amount.div(size).toFixed(2)}${unit}`;
  }
  return amount.toFixed(2);
}
