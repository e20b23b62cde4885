/**
 * HTTP of spot orders (docs/decisions/0026-spot-orders.md): POST /api-v1/spot-orders/ places one, GET lists them, DELETE
 * /api-v1/spot-orders/{id}/ cancels a resting one, GET /api-v1/spot-rules/ tells the fee.
 */
import { errorBody } from '../../../shared/api/common.js';
import {
  spotOrderAnswer,
  spotOrderBody,
  spotOrderParams,
  spotOrders,
  spotOrdersQuery,
  spotRules,
} from '../../../shared/api/spot.js';
import { MIN_ORDER_NOTIONAL } from '../../../shared/constants.js';
import { SPOT_ORDERS_CHANGED } from '../../db/channels.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { idempotencyOf, sendOutcome } from '../../plugins/idempotency.js';
import { createOrderBudget } from '../../plugins/order-budget.js';
import { registerOrdersStream } from '../realtime/index.js';
import { createSpotService } from './service.js';

/** The newest open orders a push carries (a page, as GET /api-v1/spot-orders/?status=open answers). */
const SPOT_OPEN_ORDERS_PUSHED = 50;

const errors = {
  400: errorBody,
  401: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
  503: errorBody,
};

export const spotModule: AppModule = (app, ctx) => {
  const spot = createSpotService(ctx);
  const { requireUser } = ctx.guard;
  const orders = createOrderBudget(app, ctx.config.tradeRateLimit);
  // orders@user.<id> over /ws: the user's open orders, pushed on every change of them on any
  // instance (placed, filled by the per-tick pass, cancelled; realtime/user-streams.ts).
  registerOrdersStream(ctx, {
    openOrders: (userId) => spot.list(userId, { status: 'open', limit: SPOT_OPEN_ORDERS_PUSHED }),
    changes: SPOT_ORDERS_CHANGED,
  });
  const tags = ['spot'];

  app.post('/api-v1/spot-orders/', {
    // As trade creation: a flood of orders is refused before it reaches the database (docs/decisions/0020),
    // in the user's one order budget (docs/decisions/0050).
    onRequest: [requireUser, orders.guard],
    schema: { tags, body: spotOrderBody, response: { 201: spotOrderAnswer, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await spot.place(currentUser(req).id, req.body, idempotencyOf(req))),
  });

  app.get('/api-v1/spot-orders/', {
    onRequest: requireUser,
    schema: { tags, querystring: spotOrdersQuery, response: { 200: spotOrders, 400: errorBody, 401: errorBody } },
    handler: (req) => spot.list(currentUser(req).id, req.query),
  });

  app.delete('/api-v1/spot-orders/:id/', {
    onRequest: requireUser,
    schema: { tags, params: spotOrderParams, response: { 200: spotOrderAnswer, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await spot.cancel(currentUser(req).id, req.params.id, idempotencyOf(req))),
  });

  app.get('/api-v1/spot-rules/', {
    schema: { tags, response: { 200: spotRules } },
    handler: () => ({ fee_rate: ctx.config.spotFeeRate, min_notional: MIN_ORDER_NOTIONAL }),
  });
};
