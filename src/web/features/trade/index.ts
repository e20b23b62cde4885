/** Screens of the trade capability (loaded as one chunk). */
export { ExchangePage } from './ExchangePage';
export { LeverPage } from './LeverPage';
export { PriceAlertsPage } from './alerts/PriceAlertsPage';
export { useTradeHistory } from './api/trade-history';
export { useActiveTrades } from './api/active-trades';
