/**
 * English, the source language and the fallback of every other one. docs/product.md texts are referenced
 * from src/shared/messages.ts, never copied, so there is one English source of truth.
 * Prices, coin symbols and user data are never translated; only the words around them.
 */
import { MSG } from '../../shared/messages';

export const en = {
  nav: {
    main: 'Main',
    home: 'Home',
    markets: 'Markets',
    exchange: 'Exchange',
    lever: 'Lever',
    assets: 'Assets',
  },
  drawer: {
    title: 'Account menu',
    identityVerification: 'Identity verification',
    sharingLinks: 'My sharing links',
    fiat: 'Fiat',
    lockUp: 'Lock-up mining',
    safetyCenter: 'Safety center',
    onlineService: 'Online service',
    aboutUs: 'About us',
    nightMode: 'Night mode',
    logout: 'Logout',
    welcome: 'Welcome to Coinfront',
    pleaseLogIn: 'Please log in',
    clearCache: 'Clear cache',
    version: 'Version {{version}}',
    verification: {
      unverified: 'Unverified',
      pending: 'Under Review',
      verified: 'Verified',
      rejected: 'Rejected',
    },
  },
  home: {
    title: 'Home',
    openMenu: 'Open menu',
    notifications: 'Notifications, {{count}} new',
    language: 'Language',
    languageCurrent: 'Language: {{name}}',
    importantNotice: 'Important notice',
    noticeSummary: 'Investments are supervised; money laundering is prohibited.',
    rechargeBonus: 'Recharge bonus',
    newUserBonus: 'New-user bonus',
    bonusUpTo: 'Up to {{amount}} {{currency}} on your recharge',
    vipUpTo: 'VIP members up to {{amount}} {{currency}}',
    viewBonusSchedule: 'View bonus schedule',
    bonusSchedule: 'Bonus schedule',
    shortcuts: 'Shortcuts',
    secondContract: 'Second contract',
    tradeInSeconds: 'Trade in seconds',
    quickRecharge: 'Quick recharge',
    depositCurrency: 'Deposit {{currency}}',
    prices: 'Prices',
    gainers: 'Gainers',
    name: 'Name',
    lastPrice: 'Last Price',
    change24h: '24h Change',
    noGainers: 'No coin is up in the last 24 hours.',
    loadingCoins: MSG.loadingCoins,
  },
  markets: {
    title: 'Markets',
    quoteCurrency: 'Quote currency',
    pairs: 'Pairs',
    pairVol: 'Pair / Vol',
    lastPrice: 'Last Price',
    change24h: '24h Change',
    vol: 'Vol {{volume}}',
    loadingCoins: MSG.loadingCoins,
  },
  assets: {
    title: 'Assets',
    history: 'History',
    wallets: 'Wallets',
    tab: {
      funding: 'Exchange',
      lever: 'lever',
      legal: 'legal currency',
      second: 'Second',
    },
    account: {
      funding: 'Funding Account',
      lever: 'Leverage Account',
      legal: 'Legal Currency Account',
      second: 'Contract Account',
    },
    showBalances: 'Show balances',
    hideBalances: 'Hide balances',
    totalUsd: 'Total assets (USD)',
    partialTotal: 'Some prices are unavailable; the total counts priced assets only.',
    currencies: 'Currencies',
    currency: 'Currency',
    balance: 'Balance',
    usdValue: 'USD value',
    loading: 'Loading assets',
    noAssets: MSG.noAssets,
  },
};

/** The shape every language follows; a missing text falls back to English. */
export type Resource = typeof en;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };
export type Translation = DeepPartial<Resource>;
