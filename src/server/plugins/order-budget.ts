/**
 * One budget of new orders per user, TRADE_RATE_LIMIT a minute, whichever door the orders come
 * through: the web's lever orders (trade-creation) and spot orders, and the private API's
 * POST /api/v3/order (docs/decisions/0050-order-budget-fills-chat-pages-sockets.md). Counted in the
 * store every instance shares (plugins/rate-limit-store.ts, docs/decisions/0037), under one key per
 * user, so N instances and three routes give a user one budget, not 3N.
 *
 * A route's own `config.rateLimit` would not do: the plugin keys each route's count apart, and the
 * private API knows its user only after the signature is checked, inside the handler. So the
 * plugin's `createRateLimit` limiter is called where the user is known.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors.js';
import { currentUser } from './auth.js';

export type OrderBudgetAnswer = { allowed: true } | { allowed: false; max: number; retryAfterSeconds: number };

export interface OrderBudget {
  /** Counts one new order of `userId`; allowed while the minute's count is at most the budget. */
  take(request: FastifyRequest, userId: number): Promise<OrderBudgetAnswer>;
  /** An onRequest hook after the auth guard: refuses the web's 429 (the error handler's body) over budget. */
  guard(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The user each counted request is for (the limiter's key generator reads it). */
const counted = new WeakMap<FastifyRequest, number>();

export function createOrderBudget(app: FastifyInstance, max: number): OrderBudget {
  const limiter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `orders:user:${counted.get(request)}`,
    // A flood guard that guards no proof: a store that cannot count lets orders through
    // (docs/decisions/0037, as the routes' order limits did).
    skipOnError: true,
  });

  async function take(request: FastifyRequest, userId: number): Promise<OrderBudgetAnswer> {
    counted.set(request, userId);
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return { allowed: true };
    return { allowed: false, max: result.max, retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
  }

  return {
    take,
    async guard(request, reply) {
      const answer = await take(request, currentUser(request).id);
      if (answer.allowed) return;
      reply.header('retry-after', String(answer.retryAfterSeconds));
      throw tooManyRequests();
    },
  };
}
