import { describe, expect, it } from 'vitest';
import { changePercentString, quantityString, ticksToString, toTicks } from './numbers.js';

describe('exchange number strings', () => {
  it('write tick counts with 8 decimals', () => {
    expect(ticksToString(6725012, 2)).toBe('67250.12000000');
    expect(ticksToString(1812, 8)).toBe('0.00001812');
    expect(ticksToString(5, 4)).toBe('0.00050000');
    expect(ticksToString(-150, 2)).toBe('-1.50000000');
    expect(ticksToString(0, 2)).toBe('0.00000000');
  });

  it('round prices to the nearest tick, never to zero', () => {
    expect(toTicks(67250.125, 2)).toBe(6725013);
    expect(toTicks(0.000000001, 8)).toBe(1);
  });

  it('round quantities down to their step', () => {
    expect(quantityString(1.23456789, 3)).toBe('1.23400000');
    expect(quantityString(12.9, 0)).toBe('12.00000000');
  });

  it('give the change in percent with 3 decimals and no negative zero', () => {
    expect(changePercentString(150, 10000)).toBe('1.500');
    expect(changePercentString(-1, 3)).toBe('-33.333');
    expect(changePercentString(2, 3)).toBe('66.667');
    expect(changePercentString(-1, 10_000_000)).toBe('0.000');
    expect(changePercentString(0, 0)).toBe('0.000');
  });
});
