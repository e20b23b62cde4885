/**
 * One-time codes (docs/product.md section 5, src/server/modules/auth/otp.ts): a code is bound to the
 * purpose it was sent for, only one code goes out however many requests arrive at once, and a wrong
 * code changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Past the resend throttle, so the next request sends a new code. */
const afterResendWait = () => t.clock.advance(61_000);
const mailsTo = (email: string) => t.mailbox.messages.filter((m) => m.to === email).length;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const login = (user: TestUser, password: string) =>
  call(t, 'POST', '/api-v1/login/', { body: { email: user.email, password } });
const hasTransactionPassword = async (user: TestUser) =>
  (await call(t, 'GET', '/api-v1/info/', { token: user.token })).body.has_transaction_password;

async function securityCode(user: TestUser): Promise<string> {
  afterResendWait();
  const res = await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  expect(res.status).toBe(200);
  return t.mailbox.lastCode(user.email);
}

async function resetCode(user: TestUser): Promise<string> {
  afterResendWait();
  const res = await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
  expect(res.status).toBe(200);
  return t.mailbox.lastCode(user.email);
}

describe('a code for one purpose', () => {
  it('is refused for a password reset when it was sent as a security code', async () => {
    const user = await createUser(t);
    const code = await securityCode(user);
    const reset = await call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp: code, password: 'taken over 9' },
    });
    expect(reset.status).toBe(400);
    expect((await login(user, 'taken over 9')).status).toBe(401);
    expect((await login(user, user.password)).status).toBe(200);
  });

  it('is refused for a new transaction password or login password when it was sent for a reset', async () => {
    const user = await createUser(t);
    const code = await resetCode(user);
    const set = await call(t, 'POST', '/api-v1/set-transcation-password/', {
      token: user.token,
      body: { new_password: '135790', otp: code },
    });
    expect(set.status).toBe(400);
    expect(await hasTransactionPassword(user)).toBe(false);

    const update = await call(t, 'POST', '/api-v1/update-password/', {
      token: user.token,
      body: { new_password: 'taken over 9', otp: code },
    });
    expect(update.status).toBe(400);
    expect((await login(user, user.password)).status).toBe(200);

    // The same code still works for what it was sent for.
    const reset = await call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp: code, password: 'fresh start 7' },
    });
    expect(reset.status).toBe(200);
    expect((await login(user, 'fresh start 7')).status).toBe(200);
  });
});

describe('requests sent at once', () => {
  it('send one security code, the rest are throttled', async () => {
    const user = await createUser(t);
    afterResendWait();
    const before = mailsTo(user.email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(mailsTo(user.email) - before).toBe(1);
  });

  it('send one reset code, the rest are throttled', async () => {
    const user = await createUser(t);
    afterResendWait();
    const before = mailsTo(user.email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(mailsTo(user.email) - before).toBe(1);
  });
});

describe('a wrong code', () => {
  it('on update-password is refused and the password stays', async () => {
    const user = await createUser(t);
    const code = await securityCode(user);
    const res = await call(t, 'POST', '/api-v1/update-password/', {
      token: user.token,
      body: { new_password: 'taken over 9', otp: wrong(code) },
    });
    expect(res.status).toBe(400);
    expect((await login(user, 'taken over 9')).status).toBe(401);
    expect((await login(user, user.password)).status).toBe(200);
    // The session was not ended either.
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(200);
  });

  it('on set-transaction-password is refused and none is set', async () => {
    const user = await createUser(t);
    const code = await securityCode(user);
    const res = await call(t, 'POST', '/api-v1/set-transcation-password/', {
      token: user.token,
      body: { new_password: '135790', otp: wrong(code) },
    });
    expect(res.status).toBe(400);
    expect(await hasTransactionPassword(user)).toBe(false);
  });
});
