/**
 * Which feature module shows each page of the web app's route table (src/web/app/routes.tsx; a web
 * test keeps the two in step). The server names, in the HTML it sends for a page, the JavaScript
 * that page will load (modulepreload), so the browser fetches it alongside the entry instead of
 * one round trip later, once the entry has run (docs/performance.md).
 */
export const PAGE_MODULES: ReadonlyArray<readonly [pattern: string, module: string]> = [
  ['/login', 'features/auth/index.ts'],
  ['/signup', 'features/auth/index.ts'],
  ['/forgot-password', 'features/auth/index.ts'],
  ['/legal-currency', 'features/pages/index.ts'],
  ['/important-notice', 'features/pages/index.ts'],
  ['/home', 'features/market/index.ts'],
  ['/markets', 'features/market/index.ts'],
  ['/exchange', 'features/trade/index.ts'],
  ['/deposit', 'features/wallet/index.ts'],
  ['/assets', 'features/wallet/index.ts'],
  ['/asset/:walletType/:currency', 'features/wallet/index.ts'],
  ['/transfer/:currency', 'features/wallet/index.ts'],
  ['/withdrawal/:currency', 'features/wallet/index.ts'],
  ['/lever', 'features/trade/index.ts'],
  ['/identity-verification', 'features/identity/index.ts'],
  ['/identity-verification/basic-info', 'features/identity/index.ts'],
  ['/safety-center', 'features/safety/index.ts'],
  ['/entrustment-history', 'features/wallet/index.ts'],
  ['/safety/login-password', 'features/safety/index.ts'],
  ['/safety/transaction-password', 'features/safety/index.ts'],
  ['/about-us', 'features/pages/index.ts'],
  ['/lock-up', 'features/pages/index.ts'],
  ['/support', 'features/support/index.ts'],
  ['/sharing-link', 'features/pages/index.ts'],
  ['/chat/:sessionId', 'features/support/index.ts'],
  ['/admin/dashboard', 'features/admin/index.ts'],
  ['/admin/chat/:userId', 'features/support/index.ts'],
];
