/** The fiat module's public face: what app.ts and other modules may import (the rest is internal). */
export { fiatModule } from './routes.js';
