/**
 * Wrong second factors at sign-in lock sign-in (docs/security.md "## Locks",
 * docs/decisions/0046-sign-in-code-lock.md): an attacker who knows the password asks for ticket
 * after ticket, from address after address, and guesses codes; the account's sign-in locks, the
 * right code is refused while it is locked, and the owner is mailed. Wrong codes and passwords no
 * longer end the owner's API keys; a password change still does.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated, ApiKeyInfo } from '../../src/shared/api/api-keys.js';
import { LOCK_RULES, lockTime } from '../../src/shared/api/protection.js';
import { TWO_FACTOR_MSG } from '../../src/shared/api/two-factor.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { enableTotp, nextTotp, totp } from '../helpers/totp.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
/** A fresh client address for each request: per-address rate limits never get in the way. */
const nextAddress = () => `198.51.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function post(url: string, body: unknown, ip = nextAddress()) {
  const res = await t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body as object });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

/** The password step, as the attacker who knows the password does it: a fresh ticket. */
async function ticketOf(user: TestUser): Promise<string> {
  const res = await post('/api-v1/login/', { email: user.email, password: user.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.two_factor_required).toBe(true);
  return res.body.ticket as string;
}

/** A 6-digit code that is none of the three valid now (one step either side). */
function wrongCode(secret: string): string {
  const now = t.clock.now().getTime();
  const valid = [-30_000, 0, 30_000].map((d) => totp(secret, new Date(now + d)));
  for (let n = 123456; ; n++) if (!valid.includes(String(n))) return String(n);
}

const mailsTo = (email: string, subject: string) =>
  t.mailbox.messages.filter((m) => m.to === email && m.subject === subject);

/** A signed GET /api/v3/account with the key: what a bot's first call does. */
async function accountStatus(key: { api_key: string; secret: string }) {
  const query = `timestamp=${t.clock.now().getTime()}`;
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  return call(t, 'GET', `/api/v3/account?${query}&signature=${signature}`, {
    headers: { 'x-mbx-apikey': key.api_key },
  });
}

async function userWithKey() {
  const user = await createUser(t);
  const { secret } = await enableTotp(t, user);
  const key = await call<ApiKeyCreated>(t, 'POST', '/api-v1/api-keys/', {
    token: user.token,
    body: { label: 'bot', permissions: ['read', 'spot'], code: nextTotp(t, secret) },
  });
  expect(key.status).toBe(201);
  expect((await accountStatus(key.body)).status).toBe(200);
  return { user, secret, key: key.body };
}

/** The attacker's guessing: a new ticket every 4 codes (below the ticket's 5), each code from a new address. */
async function guessCodes(user: TestUser, secret: string, count: number) {
  const answers: { status: number; body: Record<string, any> }[] = [];
  let ticket = '';
  for (let i = 0; i < count; i++) {
    if (i % 4 === 0) ticket = await ticketOf(user);
    answers.push(await post('/api-v1/login/2fa/', { ticket, code: wrongCode(secret) }));
  }
  return answers;
}

describe('wrong second factors at sign-in lock sign-in for the account', () => {
  it('tickets from many addresses: the limit locks sign-in, the right code is refused, the owner is mailed once', async () => {
    const user = await createUser(t);
    // The mail must open with the owner's anti-phishing code (docs/security.md "anti-phishing").
    expect(
      (await call(t, 'PUT', '/api-v1/anti-phishing-code/', { token: user.token, body: { code: 'Owl42' } })).status,
    ).toBe(200);
    const { secret } = await enableTotp(t, user);
    const { limit, lockMs } = LOCK_RULES['sign-in-codes'];
    // A ticket taken before the lock, to be tried with the right code while locked.
    const earlyTicket = await ticketOf(user);

    const answers = await guessCodes(user, secret, limit - 1);
    for (const [i, res] of answers.entries())
      expect(res, `wrong code ${i + 1}`).toMatchObject({ status: 400, body: { error: TWO_FACTOR_MSG.wrongCode } });

    const before = t.clock.now().getTime();
    const ticket = await ticketOf(user);
    const last = await post('/api-v1/login/2fa/', { ticket, code: wrongCode(secret) });
    expect(last.status).toBe(423);
    const status = await call(t, 'GET', '/api-v1/security/status/', { token: user.token });
    expect(status.body.locks).toHaveLength(1);
    expect(status.body.locks[0]).toMatchObject({ scope: 'sign-in', reason: 'wrong-sign-in-codes' });
    const until = new Date(status.body.locks[0].until);
    expect(until.getTime()).toBeGreaterThanOrEqual(before + lockMs);
    const refusal = {
      error: `Sign-in is locked until ${lockTime(until)} after too many wrong two-factor codes`,
      code: 'protection.lockedUntil.signIn.wrongSignInCodes',
      params: { p0: lockTime(until) },
    };
    expect(last.body).toEqual(refusal);

    // Locked for the account: the right code on the early ticket, the password from a new address.
    expect(await post('/api-v1/login/2fa/', { ticket: earlyTicket, code: nextTotp(t, secret) })).toEqual({
      status: 423,
      body: refusal,
    });
    expect(await post('/api-v1/login/', { email: user.email, password: user.password })).toEqual({
      status: 423,
      body: refusal,
    });
    // The owner's signed-in session keeps working.
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(200);

    const mails = mailsTo(user.email, 'Coinfront sign-in locked');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text.split('\n')[0]).toBe('Your Coinfront anti-phishing code: Owl42');
    expect(mails[0]!.text).toContain(
      `${limit} wrong two-factor codes were entered after the right password for your Coinfront account within 60 minutes, so sign-in is locked until ${lockTime(until)}.`,
    );
    expect(mails[0]!.text).toContain('change your login password');

    // Guessing on while locked changes nothing: still 423, no second mail.
    expect((await post('/api-v1/login/2fa/', { ticket, code: wrongCode(secret) })).status).toBe(423);
    expect(mailsTo(user.email, 'Coinfront sign-in locked')).toHaveLength(1);

    t.clock.advance(until.getTime() - t.clock.now().getTime() - 1000);
    expect((await post('/api-v1/login/', { email: user.email, password: user.password })).status).toBe(423);
    t.clock.advance(1000);
    const fresh = await ticketOf(user);
    expect((await post('/api-v1/login/2fa/', { ticket: fresh, code: nextTotp(t, secret) })).status).toBe(200);
  });

  it("the lock mail is in the owner's language", async () => {
    const user = await createUser(t);
    const language = await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language: 'de' } });
    expect(language.status).toBe(200);
    const { secret } = await enableTotp(t, user);
    await guessCodes(user, secret, LOCK_RULES['sign-in-codes'].limit);
    const [mail, ...more] = mailsTo(user.email, 'Coinfront-Anmeldung gesperrt');
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(
      /^Für Ihr Coinfront-Konto wurden nach dem richtigen Passwort innerhalb von 60 Minuten 10 falsche/,
    );
    expect(mail!.text).toContain('kennt jemand Ihr Login-Passwort');
  });

  it('fewer than the limit do not lock, and wrong codes older than the window do not count', async () => {
    const user = await createUser(t);
    const { secret } = await enableTotp(t, user);
    const { limit, windowMs } = LOCK_RULES['sign-in-codes'];
    await guessCodes(user, secret, limit - 1);
    t.clock.advance(windowMs);
    const answers = await guessCodes(user, secret, limit - 1);
    expect(answers.every((res) => res.status === 400)).toBe(true);
    const ticket = await ticketOf(user);
    expect((await post('/api-v1/login/2fa/', { ticket, code: nextTotp(t, secret) })).status).toBe(200);
    expect(mailsTo(user.email, 'Coinfront sign-in locked')).toHaveLength(0);
  });

  it('wrong codes at sign-in do not lock withdrawals (each lock guards its own door)', async () => {
    const user = await createUser(t);
    const { secret } = await enableTotp(t, user);
    await guessCodes(user, secret, LOCK_RULES.withdrawal.limit);
    const status = await call(t, 'GET', '/api-v1/security/status/', { token: user.token });
    expect(status.body.locks).toEqual([]);
  });
});

describe('API keys end on a real signal only', () => {
  it('wrong codes at sign-in and at sensitive actions, and wrong passwords, leave the keys signing', async () => {
    const { user, secret, key } = await userWithKey();
    await guessCodes(user, secret, LOCK_RULES['sign-in-codes'].limit); // sign-in locked
    for (let i = 0; i < LOCK_RULES.withdrawal.limit; i++)
      await call(t, 'POST', '/api-v1/api-keys/', {
        token: user.token,
        body: { label: 'x', permissions: ['read'], code: wrongCode(secret) },
      }); // withdrawals locked
    expect((await accountStatus(key)).status).toBe(200);
    const locks = await call(t, 'GET', '/api-v1/security/status/', { token: user.token });
    expect(locks.body.locks.map((l: { reason: string }) => l.reason).sort()).toEqual([
      'wrong-codes',
      'wrong-sign-in-codes',
    ]);
    expect((await accountStatus(key)).status).toBe(200);

    const other = await userWithKey();
    for (let i = 0; i < LOCK_RULES['sign-in'].limit; i++)
      await post('/api-v1/login/', { email: other.user.email, password: 'not the password' });
    expect((await post('/api-v1/login/', { email: other.user.email, password: other.user.password })).status).toBe(423);
    expect((await accountStatus(other.key)).status).toBe(200);
    const listed = await call<ApiKeyInfo[]>(t, 'GET', '/api-v1/api-keys/', { token: other.user.token });
    expect(listed.body[0]).toMatchObject({ status: 'active', ended_reason: null });
  });

  it("the owner's password change (from the session that still works while sign-in is locked) ends them", async () => {
    const { user, secret, key } = await userWithKey();
    await guessCodes(user, secret, LOCK_RULES['sign-in-codes'].limit);
    expect((await accountStatus(key)).status).toBe(200);
    t.clock.advance(61_000);
    expect((await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} })).status).toBe(
      200,
    );
    const changed = await call(t, 'POST', '/api-v1/update-password/', {
      token: user.token,
      body: { new_password: 'a brand new horse 7', otp: t.mailbox.lastCode(user.email) },
    });
    expect(changed.status).toBe(200);
    expect((await accountStatus(key)).body.code).toBe(-2015);
    const listed = await call<ApiKeyInfo[]>(t, 'GET', '/api-v1/api-keys/', { token: changed.body.access });
    expect(listed.body[0]).toMatchObject({ status: 'ended', ended_reason: 'password-changed' });
  });
});
