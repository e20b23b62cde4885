/** MARKET_SOURCE=binance against a fake exchange on 127.0.0.1 (never a real host). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  createBinanceFeed,
  type BinanceFeed,
  type BinanceFeedOptions,
} from '../../src/server/modules/market/binance/feed.js';
import { ExchangeApiError } from '../../src/server/errors.js';
import { BOOK_LEVELS } from '../../src/server/modules/market/depth.js';
import type { OrderBook } from '../../src/shared/api/market.js';
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

  it('keeps a stream event over an older REST poll answer that arrives after it', async () => {
    const fake = await exchange();
    fake.streamRefused = true;
    let clock = Date.now();
    const feed = follow(fake, { now: () => clock, staleAfterMs: 3_600_000 });
    await feed.start();
    await until(() => expect(feed.status().region).toBe('international'));
    // A slow poll leaves with the price 65000; the stream comes back meanwhile with 66000.
    fake.restDelayMs = 1_500;
    const polls = fake.count('/api/v3/ticker/24hr');
    clock += 200;
    await until(() => expect(fake.count('/api/v3/ticker/24hr')).toBe(polls + 1));
    fake.setPrice('BTCUSDT', '66000.00000000');
    fake.streamRefused = false;
    await until(() => expect(fake.openStreams()).toBe(1));
    fake.push('BTCUSDT');
    await until(() => expect(feed.lastPrice('BTCUSDT')!.price).toBe('66000.00000000'));
    fake.usedWeight = 3_000; // marks the poll's answer, sent after this
    await until(() => expect(feed.status().usedWeight).toBe(3_000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feed.lastPrice('BTCUSDT')!.price).toBe('66000.00000000');
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
      bids: ['1', '2', '3', '4', '5'].map((q) => ['65000.00000000', `${q}.00000000`]),
      asks: ['2', '3', '4', '5', '6'].map((q) => ['65000.00000000', `${q}.00000000`]),
    });
    expect(fake.requests.filter((r) => r.startsWith('/api/v3/depth'))).toEqual([
      '/api/v3/depth?symbol=BTCUSDT&limit=20',
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

describe("the exchange's limits", () => {
  const levels = (book: OrderBook) => [book.bids.length, book.asks.length];

  it('asks the exchange for one small depth whatever the client asks, and cuts it to what was asked', async () => {
    const fake = await exchange();
    const feed = follow(fake);
    await feed.start();
    await until(() => expect(feed.status().region).toBe('international'));
    const [five, ten, huge] = await Promise.all([
      feed.depth('BTCUSDT', 5),
      feed.depth('BTCUSDT', 10),
      feed.depth('BTCUSDT', 5000),
    ]);
    expect([levels(five), levels(ten), levels(huge)]).toEqual([
      [5, 5],
      [10, 10],
      [BOOK_LEVELS, BOOK_LEVELS],
    ]);
    // The smallest valid limit covering the 20 levels we serve (weight 5), never the client's 5000.
    expect(fake.requests.filter((r) => r.startsWith('/api/v3/depth'))).toEqual([
      '/api/v3/depth?symbol=BTCUSDT&limit=20',
    ]);
  });

  it('stops depth and klines above 80 % of the used weight, serving the last answer from memory; tickers go on to 95 %', async () => {
    const fake = await exchange();
    fake.streamRefused = true; // the REST poll (essential) keeps the prices fresh
    let clock = Date.UTC(2025, 0, 1, 0, 0, 1);
    const feed = follow(fake, { now: () => clock, staleAfterMs: 3_600_000 });
    await feed.start();
    await until(() => expect(feed.status().region).toBe('international'));
    expect((await feed.depth('BTCUSDT', 5)).bids[0]![0]).toBe('65000.00000000');

    // Another process on our IP has used most of the minute; the next answer says so.
    fake.usedWeight = 4_850;
    clock += 1_500;
    await feed.depth('BTCUSDT', 5);
    // The exchange's count (4850 + this request's 5, + 2 if a ticker poll was answered after it), not ours.
    expect(feed.status().usedWeight).toBeGreaterThanOrEqual(4_855);
    const depthCalls = fake.count('/api/v3/depth');
    fake.setPrice('BTCUSDT', '70000.00000000');
    clock += 1_500;
    expect((await feed.depth('BTCUSDT', 5)).bids[0]![0]).toBe('65000.00000000');
    await expect(feed.klines({ symbol: 'BTCUSDT', interval: '1m', limit: 1 })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect([fake.count('/api/v3/depth'), fake.count('/api/v3/klines')]).toEqual([depthCalls, 0]);
    // The tickers, which keep the marks fresh, still go.
    clock += 200;
    await until(() => expect(feed.lastPrice('BTCUSDT')!.price).toBe('70000.00000000'));

    // Above 95 %: nothing goes until the minute turns.
    fake.usedWeight = 5_800;
    clock += 200;
    await until(() => expect(feed.status().usedWeight).toBeGreaterThanOrEqual(5_800));
    const tickerCalls = fake.count('/api/v3/ticker/24hr');
    for (let i = 0; i < 5; i++) {
      clock += 200;
      await new Promise((resolve) => setTimeout(resolve, 60)); // two watchdog rounds
    }
    expect(fake.count('/api/v3/ticker/24hr')).toBe(tickerCalls);

    fake.usedWeight = 0; // the exchange's new minute
    clock = Date.UTC(2025, 0, 1, 0, 1, 0);
    await until(() => expect(fake.count('/api/v3/ticker/24hr')).toBeGreaterThan(tickerCalls));
    clock += 1_500;
    expect((await feed.depth('BTCUSDT', 5)).bids[0]![0]).toBe('70000.00000000');
  });

  it('after a 429 sends nothing for Retry-After, serves the book from memory and lets the marks go stale, then resumes', async () => {
    const fake = await exchange();
    fake.streamRefused = true;
    let clock = Date.now();
    const feed = follow(fake, { now: () => clock });
    await feed.start();
    await until(() => expect(feed.status().region).toBe('international'));
    await feed.depth('BTCUSDT', 5);

    fake.limited = { status: 429, retryAfter: '3' };
    clock += 200; // a ticker poll is due, and is answered 429
    await until(() => expect(feed.status().backoffUntil).toBeGreaterThan(0));
    const refusedAt = clock;
    expect(feed.status().backoffUntil).toBe(refusedAt + 3_000);
    const sent = fake.requests.length;
    for (let i = 0; i < 14; i++) {
      clock += 200;
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(levels(await feed.depth('BTCUSDT', 5))).toEqual([5, 5]);
    }
    await expect(feed.klines({ symbol: 'ETHUSDT', interval: '1m', limit: 1 })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(fake.requests.length).toBe(sent);
    expect(feed.isStale('BTCUSDT')).toBe(true);

    fake.limited = null;
    fake.setPrice('BTCUSDT', '64000.00000000');
    clock = refusedAt + 3_000;
    await until(() => expect(feed.lastPrice('BTCUSDT')!.price).toBe('64000.00000000'));
    expect(feed.isStale('BTCUSDT')).toBe(false);
    expect(feed.status().backoffUntil).toBe(0);
  });

  it('without Retry-After backs off exponentially on 429, far longer on 418 (banned); Retry-After wins when sent', async () => {
    const fake = await exchange();
    let clock = Date.now();
    const feed = follow(fake, {
      now: () => clock,
      staleAfterMs: 3_600_000,
      budget: { backoff: { initialMs: 1_000, bannedMs: 60_000, maxMs: 600_000 } },
    });
    await feed.start();
    await until(() => expect(feed.status().streaming).toBe(true));
    const backoffAfter = async (answer: FakeExchange['limited'], symbol: string) => {
      fake.limited = answer;
      const sent = fake.count('/api/v3/depth');
      await feed.depth(symbol, 5).catch(() => 'unavailable');
      expect(fake.count('/api/v3/depth')).toBe(sent + 1);
      const delay = feed.status().backoffUntil - clock;
      clock += delay; // the back-off is over
      return delay;
    };
    expect(await backoffAfter({ status: 429 }, 'BTCUSDT')).toBe(1_000);
    expect(await backoffAfter({ status: 429 }, 'ETHUSDT')).toBe(2_000);
    expect(await backoffAfter({ status: 429 }, 'BTCUSDT')).toBe(4_000);
    expect(await backoffAfter({ status: 418 }, 'ETHUSDT')).toBeGreaterThanOrEqual(60_000);
    expect(await backoffAfter({ status: 418, retryAfter: '7' }, 'BTCUSDT')).toBe(7_000);
    // An answer that is not a rate limit starts the count again.
    fake.limited = null;
    clock += 1_500;
    await feed.depth('BTCUSDT', 5);
    clock += 1_500;
    fake.limited = { status: 429 };
    // The refused request is answered from memory (the book just fetched), not with an error.
    expect(levels(await feed.depth('BTCUSDT', 5))).toEqual([5, 5]);
    expect(feed.status().backoffUntil - clock).toBe(1_000);
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
    // A client's huge depth limit is served from the one small upstream request.
    const book = await call(t, 'GET', '/api/v3/depth?symbol=BTCUSDT&limit=5000');
    expect([book.status, book.body.bids.length, book.body.asks.length]).toEqual([200, BOOK_LEVELS, BOOK_LEVELS]);
    expect(fake.requests.filter((r) => r.startsWith('/api/v3/depth'))).toEqual([
      '/api/v3/depth?symbol=BTCUSDT&limit=20',
    ]);

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
