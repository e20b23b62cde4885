/** The auth module's public face: what app.ts and other modules may import (the rest is internal). */
export { authModule } from './routes.js';
export { passkeySignInModule } from './passkey-sign-in-routes.js';
export { ensureAdmin, insertUser, usernameOf } from './service.js';
export { sessionUserOf } from './session-user.js';
export { endSessions, sessionsChanged, sessionsModule, startSession, clientOf, type ClientInfo } from './sessions.js';
