/**
 * HTTP of price alerts (docs/decisions/0055-alerts-statements.md): GET /api-v1/price-alerts/ lists the
 * caller's, POST sets one, PATCH /api-v1/price-alerts/{id}/ edits one (and arms it again), DELETE
 * removes it. The watcher (watch.ts) fires them on the market tick.
 */
import { z } from 'zod';
import { errorBody, idParam, messageBody } from '../../../shared/api/common.js';
import {
  priceAlertAnswer,
  priceAlertBody,
  priceAlertList,
  priceAlertPatchBody,
} from '../../../shared/api/price-alerts.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { createPriceAlertsService } from './service.js';
import { watchPriceAlerts } from './watch.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

export const priceAlertsModule: AppModule = (app, ctx) => {
  const watcher = watchPriceAlerts(ctx);
  app.addHook('onClose', async () => {
    watcher.stop();
    await watcher.settled();
  });
  const service = createPriceAlertsService(ctx, watcher);
  const { requireUser } = ctx.guard;
  const tags = ['price-alerts'];
  const params = z.object({ id: idParam });

  app.get('/api-v1/price-alerts/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: priceAlertList, 401: errorBody } },
    handler: (req) => service.list(currentUser(req).id),
  });

  app.post('/api-v1/price-alerts/', {
    onRequest: requireUser,
    schema: { tags, body: priceAlertBody, response: { 201: priceAlertAnswer, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await service.create(currentUser(req).id, req.body)),
  });

  app.patch('/api-v1/price-alerts/:id/', {
    onRequest: requireUser,
    schema: { tags, params, body: priceAlertPatchBody, response: { 200: priceAlertAnswer, ...errors } },
    handler: (req) => service.update(currentUser(req).id, req.params.id, req.body),
  });

  app.delete('/api-v1/price-alerts/:id/', {
    onRequest: requireUser,
    schema: { tags, params, response: { 200: messageBody, ...errors } },
    handler: (req) => service.remove(currentUser(req).id, req.params.id),
  });
};
