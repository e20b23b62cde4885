/**
 * The session lives in local storage: a token and the user of the login response. Logged in means
 * a token whose `exp` is still in the future (docs/product.md section 6); the server checks the rest.
 */
import type { LoginResponse, SessionUser } from '../../shared/api/auth';
import { STORAGE_KEYS, clearAll, readItem, writeItem } from './storage';

export interface Session {
  token: string | null;
  user: SessionUser | null;
  loggedIn: boolean;
  isAdmin: boolean;
}

/** The payload of a JWT, without checking its signature (the server does that). */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** When the token stops being valid, in ms since the epoch; null when it has no readable `exp`. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

export function isTokenValid(token: string | null, now = Date.now()): token is string {
  if (!token) return false;
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}

export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

/**
 * A hand-written check instead of the zod schema: this module is in the first download of every
 * page, and zod is only needed once a form is shown.
 */
function isSessionUser(value: unknown): value is SessionUser {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.user_id === 'number' &&
    typeof v.email === 'string' &&
    typeof v.is_admin === 'boolean' &&
    ['username', 'first_name', 'last_name', 'uniqueid', 'is_verified'].every((key) => typeof v[key] === 'string')
  );
}

export function getStoredUser(): SessionUser | null {
  const raw = readItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function readSession(now = Date.now()): Session {
  const token = getToken();
  const user = getStoredUser();
  const loggedIn = isTokenValid(token, now);
  return { token, user, loggedIn, isAdmin: loggedIn && user?.is_admin === true };
}

export function saveSession(login: LoginResponse): void {
  writeItem(STORAGE_KEYS.token, login.access);
  writeItem(STORAGE_KEYS.user, JSON.stringify(login.user));
}

/** A changed name (the profile screen) also shows in the stored user, as the next login would store it. */
export function updateStoredUser(names: Pick<SessionUser, 'first_name' | 'last_name'>): void {
  const user = getStoredUser();
  if (!user) return;
  const username = `${names.first_name} ${names.last_name}`.trim() || user.email;
  writeItem(STORAGE_KEYS.user, JSON.stringify({ ...user, ...names, username }));
}

/** A password change ends older sessions on the server; the answer carries the token to go on with. */
export function replaceToken(access: string): void {
  writeItem(STORAGE_KEYS.token, access);
}

/** Logout and an expired session: all local storage goes (docs/product.md section 4). */
export function endSession(): void {
  clearAll();
}
