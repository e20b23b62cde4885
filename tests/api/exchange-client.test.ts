/**
 * A stock exchange client library (Binance's own connector), pointed at our base address, reads
 * tickers, order book, klines and exchange info unmodified (docs/architecture.md section 7).
 */
import type { AddressInfo } from 'node:net';
import { Spot } from '@binance/connector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let client: Spot;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  client = new Spot('', '', { baseURL: `http://127.0.0.1:${port}`, timeout: 10_000 });
});
afterAll(() => t.close());

const decimal = /^\d+(\.\d+)?$/;

describe('a stock exchange client against our market API', () => {
  it('pings and reads the server time', async () => {
    expect((await client.ping()).data).toEqual({});
    expect(Math.abs((await client.time()).data.serverTime - Date.now())).toBeLessThan(60_000);
  });

  it('reads one ticker, several tickers and prices', async () => {
    const one = (await client.ticker24hr('btcusdt')).data;
    expect(one).toMatchObject({ symbol: 'BTCUSDT' });
    for (const field of ['lastPrice', 'priceChangePercent', 'openPrice', 'highPrice', 'lowPrice', 'volume']) {
      expect(one[field]).toMatch(/^-?\d+(\.\d+)?$/);
    }
    const several = (await client.ticker24hr('', ['BTCUSDT', 'ETHUSDT'])).data;
    expect(several.map((x: { symbol: string }) => x.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    const price = (await client.tickerPrice('ETHUSDT')).data;
    expect(price.symbol).toBe('ETHUSDT');
    expect(price.price).toMatch(decimal);
  });

  it('reads a 5-level order book, asks above bids', async () => {
    const book = (await client.depth('BTCUSDT', { limit: 5 })).data;
    expect(book.asks).toHaveLength(5);
    expect(book.bids).toHaveLength(5);
    expect(Number(book.asks[0][0])).toBeGreaterThan(Number(book.bids[0][0]));
  });

  it('reads klines as the exchange shapes them', async () => {
    const klines = (await client.klines('BTCUSDT', '1m', { limit: 10 })).data;
    expect(klines).toHaveLength(10);
    for (const k of klines) {
      expect(k).toHaveLength(12);
      expect(typeof k[0]).toBe('number');
      expect(k[1]).toMatch(decimal);
      expect(Number(k[2])).toBeGreaterThanOrEqual(Number(k[3]));
    }
  });

  it('reads exchange info for a symbol', async () => {
    const info = (await client.exchangeInfo({ symbol: 'BTCUSDT' })).data;
    expect(info.symbols[0]).toMatchObject({ symbol: 'BTCUSDT', baseAsset: 'BTC', quoteAsset: 'USDT' });
  });

  it('gets the exchange error for an unknown symbol', async () => {
    await expect(client.ticker24hr('NOPEUSDT')).rejects.toMatchObject({
      response: { status: 400, data: { code: -1121, msg: 'Invalid symbol.' } },
    });
  });
});
