import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { klineList, orderBook, ticker24h, ticker24hList, tickerPriceList } from '../../src/shared/api/market.js';
import { QUOTE_ASSETS, TRACKED_SYMBOLS } from '../../src/shared/market.js';
import { MAX_OPEN_SPOT_ORDERS } from '../../src/shared/constants.js';
import { settings } from '../../src/server/db/schema.js';
import { USDO_PRICE_KEY } from '../../src/server/modules/market/usdo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => call(t, 'GET', url);
const INVALID_SYMBOL = { code: -1121, msg: 'Invalid symbol.' };

describe('exchange basics', () => {
  it('answers ping with an empty object and time with the server clock', async () => {
    expect(await get('/api/v3/ping')).toMatchObject({ status: 200, body: {} });
    const time = await get('/api/v3/time');
    expect(time.status).toBe(200);
    expect(Math.abs(time.body.serverTime - t.clock.now().getTime())).toBeLessThan(5_000);
  });

  it('lists every tracked symbol with its assets, status and filters', async () => {
    const res = await get('/api/v3/exchangeInfo');
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe('UTC');
    expect(res.body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(TRACKED_SYMBOLS);
    const ethbtc = res.body.symbols.find((s: { symbol: string }) => s.symbol === 'ETHBTC');
    expect(ethbtc).toMatchObject({ baseAsset: 'ETH', quoteAsset: 'BTC', status: 'TRADING' });
    expect(ethbtc.filters.map((f: { filterType: string }) => f.filterType)).toEqual([
      'PRICE_FILTER',
      'LOT_SIZE',
      'NOTIONAL',
    ]);
    const quotes = new Set(res.body.symbols.map((s: { quoteAsset: string }) => s.quoteAsset));
    expect([...quotes].sort()).toEqual([...QUOTE_ASSETS].sort());
  });

  it('offers the order types and pairs the private API takes, and no others', async () => {
    const { body } = await get('/api/v3/exchangeInfo');
    const bySymbol = new Map(body.symbols.map((s: { symbol: string }) => [s.symbol, s]));
    // The cap on resting orders per pair, where orders are taken (src/shared/constants.ts).
    expect((bySymbol.get('BTCUSDT') as { filters: unknown[] }).filters).toContainEqual({
      filterType: 'MAX_NUM_ORDERS',
      maxNumOrders: MAX_OPEN_SPOT_ORDERS,
    });
    expect(bySymbol.get('BTCUSDT')).toMatchObject({
      orderTypes: ['LIMIT', 'MARKET'],
      isSpotTradingAllowed: true,
      ocoAllowed: false,
      icebergAllowed: false,
    });
    // A pair not quoted in USDT cannot be traded through POST /api/v3/order.
    expect(bySymbol.get('ETHBTC')).toMatchObject({ isSpotTradingAllowed: false });
  });

  it('narrows exchangeInfo to ?symbol= and refuses an unknown one', async () => {
    const res = await get('/api/v3/exchangeInfo?symbol=BNBBTC');
    expect(res.body.symbols).toHaveLength(1);
    expect(await get('/api/v3/exchangeInfo?symbol=NOPEUSDT')).toMatchObject({ status: 400, body: INVALID_SYMBOL });
  });
});

describe('24-hour tickers', () => {
  it('lists every tracked symbol in the exchange shape, numbers as strings', async () => {
    const res = await get('/api/v3/ticker/24hr');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const tickers = ticker24hList.parse(res.body);
    expect(tickers.map((x) => x.symbol)).toEqual(TRACKED_SYMBOLS);
    expect(tickers[0]!.lastPrice).toMatch(/^\d+\.\d{8}$/);
  });

  it('answers ?symbol= with one object, in any letter case', async () => {
    const res = await get('/api/v3/ticker/24hr?symbol=btcusdt');
    expect(res.status).toBe(200);
    expect(ticker24h.parse(res.body).symbol).toBe('BTCUSDT');
  });

  it('answers ?symbols= with a list, raw, URL-encoded or bare', async () => {
    const forms = [
      '/api/v3/ticker/24hr?symbols=["ETHUSDT","BTCUSDT"]',
      `/api/v3/ticker/24hr?symbols=${encodeURIComponent('["ETHUSDT","BTCUSDT"]')}`,
      '/api/v3/ticker/24hr?symbols=%5B%22ETHUSDT%22,%22BTCUSDT%22%5D',
      '/api/v3/ticker/24hr?symbols=[ETHUSDT,BTCUSDT]',
      '/api/v3/ticker/24hr?symbols=ETHUSDT,BTCUSDT',
      '/api/v3/ticker/24hr?symbols=%5B%22ETHUSDT%22%2C%20%22BTCUSDT%22%5D',
    ];
    for (const url of forms) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(
        ticker24hList.parse(res.body).map((x) => x.symbol),
        url,
      ).toEqual(['ETHUSDT', 'BTCUSDT']);
    }
  });

  it('refuses unknown symbols with the exchange error, never a 500', async () => {
    expect(await get('/api/v3/ticker/24hr?symbol=NOPEUSDT')).toMatchObject({ status: 400, body: INVALID_SYMBOL });
    expect(await get('/api/v3/ticker/24hr?symbols=["BTCUSDT","NOPEUSDT"]')).toMatchObject({
      status: 400,
      body: INVALID_SYMBOL,
    });
  });

  it('refuses malformed parameters with exchange-style codes', async () => {
    const cases: [string, number][] = [
      ['/api/v3/ticker/24hr?symbol=', -1102],
      ['/api/v3/ticker/24hr?symbol=BTC$USDT', -1100],
      ['/api/v3/ticker/24hr?symbol=BTCUSDT&symbol=ETHUSDT', -1100],
      ['/api/v3/ticker/24hr?symbols=', -1102],
      ['/api/v3/ticker/24hr?symbols=[]', -1102],
      ['/api/v3/ticker/24hr?symbols=["BTCUSDT"', -1100],
      ['/api/v3/ticker/24hr?symbols={"a":1}', -1100],
      ['/api/v3/ticker/24hr?symbols=[1,2]', -1100],
      ['/api/v3/ticker/24hr?symbols=%5B%22BTC', -1100],
      ['/api/v3/ticker/24hr?symbols=%E0%A4%A', -1100],
      ['/api/v3/ticker/24hr?symbol=BTCUSDT&symbols=["ETHUSDT"]', -1128],
    ];
    for (const [url, code] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe(code);
      expect(typeof res.body.msg, url).toBe('string');
    }
  });

  it('moves prices as time passes', async () => {
    const before = (await get('/api/v3/ticker/24hr?symbol=BTCUSDT')).body.lastPrice;
    t.clock.advance(5 * 60_000);
    const after = (await get('/api/v3/ticker/24hr?symbol=BTCUSDT')).body.lastPrice;
    expect(after).not.toBe(before);
  });
});

describe('last prices', () => {
  it('lists all, one, or some prices', async () => {
    const all = tickerPriceList.parse((await get('/api/v3/ticker/price')).body);
    expect(all).toHaveLength(TRACKED_SYMBOLS.length);
    const one = await get('/api/v3/ticker/price?symbol=ETHBTC');
    expect(one.body).toEqual({ symbol: 'ETHBTC', price: expect.stringMatching(/^0\.\d{8}$/) });
    const some = await get(`/api/v3/ticker/price?symbols=${encodeURIComponent('["XRPUSDT","USDTTRY"]')}`);
    expect(some.body.map((p: { symbol: string }) => p.symbol)).toEqual(['XRPUSDT', 'USDTTRY']);
  });

  it('agree with the 24-hour ticker of the same moment', async () => {
    // The app clock stands still mid-second for both requests, so they see the same moment.
    const moment = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000 + 2_500);
    const frozen = vi.spyOn(t.clock, 'now').mockReturnValue(moment);
    try {
      const [price, ticker] = await Promise.all([
        get('/api/v3/ticker/price?symbol=SOLUSDT'),
        get('/api/v3/ticker/24hr?symbol=SOLUSDT'),
      ]);
      expect(ticker.body.closeTime).toBe(moment.getTime());
      expect(price.body.price).toBe(ticker.body.lastPrice);
    } finally {
      frozen.mockRestore();
    }
  });

  it('refuse unknown and malformed symbols', async () => {
    expect(await get('/api/v3/ticker/price?symbol=DOGEEUR')).toMatchObject({ status: 400, body: INVALID_SYMBOL });
    expect((await get('/api/v3/ticker/price?symbols=[BTC USDT')).body.code).toBe(-1100);
  });
});

describe('order book', () => {
  it('gives 5 levels a side for limit=5, best prices first, asks above bids', async () => {
    const res = await get('/api/v3/depth?symbol=BTCUSDT&limit=5');
    expect(res.status).toBe(200);
    const book = orderBook.parse(res.body);
    expect(book.bids).toHaveLength(5);
    expect(book.asks).toHaveLength(5);
    expect(Number(book.asks[0]![0])).toBeGreaterThan(Number(book.bids[0]![0]));
    expect(Number(book.bids[0]![0])).toBeGreaterThan(Number(book.bids[4]![0]));
  });

  it('gives every level it has when the limit is larger or absent', async () => {
    const res = await get('/api/v3/depth?symbol=ETHBTC');
    expect(res.body.bids.length).toBe(20);
    expect((await get('/api/v3/depth?symbol=ETHBTC&limit=5000')).body.asks.length).toBe(20);
  });

  it('refuses a missing or unknown symbol and a bad limit', async () => {
    expect((await get('/api/v3/depth')).body).toMatchObject({ code: -1102 });
    expect(await get('/api/v3/depth?symbol=NOPE')).toMatchObject({ status: 400, body: INVALID_SYMBOL });
    expect(await get('/api/v3/depth?symbol=BTCUSDT&limit=ten')).toMatchObject({ status: 400, body: { code: -1100 } });
    expect(await get('/api/v3/depth?symbol=BTCUSDT&limit=-5')).toMatchObject({ status: 400, body: { code: -1100 } });
  });
});

describe('klines', () => {
  it('returns candles as the exchange arrays', async () => {
    const res = await get('/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=3');
    expect(res.status).toBe(200);
    const candles = klineList.parse(res.body);
    expect(candles).toHaveLength(3);
    const [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, ignore] =
      candles[2]!;
    expect(closeTime - openTime).toBe(59_999);
    for (const value of [open, high, low, close, volume, quoteVolume, takerBase, takerQuote])
      expect(value).toMatch(/^\d+\.\d{8}$/);
    expect(Number.isInteger(trades)).toBe(true);
    expect(ignore).toBe('0');
  });

  it("serves each candle's kept JSON: the same bytes as the feed's candles stringified, asked again too", async () => {
    const query = { symbol: 'SOLUSDT', interval: '1m' as const, limit: 200 };
    for (let ask = 0; ask < 2; ask++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v3/klines?symbol=SOLUSDT&interval=1m&limit=200' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(await t.ctx.market.exchange.klines(query)));
    }
  });

  it('gives 500 candles by default and at most 1000', async () => {
    expect((await get('/api/v3/klines?symbol=ETHUSDT&interval=1h')).body).toHaveLength(500);
    expect((await get('/api/v3/klines?symbol=ETHUSDT&interval=5m&limit=5000')).body).toHaveLength(1000);
  });

  it('honours startTime and endTime', async () => {
    const start = Date.UTC(2024, 0, 1);
    const res = await get(
      `/api/v3/klines?symbol=BTCUSDT&interval=1d&startTime=${start}&endTime=${start + 2 * 86_400_000}`,
    );
    expect(res.body.map((k: number[]) => k[0])).toEqual([start, start + 86_400_000, start + 2 * 86_400_000]);
  });

  it('refuses bad intervals, symbols and times', async () => {
    expect((await get('/api/v3/klines?symbol=BTCUSDT')).body).toMatchObject({ code: -1102 });
    expect(await get('/api/v3/klines?symbol=BTCUSDT&interval=7m')).toMatchObject({
      status: 400,
      body: { code: -1120, msg: 'Invalid interval.' },
    });
    expect(await get('/api/v3/klines?symbol=XYZ&interval=1m')).toMatchObject({ status: 400, body: INVALID_SYMBOL });
    expect(await get('/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=yesterday')).toMatchObject({
      status: 400,
      body: { code: -1100 },
    });
    expect(await get('/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=2000&endTime=1000')).toMatchObject({
      status: 400,
      body: { code: -1023 },
    });
  });
});

describe('never a server error', () => {
  it('answers odd queries on every market endpoint with 2xx or 4xx', async () => {
    const queries = [
      '',
      '?symbol',
      '?symbol[]=BTCUSDT',
      '?symbol[a]=1',
      '?symbols=null',
      '?symbols=true',
      '?symbols=%22BTCUSDT%22',
      '?symbols=["BTCUSDT",["ETHUSDT"]]',
      `?symbols=${encodeURIComponent(JSON.stringify(Array.from({ length: 500 }, () => 'BTCUSDT')))}`,
      '?symbol=BTCUSDT&limit=99999999999999999999999',
      '?symbol=BTCUSDT&interval=1m&limit=0&startTime=0',
      '?symbol=BTCUSDT&interval=1M&endTime=0',
      '?symbol=__proto__',
      '?symbol=constructor&interval=toString',
      `?symbol=${'A'.repeat(5000)}`,
    ];
    for (const path of [
      '/api/v3/exchangeInfo',
      '/api/v3/ticker/24hr',
      '/api/v3/ticker/price',
      '/api/v3/depth',
      '/api/v3/klines',
    ]) {
      for (const query of queries) {
        const res = await get(path + query);
        expect(res.status, path + query).toBeLessThan(500);
        if (res.status >= 400)
          expect(res.body, path + query).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
      }
    }
  });
});

describe('default currency and mark prices', () => {
  it('prices USDO from USDO_PRICE until staff set it', async () => {
    expect(await get('/api-v1/default-currency/')).toMatchObject({
      status: 200,
      body: { currency: 'USDO', price: '1' },
    });
    await t.db
      .insert(settings)
      .values({ key: USDO_PRICE_KEY, value: { price: '1.25' } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { price: '1.25' } } });
    expect((await get('/api-v1/default-currency/')).body.price).toBe('1.25');
    expect(await t.ctx.market.markPrice('USDO')).toMatchObject({ price: '1.25', stale: false });
    await t.db.delete(settings).where(eq(settings.key, USDO_PRICE_KEY));
  });

  it('marks BTC at the BTCUSDT last price, USDT at 1, and knows no unknown coin', async () => {
    const mark = await t.ctx.market.markPrice('btc');
    const ticker = (await get('/api/v3/ticker/price?symbol=BTCUSDT')).body;
    expect(mark).toMatchObject({ stale: false });
    expect(Math.abs(Number(mark!.price) / Number(ticker.price) - 1)).toBeLessThan(0.01);
    expect(await t.ctx.market.markPrice('USDT')).toMatchObject({ price: '1', stale: false });
    expect(await t.ctx.market.markPrice('NOPE')).toBeNull();
    expect(await t.ctx.market.markPrice('TRY')).toBeNull();
  });
});
