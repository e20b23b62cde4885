/**
 * Rotating JWT_SECRET (docs/operations.md "Rotating JWT_SECRET"): with the old secret as
 * JWT_SECRET_PREVIOUS, an instance opens the TOTP and API-key secrets the old one sealed, seals them
 * again under the new one at start, and matches recovery codes hashed under either; sessions signed
 * with the old secret end. Once re-sealed, the new secret alone opens them; only recovery codes made
 * before the rotation need the previous secret.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../../src/shared/api/api-keys.js';
import type { Config } from '../../src/server/config.js';
import { apiKeys } from '../../src/server/modules/api-keys/schema.js';
import { totpSecrets } from '../../src/server/modules/security/schema.js';
import { sealApiSecret } from '../../src/server/modules/api-keys/keys.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';
import { enableTotp, nextTotp } from '../helpers/totp.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

const NEW_SECRET = new TextEncoder().encode('the new secret after a rotation, 48 bytes long..');

let t: TestApp;
let user: TestUser;
let totpSecret: string;
let recoveryCodes: string[];
let key: ApiKeyCreated;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
  ({ secret: totpSecret, recoveryCodes } = await enableTotp(t, user));
  const created = await call<ApiKeyCreated>(t, 'POST', '/api-v1/api-keys/', {
    token: user.token,
    body: { label: 'bot', permissions: ['read'], code: nextTotp(t, totpSecret) },
  });
  expect(created.status).toBe(201);
  key = created.body;
});
afterAll(() => t.close());

/** An instance on the same database with other secrets, as after a restart with a new configuration. */
async function instanceWith(secrets: Pick<Config, 'jwtSecret' | 'jwtSecretPrevious'>) {
  const log = captureLog('info');
  const instance = await anotherInstance(t, { config: secrets, log: log.logger });
  const on = { ...t, app: instance.app };
  return { ...instance, on, log };
}

const sealedNow = async () => ({
  totp: (await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id)))[0]!.secretCiphertext,
  apiKey: (await t.db.select().from(apiKeys).where(eq(apiKeys.apiKey, key.api_key)))[0]!.secretCiphertext,
});

/** The password step, then the second one with `code`: the status of the second. */
async function signInWith(on: TestApp, code: string): Promise<number> {
  const first = await call(on, 'POST', '/api-v1/login/', { body: { email: user.email, password: user.password } });
  expect(first.status).toBe(200);
  return (await call(on, 'POST', '/api-v1/login/2fa/', { body: { ticket: first.body.ticket, code } })).status;
}

/** GET /api/v3/account signed with a key's secret, as a bot would (timestamp on the app's clock). */
function signedAccount(on: TestApp, { api_key, secret }: ApiKeyCreated = key) {
  const query = new URLSearchParams({ timestamp: String(t.clock.now().getTime()) }).toString();
  const signature = createHmac('sha256', secret).update(query).digest('hex');
  return call(on, 'GET', `/api/v3/account?${query}&signature=${signature}`, { headers: { 'x-mbx-apikey': api_key } });
}

describe('rotating JWT_SECRET', () => {
  it('keeps TOTP, API keys and recovery codes through JWT_SECRET_PREVIOUS, sealing the secrets again under the new one', async () => {
    const before = await sealedNow();
    const rotated = await instanceWith({ jwtSecret: NEW_SECRET, jwtSecretPrevious: t.config.jwtSecret });
    try {
      // Sealed again at start, before serving: the rows changed, and the log says how many.
      const after = await sealedNow();
      expect(after.totp).not.toBe(before.totp);
      expect(after.apiKey).not.toBe(before.apiKey);
      const said = (what: string) =>
        rotated.log.lines.find((line) => line.msg === `${what}: sealed again under the current JWT_SECRET`);
      expect(said('TOTP secrets')).toMatchObject({ resealed: 1, unreadable: 0 });
      expect(said('API key secrets')).toMatchObject({ resealed: 1, unreadable: 0 });

      // Sessions signed with the old secret end: the user signs in again, with the TOTP of before.
      expect((await call(rotated.on, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);
      expect(await signInWith(rotated.on, nextTotp(t, totpSecret))).toBe(200);
      expect((await signedAccount(rotated.on)).status).toBe(200);
      // A recovery code made before the rotation, matched under the previous secret.
      expect(await signInWith(rotated.on, recoveryCodes[0]!)).toBe(200);

      // A key sealed under the old secret after the sweep (an instance on the old secret still finishing
      // a request while the new ones start): opened on each request, under the previous secret.
      const late = { api_key: 'LateKey'.padEnd(64, 'x'), secret: 'late-secret' } as ApiKeyCreated;
      await t.db.insert(apiKeys).values({
        userId: user.id,
        apiKey: late.api_key,
        secretCiphertext: sealApiSecret(t.config.jwtSecret, user.id, late.api_key, late.secret),
        label: 'late',
        permissions: ['read'],
      });
      expect((await signedAccount(rotated.on, late)).status).toBe(200);
    } finally {
      await rotated.close();
    }

    // The previous secret dropped: what was sealed again opens under the new one alone.
    const settled = await instanceWith({ jwtSecret: NEW_SECRET, jwtSecretPrevious: undefined });
    try {
      expect(await signInWith(settled.on, nextTotp(t, totpSecret))).toBe(200);
      expect((await signedAccount(settled.on)).status).toBe(200);
      // A keyed hash cannot be re-keyed without the code: an old recovery code needs the previous secret.
      expect(await signInWith(settled.on, recoveryCodes[1]!)).toBe(400);
    } finally {
      await settled.close();
    }
  });

  it('two instances starting on the rotation re-seal each secret once, and a second start finds nothing to do', async () => {
    const sealed = await sealedNow();
    // Rotating back: NEW_SECRET (now sealing everything) becomes the previous one.
    const secrets = { jwtSecret: t.config.jwtSecret, jwtSecretPrevious: NEW_SECRET };
    const [a, b] = await Promise.all([instanceWith(secrets), instanceWith(secrets)]);
    const c = await instanceWith(secrets);
    try {
      const resealed = [a, b, c].map(
        (instance) =>
          instance.log.lines.find((line) => line.msg === 'TOTP secrets: sealed again under the current JWT_SECRET')
            ?.resealed,
      );
      expect(resealed.sort()).toEqual([0, 0, 1]);
      expect((await sealedNow()).totp).not.toBe(sealed.totp);
      expect(await signInWith(c.on, nextTotp(t, totpSecret))).toBe(200);
      expect((await signedAccount(c.on)).status).toBe(200);
    } finally {
      for (const instance of [a, b, c]) await instance.close();
    }
    // The original app, on the original secret again, opens them too.
    expect(await signInWith(t, nextTotp(t, totpSecret))).toBe(200);
    expect((await signedAccount(t)).status).toBe(200);
  });
});
