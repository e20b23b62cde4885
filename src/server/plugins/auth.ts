/**
 * The bearer-token guard. A token is good when its signature and `exp` check out, its token
 * version still matches the user's (a password change or reset ends older tokens) and its session
 * (`sid`) is still live (logout and a revoked session end one; docs/decisions/0023). Admin status
 * comes from the user's row, never from the token.
 *
 * The rows are remembered per process (db/change-feed.ts): a trigger notifies every instance when
 * a row's sign-in facts change or a user's session starts or ends, and it is forgotten at once
 * (docs/decisions/0014). A session's last_seen_at is written at most once a minute per session.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../db/database.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { logBackgroundFailure } from '../db/errors.js';
import { sessions, users } from '../db/schema.js';
import { SERVER_MSG } from '../../shared/server-messages.js';
import { forbidden, unauthorized } from '../errors.js';
import type { TokenService } from '../lib/tokens.js';
import { msg } from '../../shared/message.js';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  uniqueid: string;
  isAdmin: boolean;
  /** A demo account (docs/decisions/0063-demo-accounts.md). */
  isDemo: boolean;
  tokenVersion: number;
  /** The sign-in session of the token (sessions.id). */
  sessionId: string;
}

/** last_seen_at of a session is written at most this often (docs/security.md "Sessions and devices"). */
export const LAST_SEEN_EVERY_MS = 60_000;
/** Sessions whose last write this process remembers (the oldest forgotten first). */
const TOUCHED_SIZE = 100_000;

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

export function createAuthGuard(
  db: Db,
  tokens: TokenService,
  changes: ChangeFeed,
  clock: Clock = { now: () => new Date() },
  log?: FastifyBaseLogger,
) {
  // The signed-in user's row, as every authenticated request needs it.
  const userColumns = {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    uniqueid: users.uniqueid,
    isAdmin: users.isAdmin,
    isDemo: users.isDemo,
    tokenVersion: users.tokenVersion,
  };
  // Every authenticated request reads this row: a prepared statement is parsed and planned once
  // per connection instead of on every request.
  const userById = db
    .select(userColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');

  // Remembered per process; a trigger (migration 0001) tells every instance when a row changes.
  // Many users signing in at once are read in one query (ChangeFeed readMany).
  const usersById = (ids: number[]) =>
    db
      .select(userColumns)
      .from(users)
      .where(sql`${users.id} = any(${sql.param(ids)}::int[])`)
      .then((rows) => new Map(rows.map((row) => [row.id, row] as const)));
  const userRows = changes.remember('user_changed', async (id) => (await userById.execute({ id }))[0], {
    size: 100_000,
    readMany: usersById,
  });

  const liveSessionsOf = db
    .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, sql.placeholder('id')), isNull(sessions.endedAt)))
    .prepare('auth_live_sessions');
  // Each user's live sessions (id -> last seen, ms as read); a trigger (migration 0006) tells every
  // instance when one starts or ends.
  const liveSessionsOfMany = async (ids: number[]) => {
    const rows = await db
      .select({ userId: sessions.userId, id: sessions.id, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(sql`${sessions.userId} = any(${sql.param(ids)}::int[])`, isNull(sessions.endedAt)));
    const byUser = new Map<number, Map<string, number>>(ids.map((id) => [id, new Map()]));
    for (const row of rows) byUser.get(row.userId)?.set(row.id, row.lastSeenAt.getTime());
    return byUser;
  };
  const liveSessions = changes.remember(
    'sessions_changed',
    async (id) =>
      new Map((await liveSessionsOf.execute({ id })).map((row) => [row.id, row.lastSeenAt.getTime()] as const)),
    { size: 100_000, readMany: liveSessionsOfMany },
  );

  /** When this process last wrote each session's last_seen_at (ms). */
  const touched = new Map<string, number>();
  /** `seen`: last_seen_at as this process last read it. */
  function touch(sessionId: string, seen: number) {
    const now = clock.now();
    const last = Math.max(touched.get(sessionId) ?? seen, seen);
    if (now.getTime() - last < LAST_SEEN_EVERY_MS) return;
    touched.delete(sessionId);
    if (touched.size >= TOUCHED_SIZE) touched.delete(touched.keys().next().value!);
    touched.set(sessionId, now.getTime());
    // Written with the others of this turn of the event loop in one statement: a crowd signing in
    // at once (a reconnect after a deploy) costs one commit, not one each.
    if (!touchBatch) {
      touchBatch = new Set();
      setImmediate(writeTouches);
    }
    touchBatch.add(sessionId);
  }

  let touchBatch: Set<string> | null = null;
  function writeTouches() {
    const ids = [...touchBatch!];
    touchBatch = null;
    const now = clock.now();
    // Other instances write too; the condition keeps the row to one write a minute whatever they do.
    db.update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          sql`${sessions.id} = any(${sql.param(ids)}::uuid[])`,
          isNull(sessions.endedAt),
          lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_EVERY_MS)),
        ),
      )
      .then(
        () => undefined,
        (error: unknown) => {
          for (const id of ids) touched.delete(id);
          if (log) logBackgroundFailure(log, 'session last seen', error);
        },
      );
  }

  async function resolveUser(token: string | null): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    // A row older than the token (changed on another instance, notification on its way) is read again.
    const user = await userRows.get(claims.userId, (row) => row.tokenVersion >= claims.tokenVersion);
    if (!user || user.tokenVersion !== claims.tokenVersion) return null;
    // A session missing from the remembered set may have started on another instance: read again.
    const live = await liveSessions.get(claims.userId, (ids) => ids.has(claims.sessionId));
    const seen = live.get(claims.sessionId);
    if (seen === undefined) return null;
    touch(claims.sessionId, seen);
    return { ...user, sessionId: claims.sessionId };
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
    if (!request.authUser?.isAdmin) throw forbidden(msg(SERVER_MSG, 'staffOnly'));
  }

  return {
    resolveUser,
    requireUser,
    requireAdmin,
    /** This process just changed the user's row or sessions: don't wait for the notification. */
    forget(userId: number) {
      userRows.forget(userId);
      liveSessions.forget(userId);
    },
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
