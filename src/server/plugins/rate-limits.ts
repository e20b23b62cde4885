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

const perMinute = (
  max: number,
  options: { keyGenerator?: (request: FastifyRequest) => string; skipOnError: boolean },
) => ({
  rateLimit: { max, timeWindow: '1 minute', ...options },
});

/**
 * Counted per authenticated user; the route must run the auth guard first. When the count cannot be
 * kept (Redis away, docs/decisions/0037) the request is refused (503) by default: most of these guard a
 * proof (a 2FA code, the transaction password). A mere flood guard (chat, uploads, orders) passes
 * `'allow'`, so an outage of Redis does not stop support chats and trading.
 */
export const perUserPerMinute = (max: number, onStoreError: 'refuse' | 'allow' = 'refuse') =>
  perMinute(max, {
    keyGenerator: (request) => `user:${currentUser(request).id}`,
    skipOnError: onStoreError === 'allow',
  });

/**
 * Counted per client address (request.ip, which honours TRUST_PROXY). These guard the proofs of who
 * someone is (passwords, codes): a count that cannot be kept refuses (503), never waves guesses through.
 */
export const perAddressPerMinute = (max: number) => perMinute(max, { skipOnError: false });
