/** The identity module's public face: what app.ts and other modules may import (the rest is internal). */
export { identityModule } from './routes.js';
export { verificationStatusOf } from './status.js';
