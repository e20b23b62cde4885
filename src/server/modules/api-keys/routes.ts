/**
 * HTTP of API keys (docs/decisions/0033-api-keys.md): POST /api-v1/api-keys/ creates one (its secret answered
 * once), GET lists them without secrets, PATCH /api-v1/api-keys/{id}/ switches one off or on,
 * DELETE removes it. The private API they sign is private-routes.ts.
 */
import { z } from 'zod';
import { errorBody, idParam, messageBody } from '../../../shared/api/common.js';
import { apiKeyAnswer, apiKeyBody, apiKeyCreated, apiKeyList, apiKeyPatchBody } from '../../../shared/api/api-keys.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { perUserPerMinute } from '../../plugins/rate-limits.js';
import { resealAtStart } from '../../lib/sealing.js';
import { createApiKeysService, resealApiSecrets } from './keys.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 423: errorBody, 429: errorBody };

export const apiKeysModule: AppModule = (app, ctx) => {
  const keys = createApiKeysService(ctx);
  const { requireUser } = ctx.guard;
  // Creating checks a code: counted per user like the other confirmed changes.
  const limited = perUserPerMinute(ctx.config.authRateLimit);
  const tags = ['api-keys'];
  resealAtStart(app, ctx, 'API key secrets', () => resealApiSecrets(ctx));
  const params = z.object({ id: idParam });

  app.get('/api-v1/api-keys/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: apiKeyList, 401: errorBody } },
    handler: (req) => keys.list(currentUser(req).id),
  });

  app.post('/api-v1/api-keys/', {
    onRequest: requireUser,
    config: limited,
    schema: { tags, body: apiKeyBody, response: { 201: apiKeyCreated, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await keys.create(currentUser(req).id, req.body)),
  });

  app.patch('/api-v1/api-keys/:id/', {
    onRequest: requireUser,
    schema: { tags, params, body: apiKeyPatchBody, response: { 200: apiKeyAnswer, ...errors } },
    handler: (req) => keys.setEnabled(currentUser(req).id, req.params.id, req.body.enabled),
  });

  app.delete('/api-v1/api-keys/:id/', {
    onRequest: requireUser,
    schema: { tags, params, response: { 200: messageBody, ...errors } },
    handler: (req) => keys.remove(currentUser(req).id, req.params.id),
  });
};
