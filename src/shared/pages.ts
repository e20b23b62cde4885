/**
 * Every page of the web app, once: its path, who may open it (docs/product.md section 2's route
 * table, row by row) and the feature module whose export shows it. From this table come the web
 * app's route table (src/web/app/routes.tsx), its path helpers (src/web/lib/paths.ts) and the
 * server's list of pages whose JavaScript the HTML shell preloads (src/server/lib/page-preloads.ts).
 */

/** The three rows of the route table: everyone, a valid token, admins only. */
export type Access = 'public' | 'user' | 'admin';

/** A folder of src/web/features whose index.ts exports screens. */
export type PageFeature =
  | 'auth'
  | 'account'
  | 'market'
  | 'wallet'
  | 'trade'
  | 'identity'
  | 'safety'
  | 'support'
  | 'pages'
  | 'admin';

interface PageRow {
  path: string;
  feature: PageFeature;
  /** The feature's export that shows the page. */
  screen: string;
  /** A bottom-navigation page (docs/product.md section 2, Bottom navigation). */
  tab?: true;
}

export const PAGES = {
  public: {
    login: { path: '/login', feature: 'auth', screen: 'LoginPage' },
    signup: { path: '/signup', feature: 'auth', screen: 'SignupPage' },
    forgotPassword: { path: '/forgot-password', feature: 'auth', screen: 'ForgotPasswordPage' },
    legalCurrency: { path: '/legal-currency', feature: 'pages', screen: 'LegalCurrencyPage' },
    importantNotice: { path: '/important-notice', feature: 'pages', screen: 'ImportantNoticePage' },
  },

  /** Need a valid token; admins are sent to their dashboard. */
  user: {
    home: { path: '/home', feature: 'market', screen: 'HomePage', tab: true },
    markets: { path: '/markets', feature: 'market', screen: 'MarketsPage', tab: true },
    exchange: { path: '/exchange', feature: 'trade', screen: 'ExchangePage', tab: true },
    deposit: { path: '/deposit', feature: 'wallet', screen: 'DepositPage' },
    assets: { path: '/assets', feature: 'wallet', screen: 'AssetsPage', tab: true },
    assetDetail: { path: '/asset/:walletType/:currency', feature: 'wallet', screen: 'AssetDetailPage' },
    transfer: { path: '/transfer/:currency', feature: 'wallet', screen: 'TransferPage' },
    /** One-tap swap between funding coins (docs/decisions/0053-convert.md). */
    convert: { path: '/convert', feature: 'wallet', screen: 'ConvertPage' },
    withdrawal: { path: '/withdrawal/:currency', feature: 'wallet', screen: 'WithdrawalPage' },
    /** A withdrawal's status after Confirm, from the records and its notification (docs/decisions/0062-money-screens.md). */
    withdrawalStatus: {
      path: '/withdrawal-status/:transactionId',
      feature: 'wallet',
      screen: 'WithdrawalStatusPage',
    },
    lever: { path: '/lever', feature: 'trade', screen: 'LeverPage', tab: true },
    identityVerification: { path: '/identity-verification', feature: 'identity', screen: 'IdentityVerificationPage' },
    basicInfo: { path: '/identity-verification/basic-info', feature: 'identity', screen: 'BasicInfoPage' },
    safetyCenter: { path: '/safety-center', feature: 'safety', screen: 'SafetyCenterPage' },
    entrustmentHistory: { path: '/entrustment-history', feature: 'wallet', screen: 'EntrustmentHistoryPage' },
    loginPassword: { path: '/safety/login-password', feature: 'safety', screen: 'LoginPasswordPage' },
    transactionPassword: { path: '/safety/transaction-password', feature: 'safety', screen: 'TransactionPasswordPage' },
    twoFactor: { path: '/safety/two-factor', feature: 'safety', screen: 'TwoFactorPage' },
    passkeys: { path: '/safety/passkeys', feature: 'safety', screen: 'PasskeysPage' },
    withdrawalAddresses: {
      path: '/safety/withdrawal-addresses',
      feature: 'safety',
      screen: 'WithdrawalAddressesPage',
    },
    antiPhishingCode: { path: '/safety/anti-phishing-code', feature: 'safety', screen: 'AntiPhishingPage' },
    apiKeys: { path: '/safety/api-keys', feature: 'safety', screen: 'ApiKeysPage' },
    proofOfReserves: { path: '/safety/proof-of-reserves', feature: 'safety', screen: 'ProofOfReservesPage' },
    sessions: { path: '/safety/sessions', feature: 'safety', screen: 'SessionsPage' },
    aboutUs: { path: '/about-us', feature: 'pages', screen: 'AboutUsPage' },
    lockUp: { path: '/lock-up', feature: 'pages', screen: 'LockUpPage' },
    support: { path: '/support', feature: 'support', screen: 'SupportPage' },
    sharingLink: { path: '/sharing-link', feature: 'pages', screen: 'SharingLinkPage' },
    /** docs/decisions/0043-languages.md: the user's profile from the drawer (docs/architecture.md "## Profile"). */
    profile: { path: '/profile', feature: 'account', screen: 'ProfilePage' },
    chat: { path: '/chat/:sessionId', feature: 'support', screen: 'ChatPage' },
    /** Price alerts (docs/decisions/0055-alerts-statements.md), from the drawer and a pair's bell. */
    priceAlerts: { path: '/price-alerts', feature: 'trade', screen: 'PriceAlertsPage' },
  },

  /** Admins only; everyone else logged in is sent to /support. */
  admin: {
    adminDashboard: { path: '/admin/dashboard', feature: 'admin', screen: 'AdminConsolePage' },
    adminChat: { path: '/admin/chat/:userId', feature: 'support', screen: 'AdminChatPage' },
  },
} as const satisfies Record<Access, Record<string, PageRow>>;

type Pages = typeof PAGES;
type PageName = { [A in Access]: keyof Pages[A] }[Access];
type RowOf<N extends PageName> = { [A in Access]: N extends keyof Pages[A] ? Pages[A][N] : never }[Access];

export interface Page extends PageRow {
  name: PageName;
  access: Access;
}

/** The table as one list, in its order. */
export const PAGE_LIST: readonly Page[] = (Object.keys(PAGES) as Access[]).flatMap((access) =>
  Object.entries(PAGES[access]).map(([name, row]): Page => ({ ...(row as PageRow), name: name as PageName, access })),
);

/** '/asset/:walletType/:currency' -> ['walletType', 'currency']. */
type Params<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...Params<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** A value for each parameter. */
type Values<T extends string[]> = { [I in keyof T]: string | number };

/** A path without parameters is the path; one with parameters a function of them, in order. */
type PathHelper<P extends string> = Params<P> extends [] ? P : (...values: Values<Params<P>>) => string;

export type PagePaths = { [N in PageName]: PathHelper<RowOf<N>['path']> };

function pathHelper(pattern: string): string | ((...values: Array<string | number>) => string) {
  if (!pattern.includes('/:')) return pattern;
  return (...values) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(String(values[next++])));
  };
}

/** Each page's address by name: `PAGE_PATHS.assetDetail('funding', 'USDT')` is '/asset/funding/USDT'. */
export const PAGE_PATHS = Object.fromEntries(
  PAGE_LIST.map((page) => [page.name, pathHelper(page.path)]),
) as unknown as PagePaths;

/** The module of the web build (a key of Vite's manifest) that holds a page's screen. */
export const featureModule = (feature: PageFeature) => `features/${feature}/index.ts`;

/**
 * The features of /login and /home, whose screens paint with the English bundled in the entry; every
 * other feature's screen waits for the whole English catalog too, which the server's HTML therefore
 * preloads for its pages (docs/decisions/0085-server-rendered-first-paint.md, step 1).
 */
export const FIRST_PAINT_FEATURES: ReadonlySet<PageFeature> = new Set(['auth', 'market']);
/** The build module of the whole English catalog (a key of Vite's manifest). */
export const ENGLISH_CATALOG_MODULE = 'locales/en/index.ts';
