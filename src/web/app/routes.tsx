/**
 * The route table of SPEC.md section 2, row by row: who may open each page, and which screen it
 * shows. Each capability's screens load as one chunk on first use, so /login stays small.
 * `tab` pages carry the bottom navigation. src/shared/web-pages.ts repeats which feature each path
 * loads, for the server's preload hints (page-modules.test.ts keeps the two in step).
 */
import { lazy, type ComponentType } from 'react';
import type { Access } from './access';

const auth = () => import('../features/auth');
const market = () => import('../features/market');
const wallet = () => import('../features/wallet');
const trade = () => import('../features/trade');
const identity = () => import('../features/identity');
const safety = () => import('../features/safety');
const support = () => import('../features/support');
const pages = () => import('../features/pages');
const admin = () => import('../features/admin');

/** A screen exported by a feature module, loaded when first shown. */
function screen<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
}

export interface RouteEntry {
  path: string;
  Screen: ComponentType;
  tab?: boolean;
}

export const ROUTE_TABLE: Record<Access, RouteEntry[]> = {
  public: [
    { path: '/login', Screen: screen(auth, 'LoginPage') },
    { path: '/signup', Screen: screen(auth, 'SignupPage') },
    { path: '/forgot-password', Screen: screen(auth, 'ForgotPasswordPage') },
    { path: '/legal-currency', Screen: screen(pages, 'LegalCurrencyPage') },
    { path: '/important-notice', Screen: screen(pages, 'ImportantNoticePage') },
  ],

  /** Need a valid token; admins are sent to their dashboard. */
  user: [
    { path: '/home', Screen: screen(market, 'HomePage'), tab: true },
    { path: '/markets', Screen: screen(market, 'MarketsPage'), tab: true },
    { path: '/exchange', Screen: screen(trade, 'ExchangePage'), tab: true },
    { path: '/deposit', Screen: screen(wallet, 'DepositPage') },
    { path: '/assets', Screen: screen(wallet, 'AssetsPage'), tab: true },
    { path: '/asset/:walletType/:currency', Screen: screen(wallet, 'AssetDetailPage') },
    { path: '/transfer/:currency', Screen: screen(wallet, 'TransferPage') },
    { path: '/withdrawal/:currency', Screen: screen(wallet, 'WithdrawalPage') },
    { path: '/lever', Screen: screen(trade, 'LeverPage'), tab: true },
    { path: '/identity-verification', Screen: screen(identity, 'IdentityVerificationPage') },
    { path: '/identity-verification/basic-info', Screen: screen(identity, 'BasicInfoPage') },
    { path: '/safety-center', Screen: screen(safety, 'SafetyCenterPage') },
    { path: '/entrustment-history', Screen: screen(wallet, 'EntrustmentHistoryPage') },
    { path: '/safety/login-password', Screen: screen(safety, 'LoginPasswordPage') },
    { path: '/safety/transaction-password', Screen: screen(safety, 'TransactionPasswordPage') },
    { path: '/about-us', Screen: screen(pages, 'AboutUsPage') },
    { path: '/lock-up', Screen: screen(pages, 'LockUpPage') },
    { path: '/support', Screen: screen(support, 'SupportPage') },
    { path: '/sharing-link', Screen: screen(pages, 'SharingLinkPage') },
    { path: '/chat/:sessionId', Screen: screen(support, 'ChatPage') },
  ],

  /** Admins only; everyone else logged in is sent to /support. */
  admin: [
    { path: '/admin/dashboard', Screen: screen(admin, 'AdminDashboardPage') },
    { path: '/admin/chat/:userId', Screen: screen(support, 'AdminChatPage') },
  ],
};
