/** Every page address in one typed map, so links and redirects never spell a path by hand. */
import { QUOTE_CURRENCY } from '../../shared/constants';
import { MAIN_SYMBOLS, splitSymbol, spotPairOf } from '../../shared/market';
import { PAGE_PATHS } from '../../shared/pages';

/** The page paths of src/shared/pages.ts by name, and the root (which only redirects). */
export const PATHS = { root: '/', ...PAGE_PATHS } as const;

const BTC_QUOTE = 'BTC';

/** The Lever page on a coin (it reads `?coin=`, e.g. /lever?coin=ETH). */
const leverPathOf = (coin: string) => `${PATHS.lever}?coin=${encodeURIComponent(coin)}`;

/** The Exchange page on a coin (it reads the same `?coin=`, e.g. /exchange?coin=TON). */
const exchangePathOf = (coin: string) => `${PATHS.exchange}?coin=${encodeURIComponent(coin)}`;

/**
 * Where tapping a Markets pair goes (docs/decisions/0026): a lever coin (a main symbol's
 * USDT pair) opens the Lever screen on it, another spot-tradable pair the Exchange screen on it, and
 * any other pair nowhere (null: not clickable). Both screens read the one parameter `?coin=`.
 */
export function pairPathOf(symbol: string): string | null {
  const pair = splitSymbol(symbol);
  if (!pair) return null;
  // A BTC-quoted pair opens the Exchange screen of its coin, which trades it in USDT
  // (docs/decisions/0060-markets-and-charts.md).
  if (pair.quoteAsset === BTC_QUOTE) return spotPairOf(pair.baseAsset) ? exchangePathOf(pair.baseAsset) : null;
  if (pair.quoteAsset !== QUOTE_CURRENCY) return null;
  if (MAIN_SYMBOLS.includes(symbol.toUpperCase())) return leverPathOf(pair.baseAsset);
  return spotPairOf(symbol) ? exchangePathOf(pair.baseAsset) : null;
}

/**
 * Back to where a logged-out visitor was going (docs/decisions/0043-languages.md): the guard sends them to
 * `/login?next=<the page>`, and a sign-in goes on to that page instead of home.
 */
const NEXT_PARAM = 'next';
const AUTH_PAGES: readonly string[] = [PATHS.login, PATHS.signup, PATHS.forgotPassword];

export const loginPathFor = (target: string) => `${PATHS.login}?${NEXT_PARAM}=${encodeURIComponent(target)}`;

/**
 * The page a sign-in goes on to: `next` of the query when it is a page of this app (a path on this
 * origin, not an account screen), else null. Another site (`//evil.example`, `https:...`) never.
 */
export function nextPathOf(search: string): string | null {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const base = 'http://app.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base || AUTH_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
