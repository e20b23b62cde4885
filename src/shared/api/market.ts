/**
 * Public market data in the exchange's own shapes (Binance spot API: field names, numbers as
 * strings, errors as {code, msg}), so stock exchange clients work against our server unchanged.
 */
import { z } from 'zod';

/** The exchange's error body: `{code: -1121, msg: 'Invalid symbol.'}`. */
export const exchangeError = z.object({ code: z.number(), msg: z.string() });
export type ExchangeError = z.infer<typeof exchangeError>;

/** GET /api/v3/ticker/24hr (one element, or the whole answer for ?symbol=). */
export const ticker24h = z.object({
  symbol: z.string(),
  priceChange: z.string(),
  priceChangePercent: z.string(),
  weightedAvgPrice: z.string(),
  prevClosePrice: z.string(),
  lastPrice: z.string(),
  lastQty: z.string(),
  bidPrice: z.string(),
  bidQty: z.string(),
  askPrice: z.string(),
  askQty: z.string(),
  openPrice: z.string(),
  highPrice: z.string(),
  lowPrice: z.string(),
  volume: z.string(),
  quoteVolume: z.string(),
  openTime: z.number(),
  closeTime: z.number(),
  firstId: z.number(),
  lastId: z.number(),
  count: z.number(),
});
export type Ticker24h = z.infer<typeof ticker24h>;
export const ticker24hList = z.array(ticker24h);

/** GET /api/v3/ticker/price. */
export const tickerPrice = z.object({ symbol: z.string(), price: z.string() });
export type TickerPrice = z.infer<typeof tickerPrice>;
export const tickerPriceList = z.array(tickerPrice);

const priceLevel = z.tuple([z.string(), z.string()]);
/** GET /api/v3/depth: bids best (highest) first, asks best (lowest) first; [price, quantity]. */
export const orderBook = z.object({
  lastUpdateId: z.number(),
  bids: z.array(priceLevel),
  asks: z.array(priceLevel),
});
export type OrderBook = z.infer<typeof orderBook>;

/**
 * GET /api/v3/klines: [open time, open, high, low, close, volume, close time, quote volume,
 * trades, taker buy base volume, taker buy quote volume, unused "0"].
 */
export const kline = z.tuple([
  z.number(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.number(),
  z.string(),
  z.number(),
  z.string(),
  z.string(),
  z.string(),
]);
export type Kline = z.infer<typeof kline>;
export const klineList = z.array(kline);

/** A symbol's trading rules in GET /api/v3/exchangeInfo (the fields clients read; more may follow). */
export const symbolInfo = z.looseObject({
  symbol: z.string(),
  status: z.string(),
  baseAsset: z.string(),
  quoteAsset: z.string(),
  baseAssetPrecision: z.number(),
  quoteAssetPrecision: z.number(),
  filters: z.array(z.looseObject({ filterType: z.string() })),
});
export type SymbolInfo = z.infer<typeof symbolInfo>;

export const exchangeInfo = z.looseObject({
  timezone: z.string(),
  serverTime: z.number(),
  symbols: z.array(symbolInfo),
});
export type ExchangeInfo = z.infer<typeof exchangeInfo>;

/** WebSocket `<symbol>@ticker` event. */
export const tickerEvent = z.object({
  e: z.literal('24hrTicker'),
  E: z.number(),
  s: z.string(),
  p: z.string(),
  P: z.string(),
  w: z.string(),
  x: z.string(),
  c: z.string(),
  Q: z.string(),
  b: z.string(),
  B: z.string(),
  a: z.string(),
  A: z.string(),
  o: z.string(),
  h: z.string(),
  l: z.string(),
  v: z.string(),
  q: z.string(),
  O: z.number(),
  C: z.number(),
  F: z.number(),
  L: z.number(),
  n: z.number(),
});
export type TickerEvent = z.infer<typeof tickerEvent>;

/** GET /api-v1/default-currency/: the in-house coin and its price in USDT. */
export const defaultCurrency = z.object({ currency: z.string(), price: z.string() });
export type DefaultCurrency = z.infer<typeof defaultCurrency>;
