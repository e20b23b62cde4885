import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/api/auth';
import { decodeTokenPayload, isTokenValid, readSession, replaceToken, saveSession, tokenExpiresAt } from './session';

/** A JWT-shaped token with the given payload (the browser never checks signatures). */
const tokenWith = (payload: object) => {
  const part = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const base64 = btoa(String.fromCharCode(...bytes));
    return base64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
};
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

const user: SessionUser = {
  user_id: 7,
  username: 'Ada Lovelace',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  uniqueid: '12345678',
  is_admin: false,
  is_verified: 'unverified',
};

afterEach(() => localStorage.clear());

describe('reading a token', () => {
  it('reads the payload of a base64url JWT, including non-ASCII text', () => {
    const token = tokenWith({ sub: '7', name: 'Zoë 李', exp: 2_000_000_000 });
    expect(decodeTokenPayload(token)).toEqual({ sub: '7', name: 'Zoë 李', exp: 2_000_000_000 });
    expect(tokenExpiresAt(token)).toBe(2_000_000_000_000);
  });

  it('treats garbage, a missing payload or a missing exp as no expiry at all', () => {
    expect(decodeTokenPayload('not-a-jwt')).toBeNull();
    expect(decodeTokenPayload('a.%%%.c')).toBeNull();
    expect(tokenExpiresAt(tokenWith({ sub: '7' }))).toBeNull();
    expect(tokenExpiresAt(tokenWith({ exp: 'tomorrow' }))).toBeNull();
  });

  it('is valid only while exp is in the future', () => {
    const now = Date.now();
    expect(isTokenValid(tokenWith({ exp: inSeconds(60) }), now)).toBe(true);
    expect(isTokenValid(tokenWith({ exp: inSeconds(-1) }), now)).toBe(false);
    expect(isTokenValid(tokenWith({ sub: '7' }), now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });
});

describe('the stored session', () => {
  it('is logged in after a login is saved, and knows admin status from the stored user', () => {
    saveSession({ access: tokenWith({ exp: inSeconds(3600) }), user: { ...user, is_admin: true } });
    expect(readSession()).toMatchObject({ loggedIn: true, isAdmin: true, user: { email: 'ada@example.com' } });
  });

  it('is logged out with an expired token, and then is not admin either', () => {
    saveSession({ access: tokenWith({ exp: inSeconds(-10) }), user: { ...user, is_admin: true } });
    expect(readSession()).toMatchObject({ loggedIn: false, isAdmin: false });
  });

  it('is not admin when the stored user is missing or unreadable', () => {
    localStorage.setItem('token', tokenWith({ exp: inSeconds(3600) }));
    localStorage.setItem('user', '{"is_admin": true');
    expect(readSession()).toMatchObject({ loggedIn: true, isAdmin: false, user: null });
    localStorage.setItem('user', JSON.stringify({ is_admin: true }));
    expect(readSession().isAdmin).toBe(false);
  });

  it('goes on with the token a password change returns', () => {
    saveSession({ access: tokenWith({ exp: inSeconds(60) }), user });
    const fresh = tokenWith({ exp: inSeconds(7200) });
    replaceToken(fresh);
    expect(readSession()).toMatchObject({ token: fresh, loggedIn: true, user: { user_id: 7 } });
  });
});
