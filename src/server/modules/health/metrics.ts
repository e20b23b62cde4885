/**
 * GET /metrics: the app's Prometheus series (lib/metrics.ts) on the app's own port (docs/decisions/0038-operations.md "What
 * an operator needs", docs/operations.md "Metrics and alerts", docs/decisions/0038-operations.md).
 *
 * With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>` may read it (compared in
 * constant time, from any address). Without it, only a direct request from this machine may: its
 * socket is loopback and it carries no proxy header, so a balancer or reverse proxy on the same host
 * does not publish it to the internet. The series hold no user data either way (route patterns,
 * counts, durations).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.js';
import { METRICS_MSG } from '../../../shared/messages.js';
import { msg } from '../../../shared/message.js';
import { errorBody } from '../../plugins/error-handler.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether the request proves the token: hashes of equal length compared in constant time. */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/i.exec(header);
  return timingSafeEqual(sha256(match?.[1] ?? ''), expected) && match !== null;
}

export const metricsModule: AppModule = (app, ctx) => {
  const token = ctx.config.metricsToken;
  const expected = token === undefined ? undefined : sha256(token);
  const registry = ctx.metrics.registry;

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      if (!hasToken(request, expected))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send(errorBody(msg(METRICS_MSG, 'tokenRequired')));
    } else if (
      !isLoopback(request.socket.remoteAddress) ||
      PROXY_HEADERS.some((h) => request.headers[h] !== undefined)
    ) {
      return reply.status(403).send(errorBody(msg(METRICS_MSG, 'loopbackOnly')));
    }
    let body: string;
    try {
      body = await ctx.metrics.text();
    } catch (error) {
      // A part of the cluster's series would read as counter resets: no answer rather than a wrong one.
      request.log.warn({ err: error }, 'metrics not gathered');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(msg(METRICS_MSG, 'workersUnavailable')));
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
};
