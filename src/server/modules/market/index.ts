/** The market module's public face: what app.ts and other modules may import (the rest is internal). */
export { marketModule } from './routes.js';
export { createMarketService } from './service.js';
export type { MarketService } from './types.js';
export { USDO_PRICE_KEY, usdoPrice } from './usdo.js';
export { MARK_STEP, walkMarks, walkOf, type MarkStep, type MarkWalk, type WalkedMarket } from './walk.js';
export { feedAges } from './feed-age.js';
