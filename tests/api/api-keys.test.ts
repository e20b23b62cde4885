/**
 * API keys (docs/decisions/0033-api-keys.md, docs/security.md "API keys"): created with the emailed code (2FA
 * off) or the second factor (2FA on); the secret is answered once and kept only encrypted; listed
 * without secrets; another user's key is 404; switched off and on; deleted; ended for good by a
 * password reset and a password change (not by a lock: docs/decisions/0046). The signed calls are private-api.test.ts.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_MSG, type ApiKeyCreated, type ApiKeyInfo } from '../../src/shared/api/api-keys.js';
import { PROTECTION_MSG } from '../../src/shared/api/protection.js';
import { TWO_FACTOR_MSG } from '../../src/shared/api/two-factor.js';
import { apiKeys } from '../../src/server/modules/api-keys/schema.js';
import { openApiSecret } from '../../src/server/modules/api-keys/keys.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { enableTotp, nextTotp } from '../helpers/totp.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The emailed security code of `POST /api-v1/transcation-password-otp/`. */
async function mailedCode(user: TestUser): Promise<string> {
  t.clock.advance(61_000); // one code a minute per email
  const sent = await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  expect(sent.status).toBe(200);
  return t.mailbox.lastCode(user.email);
}

async function createKey(user: TestUser, body: Record<string, unknown> = {}) {
  return call<ApiKeyCreated & { error?: string }>(t, 'POST', '/api-v1/api-keys/', {
    token: user.token,
    body: { label: 'bot', permissions: ['read', 'spot'], code: await mailedCode(user), ...body },
  });
}

const list = async (user: TestUser) =>
  (await call<ApiKeyInfo[]>(t, 'GET', '/api-v1/api-keys/', { token: user.token })).body;

/** A signed GET /api/v3/account with the key: what a bot's first call does. */
async function accountStatus(key: { api_key: string; secret: string }) {
  const query = `timestamp=${t.clock.now().getTime()}`;
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  const res = await call(t, 'GET', `/api/v3/account?${query}&signature=${signature}`, {
    headers: { 'x-mbx-apikey': key.api_key },
  });
  return res;
}

describe('creating a key', () => {
  it('needs the emailed code without 2FA; answers the secret once and keeps it only encrypted', async () => {
    const user = await createUser(t);
    const missing = await call(t, 'POST', '/api-v1/api-keys/', {
      token: user.token,
      body: { label: 'bot', permissions: ['read'] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(PROTECTION_MSG.enterCode);
    const wrong = await call(t, 'POST', '/api-v1/api-keys/', {
      token: user.token,
      body: { label: 'bot', permissions: ['read'], code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(await list(user)).toEqual([]);

    const res = await createKey(user, { label: 'Grid bot', permissions: ['spot'], ip_allowlist: ['203.0.113.7'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: API_KEYS_MSG.created,
      label: 'Grid bot',
      permissions: ['read', 'spot'], // reading is always on
      ip_allowlist: ['203.0.113.7'],
      enabled: true,
      status: 'active',
      last_used_at: null,
    });
    expect(res.body.api_key).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(res.body.secret).toMatch(/^[A-Za-z0-9]{64}$/);

    // At rest: neither the secret nor anything that contains it; it opens only with the server's key.
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.apiKey, res.body.api_key));
    expect(row!.secretCiphertext).not.toContain(res.body.secret);
    expect(JSON.stringify(row)).not.toContain(res.body.secret);
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect(openApiSecret(t.config, row!)).toBe(res.body.secret);
    expect(() => openApiSecret(t.config, { ...row!, userId: row!.userId + 1 })).toThrow();

    // Listed without the secret, ever again.
    const listed = await list(user);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(res.body.secret);
    expect(listed[0]).not.toHaveProperty('secret');
  });

  it('needs the second factor with 2FA on: the emailed code is not enough', async () => {
    const user = await createUser(t);
    const { secret } = await enableTotp(t, user);
    const withoutCode = await call(t, 'POST', '/api-v1/api-keys/', {
      token: user.token,
      body: { label: 'bot', permissions: ['read'] },
    });
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.body.error).toBe(TWO_FACTOR_MSG.codeRequired);
    const mailed = await createKey(user);
    expect(mailed.status).toBe(400);
    expect(mailed.body.error).toBe(TWO_FACTOR_MSG.wrongCode);
    const res = await call<ApiKeyCreated>(t, 'POST', '/api-v1/api-keys/', {
      token: user.token,
      body: { label: 'bot', permissions: ['read'], code: nextTotp(t, secret) },
    });
    expect(res.status).toBe(201);
    expect(await list(user)).toHaveLength(1);
  });

  it('never offers withdrawals; refuses unknown permissions and bad addresses', async () => {
    const user = await createUser(t);
    const code = await mailedCode(user);
    for (const [body, message] of [
      [{ permissions: ['read', 'withdrawals'] }, API_KEYS_MSG.noWithdrawals],
      [{ permissions: ['futures'] }, API_KEYS_MSG.choosePermissions],
      [{ permissions: ['read'], ip_allowlist: ['not-an-ip'] }, API_KEYS_MSG.badIp],
      [{ permissions: ['read'], label: '  ' }, API_KEYS_MSG.enterLabel],
    ] as const) {
      const res = await call(t, 'POST', '/api-v1/api-keys/', {
        token: user.token,
        body: { label: 'bot', code, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await list(user)).toEqual([]);
  });
});

describe('managing keys', () => {
  it("switches a key off and on, deletes it; another user's key is 404 and stays", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const key = (await createKey(owner)).body;
    expect((await accountStatus(key)).status).toBe(200);

    for (const [method, body] of [
      ['PATCH', { enabled: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t, method, `/api-v1/api-keys/${key.id}/`, { token: stranger.token, body });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(API_KEYS_MSG.notFound);
    }
    expect((await accountStatus(key)).status).toBe(200);

    const off = await call(t, 'PATCH', `/api-v1/api-keys/${key.id}/`, { token: owner.token, body: { enabled: false } });
    expect(off.body).toMatchObject({ message: API_KEYS_MSG.disabled, key: { enabled: false, status: 'disabled' } });
    expect((await accountStatus(key)).body).toEqual({
      code: -2015,
      msg: 'Invalid API-key, IP, or permissions for action.',
    });
    const on = await call(t, 'PATCH', `/api-v1/api-keys/${key.id}/`, { token: owner.token, body: { enabled: true } });
    expect(on.body.key.status).toBe('active');
    expect((await accountStatus(key)).status).toBe(200);
    expect((await list(owner))[0]!.last_used_at).not.toBeNull();

    const deleted = await call(t, 'DELETE', `/api-v1/api-keys/${key.id}/`, { token: owner.token });
    expect(deleted.body).toEqual({ message: API_KEYS_MSG.deleted });
    expect(await list(owner)).toEqual([]);
    expect((await accountStatus(key)).body.code).toBe(-2015);
  });
});

describe('keys end for good', () => {
  it('when the password is reset: refused at once, listed as ended, cannot be switched on again', async () => {
    const user = await createUser(t);
    const key = (await createKey(user)).body;
    expect((await accountStatus(key)).status).toBe(200);

    t.clock.advance(61_000);
    await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    const reset = await call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp: t.mailbox.lastCode(user.email), password: 'a new horse 2' },
    });
    expect(reset.status).toBe(200);

    expect((await accountStatus(key)).body).toEqual({
      code: -2015,
      msg: 'Invalid API-key, IP, or permissions for action.',
    });
    const login = await call(t, 'POST', '/api-v1/login/', { body: { email: user.email, password: 'a new horse 2' } });
    const token: string = login.body.access;
    const listed = await call<ApiKeyInfo[]>(t, 'GET', '/api-v1/api-keys/', { token });
    expect(listed.body[0]).toMatchObject({ status: 'ended', ended_reason: 'password-reset' });
    const again = await call(t, 'PATCH', `/api-v1/api-keys/${key.id}/`, { token, body: { enabled: true } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(API_KEYS_MSG.ended);
    expect((await accountStatus(key)).body.code).toBe(-2015);
  });

  it('when the password is changed, but not when wrong codes lock the account (decision 0046)', async () => {
    const changer = await createUser(t);
    const changed = (await createKey(changer)).body;
    const update = await call(t, 'POST', '/api-v1/update-password/', {
      token: changer.token,
      body: { new_password: 'another horse 3', otp: await mailedCode(changer) },
    });
    expect(update.status).toBe(200);
    expect((await accountStatus(changed)).body.code).toBe(-2015);

    const locked = await createUser(t);
    const { secret } = await enableTotp(t, locked);
    const key = (
      await call<ApiKeyCreated>(t, 'POST', '/api-v1/api-keys/', {
        token: locked.token,
        body: { label: 'bot', permissions: ['read'], code: nextTotp(t, secret) },
      })
    ).body;
    expect((await accountStatus(key)).status).toBe(200);
    // Wrong two-factor codes lock the account's sensitive actions (security/lockouts.ts), but anyone
    // holding a session or the password can send them: the keys stay (docs/decisions/0046).
    for (let i = 0; i < 5; i++) {
      await call(t, 'POST', '/api-v1/api-keys/', {
        token: locked.token,
        body: { label: 'x', permissions: ['read'], code: '000000' },
      });
    }
    const status = await call(t, 'GET', '/api-v1/security/status/', { token: locked.token });
    expect(status.body.locks).toMatchObject([{ scope: 'withdrawal', reason: 'wrong-codes' }]);
    expect((await accountStatus(key)).status).toBe(200);
    expect((await list(locked))[0]).toMatchObject({ status: 'active', ended_reason: null });
  });
});
