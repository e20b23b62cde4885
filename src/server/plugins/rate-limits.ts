/**
 * Rate limits (@fastify/rate-limit, one budget across instances: plugins/rate-limit-store.ts), declared one way on a route:
 * `config: perUserPerMinute(max)` or `config: perAddressPerMinute(max)`.
 *
 * - Per user, for routes behind the auth guard: the limit hook runs after the guard, so it counts
 *   the user, not the address: many users behind one network address do not share a budget, and
 *   one user cannot escape it by changing address. A limited request is refused before its body
 *   (an upload) is read.
 * - Per client address, for the routes that prove who someone is (login, sign-up, codes): there
 *   is no user to count yet, or the route guards the proof itself.
 */
import type { FastifyRequest } from 'fastify';
import { currentUser } from './auth.js';

const perMinute = (max: number, keyGenerator?: (request: FastifyRequest) => string) => ({
  rateLimit: { max, timeWindow: '1 minute', ...(keyGenerator ? { keyGenerator } : {}) },
});

/** Counted per authenticated user; the route must run the auth guard first. */
export const perUserPerMinute = (max: number) => perMinute(max, (request) => `user:${currentUser(request).id}`);

/** Counted per client address (request.ip, which honours TRUST_PROXY). */
export const perAddressPerMinute = (max: number) => perMinute(max);
