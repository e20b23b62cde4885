/** Screens of the market capability, and what other features may use of it. */
export { HomePage } from './HomePage';
export { MarketsPage } from './MarketsPage';
export * from './api.js';
export { gainers } from './gainers.js';
export { defaultQuoteTab, pairsQuotedIn, quoteTabs } from './quotes.js';
export { MARKET_DIRECT, marketBase } from './endpoints.js';
export { REGION_STORAGE_KEYS } from './region.js';
export { marketSocket, useTickerStream, type LiveTicker } from './stream.js';
