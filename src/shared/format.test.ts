import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatChangePercent,
  formatHomePrice,
  formatMarketPrice,
  formatPrice,
  formatProfitLoss,
  MISSING_PRICE,
} from './format.js';

type Shown = [input: string | number | null | undefined, shown: string];

describe('price formatters (docs/product.md section 9)', () => {
  // 5 decimals on home, rounding half up; numbers accepted. Below 0.0001 Markets' 8 decimals, so a tiny
  // coin keeps its significant digits (docs/decisions/0066-number-display.md).
  it.each<Shown>([
    ['67250.12000000', '67250.12000'],
    ['0.52134567', '0.52135'],
    ['0.0001', '0.00010'],
    ['0.00009999', '0.00009999'],
    ['0.00001812', '0.00001812'],
    ['0.000000015', '0.00000002'],
    ['-0.00001812', '-0.00001812'],
    ['0', '0.00000'],
    ['1.000005', '1.00001'],
    [1.5, '1.50000'],
  ])('home shows %o as %s', (input, shown) => expect(formatHomePrice(input)).toBe(shown));

  // 4 decimals on markets, 8 below 0.0001, rounding half up; padded strings accepted.
  it.each<Shown>([
    ['3480.5', '3480.5000'],
    ['0.0001', '0.0001'],
    ['0.00009999', '0.00009999'],
    ['0.00001812', '0.00001812'],
    ['0.000000015', '0.00000002'],
    ['0', '0.0000'],
    ['1.00005', '1.0001'],
    [' 2.5 ', '2.5000'],
  ])('markets show %o as %s', (input, shown) => expect(formatMarketPrice(input)).toBe(shown));

  // 2 decimals elsewhere.
  it.each<Shown>([
    ['67250.125', '67250.13'],
    ['0.004', '0.00'],
  ])('elsewhere shows %o as %s', (input, shown) => expect(formatPrice(input)).toBe(shown));

  it('show the default 0.00000 while a price is missing or unreadable', () => {
    for (const missing of [null, undefined, '', '  ', 'abc', 'NaN', 'Infinity']) {
      expect(formatHomePrice(missing)).toBe(MISSING_PRICE);
      expect(formatMarketPrice(missing)).toBe(MISSING_PRICE);
      expect(formatPrice(missing)).toBe(MISSING_PRICE);
    }
    expect(MISSING_PRICE).toBe('0.00000');
  });
});

describe('change and P/L formatters', () => {
  // Gains and losses signed with 2 decimals; never a signed zero.
  it.each<Shown>([
    ['1.234', '+1.23%'],
    ['-0.5', '-0.50%'],
    ['-0.001', '0.00%'],
    ['0.004', '0.00%'],
    [null, '0.00%'],
  ])('change shows %o as %s', (input, shown) => expect(formatChangePercent(input)).toBe(shown));

  it.each<Shown>([
    ['12.345', '+12.35'],
    ['-3', '-3.00'],
    ['-0.004', '0.00'],
    ['0.001', '0.00'],
    [undefined, '0.00'],
  ])('P/L shows %o as %s', (input, shown) => expect(formatProfitLoss(input)).toBe(shown));
});

describe('amount formatter', () => {
  it('trims to 8 places, rounding down, without trailing zeros', () => {
    expect(formatAmount('1.123456789')).toBe('1.12345678');
    expect(formatAmount('2.50000000')).toBe('2.5');
    expect(formatAmount('0.999', 2)).toBe('0.99');
    expect(formatAmount(null)).toBe('0');
    expect(formatAmount('-0.000000001')).toBe('0');
  });
});
