/**
 * Market data for the screens: fetchers (exchange-shaped, checked with the shared schemas) and
 * their TanStack Query options, polling at the SPEC.md section 7 intervals where the page has no
 * stream. Failures are only logged (SPEC.md section 8): the query keeps its last data and the
 * screen shows the default price.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  IN_HOUSE_COIN,
  ORDER_BOOK_LEVELS,
  POLL,
  QUOTE_CURRENCY,
  REQUEST_TIMEOUT_MS,
} from '../../../shared/constants.js';
import { HOME_SYMBOLS, MAIN_SYMBOLS, type KlineInterval } from '../../../shared/market.js';
import { marketBase } from './endpoints.js';

export class MarketRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`market request failed with ${status}`);
    this.name = 'MarketRequestError';
  }
}

type MarketSchemas = typeof import('../../../shared/api/market.js');

/**
 * The answers' schemas load with the first request, in parallel with it, not with the page: zod is
 * not part of Home's first paint.
 */
const marketSchemas = (): Promise<MarketSchemas> => import('../../../shared/api/market.js');

/** GET from the market base (our server unless direct) or, with `ownServer`, always from our server. */
async function getJson<S extends z.ZodType>(
  path: string,
  schemaOf: (schemas: MarketSchemas) => S,
  ownServer = false,
): Promise<z.infer<S>> {
  const schemas = marketSchemas();
  schemas.catch(() => {}); // a failed load is reported below, once awaited
  const base = ownServer ? '' : (await marketBase()).rest;
  const response = await fetch(`${base}${path}`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new MarketRequestError(response.status, body);
  return schemaOf(await schemas).parse(body);
}

/** Runs a market fetch, logging a failure before the query sees it. */
async function logged<T>(what: string, fetcher: () => Promise<T>): Promise<T> {
  try {
    return await fetcher();
  } catch (error) {
    console.warn(`[market] ${what} failed`, error);
    throw error;
  }
}

const symbolsParam = (symbols: readonly string[]) => encodeURIComponent(JSON.stringify(symbols));

export const fetchTickers = (symbols?: readonly string[]) =>
  getJson(
    symbols ? `/api/v3/ticker/24hr?symbols=${symbolsParam(symbols)}` : '/api/v3/ticker/24hr',
    (s) => s.ticker24hList,
  );

export const fetchTicker = (symbol: string) =>
  getJson(`/api/v3/ticker/24hr?symbol=${encodeURIComponent(symbol)}`, (s) => s.ticker24h);

export const fetchPrices = (symbols?: readonly string[]) =>
  getJson(
    symbols ? `/api/v3/ticker/price?symbols=${symbolsParam(symbols)}` : '/api/v3/ticker/price',
    (s) => s.tickerPriceList,
  );

export const fetchPrice = (symbol: string) =>
  getJson(`/api/v3/ticker/price?symbol=${encodeURIComponent(symbol)}`, (s) => s.tickerPrice);

export const fetchOrderBook = (symbol: string, limit: number = ORDER_BOOK_LEVELS) =>
  getJson(`/api/v3/depth?symbol=${encodeURIComponent(symbol)}&limit=${limit}`, (s) => s.orderBook);

export const fetchKlines = (symbol: string, interval: KlineInterval, limit = 100) =>
  getJson(
    `/api/v3/klines?symbol=${encodeURIComponent(symbol)}&interval=${interval}&limit=${limit}`,
    (s) => s.klineList,
  );

/** The in-house coin's price always comes from our server. */
export const fetchDefaultCurrency = () => getJson('/api-v1/default-currency/', (s) => s.defaultCurrency, true);

/** A coin's price in USDT (SPEC.md section 7): {coin}USDT's last price; USDO from the default currency. */
export async function fetchCoinPrice(coin: string): Promise<string> {
  const asset = coin.toUpperCase();
  if (asset === QUOTE_CURRENCY) return '1';
  if (asset === IN_HOUSE_COIN) return (await fetchDefaultCurrency()).price;
  return (await fetchTicker(`${asset}${QUOTE_CURRENCY}`)).lastPrice;
}

export const marketKeys = {
  all: ['market'] as const,
  tickers: (symbols?: readonly string[]) => ['market', 'tickers', symbols ?? 'all'] as const,
  ticker: (symbol: string) => ['market', 'ticker', symbol] as const,
  price: (symbol: string) => ['market', 'price', symbol] as const,
  orderBook: (symbol: string, limit: number) => ['market', 'depth', symbol, limit] as const,
  klines: (symbol: string, interval: KlineInterval, limit: number) =>
    ['market', 'klines', symbol, interval, limit] as const,
  coinPrice: (coin: string) => ['market', 'coin-price', coin.toUpperCase()] as const,
  defaultCurrency: ['market', 'default-currency'] as const,
};

const common = { retry: 1, refetchIntervalInBackground: false } as const;

/** Markets screen: every pair, refreshed every 5 s. */
export const marketTickersQuery = (symbols?: readonly string[]) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.tickers(symbols),
    queryFn: () => logged('tickers', () => fetchTickers(symbols)),
    refetchInterval: POLL.markets,
  });

/**
 * Home's 40 coins over REST: the first data, and the only data of the 20 coins without a stream.
 * SPEC.md gives Home no interval; 10 s keeps those 20 (and all 40 when the socket is down) fresh
 * enough while the stream carries the coins that move on screen.
 */
export const HOME_LIST_REFRESH_MS = 10_000;

export const homeTickersQuery = () =>
  queryOptions({
    ...common,
    queryKey: marketKeys.tickers(HOME_SYMBOLS),
    queryFn: () => logged('home tickers', () => fetchTickers(HOME_SYMBOLS)),
    refetchInterval: HOME_LIST_REFRESH_MS,
  });

/** Lever screen coin list: the main symbols, every 10 s. */
export const leverCoinListQuery = () =>
  queryOptions({
    ...common,
    queryKey: marketKeys.tickers(MAIN_SYMBOLS),
    queryFn: () => logged('coin list', () => fetchTickers(MAIN_SYMBOLS)),
    refetchInterval: POLL.leverCoinList,
  });

/** Lever screen price of the selected coin, every 3 s. */
export const leverPriceQuery = (symbol: string) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.ticker(symbol),
    queryFn: () => logged(`ticker ${symbol}`, () => fetchTicker(symbol)),
    refetchInterval: POLL.leverPrices,
  });

/** Spot mock screen price, every 3 s. */
export const spotPriceQuery = (symbol: string) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.price(symbol),
    queryFn: () => logged(`price ${symbol}`, () => fetchPrice(symbol)),
    refetchInterval: POLL.spotMock,
  });

/** Lever screen order book (5 levels), refreshed with the prices. */
export const orderBookQuery = (symbol: string, limit: number = ORDER_BOOK_LEVELS) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.orderBook(symbol, limit),
    queryFn: () => logged(`order book ${symbol}`, () => fetchOrderBook(symbol, limit)),
    refetchInterval: POLL.leverPrices,
  });

export const klinesQuery = (symbol: string, interval: KlineInterval, limit = 100) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.klines(symbol, interval, limit),
    queryFn: () => logged(`klines ${symbol}`, () => fetchKlines(symbol, interval, limit)),
    staleTime: 30_000,
  });

/** A coin's USDT price for valuations (assets, withdrawal), kept a few seconds. */
export const coinPriceQuery = (coin: string) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.coinPrice(coin),
    queryFn: () => logged(`price of ${coin}`, () => fetchCoinPrice(coin)),
    staleTime: POLL.leverPrices,
  });

export const defaultCurrencyQuery = () =>
  queryOptions({
    ...common,
    queryKey: marketKeys.defaultCurrency,
    queryFn: () => logged('default currency', fetchDefaultCurrency),
    staleTime: 60_000,
  });
