/**
 * Sign-in sessions (docs/security.md "Sessions and devices", docs/decisions/0023): every
 * login is a session with the device (from the user agent), the IP, when it started and when it was
 * last seen; its access token carries the session's id (`sid`). The guard (plugins/auth.ts) refuses
 * a token whose session ended, on every instance at once (a trigger notifies `sessions_changed`).
 *
 * A sign-in from a device or address the account has not used before mails the user, except the
 * very first sign-in after sign-up.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '../../../shared/api/common.js';
import {
  SESSIONS_MSG,
  newDeviceMailText,
  revokeOthersResponse,
  sessionIdParams,
  sessionList,
  type SessionInfo,
} from '../../../shared/api/sessions.js';
import { messageBody } from '../../../shared/api/common.js';
import type { AppContext, AppModule } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { sessions } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { sessionsEnded } from '../../lib/session-events.js';
import { SESSION_ID } from '../../lib/tokens.js';
import { currentUser } from '../../plugins/auth.js';
import { msg } from '../../../shared/message.js';

/** Who is signing in, as far as the request tells. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Android" from a user agent; a small hand parser (the browsers and systems our traders use). */
export function deviceOf(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return SESSIONS_MSG.deviceOn(browser, system);
  if (browser ?? system) return (browser ?? system)!;
  // Scripts and apps: the product token ("curl/8.5.0" -> "curl"), else unknown.
  const product = /^([A-Za-z][\w.-]{0,30})\//.exec(userAgent.trim())?.[1];
  return product ?? SESSIONS_MSG.unknownDevice;
}

/** "2026-11-24 04:50 UTC", for mails. */
const mailTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Starts a session for a user who has proved who they are; returns its access token. */
export async function startSession(
  ctx: Pick<AppContext, 'db' | 'tokens' | 'clock' | 'mailer' | 'config'>,
  user: { id: number; tokenVersion: number; email: string },
  client: ClientInfo,
): Promise<string> {
  const now = ctx.clock.now();
  const device = deviceOf(client.userAgent);
  const ip = client.ip.slice(0, 64);
  // Seen before: any earlier session of the account (ended ones too) from this device, from this address.
  const [seen] = await ctx.db
    .select({
      any: sql<boolean>`count(*) > 0`,
      device: sql<boolean>`coalesce(bool_or(${sessions.device} = ${device}), false)`,
      ip: sql<boolean>`coalesce(bool_or(${sessions.ip} = ${ip}), false)`,
    })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  const [row] = await ctx.db
    .insert(sessions)
    .values({ userId: user.id, device, ip, createdAt: now, lastSeenAt: now })
    .returning({ id: sessions.id });
  const token = await ctx.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion, sessionId: row!.id });
  // The very first sign-in after sign-up has nothing to compare with: no mail.
  if (seen?.any && !(seen.device && seen.ip)) {
    try {
      await ctx.mailer.send({
        to: user.email,
        subject: SESSIONS_MSG.newDeviceSubject,
        text: newDeviceMailText({ time: mailTime(now), device, ip }),
      });
    } catch (error) {
      // An alert that cannot be sent must not lock the user out; the app's log says so (no mail text in it).
      (ctx as Partial<Pick<AppContext, 'log'>>).log?.error({ err: error, userId: user.id }, 'new-device mail failed');
    }
  }
  return token;
}

type SessionContext = Pick<AppContext, 'db' | 'clock' | 'guard'>;

/** This instance changed the user's sessions: its guard and sockets act at once (others on the NOTIFY). */
function ended(ctx: SessionContext, userId: number) {
  ctx.guard.forget(userId);
  sessionsEnded(ctx, userId);
}

/** Ends one live session of the user; false when there is none with that id (or it is someone else's). */
export async function endSession(ctx: SessionContext, userId: number, sessionId: string): Promise<boolean> {
  if (!SESSION_ID.test(sessionId)) return false;
  const rows = await ctx.db
    .update(sessions)
    .set({ endedAt: ctx.clock.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  if (rows.length > 0) ended(ctx, userId);
  return rows.length > 0;
}

/**
 * Ends every live session of the user but `except` (none: all of them); `db` may be the caller's
 * transaction, which then calls `sessionsChanged` after its commit. Returns how many ended.
 */
export async function endSessions(db: Queryable, now: Date, userId: number, except?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), except ? ne(sessions.id, except) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/** After endSessions committed: this instance's guard and sockets learn it at once. */
export const sessionsChanged = ended;

async function liveSessionsOf(db: Queryable, userId: number, current: string): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(sql`${sessions.lastSeenAt} desc`, sql`${sessions.createdAt} desc`);
  return rows
    .map((row) => ({
      session_id: row.id,
      current: row.id === current,
      device: row.device,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

/** GET /api-v1/sessions/, DELETE /api-v1/sessions/{session_id}/, POST /api-v1/sessions/revoke-others/. */
export const sessionsModule: AppModule = (app, ctx) => {
  const { requireUser } = ctx.guard;
  const tags = ['sessions'];

  // Every instance hears sessions ending (and tokens ended by a password change) anywhere: its
  // logged-in sockets check their token again and close when it is refused.
  // null is "anything may have changed": heard when the LISTEN connection comes back (notifications
  // may have been lost), then every socket checks again; not while it is down (nothing to check against).
  const relay = (userId: number | null) => {
    if (userId !== null || ctx.changes.listening()) sessionsEnded(ctx, userId ?? undefined);
  };
  ctx.changes.watch('sessions_changed', relay);
  ctx.changes.watch('user_changed', relay);

  app.get('/api-v1/sessions/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: sessionList, ...errors } },
    handler: (req) => {
      const user = currentUser(req);
      return liveSessionsOf(ctx.db, user.id, user.sessionId);
    },
  });

  app.delete('/api-v1/sessions/:session_id/', {
    onRequest: requireUser,
    schema: { tags, params: sessionIdParams, response: { 200: messageBody, ...errors } },
    handler: async (req) => {
      // Another user's session answers as a missing one: ids are not confirmed to strangers.
      if (!(await endSession(ctx, currentUser(req).id, req.params.session_id)))
        throw notFound(msg(SESSIONS_MSG, 'notFound'));
      return { message: SESSIONS_MSG.ended };
    },
  });

  app.post('/api-v1/sessions/revoke-others/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: revokeOthersResponse, ...errors } },
    handler: async (req) => {
      const user = currentUser(req);
      const count = await endSessions(ctx.db, ctx.clock.now(), user.id, user.sessionId);
      sessionsChanged(ctx, user.id);
      return { message: SESSIONS_MSG.othersEnded, ended: count };
    },
  });
};
