/**
 * Signing in with a passkey (docs/security.md "Passkeys", docs/decisions/0022): instead of the
 * password, or as the second step after it. The passkeys' checks are the security module's; the
 * session they open is this module's, so security never imports auth (docs/decisions/0051).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginSession } from '../../../shared/api/auth.js';
import { errorBody } from '../../../shared/api/common.js';
import {
  loginOptionsResponse,
  PASSKEY_MSG,
  passkeyLoginBody,
  ticketPasskeyOptionsBody,
  webauthnOptions,
} from '../../../shared/api/passkeys.js';
import type { AppModule } from '../../context.js';
import { users } from '../../db/schema.js';
import { unauthorized } from '../../errors.js';
import { perAddressPerMinute } from '../../plugins/rate-limits.js';
import { relyingPartyOf, secondFactorOptions, signInOptions, verifyPasskeySignIn } from '../security/index.js';
import { loginTicketUser } from './login-tickets.js';
import { sessionUserOf } from './session-user.js';
import { clientOf, startSession } from './sessions.js';
import { msg } from '../../../shared/message.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 423: errorBody, 429: errorBody };
const noBody = z.object({}).nullish();

export const passkeySignInModule: AppModule = (app, ctx) => {
  const tags = ['passkeys'];
  // Unauthenticated calls that hand out challenges or check a credential: per client address.
  const publicLimit = perAddressPerMinute(ctx.config.authRateLimit);

  app.post('/api-v1/passkeys/login-options/', {
    config: publicLimit,
    schema: { tags, body: noBody, response: { 200: loginOptionsResponse, ...errors } },
    handler: (req) => signInOptions(ctx, relyingPartyOf(ctx.config, req)),
  });

  app.post('/api-v1/passkeys/login/', {
    config: publicLimit,
    schema: { tags, body: passkeyLoginBody, response: { 200: loginSession, ...errors } },
    handler: async (req) => {
      const userId = await verifyPasskeySignIn(ctx, req.body.challenge_id, req.body.response);
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      if (!user) throw unauthorized(msg(PASSKEY_MSG, 'signInFailed'));
      return { access: await startSession(ctx, user, clientOf(req)), user: await sessionUserOf(ctx.db, user) };
    },
  });

  app.post('/api-v1/login/2fa/passkey-options/', {
    config: publicLimit,
    schema: { tags, body: ticketPasskeyOptionsBody, response: { 200: webauthnOptions, ...errors } },
    handler: async (req) => {
      const userId = await loginTicketUser(ctx, req.body.ticket);
      return secondFactorOptions(ctx, relyingPartyOf(ctx.config, req), userId);
    },
  });
};
