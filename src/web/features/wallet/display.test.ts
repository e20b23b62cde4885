import { describe, expect, it } from 'vitest';
import { formatDateTime, groupDigits, typedAmount } from './display';

describe('amount typing', () => {
  it('keeps digits and one decimal point, up to 8 places', () => {
    expect(typedAmount('12.5', '12.')).toBe('12.5');
    expect(typedAmount('0,25', '0')).toBe('0.25');
    expect(typedAmount('1.123456789', '1.12345678')).toBe('1.12345678');
    expect(typedAmount('', '5')).toBe('');
  });

  it('refuses signs, letters and a second point', () => {
    expect(typedAmount('-5', '')).toBe('');
    expect(typedAmount('1e5', '1')).toBe('1');
    expect(typedAmount('1.2.3', '1.2')).toBe('1.2');
  });
});

describe('display', () => {
  it('groups thousands without touching decimals', () => {
    expect(groupDigits('1234567.891')).toBe('1,234,567.891');
    expect(groupDigits('999.00')).toBe('999.00');
    expect(groupDigits('-1000')).toBe('-1,000');
  });

  it('shows dates as year-month-day hours:minutes, and odd text as it is', () => {
    expect(formatDateTime(new Date(2025, 2, 1, 14, 5).toISOString())).toBe('2025-03-01 14:05');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
