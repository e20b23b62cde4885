/** USD values and totals on /assets: known prices count, unknown ones never make up a number. */
import { describe, expect, it } from 'vitest';
import { valueAssets } from './valuation';

const list = [
  { currency: 'USDT', balance: '100.5' },
  { currency: 'BTC', balance: '0.01' },
  { currency: 'ETH', balance: '0' },
];

describe('asset valuation', () => {
  it('values each balance at its price and adds them up exactly', () => {
    const valuation = valueAssets(list, { USDT: '1', BTC: '60000.1', ETH: '3000' });
    expect(valuation.assets.map((a) => a.usd)).toEqual(['100.5', '600.001', '0']);
    expect(valuation.total).toBe('700.501');
    expect(valuation.incomplete).toBe(false);
  });

  it('without market prices, totals what it knows (USDT at 1) and marks the rest unknown', () => {
    const valuation = valueAssets(list, { USDT: '1' });
    expect(valuation.assets.map((a) => a.usd)).toEqual(['100.5', null, '0']);
    expect(valuation.total).toBe('100.5');
    expect(valuation.incomplete).toBe(true);
  });

  it('totals zero for no assets', () => {
    expect(valueAssets([], {})).toEqual({ assets: [], total: '0', incomplete: false });
  });
});
