/** The custody module's public face: what app.ts and other modules may import (the rest is internal). */
export { custodyModule } from './routes.js';
export { custodyChainOf } from './runtime.js';
export { depositAddressOf } from './addresses.js';
export { createDepositWatcher, type DepositWatcher, type WatchReport } from './watcher.js';
export type { ChainFamily } from './chain.js';
export { createPayouts, paidOnChain, type Payouts } from './payouts.js';
