import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import { otps } from '../../src/server/modules/security/schema.js';
import { OTP_RESEND_MS, OTP_TTL_MS } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import { SIGNUP_EXISTING_SUBJECT, SIGNUP_EXISTING_TEXT } from '../../src/server/modules/auth/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createAdmin, logIn, signUp, uniqueEmail } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signupFields = (email: string, otp: string) => ({
  email,
  otp,
  password: 'a good password',
  first_name: 'Grace',
  last_name: 'Hopper',
});

describe('sign up with an emailed code', () => {
  it('creates an account that can log in and read its info', async () => {
    const user = await signUp(t, { first_name: 'Ada', last_name: 'Lovelace' });
    expect(user.login.user).toMatchObject({
      email: user.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'Ada Lovelace',
      is_admin: false,
      is_verified: 'unverified',
    });
    expect(user.login.user.uniqueid).toMatch(/^\d{8}$/);
    const info = await call(t, 'GET', '/api-v1/info/', { token: user.token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      email: user.email,
      uniqueid: user.login.user.uniqueid,
      has_transaction_password: false,
    });
  });

  it('mails a 6-digit code and stores only its hash', async () => {
    const email = uniqueEmail();
    const res = await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.otpSent } });
    const code = t.mailbox.lastCode(email);
    const rows = await t.db.select().from(otps).where(eq(otps.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it('treats the email case-insensitively', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email: email.toUpperCase() } });
    const res = await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, t.mailbox.lastCode(email)) });
    expect(res.status).toBe(201);
    t.clock.advance(OTP_RESEND_MS);
    const again = await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email: email.toUpperCase() } });
    expect(again.status).toBe(200);
    expect(t.mailbox.messages.at(-1)).toMatchObject({ to: email, subject: SIGNUP_EXISTING_SUBJECT });
  });

  it('answers a code request for an existing account as for a new email, and mails the account no code', async () => {
    const user = await signUp(t);
    t.clock.advance(OTP_RESEND_MS); // past the minute since the code of its own sign-up
    const fresh = await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email: uniqueEmail() } });
    const before = t.mailbox.messages.length;
    const res = await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email: user.email } });
    expect(res).toEqual({ ...fresh, headers: expect.anything() });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.otpSent } });
    const mails = t.mailbox.messages.slice(before);
    expect(mails).toEqual([{ to: user.email, subject: SIGNUP_EXISTING_SUBJECT, text: SIGNUP_EXISTING_TEXT }]);
    expect(mails[0]!.text).not.toMatch(/\b\d{6}\b/);
    // Throttled like a new email: a second request within the minute waits.
    expect((await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email: user.email } })).status).toBe(429);
  });

  it('refuses a second account with the same email: without the code nothing tells that it exists', async () => {
    const user = await signUp(t);
    t.clock.advance(OTP_RESEND_MS);
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email: user.email } });
    const res = await call(t, 'POST', '/api-v1/signup/', { body: signupFields(user.email, '123456') });
    expect(res).toMatchObject({ status: 400, body: { error: 'Invalid or expired OTP' } });
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(200);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    const code = t.mailbox.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, wrong) });
    expect(res).toMatchObject({ status: 400, body: { error: 'Invalid or expired OTP' } });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a code used once already', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    const code = t.mailbox.lastCode(email);
    expect((await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, code) })).status).toBe(201);
    await t.db.delete(users).where(eq(users.email, email));
    const reuse = await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, code) });
    expect(reuse).toMatchObject({ status: 400, body: { error: 'Invalid or expired OTP' } });
  });

  it('refuses a code older than 10 minutes', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    t.clock.advance(OTP_TTL_MS + 1000);
    const res = await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, t.mailbox.lastCode(email)) });
    expect(res).toMatchObject({ status: 400, body: { error: 'Invalid or expired OTP' } });
  });

  it('voids a code after 5 wrong tries, even when the right one follows', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    const code = t.mailbox.lastCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, wrong) }));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[4]!.body.error).toBe('Too many wrong codes. Please request a new OTP.');
    const right = await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, code) });
    expect(right.status).toBe(400);
  });

  it('sends at most one code per minute per email', async () => {
    const email = uniqueEmail();
    expect((await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } })).status).toBe(200);
    const second = await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    expect(second.status).toBe(429);
    expect(second.body.error).toMatch(/^Please wait \d+ seconds before requesting a new code$/);
    t.clock.advance(OTP_RESEND_MS);
    expect((await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } })).status).toBe(200);
  });

  it('a new code replaces the older one', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    const first = t.mailbox.lastCode(email);
    t.clock.advance(OTP_RESEND_MS);
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    const second = t.mailbox.lastCode(email);
    if (first !== second) {
      const old = await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, first) });
      expect(old.status).toBe(400);
    }
    expect((await call(t, 'POST', '/api-v1/signup/', { body: signupFields(email, second) })).status).toBe(201);
  });

  it.each([
    [{}, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: 12 }, 'email', 'Email is required'],
  ])('refuses a bad email %j with a message', async (body, field, message) => {
    const res = await call(t, 'POST', '/api-v1/signup-email-otp/', { body });
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
  });

  it.each([
    ['first_name', '', 'First name is required'],
    ['last_name', '  ', 'Last name is required'],
    ['password', 'short', 'Password must be at least 8 characters'],
    ['otp', '12ab56', 'OTP must be 6 digits'],
  ])('refuses sign-up with a bad %s', async (field, value, message) => {
    const email = uniqueEmail();
    const res = await call(t, 'POST', '/api-v1/signup/', {
      body: { ...signupFields(email, '123456'), [field]: value },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
  });

  it('records the referrer of a sharing link', async () => {
    const referrer = await signUp(t);
    const info = await call(t, 'GET', '/api-v1/info/', { token: referrer.token });
    const friend = await signUp(t, { referral_code: info.body.promotion_code });
    const [row] = await t.db.select().from(users).where(eq(users.id, friend.id));
    expect(row!.referredBy).toBe(referrer.id);
  });
});

describe('password hashes', () => {
  // The suite hashes at the cheapest cost (tests/helpers/app.ts); this pins what an unconfigured server uses.
  it("are made at production's cost (scrypt N=2^15, r=8) when PASSWORD_HASH_COST is not set, and still sign in", async () => {
    const production = await createTestApp({ env: { PASSWORD_HASH_COST: undefined } });
    try {
      expect(production.config.passwordHashCost).toBe(15);
      const user = await signUp(production);
      const [row] = await production.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, user.email));
      expect(row?.hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      await logIn(production, user.email, user.password);
    } finally {
      await production.close();
    }
  });

  it('made at a cheaper cost still verify after the cost changes (the cost is read from each hash)', async () => {
    const user = await signUp(t);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, user.email));
    expect(row?.hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    const production = await createTestApp({ env: { PASSWORD_HASH_COST: undefined }, databaseUrl: t.databaseUrl });
    try {
      await logIn(production, user.email, user.password);
    } finally {
      await production.close();
    }
  });
});

describe('log in', () => {
  it('refuses a wrong password and an unknown email with the same message', async () => {
    const user = await signUp(t);
    const wrong = await call(t, 'POST', '/api-v1/login/', { body: { email: user.email, password: 'wrong password' } });
    const unknown = await call(t, 'POST', '/api-v1/login/', {
      body: { email: uniqueEmail(), password: 'wrong password' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: MSG.loginFailed, code: 'app.loginFailed' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: MSG.loginFailed } });
  });

  it('needs both fields and a valid email', async () => {
    const res = await call(t, 'POST', '/api-v1/login/', { body: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api-v1/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The request body is not valid JSON');
  });

  it('issues a token with an exp claim matching TOKEN_TTL', async () => {
    const user = await signUp(t);
    const [, payload] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(24 * 3600);
  });
});

describe('tokens', () => {
  it('refuses requests without a token, with a forged one, and with an expired one', async () => {
    expect((await call(t, 'GET', '/api-v1/info/')).status).toBe(401);
    expect((await call(t, 'GET', '/api-v1/info/', { token: 'abc.def.ghi' })).status).toBe(401);
    const user = await signUp(t);
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(200);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const expired = await call(t, 'GET', '/api-v1/info/', { token: user.token });
    expect(expired).toMatchObject({ status: 401, body: { error: 'Please log in again' } });
  });

  it('takes its lifetime from TOKEN_TTL', async () => {
    const short = await createTestApp({ env: { TOKEN_TTL: '15m' } });
    try {
      const user = await signUp(short);
      const [, payload] = user.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(15 * 60);
    } finally {
      await short.close();
    }
  });

  it('logout ends the token', async () => {
    const user = await signUp(t);
    expect((await call(t, 'POST', '/api-v1/logout/', { token: user.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown emails and mails only real accounts', async () => {
    const user = await signUp(t);
    const known = await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    const unknownEmail = uniqueEmail();
    const unknown = await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown).toEqual({ ...known, headers: unknown.headers });
    expect(t.mailbox.messages.some((m) => m.to === unknownEmail)).toBe(false);
    // Throttled alike, too.
    const knownAgain = await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    const unknownAgain = await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: unknownEmail } });
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
  });

  it('resets the password with the mailed code and ends older sessions', async () => {
    const user = await signUp(t);
    await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    const res = await call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp: t.mailbox.lastCode(user.email), password: 'brand new secret' },
    });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.passwordUpdated } });
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);
    expect(
      (await call(t, 'POST', '/api-v1/login/', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    await logIn(t, user.email, 'brand new secret');
  });

  it('refuses a reset with a wrong code', async () => {
    const user = await signUp(t);
    await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    const code = t.mailbox.lastCode(user.email);
    const res = await call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp: code === '999999' ? '999998' : '999999', password: 'brand new secret' },
    });
    expect(res.status).toBe(400);
    await logIn(t, user.email, user.password);
  });
});

describe('login password and transaction password', () => {
  it('changes the login password with a security code and hands back a fresh token', async () => {
    const user = await signUp(t);
    expect((await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} })).body).toEqual({
      message: MSG.otpSent,
    });
    const res = await call(t, 'POST', '/api-v1/update-password/', {
      token: user.token,
      body: { new_password: 'another secret', otp: t.mailbox.lastCode(user.email) },
    });
    expect(res.status).toBe(200);
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api-v1/info/', { token: res.body.access })).status).toBe(200);
    await logIn(t, user.email, 'another secret');
  });

  it('sets a transaction password of 6-16 characters', async () => {
    const user = await signUp(t);
    await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token });
    const code = t.mailbox.lastCode(user.email);
    for (const bad of ['12345', '12345678901234567']) {
      const res = await call(t, 'POST', '/api-v1/set-transcation-password/', {
        token: user.token,
        body: { new_password: bad, otp: code },
      });
      expect(res).toMatchObject({ status: 400, body: { error: MSG.transactionPasswordLength } });
    }
    const ok = await call(t, 'POST', '/api-v1/set-transcation-password/', {
      token: user.token,
      body: { new_password: '654321', otp: code },
    });
    expect(ok).toMatchObject({ status: 200, body: { message: MSG.passwordUpdated } });
    const info = await call(t, 'GET', '/api-v1/info/', { token: user.token });
    expect(info.body.has_transaction_password).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.transactionPasswordHash).not.toContain('654321');
  });

  it('needs a token', async () => {
    expect((await call(t, 'POST', '/api-v1/transcation-password-otp/')).status).toBe(401);
    expect(
      (await call(t, 'POST', '/api-v1/set-transcation-password/', { body: { new_password: '123456', otp: '123456' } }))
        .status,
    ).toBe(401);
  });
});

describe('staff accounts', () => {
  it('is_admin comes from the database, not from anything the client sends', async () => {
    // A valid code, so the request is accepted and the smuggled staff flags are what is on trial.
    const email = uniqueEmail();
    await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    const res = await call(t, 'POST', '/api-v1/signup/', {
      body: { ...signupFields(email, t.mailbox.lastCode(email)), is_admin: true, isAdmin: true },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.isAdmin).toBe(false);
    const user = await logIn(t, email, 'a good password');
    expect(user.login.user.is_admin).toBe(false);
    expect((await call(t, 'GET', '/api-v3/admin/users/', { token: user.token })).status).toBe(403);

    const admin = await createAdmin(t);
    expect(admin.login.user.is_admin).toBe(true);
  });
});

describe('rate limits', () => {
  it('limits login attempts per client', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await call(limited, 'POST', '/api-v1/login/', { body: { email: uniqueEmail(), password: 'x' } })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
