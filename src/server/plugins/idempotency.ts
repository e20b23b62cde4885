/**
 * The HTTP side of `Idempotency-Key` (docs/architecture.md section 4): the client's key and route, handed to
 * a service, and the replay marker on the answer. The transaction itself is db/idempotency.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MSG } from '../../shared/api/idempotency.js';
import type { IdempotencyScope, Outcome } from '../db/idempotency.js';
import { badRequest } from '../errors.js';
import { msg } from '../../shared/message.js';

/** The client's key, or null; a malformed key is a 400. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw))
    throw badRequest(msg(IDEMPOTENCY_MSG, 'invalidKey'));
  return raw;
}

export function idempotencyOf(request: FastifyRequest): IdempotencyScope {
  return { key: idempotencyKeyOf(request), route: `${request.method} ${request.routeOptions.url ?? request.url}` };
}

/** Send an outcome, marking replays so clients and logs can tell. */
export function sendOutcome<T>(reply: FastifyReply, outcome: Outcome<T>) {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.statusCode).send(outcome.body);
}
