/**
 * RFC 6238 computed here with node:crypto (HMAC-SHA1 over the base32-decoded secret, dynamic
 * truncation, 6 digits, 30 s steps), not with otplib: tests check the server's use of the library
 * against the standard, and the browser test types what an authenticator app would show.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recoveryCodes, totpSecrets } from '../../src/server/modules/security/schema.js';
import { call, factorChangeProof, type TestUser } from './users.js';
import type { TestApp } from './app.js';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 30-second step of a time. */
export const stepOf = (time: Date) => Math.floor(time.getTime() / 1000 / 30);

/** The 6-digit code of a step (RFC 4226 HOTP with the step as the counter). */
export function totpAt(secretBase32: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

/** The code an authenticator app shows at `time`. */
export const totp = (secretBase32: string, time: Date) => totpAt(secretBase32, stepOf(time));

/** The secret in an otpauth:// URL. */
export function secretOfOtpauthUrl(url: string): string {
  const secret = new URL(url).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${url}`);
  return secret;
}

/**
 * Turns TOTP on for a user through the API; returns the secret and the recovery codes. The clock
 * then moves to the next step, so the caller's first code is not the one enabling used.
 */
export async function enableTotp(
  t: TestApp,
  user: TestUser,
  /** The proof setup takes (docs/decisions/0045): by default the password and an emailed code, for a user without 2FA. */
  proof?: Record<string, unknown>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t, 'POST', '/api-v1/2fa/setup/', {
    token: user.token,
    body: proof ?? (await factorChangeProof(t, user)),
  });
  if (setup.status !== 200) throw new Error(`2fa/setup: ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret: string = setup.body.secret;
  const enable = await call(t, 'POST', '/api-v1/2fa/enable/', {
    token: user.token,
    body: { code: totp(secret, t.clock.now()) },
  });
  if (enable.status !== 200) throw new Error(`2fa/enable: ${enable.status} ${JSON.stringify(enable.body)}`);
  t.clock.advance(30_000);
  return { secret, recoveryCodes: enable.body.recovery_codes };
}

/** A fresh code for the next request: moves the clock a step on, so no two calls share a step. */
export function nextTotp(t: TestApp, secret: string): string {
  t.clock.advance(30_000);
  return totp(secret, t.clock.now());
}

/** Turns 2FA off behind the API's back (a test resetting its scene), whatever state it was in. */
export async function clearTwoFactor(t: TestApp, user: { id: number }): Promise<void> {
  await t.db.delete(totpSecrets).where(eq(totpSecrets.userId, user.id));
  await t.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
}
