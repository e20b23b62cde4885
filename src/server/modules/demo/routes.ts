/**
 * HTTP of demo accounts (docs/decisions/0063-demo-accounts.md): POST /api-v1/demo/ opens one for anyone
 * (counted per client address, like a sign-up), POST /api-v1/demo/twin/ a real account's twin, POST
 * /api-v1/demo/reset/ gives a demo account its starting money back. The expiry pass runs hourly.
 */
import { z } from 'zod';
import { errorBody, messageBody } from '../../../shared/api/common.js';
import { demoSession } from '../../../shared/api/demo.js';
import type { AppModule } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { perAddressPerMinute } from '../../plugins/rate-limits.js';
import { clientOf } from '../auth/index.js';
import { DEMO_EXPIRY_EVERY_MS, expireIdleDemos } from './expiry.js';
import { createDemoService } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 429: errorBody };

export const demoModule: AppModule = (app, ctx) => {
  const demo = createDemoService(ctx);
  const { requireUser } = ctx.guard;
  const tags = ['demo'];
  const limited = perAddressPerMinute(ctx.config.authRateLimit);

  app.post('/api-v1/demo/', {
    config: limited,
    schema: { tags, body: z.strictObject({}).nullish(), response: { 201: demoSession, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await demo.openDemo(clientOf(req))),
  });

  app.post('/api-v1/demo/twin/', {
    config: limited,
    onRequest: requireUser,
    schema: { tags, body: z.strictObject({}).nullish(), response: { 200: demoSession, ...errors } },
    handler: (req) => demo.twin(currentUser(req).id, clientOf(req)),
  });

  app.post('/api-v1/demo/reset/', {
    onRequest: requireUser,
    schema: { tags, body: z.strictObject({}).nullish(), response: { 200: messageBody, ...errors } },
    handler: (req) => demo.reset(currentUser(req).id),
  });

  // Tests run passes themselves (tradeJobIntervalMs 0 means the same for the trade jobs).
  if (ctx.config.tradeJobIntervalMs > 0) {
    const timer = setInterval(() => {
      expireIdleDemos(ctx).catch((error: unknown) => logBackgroundFailure(ctx.log, 'demo expiry', error));
    }, DEMO_EXPIRY_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
