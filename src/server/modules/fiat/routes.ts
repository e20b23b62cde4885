/**
 * HTTP of fiat orders (docs/decisions/0054-fiat-orders.md): the user places and lists their own at
 * /api-v1/fiat-orders/; staff read the queue and act on an order under /api-v3/admin/fiat-orders/.
 */
import { errorBody } from '../../../shared/api/common.js';
import {
  fiatOrderAnswer,
  fiatOrderBody,
  fiatOrderParams,
  fiatOrdersList,
  staffFiatActionBody,
  staffFiatOrders,
  staffFiatOrdersQuery,
} from '../../../shared/api/fiat.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { perUserPerMinute } from '../../plugins/rate-limits.js';
import { createFiatService } from './service.js';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
  503: errorBody,
};

export const fiatModule: AppModule = (app, ctx) => {
  const fiat = createFiatService(ctx);
  const { requireUser, requireAdmin } = ctx.guard;

  app.post('/api-v1/fiat-orders/', {
    onRequest: requireUser,
    // Each order lands in a staff queue: a flood is refused before it reaches the database (0020).
    config: perUserPerMinute(ctx.config.authRateLimit),
    schema: { tags: ['fiat'], body: fiatOrderBody, response: { 201: fiatOrderAnswer, ...errors } },
    handler: async (req, reply) => reply.code(201).send(await fiat.place(currentUser(req).id, req.body)),
  });

  app.get('/api-v1/fiat-orders/', {
    onRequest: requireUser,
    schema: { tags: ['fiat'], response: { 200: fiatOrdersList, 401: errorBody } },
    handler: (req) => fiat.list(currentUser(req).id),
  });

  app.get('/api-v3/admin/fiat-orders/', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      querystring: staffFiatOrdersQuery,
      response: { 200: staffFiatOrders, 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: (req) => fiat.staffList(req.query),
  });

  app.post('/api-v3/admin/fiat-orders/:id/', {
    onRequest: requireAdmin,
    schema: {
      tags: ['admin'],
      params: fiatOrderParams,
      body: staffFiatActionBody,
      response: { 200: fiatOrderAnswer, ...errors },
    },
    handler: (req) => fiat.act(currentUser(req).id, req.params.id, req.body),
  });
};
