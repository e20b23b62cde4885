/**
 * The bearer-token guard. A token is good when its signature and `exp` check out and its token
 * version still matches the user's (a password change or logout ends older tokens). Admin status
 * comes from the user's row, never from the token.
 *
 * The rows are remembered per process while a LISTEN on `user_changed` is in place: a trigger
 * (migration 0001) notifies every instance when a row's sign-in facts change, and the change is
 * forgotten here at once. Without that connection nothing is remembered (docs/decisions/0014).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { listen, type Listening } from '../db/listen.js';
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

  const userRows = createUserCache(async (id) => (await userById.execute({ id }))[0]);
  let listening: Listening | undefined;

  async function resolveUser(token: string | null): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const user = await userRows.get(claims.userId, claims.tokenVersion);
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
    /** Whether rows are being remembered (the notification connection is up). */
    remembering: userRows.trusted,
    /** Start remembering rows (once the LISTEN is in place). */
    start() {
      listening ??= listen(db.$client, 'user_changed', {
        onMessage: (payload) => userRows.forget(Number(payload)),
        onUp: userRows.trust,
        onDown: userRows.distrust,
      });
    },
    async stop() {
      await listening?.stop();
      listening = undefined;
    },
  };
}

const USER_CACHE_SIZE = 100_000;

/**
 * Rows by user id, used only while `trusted` (every change since is known to reach `forget`). A
 * read that overlapped any forget or change of trust is returned but not remembered: it may have
 * started before the change it would then hide.
 */
export function createUserCache(read: (id: number) => Promise<AuthUser | undefined>) {
  const rows = new Map<number, AuthUser>();
  let trusted = false;
  let generation = 0;
  const reset = (trust: boolean) => {
    generation++;
    rows.clear();
    trusted = trust;
  };
  return {
    /** The user's row; a remembered one only if it is not older than the token asking. */
    async get(id: number, tokenVersion: number): Promise<AuthUser | undefined> {
      const known = trusted ? rows.get(id) : undefined;
      if (known && known.tokenVersion >= tokenVersion) return known;
      const seen = generation;
      const row = await read(id);
      if (row && trusted && seen === generation) {
        if (rows.size >= USER_CACHE_SIZE) rows.delete(rows.keys().next().value!);
        rows.set(id, row);
      }
      return row;
    },
    forget(id: number) {
      generation++;
      rows.delete(id);
    },
    trusted: () => trusted,
    trust: () => reset(true),
    distrust: () => reset(false),
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
