/**
 * Market HTTP: the exchange-compatible public API (/api/v3: Binance field names, string numbers,
 * {code, msg} errors) and the in-house coin's price. Bodies are pre-serialised per tick by the
 * snapshot and sent as they are. Also wires the public market streams of /ws to the price ticks
 * (streams.ts) and to our own fills (trade-stream.ts); /api/v3/depth and the depth streams read one
 * numbered book (book.ts).
 */
import type { FastifyReply } from 'fastify';
import { IN_HOUSE_COIN } from '../../../shared/constants.js';
import { defaultCurrency, type Kline } from '../../../shared/api/market.js';
import type { AppModule } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';
import {
  feedUnavailable,
  intervalParam,
  limitParam,
  requiredSymbol,
  symbolSelection,
  timeRange,
  type Query,
} from './params.js';
import { BookKeeper } from './book.js';
import { createMarketStreams } from './streams.js';
import { startTradeStreams } from './trade-stream.js';
import { usdoPrice } from './usdo.js';

const defaultCurrencyResponse = defaultCurrency;

/** depth: the exchange's default and maximum `limit`. */
const DEPTH_DEFAULT = 100;
const DEPTH_MAX = 5000;
/** klines: the exchange's default and maximum `limit`. */
const KLINES_DEFAULT = 500;
const KLINES_MAX = 1000;

/** A pre-serialised JSON body; its ExchangeApiErrors are answered by the error handler. */
async function answer(reply: FastifyReply, body: () => string | Promise<string>) {
  const json = await body();
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Each candle's JSON, kept while the feed keeps the candle itself (a closed candle never changes and
 * the simulated feed hands out the same array for it): a chart's 200 candles are 199 lookups and one
 * JSON.stringify, the same bytes as stringifying the list (docs/performance.md, "Cuts (session 18)").
 */
const klineJson = new WeakMap<Kline, string>();

function klinesJson(klines: readonly Kline[]): string {
  let body = '[';
  for (let i = 0; i < klines.length; i++) {
    const kline = klines[i]!;
    let json = klineJson.get(kline);
    if (json === undefined) {
      json = JSON.stringify(kline);
      klineJson.set(kline, json);
    }
    body += i === 0 ? json : `,${json}`;
  }
  return `${body}]`;
}

/** A quoted symbol with no data yet (the exchange feed is still connecting). */
function present(json: string): string {
  if (!json) throw feedUnavailable();
  return json;
}

const doc = (summary: string) => ({ schema: { tags: ['market'], summary } });

export const marketModule: AppModule = (app, ctx) => {
  const feed = ctx.market.exchange;
  const now = () => ctx.clock.now().getTime();

  const books = new BookKeeper(feed);
  const streams = createMarketStreams(ctx.streams, feed, books);
  ctx.streams.addFamily(streams.family);
  const stopPublishing = ctx.market.onTick(() => {
    // Held with the rest of the tick (the positions priced from it): one write per connection
    // (docs/decisions/0059-cpu-per-trader.md).
    const release = ctx.streams.hold();
    streams
      .publish()
      .catch((error: unknown) => logBackgroundFailure(ctx.log, 'market streams', error))
      .finally(release);
  });
  const stopTrades = startTradeStreams(ctx, ctx.streams);
  app.addHook('onClose', async () => {
    stopPublishing();
    stopTrades();
  });

  app.get('/api-v1/default-currency/', {
    schema: { tags: ['market'], response: { 200: defaultCurrencyResponse } },
    handler: async () => ({ currency: IN_HOUSE_COIN, price: (await usdoPrice(ctx.db, ctx.config.usdoPrice)).price }),
  });

  app.get('/api/v3/ping', doc('Test connectivity'), (_req, reply) => answer(reply, () => '{}'));

  app.get('/api/v3/time', doc('Server time (ms)'), (_req, reply) => answer(reply, () => `{"serverTime":${now()}}`));

  app.get('/api/v3/exchangeInfo', doc('Tracked symbols and their trading rules'), (req, reply) =>
    answer(reply, () => {
      const catalog = feed.catalog();
      const selection = symbolSelection(req.query as Query, catalog);
      const symbols = 'one' in selection ? [selection.one] : 'list' in selection ? selection.list : undefined;
      return catalog.exchangeInfoJson(now(), symbols);
    }),
  );

  /** ?symbol= (one, which must have data), ?symbols= (those, in that order) or neither (all), from the current snapshot. */
  function selected(query: Query, one: 'tickerJsonOf' | 'priceJsonOf', list: 'tickersJson' | 'pricesJson'): string {
    const selection = symbolSelection(query, feed.catalog());
    const snapshot = feed.snapshot();
    if ('one' in selection) return present(snapshot[one](selection.one));
    return snapshot[list]('list' in selection ? selection.list : undefined);
  }

  app.get('/api/v3/ticker/24hr', doc('24-hour rolling statistics: all, ?symbol= or ?symbols=["A","B"]'), (req, reply) =>
    answer(reply, () => selected(req.query as Query, 'tickerJsonOf', 'tickersJson')),
  );

  app.get('/api/v3/ticker/price', doc('Last prices: all, ?symbol= or ?symbols=["A","B"]'), (req, reply) =>
    answer(reply, () => selected(req.query as Query, 'priceJsonOf', 'pricesJson')),
  );

  app.get('/api/v3/depth', doc('Order book: ?symbol=&limit= (default 100)'), (req, reply) =>
    answer(reply, async () => {
      const query = req.query as Query;
      const symbol = requiredSymbol(query, feed.catalog());
      const limit = limitParam(query, DEPTH_DEFAULT, DEPTH_MAX);
      return JSON.stringify(await books.depth(symbol, limit));
    }),
  );

  app.get('/api/v3/klines', doc('Candles: ?symbol=&interval=&limit=&startTime=&endTime='), (req, reply) =>
    answer(reply, async () => {
      const query = req.query as Query;
      const symbol = requiredSymbol(query, feed.catalog());
      const interval = intervalParam(query);
      const range = timeRange(query);
      const limit = limitParam(query, KLINES_DEFAULT, KLINES_MAX);
      return klinesJson(await feed.klines({ symbol, interval, limit, ...range }));
    }),
  );
};
