/**
 * HTTP of passkeys (docs/security.md "Passkeys"): the rules are in passkeys.ts. Signing in with a
 * passkey is the auth module's (auth/passkey-sign-in-routes.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorBody, idParam, messageBody } from '../../../shared/api/common.js';
import {
  addPasskeyBody,
  PASSKEY_MSG,
  passkeyList,
  passkeyView,
  registrationOptionsBody,
  removePasskeyBody,
  renamePasskeyBody,
  resetPasskeyOptionsBody,
  webauthnOptions,
} from '../../../shared/api/passkeys.js';
import type { AppModule } from '../../context.js';
import { users } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { perAddressPerMinute, perUserPerMinute } from '../../plugins/rate-limits.js';
import { createOtpService } from './otp.js';
import {
  addPasskey,
  assertOwnPasskey,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  secondFactorOptions,
} from './passkeys.js';
import { requireFactorChangeProof } from './second-factor.js';
import { msg } from '../../../shared/message.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 423: errorBody, 429: errorBody };
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
      // A stolen session must not be able to add its own way in: the current second factor, or with
      // none on the password and an emailed code (docs/decisions/0045-second-factor-guards-itself.md).
      await requireFactorChangeProof(ctx, user.id, req.body ?? {});
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
    config: userLimit,
    schema: { tags, params: idParams, body: removePasskeyBody, response: { 200: messageBody, ...errors } },
    handler: async (req) => {
      const userId = currentUser(req).id;
      await assertOwnPasskey(ctx.db, userId, req.params.id);
      // The same proof as adding one: a stolen session cannot remove the owner's (docs/decisions/0045).
      await requireFactorChangeProof(ctx, userId, req.body ?? {});
      return removePasskey(ctx, userId, req.params.id);
    },
  });

  app.post('/api-v1/passkeys/assertion-options/', {
    onRequest: requireUser,
    config: userLimit,
    schema: { tags, body: noBody, response: { 200: webauthnOptions, ...errors } },
    handler: (req) => secondFactorOptions(ctx, relyingPartyOf(ctx.config, req), currentUser(req).id),
  });

  // A password reset of an account with passkeys: the reset code proves the mailbox, a passkey the
  // second factor (docs/decisions/0045). The code is checked, not used up: the reset uses it.
  app.post('/api-v1/reset-password/passkey-options/', {
    config: publicLimit,
    schema: { tags, body: resetPasskeyOptionsBody, response: { 200: webauthnOptions, ...errors } },
    handler: async (req) => {
      await createOtpService(ctx).consume(req.body.email, 'reset', req.body.otp, { keep: true });
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, req.body.email));
      if (!user) throw badRequest(msg(PASSKEY_MSG, 'notFound'));
      return secondFactorOptions(ctx, relyingPartyOf(ctx.config, req), user.id);
    },
  });
};
