import { describe, expect, it } from 'vitest';
import { findPairs, matchesQuery } from './find';

const row = (symbol: string, lastPrice: string, priceChangePercent: string, quoteVolume: string) => ({
  symbol,
  lastPrice,
  priceChangePercent,
  quoteVolume,
});
const rows = [
  row('ETHUSDT', '3000', '-2.5', '900'),
  row('BTCUSDT', '60000', '1.2', '1800'),
  row('SHIBUSDT', '0.00001812', '7.0', '60'),
  row('SOLUSDT', '148', '0', '500'),
];
const symbols = (list: readonly { symbol: string }[]) => list.map((r) => r.symbol);

describe('matchesQuery', () => {
  it('finds by symbol, pair with a slash, or coin name, in any case', () => {
    expect(matchesQuery('BTCUSDT', 'btc')).toBe(true);
    expect(matchesQuery('BTCUSDT', 'BTC/USDT')).toBe(true);
    expect(matchesQuery('BTCUSDT', 'bitcoin')).toBe(true);
    expect(matchesQuery('SHIBUSDT', 'shiba inu')).toBe(true);
    expect(matchesQuery('ETHUSDT', 'bitcoin')).toBe(false);
    expect(matchesQuery('ETHUSDT', '  ')).toBe(true);
  });
});

describe('findPairs', () => {
  it('keeps the data order by default and sorts by name, price, change and volume', () => {
    expect(symbols(findPairs(rows, '', 'all', 'default'))).toEqual(['ETHUSDT', 'BTCUSDT', 'SHIBUSDT', 'SOLUSDT']);
    expect(symbols(findPairs(rows, '', 'all', 'nameAsc'))).toEqual(['BTCUSDT', 'ETHUSDT', 'SHIBUSDT', 'SOLUSDT']);
    expect(symbols(findPairs(rows, '', 'all', 'priceDesc'))).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'SHIBUSDT']);
    expect(symbols(findPairs(rows, '', 'all', 'priceAsc'))).toEqual(['SHIBUSDT', 'SOLUSDT', 'ETHUSDT', 'BTCUSDT']);
    expect(symbols(findPairs(rows, '', 'all', 'changeDesc'))).toEqual(['SHIBUSDT', 'BTCUSDT', 'SOLUSDT', 'ETHUSDT']);
    expect(symbols(findPairs(rows, '', 'all', 'volumeDesc'))).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'SHIBUSDT']);
  });
  it('gainers rose, losers fell, volume ranks by 24h volume; the search narrows each', () => {
    expect(symbols(findPairs(rows, '', 'gainers', 'default'))).toEqual(['SHIBUSDT', 'BTCUSDT']);
    expect(symbols(findPairs(rows, '', 'losers', 'default'))).toEqual(['ETHUSDT']);
    expect(symbols(findPairs(rows, '', 'volume', 'default'))).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'SHIBUSDT']);
    expect(symbols(findPairs(rows, 'shib', 'gainers', 'default'))).toEqual(['SHIBUSDT']);
  });
  it('a ticker number that is not a number sorts as equal instead of throwing', () => {
    const odd = [row('AUSDT', 'x', '1', '1'), row('BUSDT', '2', '1', '1')];
    expect(symbols(findPairs(odd, '', 'all', 'priceDesc'))).toEqual(['AUSDT', 'BUSDT']);
  });
});
