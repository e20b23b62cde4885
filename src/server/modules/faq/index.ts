/** The FAQ module's public face: what app.ts and other modules may import (the rest is internal). */
export { DEPOSIT_ADDRESSES_KEY, depositAddresses } from './addresses.js';
export { faqModule } from './routes.js';
