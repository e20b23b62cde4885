/**
 * The exchange's public streams (docs/decisions/0032-public-streams.md,
 * docs/architecture.md "Public streams", docs/decisions/0032): every stream's event fields and
 * types (prices and quantities strings, ids and times numbers), path segments that name no stream
 * ignored, combined frames, the diff depth stream synced against /api/v3/depth's lastUpdateId by the
 * exchange's own procedure, klines of every interval, and trades from our own spot fills.
 *
 * Two apps: the simulator (real one-second ticks) for the shapes, and a market the test moves (a
 * tick on every price it sets) for the book sync and the trades, so those wait for no clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickerEvent } from '../../src/shared/api/market.js';
import { KLINE_INTERVALS } from '../../src/shared/market.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { grant } from '../helpers/money.js';
import { call, signUp } from '../helpers/users.js';
import { connectWs, type WsClient } from '../helpers/ws.js';

let sim: TestApp;
let t: TestApp;
let market: FakeMarket;
beforeAll(async () => {
  market = createFakeMarket();
  [sim, t] = await Promise.all([createTestApp(), createTestApp({ market })]);
});
afterAll(() => Promise.all([sim.close(), t.close()]));

const decimal = /^\d+\.\d+$/;
const price = expect.stringMatching(decimal);
const int = expect.any(Number);
const level = [price, price];

async function subscribed(app: TestApp, streams: string[], path = '/ws'): Promise<WsClient> {
  const client = await connectWs(app, path);
  client.send({ method: 'SUBSCRIBE', params: streams, id: 1 });
  expect(await client.next((f) => f.id === 1)).toEqual({ result: null, id: 1 });
  return client;
}

describe('each stream, with the exchange fields and types', () => {
  it('@ticker, @miniTicker, !ticker@arr and !miniTicker@arr', async () => {
    const client = await subscribed(sim, ['btcusdt@ticker', 'ethusdt@miniTicker', '!ticker@arr', '!miniTicker@arr']);
    const ticker = await client.next((f) => f.e === '24hrTicker');
    expect(tickerEvent.parse(ticker).s).toBe('BTCUSDT');
    expect(await client.next((f) => f.e === '24hrMiniTicker')).toEqual({
      e: '24hrMiniTicker',
      E: int,
      s: 'ETHUSDT',
      c: price,
      o: price,
      h: price,
      l: price,
      v: price,
      q: price,
    });
    const tickers = await client.next((f) => Array.isArray(f) && f[0].e === '24hrTicker');
    const minis = await client.next((f) => Array.isArray(f) && f[0].e === '24hrMiniTicker');
    expect(tickers.map((x: unknown) => tickerEvent.parse(x).s)).toContain('ETHBTC');
    expect(minis.length).toBe(tickers.length);
    expect(minis.length).toBeGreaterThan(5);
    client.ws.terminate();
  });

  it('@bookTicker and @depth5 / @depth10@100ms / @depth20 agree with /api/v3/depth', async () => {
    const client = await subscribed(sim, [
      'btcusdt@bookTicker',
      'btcusdt@depth5',
      'btcusdt@depth10@100ms',
      'btcusdt@depth20',
    ]);
    const top = await client.next((f) => 'u' in f && 'A' in f);
    expect(top).toEqual({ u: int, s: 'BTCUSDT', b: price, B: price, a: price, A: price });
    expect(Number(top.a)).toBeGreaterThan(Number(top.b));
    const books = await Promise.all(
      [5, 10, 20].map((n) => client.next((f) => f.lastUpdateId !== undefined && f.bids.length === n)),
    );
    for (const book of books) {
      expect(book).toEqual({ lastUpdateId: int, bids: expect.any(Array), asks: expect.any(Array) });
      for (const side of [book.bids, book.asks]) for (const l of side) expect(l).toEqual(level);
    }
    // All four from one served book: /api/v3/depth at that id says the same.
    const [five, , twenty] = books;
    expect(five.bids).toEqual(twenty.bids.slice(0, 5));
    const rest = await sim.app.inject({ url: '/api/v3/depth?symbol=BTCUSDT&limit=20' });
    const served = rest.json();
    expect(served.lastUpdateId).toBeGreaterThanOrEqual(twenty.lastUpdateId);
    if (served.lastUpdateId === twenty.lastUpdateId) expect(served).toEqual(twenty);
    client.ws.terminate();
  });

  it('@kline_<interval> for every interval /api/v3/klines serves, as its candles', async () => {
    const intervals = Object.keys(KLINE_INTERVALS);
    const client = await subscribed(
      sim,
      intervals.map((i) => `ethusdt@kline_${i}`),
    );
    const events = await Promise.all(intervals.map((i) => client.next((f) => f.e === 'kline' && f.k.i === i)));
    for (const [n, event] of events.entries()) {
      expect(event).toEqual({
        e: 'kline',
        E: int,
        s: 'ETHUSDT',
        k: {
          t: int,
          T: int,
          s: 'ETHUSDT',
          i: intervals[n],
          f: -1,
          L: -1,
          o: price,
          c: price,
          h: price,
          l: price,
          v: price,
          n: int,
          x: expect.any(Boolean),
          q: price,
          V: price,
          Q: price,
          B: expect.any(String),
        },
      });
    }
    // 1m and 1M are different streams (a minute, a month), like on the exchange.
    const minute = events[intervals.indexOf('1m')].k;
    const month = events[intervals.indexOf('1M')].k;
    expect(minute.T - minute.t).toBe(59_999);
    expect(month.T - month.t).toBeGreaterThan(27 * 86_400_000);
    // The candle the stream sends is the one /api/v3/klines serves (its open and open price).
    const [candle] = (await sim.app.inject({ url: '/api/v3/klines?symbol=ETHUSDT&interval=1d&limit=1' })).json();
    const day = events[intervals.indexOf('1d')].k;
    expect([day.t, day.o]).toEqual([candle[0], candle[1]]);
    client.ws.terminate();
  });

  it('a well-formed stream of an unknown symbol is accepted and silent; a name that is no stream is refused', async () => {
    const client = await subscribed(sim, ['nopeusdt@ticker', 'nopeusdt@depth']);
    client.send({ method: 'LIST_SUBSCRIPTIONS', id: 2 });
    expect(await client.next((f) => f.id === 2)).toEqual({ result: ['nopeusdt@ticker', 'nopeusdt@depth'], id: 2 });
    client.send({ method: 'SUBSCRIBE', params: ['btcusdt@depth7', 'btcusdt@ticker'], id: 3 });
    expect((await client.next((f) => f.id === 3)).error).toEqual({
      code: 2,
      msg: 'Invalid request: unknown stream btcusdt@depth7',
    });
    client.ws.terminate();
  });
});

describe('the URL styles of the exchange', () => {
  it('ignores path segments that name no stream (ccxt.pro connects to /ws/0) and takes requests there', async () => {
    const plain = await connectWs(sim, '/ws/0');
    plain.send({ method: 'SUBSCRIBE', params: ['ethbtc@miniTicker'], id: 5 });
    expect(await plain.next((f) => f.id === 5)).toEqual({ result: null, id: 5 });
    expect((await plain.next((f) => f.e === '24hrMiniTicker')).s).toBe('ETHBTC');
    plain.send({ method: 'LIST_SUBSCRIPTIONS', id: 6 });
    expect(await plain.next((f) => f.id === 6)).toEqual({ result: ['ethbtc@miniTicker'], id: 6 });
    plain.send({ method: 'UNSUBSCRIBE', params: ['ethbtc@miniTicker'], id: 7 });
    expect(await plain.next((f) => f.id === 7)).toEqual({ result: null, id: 7 });

    // Streams and other segments mixed: the streams are subscribed, the rest ignored, nothing closed.
    const mixed = await connectWs(sim, '/ws/1/BTCUSDT@miniTicker/hello/btcusdt@nope');
    expect((await mixed.next((f) => f.e === '24hrMiniTicker')).s).toBe('BTCUSDT');
    mixed.send({ method: 'LIST_SUBSCRIPTIONS', id: 1 });
    expect(await mixed.next((f) => f.id === 1)).toEqual({ result: ['btcusdt@miniTicker'], id: 1 });
    expect(mixed.frames.some((f) => f.error)).toBe(false);
    plain.ws.terminate();
    mixed.ws.terminate();
  });

  it('hands a segment that names no stream to the modules that claim such segments (a listenKey)', async () => {
    const seen: string[] = [];
    sim.ctx.streams.addSegmentResolver((segment) => {
      seen.push(segment);
      return segment === 'MyListenKey42' ? ['ethbtc@miniTicker'] : null;
    });
    const client = await connectWs(sim, '/ws/MyListenKey42/7');
    expect((await client.next((f) => f.e === '24hrMiniTicker')).s).toBe('ETHBTC');
    // As written (a listenKey's case matters), and only segments that are no stream.
    expect(seen).toEqual(['MyListenKey42', '7']);
    client.ws.terminate();
  });

  it('/stream?streams= wraps every stream in {stream, data}, and its URL takes requests too', async () => {
    const client = await connectWs(sim, '/stream?streams=btcusdt@depth5/0/ethusdt@kline_1m');
    const depth = await client.next((f) => f.stream === 'btcusdt@depth5');
    expect(depth.data.bids).toHaveLength(5);
    expect((await client.next((f) => f.stream === 'ethusdt@kline_1m')).data.k.i).toBe('1m');
    client.send({ method: 'SUBSCRIBE', params: ['ethusdt@bookTicker'], id: 2 });
    expect((await client.next((f) => f.stream === 'ethusdt@bookTicker')).data.s).toBe('ETHUSDT');
    client.ws.terminate();
  });
});

type Level = [string, string];
type Book = { lastUpdateId: number; bids: Level[]; asks: Level[] };
const depth = async (): Promise<Book> =>
  (await t.app.inject({ url: '/api/v3/depth?symbol=BTCUSDT&limit=1000' })).json();

/** A tick of the test's market (the publisher runs on every price set) with this book. */
function moveBook(bids: string[], asks: string[]) {
  market.setBook('BTC', { bids, asks });
  market.set('BTC', String(Number(bids[0] ?? asks[0]) + 1));
}

/** The exchange's procedure for a local book, step by step (its documentation, "How to manage a local order book"). */
function syncBook(snapshot: Book, events: any[]): Book {
  const sides = { b: new Map(snapshot.bids), a: new Map(snapshot.asks) };
  let last = snapshot.lastUpdateId;
  let first = true;
  for (const event of events) {
    if (event.u <= snapshot.lastUpdateId) continue; // drop what the snapshot has
    if (first) {
      // The first event to apply straddles the snapshot.
      expect(event.U).toBeLessThanOrEqual(snapshot.lastUpdateId + 1);
      expect(event.u).toBeGreaterThanOrEqual(snapshot.lastUpdateId + 1);
      first = false;
    } else {
      expect(event.U).toBe(last + 1); // no gap, no overlap
    }
    for (const key of ['b', 'a'] as const)
      for (const [p, q] of event[key] as Level[]) {
        if (Number(q) === 0) sides[key].delete(p);
        else sides[key].set(p, q);
      }
    last = event.u;
  }
  const sorted = (side: Map<string, string>, desc: boolean) =>
    [...side].sort((x, y) => (desc ? Number(y[0]) - Number(x[0]) : Number(x[0]) - Number(y[0])));
  return { lastUpdateId: last, bids: sorted(sides.b, true), asks: sorted(sides.a, false) };
}

describe('the diff depth stream', () => {
  it('syncs a local book with /api/v3/depth lastUpdateId the way the exchange documents it', async () => {
    moveBook(['100', '99', '98'], ['101', '102']);
    await depth(); // the served book as someone last read it
    const client = await subscribed(t, ['btcusdt@depth@100ms']);
    const isDiff = (f: any) => f.e === 'depthUpdate';
    /** A tick that changes the book, and its event (u = the id /api/v3/depth now serves). */
    const tick = async (bids: string[], asks: string[]) => {
      moveBook(bids, asks);
      const id = (await depth()).lastUpdateId;
      await client.next((f) => isDiff(f) && f.u === id);
    };
    // 1. events are buffered while 2. the snapshot is fetched: one change before it, more after.
    await tick(['100', '99.5', '98'], ['101', '102']);
    const snapshot = await depth();
    await tick(['100', '99.5'], ['100.5', '101', '102']);
    // A change a REST client saw between ticks is in the next event too.
    market.setBook('BTC', { bids: ['100', '99.5', '97'], asks: ['100.5', '102'] });
    expect((await depth()).lastUpdateId).toBeGreaterThan(snapshot.lastUpdateId);
    await tick(['99', '97'], ['100.5', '102', '103']);
    const events = client.frames.filter(isDiff);
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect(event).toEqual({
        e: 'depthUpdate',
        E: int,
        s: 'BTCUSDT',
        U: int,
        u: int,
        b: expect.any(Array),
        a: expect.any(Array),
      });
      expect(event.u).toBeGreaterThanOrEqual(event.U);
    }
    // 3. drop what the snapshot has, 4. start at the event straddling it, 5. each U = previous u + 1.
    const local = syncBook(snapshot, events);
    expect(local).toEqual(await depth());
    expect(local.bids.map(([p]) => p)).toEqual(['99', '97']);
    expect(local.asks.map(([p]) => p)).toEqual(['100.5', '102', '103']);
    client.ws.terminate();
  });

  it('numbers the served book for REST too: lastUpdateId grows only when the book changes', async () => {
    moveBook(['200'], ['201']);
    const a = await depth();
    expect(await depth()).toEqual(a);
    market.setBook('BTC', { bids: ['200'], asks: ['201', '202'] });
    const b = await depth();
    expect(b.lastUpdateId).toBeGreaterThan(a.lastUpdateId);
    expect((await t.app.inject({ url: '/api/v3/depth?symbol=BTCUSDT&limit=1' })).json()).toEqual({
      lastUpdateId: b.lastUpdateId,
      bids: [b.bids[0]],
      asks: [b.asks[0]],
    });
  });
});

describe('trades from our own fills', () => {
  it('@trade and @aggTrade carry each spot fill of the symbol: id, price, quantity, time, buyer-is-maker', async () => {
    market.set('BTC', '60000');
    market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
    const client = await subscribed(t, ['btcusdt@trade', 'btcusdt@aggTrade', 'ethusdt@trade']);
    const user = await signUp(t);
    await grant(t, user, 'funding', 'USDT', '2000');
    const place = (body: Record<string, unknown>) =>
      call(t, 'POST', '/api-v1/spot-orders/', { token: user.token, body });

    // A market buy takes the house's ask: the buyer is the taker (m false).
    const bought = await place({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    expect(bought.body).toMatchObject({ order: { status: 'filled' } });
    const id = bought.body.order.order_id;
    const trade = await client.next((f) => f.e === 'trade');
    expect(trade).toEqual({
      e: 'trade',
      E: int,
      s: 'BTCUSDT',
      t: id,
      p: '60010.00000000',
      q: '0.01000000',
      T: int,
      m: false,
      M: true,
    });
    expect(await client.next((f) => f.e === 'aggTrade')).toEqual({
      e: 'aggTrade',
      E: int,
      s: 'BTCUSDT',
      a: id,
      p: '60010.00000000',
      q: '0.01000000',
      f: id,
      l: id,
      T: trade.T,
      m: false,
      M: true,
    });

    // A limit buy that rested, filled later on the per-tick pass: the buyer was the maker (m true).
    const resting = await place({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '59000' });
    expect(resting.body.order.status).toBe('open');
    t.clock.advance(1_000);
    market.set('BTC', '58990');
    market.setBook('BTC', { bids: ['58980'], asks: ['58990'] });
    expect(await runTradeJobsOnce(t.ctx)).toMatchObject({ spotFilled: 1 });
    const later = await client.next((f) => f.e === 'trade' && f.t === resting.body.order.order_id);
    expect(later).toMatchObject({ p: '59000.00000000', q: '0.01000000', m: true });
    expect(later.T).toBeGreaterThan(trade.T);
    // Each fill once, and only on its own symbol's streams.
    expect(client.frames.filter((f) => f.e === 'trade').map((f) => f.t)).toEqual([id, resting.body.order.order_id]);
    expect(client.frames.filter((f) => f.e === 'trade').every((f) => f.s === 'BTCUSDT')).toBe(true);
    client.ws.terminate();
  });
});
