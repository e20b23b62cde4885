/**
 * The bearer-token guard. A token is good when its signature and `exp` check out and its token
 * version still matches the user's (a password change or logout ends older tokens). Admin status
 * comes from the user's row, never from the token.
 *
 * The rows are remembered per process (db/change-feed.ts): a trigger notifies every instance when
 * a row's sign-in facts change, and it is forgotten at once (docs/decisions/0014).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { users } from '../db/schema.js';
import { forbidden, unauthorized } from '../errors.js';
import type { TokenService } from '../lib/tokens.js';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  uniqueid: string;
  isAdmin: boolean;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on authenticated routes. */
    authUser?: AuthUser;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function createAuthGuard(db: Db, tokens: TokenService, changes: ChangeFeed) {
  // Every authenticated request reads this row: a prepared statement is parsed and planned once
  // per connection instead of on every request.
  const userById = db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      uniqueid: users.uniqueid,
      isAdmin: users.isAdmin,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');

  // Remembered per process; a trigger (migration 0001) tells every instance when a row changes.
  const userRows = changes.remember('user_changed', async (id) => (await userById.execute({ id }))[0], {
    size: 100_000,
  });

  async function resolveUser(token: string | null): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    // A row older than the token (changed on another instance, notification on its way) is read again.
    const user = await userRows.get(claims.userId, (row) => row.tokenVersion >= claims.tokenVersion);
    if (!user || user.tokenVersion !== claims.tokenVersion) return null;
    return user;
  }

  /** onRequest hook: any logged-in user (traders and staff). */
  async function requireUser(request: FastifyRequest) {
    const user = await resolveUser(bearerToken(request));
    if (!user) throw unauthorized();
    request.authUser = user;
  }

  /** onRequest hook: staff only. */
  async function requireAdmin(request: FastifyRequest) {
    await requireUser(request);
    if (!request.authUser?.isAdmin) throw forbidden('Staff only');
  }

  return {
    resolveUser,
    requireUser,
    requireAdmin,
    /** This process just changed the user's row: don't wait for the notification. */
    forget: userRows.forget,
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** The authenticated user of a request behind a guard (throws if the guard was forgotten). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

export function registerAuthDecorators(app: FastifyInstance) {
  app.decorateRequest('authUser', undefined);
}
