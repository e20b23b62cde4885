/**
 * The bearer-token guard. A token is good when its signature and `exp` check out and its token
 * version still matches the user's (a password change or logout ends older tokens). Admin status
 * is read from the database on every request, never from the token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
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

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function createAuthGuard(db: Db, tokens: TokenService) {
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

  async function resolveUser(token: string | null): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const [user] = await userById.execute({ id: claims.userId });
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

  return { resolveUser, requireUser, requireAdmin };
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
