/** MARKET_SOURCE=binance against a fake exchange on 127.0.0.1 (never a real host). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  createBinanceFeed,
  type BinanceFeed,
  type BinanceFeedOptions,
} from '../../src/server/modules/market/binance/feed.js';
import { ExchangeApiError } from '../../src/server/errors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startFakeExchange, type FakeExchange } from '../helpers/fake-exchange.js';
import { call } from '../helpers/users.js';

const silent = { info() {}, warn() {} };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function exchange(
  prices: Record<string, string> = { BTCUSDT: '65000.00000000', ETHUSDT: '3000.00000000', FOOBAR: '1.00000000' },
) {
  const fake = await startFakeExchange(prices);
  cleanups.push(() => fake.close());
  return fake;
}

function follow(international: FakeExchange, options: Partial<BinanceFeedOptions> = {}): BinanceFeed {
  const feed = createBinanceFeed({
    now: Date.now,
    log: silent,
    endpoints: { international: international.endpoints, us: international.endpoints },
    region: async () => 'international',
    symbols: ['BTCUSDT', 'ETHUSDT', 'ETHBTC'],
    staleAfterMs: 400,
    watchdogMs: 25,
    restPollMs: 100,
    backoff: { initialMs: 30, maxMs: 120 },
    ...options,
  });
  cleanups.push(() => feed.stop());
  return feed;
}

const until = <T>(check: () => T) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

describe('following the exchange', () => {
  it('loads tickers over REST, then updates them from one stream of every symbol', async () => {
    const fake = await exchange();
    // Staleness is not under test here: on a loaded machine a 400 ms silence made the watchdog reopen the stream.
    const feed = follow(fake, { staleAfterMs: 10_000 });
    await feed.start();
    await until(() => expect(feed.status().streaming).toBe(true));
    // ETHBTC is not listed upstream, FOOBAR is not ours: the catalog is what both have.
    expect(feed.catalog().symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(JSON.parse(feed.catalog().exchangeInfoJson(0)).symbols[0].fromUpstream).toBe(true);
    expect(feed.snapshot().ticker('BTCUSDT')!.lastPrice).toBe('65000.00000000');
    expect(fake.streamUrls).toEqual(['/stream?streams=btcusdt@ticker/ethusdt@ticker']);

    fake.setPrice('BTCUSDT', '66000.50000000');
    fake.push('BTCUSDT');
    await until(() => expect(feed.lastPrice('BTCUSDT')!.price).toBe('66000.50000000'));
    await until(() => expect(feed.snapshot().ticker('BTCUSDT')!.lastPrice).toBe('66000.50000000'));
    expect(feed.isStale('BTCUSDT')).toBe(false);
    expect(fake.openStreams()).toBe(1);
  });

  it('marks prices stale when the exchange goes silent, and recovers after reconnecting', async () => {
    const fake = await exchange();
    const feed = follow(fake);
    await feed.start();
    await until(() => expect(feed.status().streaming).toBe(true));
    fake.restDown = true;
    await until(() => expect(feed.isStale('BTCUSDT')).toBe(true));
    // The silent stream was dropped and reopened.
    await until(() => expect(feed.status().reconnects).toBeGreaterThan(0));
    await until(() => expect(fake.openStreams()).toBe(1));
    fake.setPrice('BTCUSDT', '64000.00000000');
    fake.push('BTCUSDT');
    await until(() => expect(feed.isStale('BTCUSDT')).toBe(false));
    expect(feed.lastPrice('BTCUSDT')!.price).toBe('64000.00000000');
  });

  it('reconnects with back-off when the stream drops', async () => {
    const fake = await exchange();
    const feed = follow(fake, { staleAfterMs: 60_000 });
    await feed.start();
    await until(() => expect(fake.openStreams()).toBe(1));
    fake.streamRefused = true;
    fake.dropStreams();
    await until(() => expect(fake.streamUrls.length).toBeGreaterThanOrEqual(4));
    fake.streamRefused = false;
    await until(() => expect(fake.openStreams()).toBe(1));
    fake.setPrice('ETHUSDT', '3100.00000000');
    fake.push('ETHUSDT');
    await until(() => expect(feed.lastPrice('ETHUSDT')!.price).toBe('3100.00000000'));
  });

  it('keeps prices fresh over REST while the stream is refused', async () => {
    const fake = await exchange();
    fake.streamRefused = true;
    // The feed's own clock, moved by the test: a poll is due whenever restPollMs (100) have passed on it.
    let clock = Date.now();
    const feed = follow(fake, { now: () => clock });
    await feed.start();
    await until(() => expect(feed.lastPrice('BTCUSDT')).not.toBeNull());
    fake.setPrice('BTCUSDT', '61000.00000000');
    // Six polls 100 ms apart: 600 ms on the feed's clock, longer than staleAfterMs (400), fresh throughout.
    for (let i = 0; i < 6; i++) {
      clock += 100;
      const due = clock;
      await until(() => expect(feed.lastPrice('BTCUSDT')!.time).toBe(due)); // that poll came back
      expect(feed.isStale('BTCUSDT')).toBe(false);
    }
    expect(feed.lastPrice('BTCUSDT')!.price).toBe('61000.00000000');
    expect(feed.status().streaming).toBe(false);
  });

  it('tries the US exchange first for a US server and falls back to the international one', async () => {
    const [us, international] = [await exchange(), await exchange()];
    us.restDown = true;
    const feed = follow(international, {
      endpoints: { us: us.endpoints, international: international.endpoints },
      region: async () => 'us',
    });
    await feed.start();
    await until(() => expect(feed.status().region).toBe('international'));
    expect(us.requests[0]).toBe('/api/v3/ticker/24hr');

    const usFeed = follow(international, {
      endpoints: { us: (await exchange()).endpoints, international: international.endpoints },
      region: async () => 'us',
    });
    await usFeed.start();
    await until(() => expect(usFeed.status().region).toBe('us'));
  });

  it('proxies depth and klines, sharing one upstream call per second', async () => {
    const fake = await exchange();
    const feed = follow(fake);
    await feed.start();
    await until(() => expect(feed.status().region).toBe('international'));
    const books = await Promise.all([feed.depth('BTCUSDT', 5), feed.depth('BTCUSDT', 5), feed.depth('BTCUSDT', 5)]);
    expect(books[0]).toEqual({
      lastUpdateId: 42,
      bids: [['65000.00000000', '1.00000000']],
      asks: [['65000.00000000', '2.00000000']],
    });
    expect(fake.requests.filter((r) => r.startsWith('/api/v3/depth'))).toEqual([
      '/api/v3/depth?symbol=BTCUSDT&limit=5',
    ]);
    const candles = await feed.klines({ symbol: 'ETHUSDT', interval: '1m', limit: 1 });
    expect(candles[0]![1]).toBe('3000.00000000');
    await expect(feed.klines({ symbol: 'ETHBTC', interval: '1m', limit: 1 })).rejects.toMatchObject({
      statusCode: 400,
      code: -1121,
    });
    fake.restDown = true;
    const down = await feed.depth('ETHUSDT', 10).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ExchangeApiError);
    expect(down).toMatchObject({ statusCode: 503, code: -1001 });
  });

  it('does nothing more once stopped', async () => {
    // A second feed, alike but left running, shows when the stopped one would have acted.
    const [fake, control] = await Promise.all([exchange(), exchange()]);
    const [feed, running] = [follow(fake), follow(control)];
    await Promise.all([feed.start(), running.start()]);
    await until(() => expect([fake.openStreams(), control.openStreams()]).toEqual([1, 1]));
    await feed.stop();
    await until(() => expect(fake.openStreams()).toBe(0));
    const seen = fake.requests.length + fake.streamUrls.length;
    // Both streams drop twice; the running feed reconnects each time (back-off 30-120 ms), the stopped one must not.
    for (let drop = 0; drop < 2; drop++) {
      const streams = control.streamUrls.length;
      fake.dropStreams();
      control.dropStreams();
      await until(() => expect(control.streamUrls.length).toBeGreaterThan(streams));
      await until(() => expect(control.openStreams()).toBe(1));
    }
    expect(fake.requests.length + fake.streamUrls.length).toBe(seen);
  });
});

describe('the server on MARKET_SOURCE=binance', () => {
  let t: TestApp;

  it('serves the exchange prices to every client from one upstream connection', async () => {
    const fake = await exchange();
    t = await createTestApp({
      env: { MARKET_SOURCE: 'binance', MARKET_REGION: 'international' },
      config: { marketEndpoints: { us: fake.endpoints, international: fake.endpoints } },
    });
    cleanups.push(() => t.close());
    await until(async () =>
      expect((await call(t, 'GET', '/api/v3/ticker/price?symbol=BTCUSDT')).body).toEqual({
        symbol: 'BTCUSDT',
        price: '65000.00000000',
      }),
    );
    expect(await call(t, 'GET', '/api/v3/ticker/price?symbol=DOGEUSDT')).toMatchObject({
      status: 400,
      body: { code: -1121 },
    });
    expect(await t.ctx.market.markPrice('BTC')).toMatchObject({ price: '65000.00000000', stale: false });

    const clients = await Promise.all(Array.from({ length: 5 }, () => t.app.injectWS('/ws')));
    const got = clients.map(() => [] as any[]);
    clients.forEach((ws, i) => {
      ws.on('message', (data) => got[i]!.push(JSON.parse(String(data))));
      ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@ticker'], id: 1 }));
    });
    await until(() => expect(got.every((frames) => frames.some((f) => f.id === 1))).toBe(true));
    fake.setPrice('BTCUSDT', '67000.00000000');
    fake.push('BTCUSDT');
    await until(() => expect(got.every((frames) => frames.some((f) => f.c === '67000.00000000'))).toBe(true));
    expect(fake.openStreams()).toBe(1);
    clients.forEach((ws: WebSocket) => ws.terminate());
  });
});
