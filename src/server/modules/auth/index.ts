/** The auth module's public face: what app.ts and other modules may import (the rest is internal). */
export { authModule } from './routes.js';
export { passkeySignInModule } from './passkey-sign-in-routes.js';
export { ensureAdmin, usernameOf } from './service.js';
export { sessionsModule } from './sessions.js';
