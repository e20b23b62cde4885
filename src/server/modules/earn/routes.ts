/**
 * HTTP of Earn (docs/decisions/0052-earn.md): the products with the user's remaining capacity, the
 * user's lock-up orders (the Mining order tab), subscribing and early redemption; the staff overview
 * and the product switch and yield (audited).
 */
import { errorBody, idParam } from '../../../shared/api/common.js';
import {
  earnOverview,
  earnProductBody,
  earnProductSaved,
  lockupOrderAnswer,
  lockupOrders,
  lockupOrdersQuery,
  lockupProducts,
  lockupSubscribeBody,
} from '../../../shared/api/earn.js';
import { z } from 'zod';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { createEarnService } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: idParam });

export const earnModule: AppModule = (app, ctx) => {
  const earn = createEarnService(ctx);
  const { requireUser, requireAdmin } = ctx.guard;
  const tags = ['earn'];

  app.get('/api-v1/lockup-products/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: lockupProducts, ...errors } },
    handler: (req) => earn.products(currentUser(req).id),
  });

  app.get('/api-v1/lockup-orders/', {
    onRequest: requireUser,
    schema: { tags, querystring: lockupOrdersQuery, response: { 200: lockupOrders, ...errors } },
    handler: (req) => earn.orders(currentUser(req).id, req.query.status),
  });

  app.post('/api-v1/lockup-orders/', {
    onRequest: requireUser,
    schema: { tags, body: lockupSubscribeBody, response: { 201: lockupOrderAnswer, ...errors } },
    handler: async (req, reply) => reply.code(201).send(await earn.subscribe(currentUser(req).id, req.body)),
  });

  app.post('/api-v1/lockup-orders/:id/redeem/', {
    onRequest: requireUser,
    schema: { tags, params: idParams, response: { 200: lockupOrderAnswer, ...errors } },
    handler: (req) => earn.redeem(currentUser(req).id, req.params.id),
  });

  app.get('/api-v3/admin/earn/', {
    onRequest: requireAdmin,
    schema: { tags, response: { 200: earnOverview, ...errors } },
    handler: () => earn.overview(),
  });

  app.put('/api-v3/admin/earn/products/:id/', {
    onRequest: requireAdmin,
    schema: { tags, params: idParams, body: earnProductBody, response: { 200: earnProductSaved, ...errors } },
    handler: (req) => earn.updateProduct(currentUser(req).id, req.params.id, req.body),
  });
};
