/**
 * Per-user rate limits for routes behind the auth guard (@fastify/rate-limit, in memory per
 * instance). The limit hook runs after the guard, so it counts the user, not the address: many
 * users behind one network address do not share a budget, and one user cannot escape it by
 * changing address. A limited request is refused before its body (an upload) is read.
 */
import type { FastifyRequest } from 'fastify';

export const perUserPerMinute = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `user:${request.authUser?.id ?? request.ip}`,
  },
});
