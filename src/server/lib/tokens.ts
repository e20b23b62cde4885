/**
 * Access tokens: HS256 JWTs with `sub` (user id), `tv` (token version), `sid` (the sign-in session,
 * modules/auth/sessions.ts) and `exp`. A token without `sid` (issued before sessions existed) is
 * refused: its holder signs in again (docs/decisions/0023).
 */
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** The sessions row this token belongs to; it dies when the session ends. */
  sessionId: string;
}

/** `now` is the app clock, so token expiry follows the same time as everything else (and tests can move it). */
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** exp for a TTL like '24h' (validated by config.ts). */
function expirationOf(issuedAt: number, ttl: string): number {
  const match = /^(\d+)(s|m|h|d)$/.exec(ttl);
  if (!match) throw new Error(`Invalid token TTL ${ttl}`);
  return issuedAt + Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

/**
 * Verified tokens remembered, so a client polling every second is not re-verified each time
 * (HMAC through WebCrypto costs a thread-pool round trip). Only tokens whose signature checked out
 * are kept, by their exact text, and `exp` is still checked against the clock on every use, so the
 * answer is the one a fresh verification would give. Bounded; the oldest entry goes first.
 */
const VERIFIED_CACHE_SIZE = 20_000;

interface Verified extends TokenClaims {
  /** exp claim, in seconds. */
  exp: number;
}

/** Session ids are UUIDs (sessions.id). */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `now`: the app passes its context's clock; the wall-clock default is for tools outside the app (bench). */
export function createTokenService(secret: Uint8Array, ttl: string, now: () => Date = () => new Date()) {
  // Imported once: given raw bytes, jose imports the key again on every call.
  let imported: Promise<CryptoKey> | undefined;
  const key = () =>
    (imported ??= crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  const verified = new Map<string, Verified>();
  return {
    async sign({ userId, tokenVersion, sessionId }: TokenClaims): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ tv: tokenVersion, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expirationOf(issuedAt, ttl))
        .sign(await key());
    },
    /** The claims of a valid token, or null for a missing, forged, expired or malformed one. */
    async verify(token: string): Promise<TokenClaims | null> {
      const currentDate = now();
      const known = verified.get(token);
      if (known) {
        // Expired exactly when jose would call it expired (exp <= now, no clock tolerance).
        if (known.exp > Math.floor(currentDate.getTime() / 1000))
          return { userId: known.userId, tokenVersion: known.tokenVersion, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate,
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
        if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { userId, tokenVersion, sessionId, exp: payload.exp! });
        return { userId, tokenVersion, sessionId };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
