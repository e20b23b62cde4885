/**
 * Tokens an attacker could present: expired, signed with another key, `alg: none`, and a real
 * token whose payload was edited. Built from the app's own token format (lib/tokens.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.js';
import { createTokenService } from '../../src/server/lib/tokens.js';
import type { TestApp } from './app.js';
import type { TestUser } from './users.js';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function tokenVersionOf(t: TestApp, user: TestUser): Promise<number> {
  const [row] = await t.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, user.id));
  if (!row) throw new Error(`no user ${user.id}`);
  return row.tv;
}

export interface ForgedTokens {
  /** Right key and claims, but `exp` an hour ago. */
  expired: string;
  /** Right claims, signed with a key the server never had. */
  wrongKey: string;
  /** Right claims, no signature at all (`alg: none`). */
  algNone: string;
  /** The user's real token with `sub` changed to another user, signature kept. */
  tampered: string;
}

export async function forgeTokens(t: TestApp, user: TestUser, impersonate: TestUser): Promise<ForgedTokens> {
  const tokenVersion = await tokenVersionOf(t, user);
  // The user's own live session: only the forged part makes these tokens wrong.
  const sessionId = (await t.ctx.tokens.verify(user.token))!.sessionId;
  const hourAgo = () => new Date(t.clock.now().getTime() - 3_600_000);
  const expired = await createTokenService(t.config.jwtSecret, '60s', hourAgo).sign({
    userId: user.id,
    tokenVersion,
    sessionId,
  });
  const wrongKey = await createTokenService(randomBytes(32), '1h', () => t.clock.now()).sign({
    userId: user.id,
    tokenVersion,
    sessionId,
  });
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const claims = { sub: String(user.id), tv: tokenVersion, sid: sessionId, iat: now, exp: now + 3600 };
  const algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
  const [header, payload, signature] = user.token.split('.');
  const edited = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: String(impersonate.id) };
  const tampered = `${header}.${base64url(edited)}.${signature}`;
  return { expired, wrongKey, algNone, tampered };
}
