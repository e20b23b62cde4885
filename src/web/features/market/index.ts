/** Screens of the market capability, and what other features may use of it. */
export { HomePage } from './HomePage';
export { MarketsPage } from './MarketsPage';
export { BONUS_TIERS_KEY } from './api/bonus-tiers.js';
export { fetchCoinPrice } from './api/coin-price.js';
export { defaultCurrencyQuery } from './api/default-currency.js';
export { klinesQuery } from './api/klines.js';
export { orderBookQuery } from './api/order-book.js';
export { spotPriceQuery } from './api/price.js';
export { leverPriceQuery } from './api/ticker.js';
export { leverCoinListQuery } from './api/tickers.js';
export { useTickerStream } from './stream.js';
export { usdtPricesQuery } from './api/usdt-prices.js';
export { matchesQuery } from './find.js';
export { PairSearch } from './PairSearch';
