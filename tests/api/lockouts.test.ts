/**
 * Locks (docs/security.md "## Locks"): wrong login passwords lock sign-in, wrong transaction
 * passwords and 2FA codes lock withdrawals, counted per account in PostgreSQL whatever address the
 * attempts come from; the user is mailed; a password or transaction-password change starts a 24 h
 * withdrawal cooldown. Time moves with the fake clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RESEND_MS } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import { LOCK_RULES, WITHDRAWAL_COOLDOWN_MS, lockTime } from '../../src/shared/api/protection.js';
import { accountLocks, securityFailures } from '../../src/server/modules/security/schema.js';
import { recordFailure, startWithdrawalCooldown, assertNotLocked } from '../../src/server/modules/security/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { grant, setTransactionPassword } from '../helpers/money.js';
import { call, createUser, logIn, uniqueEmail, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket({ BTC: '60000', ETH: '3000', USDO: '1' }) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const TX_PASSWORD = '135791';
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A login attempt from a given client address (as if from another machine). */
async function loginFrom(email: string, password: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api-v1/login/',
    remoteAddress: ip,
    payload: { email, password },
  });
  return { status: res.statusCode, body: res.json() as { error?: string; access?: string } };
}

const withdraw = (user: TestUser, fields: Record<string, unknown> = {}) =>
  call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { address: ADDRESS, amount: '60', currency: 'USDT', transaction_password: TX_PASSWORD, ...fields },
  });

/** The one lock in force, checked to end `durationMs` after a moment between `before` and now. */
async function lockEnd(user: TestUser, before: number, durationMs: number): Promise<Date> {
  const status = await locksOf(user);
  expect(status.body.locks).toHaveLength(1);
  const until = new Date(status.body.locks[0]!.until);
  expect(until.getTime()).toBeGreaterThanOrEqual(before + durationMs);
  expect(until.getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + durationMs);
  return until;
}

const mailsTo = (email: string) => t.mailbox.messages.filter((m) => m.to === email);
const locksOf = (user: TestUser) =>
  call<{ locks: { scope: string; until: string; reason: string }[] }>(t, 'GET', '/api-v1/security/status/', {
    token: user.token,
  });

async function trader(): Promise<TestUser> {
  const user = await createUser(t);
  t.clock.advance(OTP_RESEND_MS);
  await setTransactionPassword(t, user, TX_PASSWORD);
  await grant(t, user, 'funding', 'USDT', '1000');
  return user;
}

describe('sign-in lock: 10 wrong passwords in 15 minutes lock sign-in for 15 minutes', () => {
  it('counts per account across many addresses, refuses even the right password, mails once, and ends', async () => {
    const user = await createUser(t);
    const { limit, lockMs } = LOCK_RULES['sign-in'];
    for (let i = 1; i < limit; i++) {
      const res = await loginFrom(user.email, 'wrong password', `203.0.113.${i}`);
      expect(res, `attempt ${i}`).toMatchObject({ status: 401, body: { error: MSG.loginFailed } });
    }
    const before = t.clock.now().getTime();
    const tenth = await loginFrom(user.email, 'wrong password', '198.51.100.10');
    const until = await lockEnd(user, before, lockMs);
    const expected = `Sign-in is locked until ${lockTime(until)} after too many wrong passwords`;
    // Beside the English, the code and the time the screen translates it by (docs/decisions/0043-languages.md).
    const refusal = {
      error: expected,
      code: 'protection.lockedUntil.signIn.wrongPasswords',
      params: { p0: lockTime(until) },
    };
    expect(tenth).toEqual({ status: 423, body: refusal });

    // The right password from yet another address is refused while locked.
    const right = await loginFrom(user.email, user.password, '192.0.2.77');
    expect(right).toEqual({ status: 423, body: refusal });

    const lockMails = mailsTo(user.email).filter((m) => m.subject === 'Coinfront sign-in locked');
    expect(lockMails).toHaveLength(1);
    expect(lockMails[0]!.text).toContain(`sign-in is locked until ${lockTime(until)}`);
    expect(lockMails[0]!.text).toContain("If this wasn't you");

    const status = await locksOf(user);
    expect(status.body.locks).toEqual([{ scope: 'sign-in', until: until.toISOString(), reason: 'wrong-passwords' }]);
    const [row] = await t.db.select().from(accountLocks).where(eq(accountLocks.userId, user.id));
    expect(row).toMatchObject({ scope: 'sign-in', reason: 'wrong-passwords' });

    t.clock.advance(lockMs - 1000);
    expect((await loginFrom(user.email, user.password, '192.0.2.77')).status).toBe(423);
    t.clock.advance(1000);
    // The lock is over: the right password works, and one wrong one does not lock again.
    expect((await loginFrom(user.email, 'wrong password', '192.0.2.77')).status).toBe(401);
    expect((await loginFrom(user.email, user.password, '192.0.2.77')).status).toBe(200);
  });

  it('9 wrong passwords do not lock, and wrong ones older than 15 minutes do not count', async () => {
    const user = await createUser(t);
    const { limit, windowMs } = LOCK_RULES['sign-in'];
    for (let i = 0; i < limit - 1; i++) await loginFrom(user.email, 'nope', `203.0.113.${i + 20}`);
    expect((await loginFrom(user.email, user.password, '203.0.113.99')).status).toBe(200);
    t.clock.advance(windowMs + 1);
    for (let i = 0; i < limit - 1; i++)
      expect((await loginFrom(user.email, 'nope', `203.0.113.${i + 40}`)).status).toBe(401);
    expect((await loginFrom(user.email, user.password, '203.0.113.99')).status).toBe(200);
    expect(mailsTo(user.email).some((m) => m.subject === 'Coinfront sign-in locked')).toBe(false);
  });

  it('parallel wrong passwords from many addresses start exactly one lock and one mail', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => loginFrom(user.email, 'wrong', `10.9.${i}.1`)),
    );
    expect(results.every((r) => r.status === 401 || r.status === 423)).toBe(true);
    expect(results.some((r) => r.status === 423)).toBe(true);
    expect((await loginFrom(user.email, user.password, '10.9.99.1')).status).toBe(423);
    expect(mailsTo(user.email).filter((m) => m.subject === 'Coinfront sign-in locked')).toHaveLength(1);
    const rows = await t.db.select().from(accountLocks).where(eq(accountLocks.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('30 failures recorded at once (no hashing to stagger them) still start one lock and one mail', async () => {
    const user = await createUser(t);
    await Promise.all(Array.from({ length: 30 }, () => recordFailure(t.ctx, user.id, 'login-password')));
    expect(mailsTo(user.email).filter((m) => m.subject === 'Coinfront sign-in locked')).toHaveLength(1);
    await expect(assertNotLocked(t.ctx, user.id, 'sign-in')).rejects.toMatchObject({ statusCode: 423 });
  });

  it('a lock mail that cannot be sent leaves the lock in force and the answer a 423, not a 5xx', async () => {
    const user = await createUser(t);
    const send = t.mailbox.send;
    t.mailbox.send = () => Promise.reject(new Error('smtp down'));
    try {
      const answers = [];
      for (let i = 0; i < LOCK_RULES['sign-in'].limit; i++)
        answers.push((await loginFrom(user.email, 'wrong', '203.0.113.8')).status);
      expect(answers.at(-1)).toBe(423);
    } finally {
      t.mailbox.send = send;
    }
    expect((await loginFrom(user.email, user.password, '203.0.113.8')).status).toBe(423);
  });

  it('unknown emails are not counted (no rows, same 401)', async () => {
    const before = await t.db.select().from(securityFailures);
    for (let i = 0; i < 12; i++)
      expect((await loginFrom(uniqueEmail('ghost'), 'x', '203.0.113.5')).body).toEqual({
        error: MSG.loginFailed,
        code: 'app.loginFailed',
      });
    expect(await t.db.select().from(securityFailures)).toHaveLength(before.length);
  });
});

describe('withdrawal lock: 5 wrong transaction passwords or 2FA codes in an hour lock withdrawals for an hour', () => {
  it('wrong transaction passwords lock withdrawals (even the right one), mail the user, and expire', async () => {
    const user = await trader();
    const { limit, lockMs } = LOCK_RULES.withdrawal;
    for (let i = 1; i < limit; i++) {
      const res = await withdraw(user, { transaction_password: '000000' });
      expect(res, `attempt ${i}`).toMatchObject({ status: 400, body: { error: 'Incorrect transaction password' } });
    }
    const before = t.clock.now().getTime();
    const fifth = await withdraw(user, { transaction_password: '000000' });
    const until = await lockEnd(user, before, lockMs);
    const expected = `Withdrawals are locked until ${lockTime(until)} after too many wrong transaction passwords or two-factor codes`;
    expect(fifth).toMatchObject({ status: 423, body: { error: expected } });
    expect(await withdraw(user)).toMatchObject({ status: 423, body: { error: expected } });
    const mails = mailsTo(user.email).filter((m) => m.subject === 'Coinfront withdrawals locked');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`withdrawals are locked until ${lockTime(until)}`);
    // Sign-in is a different scope: still open.
    expect((await loginFrom(user.email, user.password, '203.0.113.1')).status).toBe(200);

    t.clock.advance(lockMs);
    expect((await withdraw(user)).status).toBe(201);
  });

  it('wrong 2FA codes (recorded by the 2FA check) count together with transaction passwords', async () => {
    const user = await trader();
    for (let i = 0; i < 2; i++) await recordFailure(t.ctx, user.id, 'two-factor');
    for (let i = 0; i < 2; i++) expect((await withdraw(user, { transaction_password: '000000' })).status).toBe(400);
    await recordFailure(t.ctx, user.id, 'two-factor');
    const res = await withdraw(user);
    expect(res.status).toBe(423);
    expect(res.body.error).toMatch(/^Withdrawals are locked until \d{4}-\d\d-\d\d \d\d:\d\d UTC after too many/);
    await expect(assertNotLocked(t.ctx, user.id, 'sign-in')).resolves.toBeUndefined();
  });
});

describe('24-hour withdrawal cooldown after a change to the account keys', () => {
  /** Call right after the trigger, given the clock reading taken just before it. */
  async function expectCooldown(user: TestUser, before: number, because: string) {
    const until = await lockEnd(user, before, WITHDRAWAL_COOLDOWN_MS);
    const res = await withdraw(user);
    expect(res).toMatchObject({
      status: 423,
      body: { error: `Withdrawals are locked until ${lockTime(until)} ${because}` },
    });
    expect((await locksOf(user)).body.locks[0]).toMatchObject({ scope: 'withdrawal' });
    t.clock.advance(WITHDRAWAL_COOLDOWN_MS - MINUTE);
    // Tokens last 24 h too: sign in again as the user would.
    const later = await logIn(t, user.email, user.password);
    expect((await withdraw(later)).status).toBe(423);
    t.clock.advance(MINUTE);
    expect((await withdraw(later)).status).toBe(201);
  }

  const securityCode = async (user: TestUser) => {
    t.clock.advance(OTP_RESEND_MS);
    await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
    return t.mailbox.lastCode(user.email);
  };

  it('setting the first transaction password starts none', async () => {
    const user = await trader();
    expect((await withdraw(user)).status).toBe(201);
  });

  it('after the login password is changed', async () => {
    let user = await trader();
    const otp = await securityCode(user);
    const before = t.clock.now().getTime();
    const res = await call(t, 'POST', '/api-v1/update-password/', {
      token: user.token,
      body: { new_password: 'another pass 2', otp },
    });
    expect(res.status).toBe(200);
    user = { ...user, token: res.body.access, password: 'another pass 2' };
    await expectCooldown(user, before, 'because your login password was changed');
  });

  it('after the login password is reset', async () => {
    const user = await trader();
    t.clock.advance(OTP_RESEND_MS);
    await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    const before = t.clock.now().getTime();
    const reset = await call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp: t.mailbox.lastCode(user.email), password: 'reset pass 3' },
    });
    expect(reset.status).toBe(200);
    const again = await logIn(t, user.email, 'reset pass 3');
    await expectCooldown(again, before, 'because your login password was changed');
  });

  it('after the transaction password is changed', async () => {
    const user = await trader();
    const otp = await securityCode(user);
    const before = t.clock.now().getTime();
    const res = await call(t, 'POST', '/api-v1/set-transcation-password/', {
      token: user.token,
      body: { new_password: TX_PASSWORD, otp },
    });
    expect(res.status).toBe(200);
    await expectCooldown(user, before, 'because your transaction password was changed');
  });

  it('after 2FA is turned off (startWithdrawalCooldown, called by the 2FA and passkey code)', async () => {
    const user = await trader();
    const before = t.clock.now().getTime();
    await startWithdrawalCooldown(t.db, t.ctx, user.id, 'two-factor-disabled');
    await expectCooldown(user, before, 'because two-factor authentication was turned off');
  });

  it('a second trigger extends, never shortens, and the refusal names the latest end', async () => {
    const user = await trader();
    await startWithdrawalCooldown(t.db, t.ctx, user.id, 'two-factor-disabled');
    t.clock.advance(60 * MINUTE);
    await startWithdrawalCooldown(t.db, t.ctx, user.id, 'transaction-password-changed');
    const locks = (await locksOf(user)).body.locks;
    expect(locks.map((l) => l.reason)).toEqual(['transaction-password-changed', 'two-factor-disabled']);
    const res = await withdraw(user);
    expect(res.body.error).toBe(
      `Withdrawals are locked until ${lockTime(new Date(locks[0]!.until))} because your transaction password was changed`,
    );
    // Started again from an earlier moment (a clock behind), it keeps the later end.
    t.clock.advance(-2 * 60 * MINUTE);
    await startWithdrawalCooldown(t.db, t.ctx, user.id, 'transaction-password-changed');
    t.clock.advance(2 * 60 * MINUTE);
    expect((await locksOf(user)).body.locks[0]!.until).toBe(locks[0]!.until);
  });
});

describe('lockTime', () => {
  it('rounds up to the minute, so the named time is never before the lock ends', () => {
    expect(lockTime(new Date('2026-11-24T14:04:01Z'))).toBe('2026-11-24 14:05 UTC');
    expect(lockTime(new Date('2026-11-24T14:05:00Z'))).toBe('2026-11-24 14:05 UTC');
  });
});
