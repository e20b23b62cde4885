/** HTTP of docs/product.md section 7 "Auth", GET /api-v1/info/ and the profile (docs/architecture.md "## Profile"). */
import { z } from 'zod';
import {
  emailOnlyBody,
  loginBody,
  loginResponse,
  passwordChangedResponse,
  resetPasswordBody,
  setTransactionPasswordBody,
  signupBody,
  updatePasswordBody,
  userInfo,
} from '../../../shared/api/auth.js';
import { errorBody, messageBody } from '../../../shared/api/common.js';
import { profileUpdateBody, profileUpdated, userProfile } from '../../../shared/api/profile.js';
import { loginTwoFactorBody, twoFactorLoginResponse } from '../../../shared/api/two-factor.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { perAddressPerMinute } from '../../plugins/rate-limits.js';
import { createProfileService } from './profile.js';
import { createAuthService } from './service.js';
import { clientOf } from './sessions.js';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 423: errorBody, 429: errorBody };

export const authModule: AppModule = (app, ctx) => {
  const auth = createAuthService(ctx);
  const profile = createProfileService(ctx, (userId) => auth.info(userId));
  const { requireUser } = ctx.guard;
  // Each of these checks a password or a code, or sends mail: counted per client address.
  const limited = perAddressPerMinute(ctx.config.authRateLimit);
  const tags = ['auth'];

  app.post('/api-v1/signup-email-otp/', {
    config: limited,
    schema: { tags, body: emailOnlyBody, response: { 200: messageBody, ...errors } },
    handler: (req) => auth.requestSignupOtp(req.body.email),
  });

  app.post('/api-v1/signup/', {
    config: limited,
    schema: { tags, body: signupBody, response: { 201: messageBody, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await auth.signup(req.body)),
  });

  app.post('/api-v1/login/', {
    config: limited,
    schema: { tags, body: loginBody, response: { 200: loginResponse, ...errors } },
    handler: (req) => auth.login(req.body.email, req.body.password, clientOf(req)),
  });

  // The second step of a sign-in with 2FA on (docs/security.md); the passkey branch redeems the same ticket.
  app.post('/api-v1/login/2fa/', {
    config: limited,
    schema: { tags, body: loginTwoFactorBody, response: { 200: twoFactorLoginResponse, ...errors, 423: errorBody } },
    handler: (req) => auth.loginWithSecondFactor(req.body, clientOf(req)),
  });

  app.post('/api-v1/forgot-password/', {
    config: limited,
    schema: { tags, body: emailOnlyBody, response: { 200: messageBody, ...errors } },
    handler: (req) => auth.forgotPassword(req.body.email),
  });

  app.post('/api-v1/reset-password/', {
    config: limited,
    schema: { tags, body: resetPasswordBody, response: { 200: messageBody, ...errors } },
    handler: (req) =>
      auth.resetPassword(req.body.email, req.body.otp, req.body.password, {
        two_factor_code: req.body.two_factor_code,
        ...(req.body.passkey ? { passkey: req.body.passkey } : {}),
      }),
  });

  app.post('/api-v1/transcation-password-otp/', {
    config: limited,
    onRequest: requireUser,
    schema: { tags, body: z.object({}).nullish(), response: { 200: messageBody, ...errors } },
    handler: (req) => auth.sendSecurityOtp(currentUser(req).id),
  });

  app.post('/api-v1/update-password/', {
    config: limited,
    onRequest: requireUser,
    schema: { tags, body: updatePasswordBody, response: { 200: passwordChangedResponse, ...errors } },
    handler: (req) => {
      const user = currentUser(req);
      return auth.updateLoginPassword(user.id, user.email, req.body.new_password, req.body.otp, clientOf(req));
    },
  });

  app.post('/api-v1/set-transcation-password/', {
    config: limited,
    onRequest: requireUser,
    schema: { tags, body: setTransactionPasswordBody, response: { 200: messageBody, ...errors } },
    handler: (req) => {
      const user = currentUser(req);
      return auth.setTransactionPassword(user.id, user.email, req.body.new_password, req.body.otp);
    },
  });

  app.post('/api-v1/logout/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: messageBody, 401: errorBody } },
    handler: (req) => auth.logout(currentUser(req)),
  });

  app.get('/api-v1/info/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: userInfo, 401: errorBody, 404: errorBody } },
    handler: (req) => auth.info(currentUser(req).id),
  });

  // docs/decisions/0043-languages.md: SPEC's listed profile calls. The profile is /info/'s answer; only the two names are writable.
  app.get('/api-v1/user/profile/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: userProfile, 401: errorBody, 404: errorBody } },
    handler: (req) => profile.profile(currentUser(req).id),
  });

  app.post('/api-v1/user/update/', {
    onRequest: requireUser,
    schema: {
      tags,
      body: profileUpdateBody,
      response: { 200: profileUpdated, 400: errorBody, 401: errorBody, 404: errorBody },
    },
    handler: (req) => profile.update(currentUser(req).id, req.body),
  });
};
