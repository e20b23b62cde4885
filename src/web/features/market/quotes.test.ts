import { describe, expect, it } from 'vitest';
import { defaultQuoteTab, pairsQuotedIn, quoteTabs } from './quotes.js';

const list = ['ETHBTC', 'BTCUSDT', 'USDTTRY', 'BTCFDUSD', 'ETHUSDT', 'XYZEUR'].map((symbol) => ({ symbol }));

describe('markets tabs', () => {
  it('come from the data in tab order', () => {
    expect(quoteTabs(list)).toEqual(['USDT', 'BTC', 'FDUSD', 'TRY']);
    expect(quoteTabs([])).toEqual([]);
  });

  it('default to USDT when there is one', () => {
    expect(defaultQuoteTab(['USDT', 'BTC'])).toBe('USDT');
    expect(defaultQuoteTab(['BTC', 'TRY'])).toBe('BTC');
    expect(defaultQuoteTab([])).toBeUndefined();
  });

  it('list the pairs of one quote', () => {
    expect(pairsQuotedIn(list, 'USDT').map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(pairsQuotedIn(list, 'TRY').map((t) => t.symbol)).toEqual(['USDTTRY']);
  });
});
