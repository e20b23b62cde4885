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

describe('price formatters (docs/product.md section 9)', () => {
  it('show 5 decimals on home', () => {
    expect(formatHomePrice('67250.12000000')).toBe('67250.12000');
    expect(formatHomePrice('0.52134567')).toBe('0.52135');
    expect(formatHomePrice('0.00001812')).toBe('0.00002');
  });

  it('show 4 decimals on markets, 8 below 0.0001', () => {
    expect(formatMarketPrice('3480.5')).toBe('3480.5000');
    expect(formatMarketPrice('0.0001')).toBe('0.0001');
    expect(formatMarketPrice('0.00009999')).toBe('0.00009999');
    expect(formatMarketPrice('0.00001812')).toBe('0.00001812');
    expect(formatMarketPrice('0.000000015')).toBe('0.00000002');
    expect(formatMarketPrice('0')).toBe('0.0000');
  });

  it('show 2 decimals elsewhere', () => {
    expect(formatPrice('67250.125')).toBe('67250.13');
    expect(formatPrice('0.004')).toBe('0.00');
  });

  it('round half up, as people read prices', () => {
    expect(formatHomePrice('1.000005')).toBe('1.00001');
    expect(formatMarketPrice('1.00005')).toBe('1.0001');
  });

  it('show the default 0.00000 while a price is missing or unreadable', () => {
    for (const missing of [null, undefined, '', '  ', 'abc', 'NaN', 'Infinity']) {
      expect(formatHomePrice(missing)).toBe(MISSING_PRICE);
      expect(formatMarketPrice(missing)).toBe(MISSING_PRICE);
      expect(formatPrice(missing)).toBe(MISSING_PRICE);
    }
    expect(MISSING_PRICE).toBe('0.00000');
  });

  it('accept numbers and padded strings', () => {
    expect(formatHomePrice(1.5)).toBe('1.50000');
    expect(formatMarketPrice(' 2.5 ')).toBe('2.5000');
  });
});

describe('change and P/L formatters', () => {
  it('sign gains and losses with 2 decimals', () => {
    expect(formatChangePercent('1.234')).toBe('+1.23%');
    expect(formatChangePercent('-0.5')).toBe('-0.50%');
    expect(formatProfitLoss('12.345')).toBe('+12.35');
    expect(formatProfitLoss('-3')).toBe('-3.00');
  });

  it('never show a signed zero', () => {
    expect(formatChangePercent('-0.001')).toBe('0.00%');
    expect(formatChangePercent('0.004')).toBe('0.00%');
    expect(formatProfitLoss('-0.004')).toBe('0.00');
    expect(formatProfitLoss('0.001')).toBe('0.00');
    expect(formatChangePercent(null)).toBe('0.00%');
    expect(formatProfitLoss(undefined)).toBe('0.00');
  });
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
