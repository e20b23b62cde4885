/** The spot module's public face: what app.ts and other modules may import (the rest is internal). */
export { spotModule } from './routes.js';
export { spotPass } from './pass.js';
// Its home is db/channels.ts; handed on here too for the modules that hear spot orders.
export { SPOT_ORDERS_CHANGED } from '../../db/channels.js';
export { createSpotService } from './service.js';
export { quoteOf } from './quote.js';
export type { SpotOrderRow } from './lifecycle.js';
