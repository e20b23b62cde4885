/** The Markets tabs: quote currencies found in the data (USDT first), and the pairs of one tab. */
import { DEFAULT_QUOTE, QUOTE_ASSETS, splitSymbol } from '../../../shared/market.js';

export interface SymbolTicker {
  symbol: string;
}

/** Quote currencies that have at least one pair, in the app's tab order. */
export function quoteTabs(tickers: readonly SymbolTicker[]): string[] {
  const present = new Set(tickers.flatMap((t) => splitSymbol(t.symbol)?.quoteAsset ?? []));
  return QUOTE_ASSETS.filter((quote) => present.has(quote));
}

/** The default tab: USDT when there are USDT pairs, else the first tab. */
export const defaultQuoteTab = (tabs: readonly string[]): string | undefined =>
  tabs.includes(DEFAULT_QUOTE) ? DEFAULT_QUOTE : tabs[0];

/** Pairs quoted in `quote`, keeping the data's order. */
export function pairsQuotedIn<T extends SymbolTicker>(tickers: readonly T[], quote: string): T[] {
  return tickers.filter((t) => splitSymbol(t.symbol)?.quoteAsset === quote);
}
