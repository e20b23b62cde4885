/** The demo module's public face: what app.ts and other modules may import (the rest is internal). */
export { demoModule } from './routes.js';
export { expireIdleDemos } from './expiry.js';
