/** HTTP of TOTP two-factor authentication (docs/decisions/0021-two-factor.md): setup, enable, disable, new recovery codes and the status. */
import { errorBody, messageBody } from '../../../shared/api/common.js';
import {
  twoFactorCodeBody,
  twoFactorEnabledResponse,
  twoFactorSetupBody,
  twoFactorSetupResponse,
  twoFactorStatus,
} from '../../../shared/api/two-factor.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { perUserPerMinute } from '../../plugins/rate-limits.js';
import { resealAtStart } from '../../lib/sealing.js';
import { createTwoFactorService } from './two-factor-service.js';
import { resealTotpSecrets } from './two-factor.js';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 423: errorBody, 429: errorBody };

export const twoFactorModule: AppModule = (app, ctx) => {
  const twoFactor = createTwoFactorService(ctx);
  const { requireUser } = ctx.guard;
  // Each checks a code: guessing is limited per user, besides the per-account lock of wrong codes.
  const limited = perUserPerMinute(ctx.config.authRateLimit);
  const tags = ['two-factor'];
  resealAtStart(app, ctx, 'TOTP secrets', () => resealTotpSecrets(ctx));

  app.get('/api-v1/2fa/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: twoFactorStatus, 401: errorBody } },
    handler: (req) => twoFactor.status(currentUser(req).id),
  });

  app.post('/api-v1/2fa/setup/', {
    onRequest: requireUser,
    config: limited,
    schema: { tags, body: twoFactorSetupBody, response: { 200: twoFactorSetupResponse, ...errors } },
    handler: (req) => twoFactor.setup(currentUser(req).id, req.body ?? {}),
  });

  app.post('/api-v1/2fa/enable/', {
    onRequest: requireUser,
    config: limited,
    schema: { tags, body: twoFactorCodeBody, response: { 200: twoFactorEnabledResponse, ...errors } },
    handler: (req) => twoFactor.enable(currentUser(req).id, req.body.code),
  });

  app.post('/api-v1/2fa/disable/', {
    onRequest: requireUser,
    config: limited,
    schema: { tags, body: twoFactorCodeBody, response: { 200: messageBody, ...errors } },
    handler: (req) => twoFactor.disable(currentUser(req).id, req.body.code),
  });

  // New recovery codes for the old ones, with a current code (docs/decisions/0045).
  app.post('/api-v1/2fa/recovery-codes/', {
    onRequest: requireUser,
    config: limited,
    schema: { tags, body: twoFactorCodeBody, response: { 200: twoFactorEnabledResponse, ...errors } },
    handler: (req) => twoFactor.renewRecoveryCodes(currentUser(req).id, req.body.code),
  });
};
