/** Small text helpers of the wallet screens: amounts as people type and read them, dates. */
import { AMOUNT_DECIMALS } from '../../../shared/money';

const TYPING = new RegExp(`^\\d*(\\.\\d{0,${AMOUNT_DECIMALS}})?$`);

/**
 * What an amount field keeps of a keystroke: digits and one decimal point (a comma counts as one),
 * at most 8 places. Anything else leaves the previous value, so a negative or a letter never appears.
 */
export function typedAmount(raw: string, previous: string): string {
  const value = raw.replace(',', '.').replace(/\s/g, '');
  return TYPING.test(value) ? value : previous;
}

/** '1234567.891' -> '1,234,567.891' (the string is not turned into a number). */
export function groupDigits(value: string): string {
  const [whole = '', fraction] = value.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction !== undefined ? `.${fraction}` : ''}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2025-03-01 14:05' in the reader's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
