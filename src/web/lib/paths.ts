/** Every page address in one typed map, so links and redirects never spell a path by hand. */
import { spotPairOf } from '../../shared/api/spot';
import { QUOTE_CURRENCY } from '../../shared/constants';
import { MAIN_SYMBOLS, splitSymbol } from '../../shared/market';
import { PAGE_PATHS } from '../../shared/pages';

/** The page paths of src/shared/pages.ts by name, and the root (which only redirects). */
export const PATHS = { root: '/', ...PAGE_PATHS } as const;

/** The Lever page on a coin (it reads `?coin=`, e.g. /lever?coin=ETH). */
const leverPathOf = (coin: string) => `${PATHS.lever}?coin=${encodeURIComponent(coin)}`;

/** The Exchange page on a coin (it reads the same `?coin=`, e.g. /exchange?coin=TON). */
const exchangePathOf = (coin: string) => `${PATHS.exchange}?coin=${encodeURIComponent(coin)}`;

/**
 * Where tapping a Markets pair goes (issue 17, docs/decisions/0026): a lever coin (a main symbol's
 * USDT pair) opens the Lever screen on it, another spot-tradable pair the Exchange screen on it, and
 * any other pair nowhere (null: not clickable). Both screens read the one parameter `?coin=`.
 */
export function pairPathOf(symbol: string): string | null {
  const pair = splitSymbol(symbol);
  if (!pair || pair.quoteAsset !== QUOTE_CURRENCY) return null;
  if (MAIN_SYMBOLS.includes(symbol.toUpperCase())) return leverPathOf(pair.baseAsset);
  return spotPairOf(symbol) ? exchangePathOf(pair.baseAsset) : null;
}
