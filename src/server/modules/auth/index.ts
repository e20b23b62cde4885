/** The auth module's public face: what app.ts and other modules may import (the rest is internal). */
export { authModule } from './routes.js';
export { ensureAdmin, usernameOf } from './service.js';
/**
 * The 2FA sign-in ticket, for the passkey branch of the second step (issue 16).
 * @public
 */
export { loginTicketUser, redeemLoginTicket } from './login-tickets.js';
/** What a passwordless sign-in (security/passkey-routes.ts) answers with: a session, and the user as login shows it. */
export { clientOf, startSession } from './sessions.js';
export { sessionUserOf } from './session-user.js';
export { createOtpService } from './otp.js';
export { sessionsModule } from './sessions.js';
