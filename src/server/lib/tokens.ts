/** Access tokens: HS256 JWTs with `sub` (user id), `tv` (token version) and `exp`. */
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

/** `now` is the app clock, so token expiry follows the same time as everything else (and tests can move it). */
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** exp for a TTL like '24h' (validated by config.ts). */
function expirationOf(issuedAt: number, ttl: string): number {
  const match = /^(\d+)(s|m|h|d)$/.exec(ttl);
  if (!match) throw new Error(`Invalid token TTL ${ttl}`);
  return issuedAt + Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

export function createTokenService(secret: Uint8Array, ttl: string, now: () => Date = () => new Date()) {
  return {
    async sign({ userId, tokenVersion }: TokenClaims): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expirationOf(issuedAt, ttl))
        .sign(secret);
    },
    /** The claims of a valid token, or null for a missing, forged, expired or malformed one. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate: now(),
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
        return { userId, tokenVersion };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
