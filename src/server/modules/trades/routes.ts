/**
 * HTTP of docs/product.md 7 "Trade": trade-creation, trade-updation, get-active-trades, trade-history; and
 * the background jobs (jobs.ts), started when the app is ready and stopped when it closes.
 */
import { errorBody } from '../../../shared/api/common.js';
import {
  activeTrades,
  activeTradesQuery,
  type ActiveTrades,
  tradeAnswer,
  tradeCreationBody,
  tradeHistory,
  tradeHistoryQuery,
  tradeMarginBody,
  tradeRules,
  tradeRulesOf,
  tradeTpslBody,
  tradeUpdationBody,
} from '../../../shared/api/trade.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { idempotencyOf, sendOutcome } from '../../plugins/idempotency.js';
import { createOrderBudget } from '../../plugins/order-budget.js';
import { listTradeHistory } from './history.js';
import { startTradeJobs, type TradeJobs } from './jobs.js';
import { registerPositionsStream } from './push.js';
import { createTradeService } from './service.js';

const errors = {
  400: errorBody,
  401: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
  503: errorBody,
};

export const tradesModule: AppModule = (app, ctx) => {
  const trades = createTradeService(ctx);
  // positions@user.<id> over /ws: the get-active-trades items pushed live (push.ts).
  const positions = registerPositionsStream(ctx, trades);
  app.addHook('onClose', async () => positions.stop());
  const { requireUser } = ctx.guard;
  const orders = createOrderBudget(app, ctx.config.tradeRateLimit);
  const tags = ['trades'];

  app.post('/api-v1/trade-creation/', {
    // A flood of orders is refused before it reaches the database (docs/decisions/0020), counted in
    // the user's one order budget with spot and private-API orders (docs/decisions/0050).
    onRequest: [requireUser, orders.guard],
    schema: { tags, body: tradeCreationBody, response: { 201: tradeAnswer, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await trades.open(currentUser(req).id, req.body, idempotencyOf(req))),
  });

  app.post('/api-v1/trade-updation/', {
    onRequest: requireUser,
    schema: { tags, body: tradeUpdationBody, response: { 200: tradeAnswer, ...errors } },
    handler: async (req, reply) => {
      const userId = currentUser(req).id;
      if (!req.body.is_closed) return trades.price(userId, req.body.trade_id);
      return sendOutcome(reply, await trades.close(userId, req.body, idempotencyOf(req)));
    },
  });

  // A trader's tools on a position (docs/decisions/0025-trade-protection.md).
  app.post('/api-v1/trade-tpsl/', {
    onRequest: requireUser,
    schema: { tags, body: tradeTpslBody, response: { 200: tradeAnswer, ...errors } },
    handler: (req) => trades.setTpsl(currentUser(req).id, req.body),
  });

  app.post('/api-v1/trade-margin/', {
    onRequest: requireUser,
    schema: { tags, body: tradeMarginBody, response: { 200: tradeAnswer, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await trades.changeMargin(currentUser(req).id, req.body, idempotencyOf(req))),
  });

  app.get('/api-v1/get-active-trades/', {
    onRequest: requireUser,
    schema: { tags, querystring: activeTradesQuery, response: { 200: activeTrades, 400: errorBody, 401: errorBody } },
    // Sent as text (service.ts `activeJson`): the schema documents the answer, and a JSON text skips
    // Fastify's serializer, so the type says the text is the schema's (tests/api/trades.test.ts reads
    // it back through the schema).
    handler: async (req, reply) => {
      const json = await trades.activeJson(currentUser(req).id, req.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as ActiveTrades);
    },
  });

  app.get('/api-v1/trade-rules/', {
    schema: { tags, response: { 200: tradeRules } },
    handler: () => tradeRulesOf(ctx.config.trading),
  });

  app.get('/api-v1/trade-history/', {
    onRequest: requireUser,
    schema: { tags, querystring: tradeHistoryQuery, response: { 200: tradeHistory, 400: errorBody, 401: errorBody } },
    handler: (req) => listTradeHistory(ctx.db, currentUser(req).id, req.query),
  });

  const intervalMs = ctx.config.tradeJobIntervalMs;
  if (intervalMs > 0) {
    let jobs: TradeJobs | undefined;
    app.addHook('onReady', async () => {
      jobs = startTradeJobs(ctx, intervalMs);
    });
    app.addHook('onClose', async () => {
      await jobs?.stop();
    });
  }
};
