/**
 * How fresh the market feed is, for /metrics (lib/metrics.ts, docs/operations.md "Metrics and
 * alerts"): seconds since the newest price of the source and how many of its symbols are stale.
 * Read on scrape, from the feed's memory (no database, no network).
 */
import type { MarketService } from './types.js';

export interface FeedAge {
  /** MARKET_SOURCE: 'sim' or 'binance'. */
  source: string;
  /** Seconds since the newest price of any symbol; Infinity before the first price. */
  ageSeconds: number;
  staleSymbols: number;
}

export function feedAges(market: MarketService, source: string, now: number): FeedAge[] {
  const exchange = market.exchange;
  let newest = -Infinity;
  let staleSymbols = 0;
  for (const symbol of exchange.catalog().symbols) {
    const last = exchange.lastPrice(symbol);
    if (last && last.time > newest) newest = last.time;
    if (exchange.isStale(symbol)) staleSymbols++;
  }
  return [{ source, ageSeconds: Math.max(0, (now - newest) / 1000), staleSymbols }];
}
