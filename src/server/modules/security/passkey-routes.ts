/** HTTP of passkeys (issue 16; docs/security.md "Passkeys"): the rules are in passkeys.ts. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginSession } from '../../../shared/api/auth.js';
import { errorBody, idParam, messageBody } from '../../../shared/api/common.js';
import {
  addPasskeyBody,
  loginOptionsResponse,
  PASSKEY_MSG,
  passkeyList,
  passkeyLoginBody,
  passkeyView,
  registrationOptionsBody,
  renamePasskeyBody,
  ticketPasskeyOptionsBody,
  webauthnOptions,
} from '../../../shared/api/passkeys.js';
import type { AppModule } from '../../context.js';
import { users } from '../../db/schema.js';
import { unauthorized } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { perAddressPerMinute, perUserPerMinute } from '../../plugins/rate-limits.js';
import { clientOf, loginTicketUser, sessionUserOf, startSession } from '../auth/index.js';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  secondFactorOptions,
  signInOptions,
  verifyPasskeySignIn,
} from './passkeys.js';
import { requireSecondFactor } from './second-factor.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const idParams = z.object({ id: idParam });
const noBody = z.object({}).nullish();

export const passkeysModule: AppModule = (app, ctx) => {
  const { requireUser } = ctx.guard;
  const tags = ['passkeys'];
  // Unauthenticated calls that hand out challenges or check a credential: per client address.
  const publicLimit = perAddressPerMinute(ctx.config.authRateLimit);
  const userLimit = perUserPerMinute(ctx.config.authRateLimit);

  app.post('/api-v1/passkeys/registration-options/', {
    onRequest: requireUser,
    config: userLimit,
    schema: { tags, body: registrationOptionsBody, response: { 200: webauthnOptions, ...errors } },
    handler: async (req) => {
      const user = currentUser(req);
      // With 2FA on, a stolen session must not be able to add its own way in.
      await requireSecondFactor(ctx, user.id, req.body ?? {});
      return registrationOptions(ctx, relyingPartyOf(ctx.config, req), user);
    },
  });

  app.post('/api-v1/passkeys/', {
    onRequest: requireUser,
    config: userLimit,
    schema: { tags, body: addPasskeyBody, response: { 201: passkeyView, ...errors } },
    handler: async (req, reply) =>
      reply.status(201).send(await addPasskey(ctx, currentUser(req), req.body.name, req.body.response)),
  });

  app.get('/api-v1/passkeys/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: passkeyList, 401: errorBody } },
    handler: (req) => listPasskeys(ctx.db, currentUser(req).id),
  });

  app.patch('/api-v1/passkeys/:id/', {
    onRequest: requireUser,
    schema: { tags, params: idParams, body: renamePasskeyBody, response: { 200: passkeyView, ...errors } },
    handler: (req) => renamePasskey(ctx.db, currentUser(req).id, req.params.id, req.body.name),
  });

  app.delete('/api-v1/passkeys/:id/', {
    onRequest: requireUser,
    schema: { tags, params: idParams, response: { 200: messageBody, ...errors } },
    handler: (req) => removePasskey(ctx, currentUser(req).id, req.params.id),
  });

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
      if (!user) throw unauthorized(PASSKEY_MSG.signInFailed);
      return { access: await startSession(ctx, user, clientOf(req)), user: await sessionUserOf(ctx.db, user) };
    },
  });

  app.post('/api-v1/passkeys/assertion-options/', {
    onRequest: requireUser,
    config: userLimit,
    schema: { tags, body: noBody, response: { 200: webauthnOptions, ...errors } },
    handler: (req) => secondFactorOptions(ctx, relyingPartyOf(ctx.config, req), currentUser(req).id),
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
