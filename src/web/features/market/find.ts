/**
 * Finding a pair on Markets (docs/decisions/0060-markets-and-charts.md): a search over symbol and coin
 * name, the All / Gainers / Losers / Volume switch and the sort. Pure functions of the tickers; numbers
 * are compared as decimals of the tickers' strings (docs/style.md: no floats for amounts shown).
 */
import type { Ticker24h } from '../../../shared/api/market.js';
import { cmp } from '../../../shared/money.js';
import { coinName, splitSymbol } from '../../../shared/market.js';

export const MARKET_VIEWS = ['all', 'gainers', 'losers', 'volume'] as const;
export type MarketView = (typeof MARKET_VIEWS)[number];

export const MARKET_SORTS = [
  'default',
  'nameAsc',
  'priceDesc',
  'priceAsc',
  'changeDesc',
  'changeAsc',
  'volumeDesc',
] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

type Row = Pick<Ticker24h, 'symbol' | 'lastPrice' | 'priceChangePercent' | 'quoteVolume'>;

/** 'btc', 'BTC/USDT', 'bitcoin' and 'btcusdt' all find BTCUSDT; an empty query finds every pair. */
export function matchesQuery(symbol: string, query: string): boolean {
  const q = query
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, '');
  if (q === '') return true;
  const base = splitSymbol(symbol)?.baseAsset ?? symbol;
  return symbol.toUpperCase().includes(q) || coinName(base).toUpperCase().replace(/\s/g, '').includes(q);
}

/** Decimal order of two ticker numbers; a value that is not a number sorts as equal (never throws). */
function compare(a: string, b: string): number {
  try {
    return cmp(a, b) || 0;
  } catch {
    return 0;
  }
}

const bySymbol = (a: Row, b: Row) => a.symbol.localeCompare(b.symbol);
const SORTERS: Record<Exclude<MarketSort, 'default'>, (a: Row, b: Row) => number> = {
  nameAsc: bySymbol,
  priceDesc: (a, b) => compare(b.lastPrice, a.lastPrice),
  priceAsc: (a, b) => compare(a.lastPrice, b.lastPrice),
  changeDesc: (a, b) => compare(b.priceChangePercent, a.priceChangePercent),
  changeAsc: (a, b) => compare(a.priceChangePercent, b.priceChangePercent),
  volumeDesc: (a, b) => compare(b.quoteVolume, a.quoteVolume),
};

/** The view's pairs in the chosen order: Gainers rose (most first), Losers fell (most first), Volume by 24h volume. */
export function findPairs<T extends Row>(rows: readonly T[], query: string, view: MarketView, sort: MarketSort): T[] {
  let found = rows.filter((r) => matchesQuery(r.symbol, query));
  let order: MarketSort = sort;
  if (view === 'gainers') {
    found = found.filter((r) => compare(r.priceChangePercent, '0') > 0);
    if (order === 'default') order = 'changeDesc';
  } else if (view === 'losers') {
    found = found.filter((r) => compare(r.priceChangePercent, '0') < 0);
    if (order === 'default') order = 'changeAsc';
  } else if (view === 'volume' && order === 'default') order = 'volumeDesc';
  if (order === 'default') return found;
  const sorter = SORTERS[order];
  return [...found].sort((a, b) => sorter(a, b) || bySymbol(a, b));
}
