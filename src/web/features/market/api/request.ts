/**
 * How the market reads go out: exchange-shaped GETs checked with the shared schemas, failures
 * logged before the query sees them. Failures are only logged (docs/product.md section 8): the query keeps
 * its last data and the screen shows the default price.
 */
import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../../../../shared/constants.js';
import { marketBase } from '../../../lib/market-endpoints.js';

export class MarketRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`market request failed with ${status}`);
    this.name = 'MarketRequestError';
  }
}

type MarketSchemas = typeof import('../../../../shared/api/market.js');

/**
 * The answers' schemas load with the first request, in parallel with it, not with the page: zod is
 * not part of Home's first paint.
 */
const marketSchemas = (): Promise<MarketSchemas> => import('../../../../shared/api/market.js');

/** GET from the market base (our server unless direct) or, with `ownServer`, always from our server. */
export async function getJson<S extends z.ZodType>(
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
export async function logged<T>(what: string, fetcher: () => Promise<T>): Promise<T> {
  try {
    return await fetcher();
  } catch (error) {
    console.warn(`[market] ${what} failed`, error);
    throw error;
  }
}

export const symbolsParam = (symbols: readonly string[]) => encodeURIComponent(JSON.stringify(symbols));

/** What every market query shares. */
export const common = { retry: 1, refetchIntervalInBackground: false } as const;

/** Every market query's key starts with 'market'. */
export const marketKeys = {
  all: ['market'] as const,
  tickers: (symbols?: readonly string[]) => ['market', 'tickers', symbols ?? 'all'] as const,
  ticker: (symbol: string) => ['market', 'ticker', symbol] as const,
  price: (symbol: string) => ['market', 'price', symbol] as const,
  usdtPrices: (symbols: readonly string[]) => ['market', 'ticker-price', symbols] as const,
  orderBook: (symbol: string, limit: number) => ['market', 'depth', symbol, limit] as const,
  klines: (symbol: string, interval: string, limit: number) => ['market', 'klines', symbol, interval, limit] as const,
  defaultCurrency: ['market', 'default-currency'] as const,
};
