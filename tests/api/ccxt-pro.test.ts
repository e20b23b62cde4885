/**
 * The most used crypto trading library's WebSocket side, unmodified: ccxt.pro's binance class
 * pointed at a Coinfront server (docs/decisions/0032-public-streams.md;
 * README "Pointing ccxt at a Coinfront server"). Only its addresses are changed (urls.api.public
 * for REST, urls.api.ws.spot for the streams) and its markets limited to spot; it connects to
 * /ws/0, /ws/1... and speaks SUBSCRIBE as it does with the exchange. A test server has no TLS, so
 * ccxt is told to allow ws:// (its own loadHttpProxyAgent).
 *
 * The market is one the test moves (each price it sets is a tick), with candles from the
 * simulator, so nothing waits for the clock.
 */
import type { AddressInfo } from 'node:net';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimFeed } from '../../src/server/modules/market/sim/feed.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { grant } from '../helpers/money.js';
import type { ApiKeyCreated } from '../../src/shared/api/api-keys.js';
import { call, signUp } from '../helpers/users.js';

let t: TestApp;
let market: FakeMarket;
let exchange: InstanceType<typeof ccxt.pro.binance>;
let base: string;

beforeAll(async () => {
  market = createFakeMarket();
  // Candles: the simulator's, so watchOHLCV has real ones to send.
  const candles = createSimFeed({ secret: 'ccxt', now: () => Date.now() });
  market.exchange.klines = (query) => candles.klines(query);
  t = await createTestApp({ market });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  base = `127.0.0.1:${port}`;
  exchange = new ccxt.pro.binance({
    urls: { api: { public: `http://${base}/api/v3`, ws: { spot: `ws://${base}/ws` } } },
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
    timeout: 10_000,
  });
  // ccxt's own switch for plain ws:// addresses (a test server has no TLS).
  await exchange.loadHttpProxyAgent();
  await exchange.loadMarkets();
});
afterAll(async () => {
  await exchange?.close();
  await t?.close();
});

type Level = [string, string];
const served = async (symbol: string): Promise<{ lastUpdateId: number; bids: Level[]; asks: Level[] }> =>
  (await t.app.inject({ url: `/api/v3/depth?symbol=${symbol}&limit=1000` })).json();
const numbers = (side: Level[]) => side.map(([p, q]) => [Number(p), Number(q)]);

describe('ccxt.pro binance, unmodified, against our streams', () => {
  it('watchTicker (ccxt subscribes to @miniTicker)', async () => {
    market.set('BTC', '60000');
    const first = await exchange.watchTicker('BTC/USDT');
    expect(first).toMatchObject({ symbol: 'BTC/USDT', last: 60000, open: 60000, high: 60000, low: 60000 });
    expect(first.info.e).toBe('24hrMiniTicker');
    market.set('BTC', '60123.5');
    let ticker = first;
    while (ticker.last !== 60123.5) ticker = await exchange.watchTicker('BTC/USDT');
    expect(ticker.timestamp).toBeGreaterThanOrEqual(first.timestamp!);
  });

  it('watchTickers (the 24hrMiniTicker stream)', async () => {
    market.set('ETH', '3000.25');
    const tickers = await exchange.watchTickers(['BTC/USDT', 'ETH/USDT']);
    const [symbol] = Object.keys(tickers);
    expect(['BTC/USDT', 'ETH/USDT']).toContain(symbol);
    expect(tickers[symbol!]!.last).toBeGreaterThan(0);
  });

  it('watchOrderBook: the book ccxt builds from the snapshot and the diff stream is our served book', async () => {
    market.setBook('ETH', { bids: ['2999', '2998', '2997'], asks: ['3001', '3002'] });
    market.set('ETH', '3000');
    const first = await exchange.watchOrderBook('ETH/USDT');
    expect(first.bids[0]).toEqual([2999, 1]);
    // Two changes: a level replaced, one gone, one new; then one more on a later tick.
    market.setBook('ETH', { bids: ['2999.5', '2998'], asks: ['3001', '3002', '3003'] });
    market.set('ETH', '3000.5');
    market.setBook('ETH', { bids: ['2999.5', '2998', '2990'], asks: ['3000.75', '3002', '3003'] });
    const target = await served('ETHUSDT');
    market.set('ETH', '3000.6');
    let book = first;
    while ((book.nonce ?? 0) < target.lastUpdateId) book = await exchange.watchOrderBook('ETH/USDT');
    expect(book.nonce).toBe(target.lastUpdateId);
    expect(book.bids).toEqual(numbers(target.bids));
    expect(book.asks).toEqual(numbers(target.asks));
    expect(book.bids.map(([p]) => p)).toEqual([2999.5, 2998, 2990]);
  });

  it('watchOHLCV: candles as /api/v3/klines serves them', async () => {
    const watching = exchange.watchOHLCV('ETH/USDT', '1m');
    await expect.poll(() => t.ctx.streams.subscriberCount('ethusdt@kline_1m')).toBe(1);
    market.set('ETH', '3000.7'); // a tick
    const candles = await watching;
    const [open, o, h, l] = candles[candles.length - 1]!;
    expect(open! % 60_000).toBe(0);
    // The very candle /api/v3/klines serves for that minute (its open price is fixed when it opens).
    const url = `/api/v3/klines?symbol=ETHUSDT&interval=1m&startTime=${open}&limit=1`;
    const [rest] = (await t.app.inject({ url })).json();
    expect([rest[0], Number(rest[1])]).toEqual([open, o]);
    expect(h).toBeGreaterThanOrEqual(l!);
  });

  it('watchTrades: our own fills', async () => {
    market.set('BTC', '60000');
    market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
    const watching = exchange.watchTrades('BTC/USDT');
    // Subscribed once the server lists it (ccxt sends SUBSCRIBE when watching starts).
    await expect.poll(() => t.ctx.streams.subscriberCount('btcusdt@trade')).toBe(1);
    const user = await signUp(t);
    await grant(t, user, 'funding', 'USDT', '1000');
    const placed = await call(t, 'POST', '/api-v1/spot-orders/', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' },
    });
    expect(placed.body).toMatchObject({ order: { status: 'filled' } });
    const [trade] = await watching;
    expect(trade).toMatchObject({
      id: String(placed.body.order.order_id),
      symbol: 'BTC/USDT',
      price: 60010,
      amount: 0.01,
      side: 'buy',
    });
  });
});

describe('ccxt.pro binance with a key: the user data stream', () => {
  // ccxt.pro subscribes spot user data on the WebSocket API (userDataStream.subscribe.signature on
  // urls.api.ws['ws-api'].spot), not with a listenKey; its events arrive as {subscriptionId, event}.
  it('watchBalance, watchOrders and watchMyTrades see a deposit and a market buy', async () => {
    const user = await signUp(t);
    await grant(t, user, 'funding', 'USDT', '1000');
    await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
    const key = await call<ApiKeyCreated>(t, 'POST', '/api-v1/api-keys/', {
      token: user.token,
      body: { label: 'pro', permissions: ['read', 'spot'], code: t.mailbox.lastCode(user.email) },
    });
    expect(key.status).toBe(201);
    const pro = new ccxt.pro.binance({
      apiKey: key.body.api_key,
      secret: key.body.secret,
      urls: {
        api: {
          public: `http://${base}/api/v3`,
          private: `http://${base}/api/v3`,
          ws: { spot: `ws://${base}/ws`, 'ws-api': { spot: `ws://${base}/ws-api/v3` } },
        },
      },
      options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
      timeout: 10_000,
    });
    try {
      await pro.loadHttpProxyAgent();
      await pro.loadMarkets();
      market.set('BTC', '60000');
      market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });

      const watchingBalance = pro.watchBalance();
      await expect.poll(() => t.ctx.streams.subscriberCount(`userData@key.${key.body.id}`)).toBe(1);
      await grant(t, user, 'funding', 'USDT', '5'); // a deposit: balanceUpdate, then the position
      let balance = await watchingBalance;
      while (balance['USDT']?.free !== 1005) balance = await pro.watchBalance();
      expect(balance['USDT']).toMatchObject({ free: 1005, used: 0, total: 1005 });

      const watchingOrders = pro.watchOrders('BTC/USDT');
      const watchingTrades = pro.watchMyTrades('BTC/USDT');
      const placed = await call(t, 'POST', '/api-v1/spot-orders/', {
        token: user.token,
        body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' },
      });
      expect(placed.status).toBe(201);
      const id = String(placed.body.order.order_id);
      let orders = await watchingOrders;
      while (orders[orders.length - 1]?.status !== 'closed') orders = await pro.watchOrders('BTC/USDT');
      expect(orders[orders.length - 1]).toMatchObject({
        id,
        symbol: 'BTC/USDT',
        type: 'market',
        side: 'buy',
        status: 'closed',
        amount: 0.01,
        filled: 0.01,
        cost: 600.1,
      });
      const [trade] = await watchingTrades;
      expect(trade).toMatchObject({ id, order: id, symbol: 'BTC/USDT', side: 'buy', price: 60010, amount: 0.01 });
      while (balance['BTC']?.free !== 0.01) balance = await pro.watchBalance();
      expect(balance['USDT']!.free).toBeCloseTo(1005 - 600.1 - Number(placed.body.order.fee), 8);
    } finally {
      await pro.close();
    }
  });
});
