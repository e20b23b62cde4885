/**
 * The second factor guards itself (docs/decisions/0045-second-factor-guards-itself.md): each attack
 * below is replayed as a thief holding only a stolen bearer token would, and must change nothing.
 * The owner changes their second factors with the current one (or, with none on, the login password
 * and an emailed code), is told of each change by mail and in their notifications, and a password
 * reset passes the second factor and ends every session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MSG } from '../../src/shared/api/two-factor.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { enableTotp, nextTotp, secretOfOtpauthUrl, totp } from '../helpers/totp.js';
import { call, createUser, factorChangeProof, logIn, type TestUser } from '../helpers/users.js';
import { SoftPasskey } from '../helpers/webauthn.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the thief has: the victim's bearer token, nothing else (no password, no mailbox, no device). */
const thiefOf = (user: TestUser) => ({ token: user.token });

const passkeysOf = async (user: TestUser) =>
  (await call(t, 'GET', '/api-v1/passkeys/', { token: user.token })).body as { id: number; name: string }[];
const statusOf = async (user: TestUser) => (await call(t, 'GET', '/api-v1/2fa/', { token: user.token })).body;

const assertionOptions = async (token: string) => {
  const res = await call(t, 'POST', '/api-v1/passkeys/assertion-options/', { token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** The owner adds a passkey with the proof their account takes now. */
async function ownerAddsPasskey(user: TestUser, name: string, proof: object) {
  const key = new SoftPasskey();
  const options = await call(t, 'POST', '/api-v1/passkeys/registration-options/', { token: user.token, body: proof });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const res = await call(t, 'POST', '/api-v1/passkeys/', {
    token: user.token,
    body: { name, response: key.register(options.body) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key, id: (res.body as { id: number }).id };
}

/** A user whose only second factor is a passkey. */
async function passkeyOnlyUser() {
  const user = await createUser(t);
  const passkey = await ownerAddsPasskey(user, 'Owner phone', await factorChangeProof(t, user));
  return { user, ...passkey };
}

/** The thief tries to register a passkey of their own with the token alone. */
async function thiefRegisters(token: string, body: object = {}) {
  const options = await call(t, 'POST', '/api-v1/passkeys/registration-options/', { token, body });
  if (options.status !== 200) return { options, key: null };
  const key = new SoftPasskey();
  const saved = await call(t, 'POST', '/api-v1/passkeys/', {
    token,
    body: { name: 'Thief', response: key.register(options.body) },
  });
  return { options, saved, key };
}

const passkeySignIn = async (key: SoftPasskey) => {
  const { body } = await call(t, 'POST', '/api-v1/passkeys/login-options/', { body: {} });
  return call(t, 'POST', '/api-v1/passkeys/login/', {
    body: { challenge_id: body.challenge_id, response: key.assert(body.options) },
  });
};

describe('a stolen bearer token cannot take over the second factors', () => {
  it('with 2FA off, cannot register a passkey (password and emailed code asked for)', async () => {
    const user = await createUser(t);
    const thief = thiefOf(user);
    const { options } = await thiefRegisters(thief.token);
    expect(options.status).toBe(400);
    expect(options.body).toMatchObject({
      error: TWO_FACTOR_MSG.enterPassword,
      fields: { password: expect.any(String) },
    });
    // A guessed password without the emailed code does not help either.
    const guessed = await thiefRegisters(thief.token, { password: 'password123' });
    expect(guessed.options.status).toBe(400);
    expect(guessed.options.body.error).toBe(TWO_FACTOR_MSG.enterEmailCode);
    expect(await passkeysOf(user)).toEqual([]);
  });

  it('cannot delete the last passkey', async () => {
    const { user, id } = await passkeyOnlyUser();
    const res = await call(t, 'DELETE', `/api-v1/passkeys/${id}/`, { token: thiefOf(user).token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(TWO_FACTOR_MSG.confirmSecondFactor);
    expect(await passkeysOf(user)).toHaveLength(1);
  });

  it("cannot swap the owner's passkey for its own", async () => {
    const { user, id } = await passkeyOnlyUser();
    const thief = thiefOf(user);
    expect((await call(t, 'DELETE', `/api-v1/passkeys/${id}/`, { token: thief.token, body: {} })).status).toBe(400);
    const { options, key } = await thiefRegisters(thief.token);
    expect(options.status).toBe(400);
    expect(key).toBeNull();
    expect((await passkeysOf(user)).map((p) => p.name)).toEqual(['Owner phone']);
  });

  it('cannot set up or enable TOTP on a passkey-only account', async () => {
    const { user } = await passkeyOnlyUser();
    const thief = thiefOf(user);
    const setup = await call(t, 'POST', '/api-v1/2fa/setup/', { token: thief.token, body: {} });
    expect(setup.status).toBe(400);
    expect(setup.body.error).toBe(TWO_FACTOR_MSG.confirmSecondFactor);
    expect(setup.body.secret).toBeUndefined();
    const enable = await call(t, 'POST', '/api-v1/2fa/enable/', { token: thief.token, body: { code: '123456' } });
    expect(enable.status).toBe(400);
    expect(enable.body.recovery_codes).toBeUndefined();
    expect(await statusOf(user)).toMatchObject({ totp: false, pending: false, methods: ['passkey'] });
  });

  it('cannot regenerate the recovery codes; the old ones keep working', async () => {
    const user = await createUser(t);
    const { recoveryCodes } = await enableTotp(t, user);
    const res = await call(t, 'POST', '/api-v1/2fa/recovery-codes/', {
      token: thiefOf(user).token,
      body: { code: '000000' },
    });
    expect(res.status).toBe(400);
    expect(res.body.recovery_codes).toBeUndefined();
    expect((await statusOf(user)).recovery_codes_left).toBe(10);
    const disable = await call(t, 'POST', '/api-v1/2fa/disable/', {
      token: user.token,
      body: { code: recoveryCodes[0] },
    });
    expect(disable.status).toBe(200);
  });

  it("after the owner resets the password, the thief's session and passkey no longer sign in", async () => {
    const user = await createUser(t);
    const thief = thiefOf(user);
    const attempt = await thiefRegisters(thief.token);
    expect(attempt.options.status).toBe(400);

    await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    const reset = await call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp: t.mailbox.lastCode(user.email), password: 'a brand new one 1' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await call(t, 'GET', '/api-v1/info/', { token: thief.token })).status).toBe(401);
    // Whatever key the thief holds names no passkey of the account.
    expect((await passkeySignIn(attempt.key ?? new SoftPasskey())).status).toBe(401);
    await logIn(t, user.email, 'a brand new one 1');
  });
});

describe('the owner changes their second factors with the proof', () => {
  it('with none on: the login password and the emailed code; a wrong password is refused and changes nothing', async () => {
    const user = await createUser(t);
    const proof = await factorChangeProof(t, user);
    const wrong = await call(t, 'POST', '/api-v1/2fa/setup/', {
      token: user.token,
      body: { ...proof, password: 'not the password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: TWO_FACTOR_MSG.wrongPassword, fields: { password: expect.any(String) } });
    expect((await statusOf(user)).pending).toBe(false);
    // The code was used up by the wrong try: a new one is needed.
    const reused = await call(t, 'POST', '/api-v1/2fa/setup/', { token: user.token, body: proof });
    expect(reused.status).toBe(400);
    const setup = await call(t, 'POST', '/api-v1/2fa/setup/', {
      token: user.token,
      body: await factorChangeProof(t, user),
    });
    expect(setup.status).toBe(200);
    const secret = secretOfOtpauthUrl(setup.body.otpauth_url);
    const enable = await call(t, 'POST', '/api-v1/2fa/enable/', {
      token: user.token,
      body: { code: totp(secret, t.clock.now()) },
    });
    expect(enable.status).toBe(200);
  });

  it('with a passkey on: TOTP is set up with a passkey assertion; passkeys are removed with a TOTP code', async () => {
    const { user, key, id } = await passkeyOnlyUser();
    const { secret } = await enableTotp(t, user, { passkey: key.assert(await assertionOptions(user.token)) });
    expect((await statusOf(user)).methods).toEqual(['totp', 'passkey']);
    const removed = await call(t, 'DELETE', `/api-v1/passkeys/${id}/`, {
      token: user.token,
      body: { two_factor_code: nextTotp(t, secret) },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await passkeysOf(user)).toEqual([]);
  });

  it('makes new recovery codes with a current code; the old ones stop working', async () => {
    const user = await createUser(t);
    const { secret, recoveryCodes } = await enableTotp(t, user);
    const res = await call(t, 'POST', '/api-v1/2fa/recovery-codes/', {
      token: user.token,
      body: { code: nextTotp(t, secret) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: TWO_FACTOR_MSG.recoveryCodesRenewed });
    expect(res.body.recovery_codes).toHaveLength(10);
    const old = await call(t, 'POST', '/api-v1/2fa/disable/', { token: user.token, body: { code: recoveryCodes[1] } });
    expect(old.status).toBe(400);
    const fresh = await call(t, 'POST', '/api-v1/2fa/disable/', {
      token: user.token,
      body: { code: res.body.recovery_codes[0] },
    });
    expect(fresh.status).toBe(200);
  });
});

describe('each enrolment and removal is told to the owner', () => {
  const notificationsOf = async (user: TestUser) =>
    (
      (await call(t, 'GET', '/api-v1/notifications/', { token: user.token })).body as { results: { kind: string }[] }
    ).results
      .map((n) => n.kind)
      .reverse();
  const mailsTo = (user: TestUser) =>
    t.mailbox.messages.filter((m) => m.to === user.email && /^Coinfront: /.test(m.subject));

  it('by mail with the anti-phishing line, and in the notifications history', async () => {
    const user = await createUser(t);
    const saved = await call(t, 'PUT', '/api-v1/anti-phishing-code/', {
      token: user.token,
      body: { code: 'BlueOtter7' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { key, id } = await ownerAddsPasskey(user, 'Desk key', await factorChangeProof(t, user));
    const { secret } = await enableTotp(t, user, { passkey: key.assert(await assertionOptions(user.token)) });
    await call(t, 'POST', '/api-v1/2fa/recovery-codes/', { token: user.token, body: { code: nextTotp(t, secret) } });
    await call(t, 'DELETE', `/api-v1/passkeys/${id}/`, {
      token: user.token,
      body: { two_factor_code: nextTotp(t, secret) },
    });
    await call(t, 'POST', '/api-v1/2fa/disable/', { token: user.token, body: { code: nextTotp(t, secret) } });

    expect(await notificationsOf(user)).toEqual([
      'passkey_added',
      'two_factor_enabled',
      'recovery_codes_renewed',
      'passkey_removed',
      'two_factor_disabled',
    ]);
    const mails = mailsTo(user);
    expect(mails.map((m) => m.subject)).toEqual([
      'Coinfront: Passkey added',
      'Coinfront: Authenticator app turned on',
      'Coinfront: New recovery codes',
      'Coinfront: Passkey removed',
      'Coinfront: Authenticator app turned off',
    ]);
    for (const mail of mails) expect(mail.text.split('\n')[0]).toBe('Your Coinfront anti-phishing code: BlueOtter7');
    expect(mails[0]!.text).toContain('"Desk key"');
  });

  it("in the owner's language", async () => {
    const user = await createUser(t);
    expect(
      (await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language: 'de' } })).status,
    ).toBe(200);
    await ownerAddsPasskey(user, 'Laptop', await factorChangeProof(t, user));
    const [mail] = mailsTo(user);
    expect(mail?.subject).toBe('Coinfront: Passkey hinzugefügt');
  });
});

describe('a password reset passes the second factor', () => {
  const forgot = async (user: TestUser) => {
    t.clock.advance(61_000);
    await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
    return t.mailbox.lastCode(user.email);
  };
  const reset = (user: TestUser, otp: string, extra: object = {}) =>
    call(t, 'POST', '/api-v1/reset-password/', {
      body: { email: user.email, otp, password: 'new password 22', ...extra },
    });

  it('with TOTP on: the mailbox alone is refused; the same code with a TOTP or recovery code resets', async () => {
    const user = await createUser(t);
    const { secret, recoveryCodes } = await enableTotp(t, user);
    const otp = await forgot(user);
    const bare = await reset(user, otp);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      error: TWO_FACTOR_MSG.resetNeedsSecondFactor,
      fields: { two_factor_code: expect.any(String) },
    });
    const wrong = await reset(user, otp, { two_factor_code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(TWO_FACTOR_MSG.wrongCode);
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(200);

    const done = await reset(user, otp, { two_factor_code: nextTotp(t, secret) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);

    // A locked-out owner (no phone) comes back with a recovery code.
    const again = await reset(user, await forgot(user), { two_factor_code: recoveryCodes[3] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('with a passkey on: the reset code gets passkey options, and the assertion resets', async () => {
    const { user, key } = await passkeyOnlyUser();
    const otp = await forgot(user);
    expect((await reset(user, otp)).status).toBe(400);
    const wrongCode = await call(t, 'POST', '/api-v1/reset-password/passkey-options/', {
      body: { email: user.email, otp: otp === '111111' ? '111112' : '111111' },
    });
    expect(wrongCode.status).toBe(400);
    const options = await call(t, 'POST', '/api-v1/reset-password/passkey-options/', {
      body: { email: user.email, otp },
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const done = await reset(user, otp, { passkey: key.assert(options.body) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);
    // The code was used up by the reset.
    expect((await reset(user, otp, { passkey: key.assert(options.body) })).status).toBe(400);
  });
});
