/** Every page address in one typed map, so links and redirects never spell a path by hand. */
import { PAGE_PATHS } from '../../shared/pages';

/** The page paths of src/shared/pages.ts by name, and the root (which only redirects). */
export const PATHS = { root: '/', ...PAGE_PATHS } as const;

/** The Lever page on a coin (it reads `?coin=`, e.g. /lever?coin=ETH). */
export const leverPathOf = (coin: string) => `${PATHS.lever}?coin=${encodeURIComponent(coin)}`;
