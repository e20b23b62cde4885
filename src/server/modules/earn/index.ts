/** The earn module's public face: what app.ts and the trade jobs' runner may import (the rest is internal). */
export { earnModule } from './routes.js';
export { payMaturedOrders } from './maturity.js';
