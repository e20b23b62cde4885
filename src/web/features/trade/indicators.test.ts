import { describe, expect, it } from 'vitest';
import { movingAverage, rsi } from './indicators';

describe('movingAverage', () => {
  it('averages the last n closes, nothing before n candles', () => {
    // (1+2+3)/3 = 2, (2+3+4)/3 = 3, (3+4+8)/3 = 5
    expect(movingAverage([1, 2, 3, 4, 8], 3)).toEqual([undefined, undefined, 2, 3, 5]);
  });
  it('gives nothing when there are fewer candles than the period', () => {
    expect(movingAverage([1, 2], 7)).toEqual([undefined, undefined]);
  });
});

describe('rsi', () => {
  it('matches a hand computation with period 2 (Wilder smoothing)', () => {
    // changes: +2, -1, +3, -2
    // first: gain (2+0)/2 = 1, loss (0+1)/2 = 0.5 -> RS 2 -> 100 - 100/3 = 66.666...
    // next (+3): gain (1*1+3)/2 = 2, loss (0.5*1+0)/2 = 0.25 -> RS 8 -> 100 - 100/9 = 88.888...
    // next (-2): gain (2+0)/2 = 1, loss (0.25+2)/2 = 1.125 -> RS 0.888... -> 100 - 100/1.888... = 47.0588...
    const out = rsi([10, 12, 11, 14, 12], 2);
    expect(out[0]).toBeUndefined();
    expect(out[1]).toBeUndefined();
    expect(out[2]).toBeCloseTo(200 / 3, 10);
    expect(out[3]).toBeCloseTo(800 / 9, 10);
    expect(out[4]).toBeCloseTo(100 - 100 / (1 + 8 / 9), 10);
  });
  it('reads 100 when nothing fell and 50 when nothing moved', () => {
    expect(rsi([1, 2, 3, 4], 2).slice(2)).toEqual([100, 100]);
    expect(rsi([5, 5, 5], 2)[2]).toBe(50);
  });
  it('needs more than `period` closes', () => {
    expect(rsi([1, 2, 3], 14)).toEqual([undefined, undefined, undefined]);
  });
});
