/** Access tokens: HS256 JWTs with `sub` (user id), `tv` (token version) and `exp`. */
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export function createTokenService(secret: Uint8Array, ttl: string) {
  return {
    async sign({ userId, tokenVersion }: TokenClaims): Promise<string> {
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(secret);
    },
    /** The claims of a valid token, or null for a missing, forged, expired or malformed one. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
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
