import { describe, expect, it } from 'vitest';
import {
  coinName,
  HOME_STREAM_SYMBOLS,
  HOME_SYMBOLS,
  MAIN_SYMBOLS,
  marketAsset,
  QUOTE_ASSETS,
  splitSymbol,
  TRACKED_PAIRS,
  TRACKED_SYMBOLS,
} from './market.js';

describe('tracked market', () => {
  it('has 15 main and 40 home symbols, all quoted in USDT (docs/product.md section 9)', () => {
    expect(MAIN_SYMBOLS).toHaveLength(15);
    expect(HOME_SYMBOLS).toHaveLength(40);
    expect(HOME_STREAM_SYMBOLS).toHaveLength(20);
    expect(HOME_SYMBOLS.every((s) => s.endsWith('USDT'))).toBe(true);
    expect(MAIN_SYMBOLS.every((s) => HOME_SYMBOLS.includes(s))).toBe(true);
  });

  it('quotes pairs in every tab currency, each symbol once', () => {
    expect(new Set(TRACKED_SYMBOLS).size).toBe(TRACKED_SYMBOLS.length);
    expect(new Set(TRACKED_PAIRS.map((p) => p.quoteAsset))).toEqual(new Set(QUOTE_ASSETS));
  });

  it('knows a starting price for every asset of every pair', () => {
    for (const pair of TRACKED_PAIRS) {
      expect(marketAsset(pair.baseAsset)?.price, pair.symbol).toBeGreaterThan(0);
      expect(marketAsset(pair.quoteAsset)?.price, pair.symbol).toBeGreaterThan(0);
    }
  });

  it('splits every tracked symbol back into its base and quote', () => {
    for (const pair of TRACKED_PAIRS)
      expect(splitSymbol(pair.symbol)).toEqual({ baseAsset: pair.baseAsset, quoteAsset: pair.quoteAsset });
    expect(splitSymbol('usdttry')).toEqual({ baseAsset: 'USDT', quoteAsset: 'TRY' });
    expect(splitSymbol('BTCEUR')).toBeNull();
    expect(splitSymbol('USDT')).toBeNull();
  });

  it('names coins by asset or symbol', () => {
    expect(coinName('BTCUSDT')).toBe('Bitcoin');
    expect(coinName('eth')).toBe('Ethereum');
    expect(coinName('ZZZ')).toBe('ZZZ');
  });
});
