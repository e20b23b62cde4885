import { describe, expect, it } from 'vitest';
import { dec, toFixed } from '../../../../shared/money.js';
import { COINS, TRACKED_SYMBOLS } from '../../../../shared/market.js';
import { candleOpen } from '../intervals.js';
import { BOOK_LEVELS } from '../depth.js';
import { createSimFeed } from './feed.js';

const T0 = Date.UTC(2025, 2, 14, 15, 9, 26, 535);
const feedAt = (time: number, seed = 'test') => {
  let now = time;
  const feed = createSimFeed({ secret: seed, now: () => now });
  return { feed, setNow: (t: number) => (now = t) };
};
const step = (time: number) => Math.floor(time / 1000);

describe('simulated prices', () => {
  it('are the same for the same seed and moment on every instance', () => {
    const a = feedAt(T0).feed.snapshot();
    const b = feedAt(T0).feed.snapshot();
    expect(a.tickersJson()).toBe(b.tickersJson());
  });

  it('do not depend on what an instance computed before (a restart agrees)', () => {
    const running = feedAt(T0);
    for (let i = 1; i <= 90; i++) {
      running.setNow(T0 + i * 1000);
      running.feed.snapshot();
    }
    const restarted = feedAt(T0 + 90_000);
    expect(running.feed.snapshot().tickersJson()).toBe(restarted.feed.snapshot().tickersJson());
  });

  it('differ under another seed', () => {
    expect(feedAt(T0, 'one').feed.priceAt('BTCUSDT', step(T0))).not.toBe(
      feedAt(T0, 'two').feed.priceAt('BTCUSDT', step(T0)),
    );
  });

  it('move from second to second', () => {
    const { feed } = feedAt(T0);
    const prices = new Set(Array.from({ length: 10 }, (_, i) => feed.priceAt('BTCUSDT', step(T0) + i)));
    expect(prices.size).toBeGreaterThan(5);
  });

  it('stay positive and within a plausible band around the starting price for a year', () => {
    const { feed } = feedAt(T0);
    for (const coin of COINS) {
      for (let hour = 0; hour < 365 * 24; hour += 7) {
        const price = Number(feed.priceAt(`${coin.asset}USDT`, step(T0) + hour * 3600));
        expect(price).toBeGreaterThan(0);
        expect(price / coin.price).toBeGreaterThan(1 / 3);
        expect(price / coin.price).toBeLessThan(3);
      }
    }
  });

  it('keep cross pairs consistent with the USDT pairs (ETHBTC = ETHUSDT / BTCUSDT)', () => {
    const snapshot = feedAt(T0).feed.snapshot();
    const last = (s: string) => Number(snapshot.ticker(s)!.lastPrice);
    expect(last('ETHBTC')).toBeCloseTo(last('ETHUSDT') / last('BTCUSDT'), 5);
    expect(last('BTCTRY') / last('USDTTRY')).toBeCloseTo(last('BTCUSDT'), -1);
  });
});

describe('simulated 24-hour statistics', () => {
  const { feed } = feedAt(T0);
  const snapshot = feed.snapshot();

  it('cover every tracked symbol', () => {
    expect(snapshot.tickers.map((t) => t.symbol)).toEqual(TRACKED_SYMBOLS);
  });

  it.each(TRACKED_SYMBOLS)('are consistent for %s', (symbol) => {
    const t = snapshot.ticker(symbol)!;
    expect(t.openPrice).toBe(feed.priceAt(symbol, step(T0) - 86_400));
    expect(t.lastPrice).toBe(feed.priceAt(symbol, step(T0)));
    expect(dec(t.lowPrice).lte(t.openPrice) && dec(t.lowPrice).lte(t.lastPrice)).toBe(true);
    expect(dec(t.highPrice).gte(t.openPrice) && dec(t.highPrice).gte(t.lastPrice)).toBe(true);
    expect(dec(t.priceChange).eq(dec(t.lastPrice).minus(t.openPrice))).toBe(true);
    const percent = toFixed(dec(t.priceChange).times(100).div(t.openPrice), 3);
    expect(t.priceChangePercent).toBe(percent === '-0.000' ? '0.000' : percent);
    expect(dec(t.weightedAvgPrice).gte(t.lowPrice) && dec(t.weightedAvgPrice).lte(t.highPrice)).toBe(true);
    expect(dec(t.bidPrice).lte(t.lastPrice) && dec(t.askPrice).gt(t.lastPrice)).toBe(true);
    expect(dec(t.volume).gt(0) && dec(t.quoteVolume).gt(0)).toBe(true);
    expect(t.closeTime - t.openTime).toBe(86_400_000);
    expect(t.firstId).toBeLessThanOrEqual(t.lastId);
    expect(t.lastId - t.firstId + 1).toBe(t.count);
    for (const field of [
      'lastPrice',
      'openPrice',
      'highPrice',
      'lowPrice',
      'volume',
      'quoteVolume',
      'bidQty',
    ] as const) {
      expect(t[field]).toMatch(/^\d+\.\d{8}$/);
    }
  });

  it('are one snapshot per second, reused within the second', () => {
    const clock = feedAt(T0);
    const first = clock.feed.snapshot();
    clock.setNow(T0 + 400);
    expect(clock.feed.snapshot()).toBe(first);
    clock.setNow(T0 + 1_000);
    expect(clock.feed.snapshot()).not.toBe(first);
  });
});

describe('simulated order book', () => {
  const { feed } = feedAt(T0);

  it('has asks above bids, each side sorted from the best price', async () => {
    for (const symbol of ['BTCUSDT', 'SHIBUSDT', 'DOGEBTC', 'USDTTRY']) {
      const book = await feed.depth(symbol, 5);
      expect(book.bids).toHaveLength(5);
      expect(book.asks).toHaveLength(5);
      const bids = book.bids.map(([p]) => dec(p));
      const asks = book.asks.map(([p]) => dec(p));
      for (let i = 1; i < 5; i++) {
        expect(bids[i]!.lt(bids[i - 1]!)).toBe(true);
        expect(asks[i]!.gt(asks[i - 1]!)).toBe(true);
      }
      expect(asks[0]!.gt(bids[0]!)).toBe(true);
      for (const [, qty] of [...book.bids, ...book.asks]) expect(dec(qty).gt(0)).toBe(true);
    }
  });

  it('gives at most the levels it has', async () => {
    const book = await feed.depth('ETHUSDT', 100);
    expect(book.bids).toHaveLength(BOOK_LEVELS);
    expect(book.asks).toHaveLength(BOOK_LEVELS);
  });

  it('agrees with the ticker best bid and ask', async () => {
    const book = await feed.depth('BTCUSDT', 1);
    const ticker = feed.snapshot().ticker('BTCUSDT')!;
    expect(book.bids[0]).toEqual([ticker.bidPrice, ticker.bidQty]);
    expect(book.asks[0]).toEqual([ticker.askPrice, ticker.askQty]);
  });
});

describe('simulated klines', () => {
  const { feed } = feedAt(T0);

  it('lists the latest candles, oldest first, the last one open now', async () => {
    const candles = await feed.klines({ symbol: 'BTCUSDT', interval: '1h', limit: 24 });
    expect(candles).toHaveLength(24);
    for (let i = 1; i < candles.length; i++) expect(candles[i]![0] - candles[i - 1]![0]).toBe(3_600_000);
    const last = candles.at(-1)!;
    expect(last[0]).toBe(candleOpen('1h', T0));
    expect(last[6]).toBe(last[0] + 3_600_000 - 1);
    expect(last[4]).toBe(feed.priceAt('BTCUSDT', step(T0)));
  });

  it('have high and low around open and close', async () => {
    for (const interval of ['1s', '1m', '15m', '1d', '1w', '1M'] as const) {
      for (const [, open, high, low, close, volume] of await feed.klines({ symbol: 'ETHBTC', interval, limit: 30 })) {
        expect(dec(high).gte(open) && dec(high).gte(close)).toBe(true);
        expect(dec(low).lte(open) && dec(low).lte(close)).toBe(true);
        expect(dec(volume).gt(0)).toBe(true);
      }
    }
  });

  it('are exact per second on one-minute candles', async () => {
    const [candle] = await feed.klines({ symbol: 'SOLUSDT', interval: '1m', startTime: T0 - 600_000, limit: 1 });
    const first = step(candle![0]);
    const prices = Array.from({ length: 60 }, (_, i) => dec(feed.priceAt('SOLUSDT', first + i)!));
    expect(candle![1]).toBe(feed.priceAt('SOLUSDT', first));
    expect(candle![4]).toBe(feed.priceAt('SOLUSDT', first + 59));
    expect(dec(candle![2]).eq(prices.reduce((a, b) => (b.gt(a) ? b : a)))).toBe(true);
    expect(dec(candle![3]).eq(prices.reduce((a, b) => (b.lt(a) ? b : a)))).toBe(true);
  });

  it('honour startTime and endTime', async () => {
    const start = T0 - 10 * 3_600_000;
    const candles = await feed.klines({
      symbol: 'BTCUSDT',
      interval: '1h',
      startTime: start,
      endTime: start + 3 * 3_600_000,
      limit: 500,
    });
    expect(candles.map((c) => c[0])).toEqual([1, 2, 3].map((h) => candleOpen('1h', start) + h * 3_600_000));
    const before = await feed.klines({ symbol: 'BTCUSDT', interval: '1d', endTime: T0 - 5 * 86_400_000, limit: 2 });
    expect(before.at(-1)![0]).toBe(candleOpen('1d', T0 - 5 * 86_400_000));
    expect(await feed.klines({ symbol: 'BTCUSDT', interval: '1m', startTime: T0 + 3_600_000, limit: 10 })).toEqual([]);
  });

  it('answer the same candles once past the bound of kept ones as a fresh feed does', async () => {
    const busy = feedAt(T0).feed;
    const symbols = TRACKED_SYMBOLS.slice(0, 22);
    // 22 series of 1,000 closed minutes: past the 20,000 kept, so the oldest are dropped and made again.
    for (const symbol of symbols) await busy.klines({ symbol, interval: '1m', limit: 1000 });
    for (const symbol of [symbols[0]!, symbols.at(-1)!]) {
      const query = { symbol, interval: '1m' as const, limit: 1000 };
      expect(await busy.klines(query)).toEqual(await feedAt(T0).feed.klines(query));
    }
  });

  it('open weeks on Monday and months on the first', async () => {
    const [week] = await feed.klines({ symbol: 'BTCUSDT', interval: '1w', limit: 1 });
    expect(new Date(week![0]).getUTCDay()).toBe(1);
    const months = await feed.klines({ symbol: 'BTCUSDT', interval: '1M', limit: 3 });
    expect(months.map((m) => new Date(m[0]).toISOString().slice(0, 10))).toEqual([
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
    ]);
    expect(months[0]![6]).toBe(months[1]![0] - 1);
  });
});
