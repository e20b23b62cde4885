/**
 * The route table of docs/product.md section 2, from the page table (src/shared/pages.ts): who may
 * open each page, and which screen it shows. Each feature's screens load as one chunk on first
 * use, so /login stays small. `tab` pages carry the bottom navigation.
 */
import { lazy, type ComponentType } from 'react';
import { FIRST_PAINT_FEATURES, PAGES, type Access, type PageFeature } from '../../shared/pages';
import { loadEnglish } from '../lib/i18n';

const FEATURES = {
  auth: () => import('../features/auth'),
  account: () => import('../features/account'),
  market: () => import('../features/market'),
  wallet: () => import('../features/wallet'),
  trade: () => import('../features/trade'),
  identity: () => import('../features/identity'),
  safety: () => import('../features/safety'),
  support: () => import('../features/support'),
  pages: () => import('../features/pages'),
  admin: () => import('../features/admin'),
} satisfies Record<PageFeature, () => Promise<unknown>>;

type Modules = { [F in PageFeature]: Awaited<ReturnType<(typeof FEATURES)[F]>> };
type Rows = { [A in Access]: (typeof PAGES)[A][keyof (typeof PAGES)[A]] }[Access];
/** Pages whose feature does not export the screen the page table names (none, or tsc fails below). */
type MissingScreen = Rows extends infer R
  ? R extends { path: string; feature: infer F extends PageFeature; screen: infer S }
    ? S extends keyof Modules[F]
      ? never
      : R['path']
    : never
  : never;
const everyScreenIsExported: [MissingScreen] extends [never] ? true : MissingScreen = true;
void everyScreenIsExported;

/**
 * A screen exported by a feature module, loaded when first shown. Beyond /login's and /home's
 * (FIRST_PAINT_FEATURES, whose English is in the entry: locales/en/first-paint.ts) it waits for the
 * whole English catalog too, downloaded beside its chunk (docs/decisions/0085, step 1).
 */
function screen(feature: PageFeature, name: string): ComponentType {
  return lazy(async () => {
    const [module] = await Promise.all([
      FEATURES[feature]() as Promise<unknown> as Promise<Record<string, ComponentType>>,
      FIRST_PAINT_FEATURES.has(feature) ? undefined : loadEnglish(),
    ]);
    return { default: module[name]! };
  });
}

export interface RouteEntry {
  path: string;
  Screen: ComponentType;
  tab?: boolean;
}

const entries = (access: Access): RouteEntry[] =>
  Object.values(PAGES[access]).map((page) => ({
    path: page.path,
    Screen: screen(page.feature, page.screen),
    ...('tab' in page && { tab: page.tab }),
  }));

export const ROUTE_TABLE: Record<Access, RouteEntry[]> = {
  public: entries('public'),
  user: entries('user'),
  admin: entries('admin'),
};
