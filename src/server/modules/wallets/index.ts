/** The wallets module's public face: what app.ts and other modules may import (the rest is internal). */
export { listWallet } from './balances.js';
export { DEPOSIT_NETWORKS_KEY, depositNetworkTerms } from './deposit-networks.js';
export { walletsModule } from './routes.js';
export { toTransactionItem } from './transactions.js';
export { usdtPriceOf } from './prices.js';
