/**
 * Passkeys (docs/security.md "Passkeys", src/server/modules/security/passkeys.ts):
 * registration, the list, rename and removal, passwordless sign-in and the passkey as a second
 * factor, answered by a software authenticator (tests/helpers/webauthn.ts) that signs with real
 * ES256 keys. Challenges are single use, expire after 5 minutes and are bound to their user,
 * purpose and site; the signature counter must grow.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_MSG } from '../../src/shared/api/passkeys.js';
import { passkeys } from '../../src/server/modules/security/schema.js';
import { relyingPartyOf } from '../../src/server/modules/security/passkeys.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createUser, factorChangeProof, type TestUser } from '../helpers/users.js';
import { SoftPasskey, type AnswerOptions } from '../helpers/webauthn.js';

// The lock and cooldown bookkeeping belongs to security/lockouts.ts (tested there): here, that
// passkeys call it when they must.
const lockouts = vi.hoisted(() => ({ cooldowns: [] as unknown[][], failures: [] as unknown[][] }));
vi.mock('../../src/server/modules/security/lockouts.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/modules/security/lockouts.js')>();
  return {
    ...real,
    startWithdrawalCooldown: async (...args: Parameters<typeof real.startWithdrawalCooldown>) => {
      lockouts.cooldowns.push([args[2], args[3]]);
      return real.startWithdrawalCooldown(...args);
    },
    recordFailure: async (...args: Parameters<typeof real.recordFailure>) => {
      lockouts.failures.push([args[1], args[2]]);
      return real.recordFailure(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  lockouts.cooldowns.length = 0;
  lockouts.failures.length = 0;
});

/**
 * Options for a new passkey; without `proof` the user has no second factor yet and gives their
 * password and an emailed code (docs/decisions/0045-second-factor-guards-itself.md).
 */
const registrationOptions = async (user: TestUser, proof?: object) => {
  const res = await call(t, 'POST', '/api-v1/passkeys/registration-options/', {
    token: user.token,
    body: proof ?? (await factorChangeProof(t, user)),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Registers a new software passkey for the user (with 2FA proof when they already have one). */
async function register(user: TestUser, name = 'Phone', proof?: object) {
  const key = new SoftPasskey();
  const res = await call(t, 'POST', '/api-v1/passkeys/', {
    token: user.token,
    body: { name, response: key.register(await registrationOptions(user, proof)) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key, view: res.body as { id: number; name: string } };
}

const loginOptions = async () => {
  const res = await call(t, 'POST', '/api-v1/passkeys/login-options/', { body: {} });
  expect(res.status).toBe(200);
  return res.body as { challenge_id: string; options: any };
};

async function signIn(key: SoftPasskey, answer: AnswerOptions = {}) {
  const { challenge_id, options } = await loginOptions();
  return call(t, 'POST', '/api-v1/passkeys/login/', {
    body: { challenge_id, response: key.assert(options, answer) },
  });
}

const assertionOptions = async (user: TestUser) => {
  const res = await call(t, 'POST', '/api-v1/passkeys/assertion-options/', { token: user.token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Removes a passkey, proving the second factor with `key` (docs/decisions/0045). */
const remove = async (user: TestUser, key: SoftPasskey, id: number) =>
  call(t, 'DELETE', `/api-v1/passkeys/${id}/`, {
    token: user.token,
    body: { passkey: key.assert(await assertionOptions(user)) },
  });

const list = async (user: TestUser) => (await call(t, 'GET', '/api-v1/passkeys/', { token: user.token })).body;

describe('registering a passkey', () => {
  it('saves it with its name and lists it; the user is mailed', async () => {
    const user = await createUser(t);
    const options = await registrationOptions(user);
    expect(options.rp).toEqual({ name: 'Coinfront', id: 'localhost' });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({ userVerification: 'preferred' });

    const key = new SoftPasskey();
    const res = await call(t, 'POST', '/api-v1/passkeys/', {
      token: user.token,
      body: { name: ' Work laptop ', response: key.register(options) },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Work laptop',
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(await list(user)).toEqual([res.body]);
    const mail = t.mailbox.messages.findLast((m) => m.to === user.email);
    expect(mail?.subject).toBe('Coinfront: Passkey added');
    expect(mail?.text).toContain('Work laptop');
  });

  it('offers the passkeys the user has as excluded, so one authenticator is not added twice', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const options = await registrationOptions(user, { passkey: key.assert(await assertionOptions(user)) });
    expect(options.excludeCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses the same authenticator twice, for this user or another (409)', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const options = await registrationOptions(user, { passkey: key.assert(await assertionOptions(user)) });
    const again = await call(t, 'POST', '/api-v1/passkeys/', {
      token: user.token,
      body: { name: 'Again', response: key.register(options) },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(PASSKEY_MSG.alreadyRegistered);
    const other = await createUser(t);
    const theirs = await call(t, 'POST', '/api-v1/passkeys/', {
      token: other.token,
      body: { name: 'Mine now', response: key.register(await registrationOptions(other)) },
    });
    expect(theirs.status).toBe(409);
    expect(await list(other)).toEqual([]);
  });

  it('refuses a response to a challenge the server never gave (wrong challenge)', async () => {
    const user = await createUser(t);
    const options = await registrationOptions(user);
    const res = await call(t, 'POST', '/api-v1/passkeys/', {
      token: user.token,
      body: { name: 'Phone', response: new SoftPasskey().register(options, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' }) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PASSKEY_MSG.challengeExpired);
    expect(await list(user)).toEqual([]);
  });

  it("refuses an answer to another user's challenge", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const res = await call(t, 'POST', '/api-v1/passkeys/', {
      token: user.token,
      body: { name: 'Phone', response: new SoftPasskey().register(await registrationOptions(other)) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PASSKEY_MSG.challengeExpired);
  });

  it('uses a challenge once: the same response replayed is refused', async () => {
    const user = await createUser(t);
    const response = new SoftPasskey().register(await registrationOptions(user));
    const first = await call(t, 'POST', '/api-v1/passkeys/', { token: user.token, body: { name: 'A', response } });
    expect(first.status).toBe(201);
    const again = await call(t, 'POST', '/api-v1/passkeys/', { token: user.token, body: { name: 'B', response } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(PASSKEY_MSG.challengeExpired);
    expect(await list(user)).toHaveLength(1);
  });

  it('refuses an answer after the 5 minutes', async () => {
    const user = await createUser(t);
    const response = new SoftPasskey().register(await registrationOptions(user));
    t.clock.advance(5 * 60_000 + 1_000);
    const res = await call(t, 'POST', '/api-v1/passkeys/', { token: user.token, body: { name: 'A', response } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PASSKEY_MSG.challengeExpired);
  });

  it('refuses a passkey made on another site (wrong origin, wrong RP ID)', async () => {
    const user = await createUser(t);
    for (const answer of [{ origin: 'https://coinfront.example.evil' }, { rpId: 'evil.example' }]) {
      const response = new SoftPasskey().register(await registrationOptions(user), answer);
      const res = await call(t, 'POST', '/api-v1/passkeys/', { token: user.token, body: { name: 'A', response } });
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(res.body.error).toBe(PASSKEY_MSG.notVerified);
    }
    expect(await list(user)).toEqual([]);
  });

  it('with 2FA on, asks for the second factor before a new passkey can be added', async () => {
    const user = await createUser(t);
    await register(user);
    const res = await call(t, 'POST', '/api-v1/passkeys/registration-options/', { token: user.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('two_factor_code');
  });
});

describe('the list, rename and removal', () => {
  it("renames the user's passkey; another user's is 404", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { view } = await register(user, 'Old name');
    const theirs = await call(t, 'PATCH', `/api-v1/passkeys/${view.id}/`, {
      token: other.token,
      body: { name: 'Mine' },
    });
    expect(theirs.status).toBe(404);
    const res = await call(t, 'PATCH', `/api-v1/passkeys/${view.id}/`, {
      token: user.token,
      body: { name: 'YubiKey' },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('YubiKey');
    expect((await list(user))[0].name).toBe('YubiKey');
    expect(await list(other)).toEqual([]);
  });

  it("removes the user's passkey; another user's is 404 and stays", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { key, view } = await register(user);
    expect((await call(t, 'DELETE', `/api-v1/passkeys/${view.id}/`, { token: other.token })).status).toBe(404);
    expect(await list(user)).toHaveLength(1);
    const res = await remove(user, key, view.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PASSKEY_MSG.removed);
    expect(await list(user)).toEqual([]);
  });

  it('removing the last second factor starts the withdrawal cooldown; removing one of two does not', async () => {
    const user = await createUser(t);
    const first = await register(user, 'One');
    const second = await register(user, 'Two', { passkey: first.key.assert(await assertionOptions(user)) });
    expect((await remove(user, first.key, first.view.id)).status).toBe(200);
    expect(lockouts.cooldowns).toEqual([]);
    expect((await remove(user, second.key, second.view.id)).status).toBe(200);
    expect(lockouts.cooldowns).toEqual([[user.id, 'two-factor-disabled']]);
  });
});

describe('signing in with a passkey', () => {
  it('answers { access, user } as a login does, and the token works', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const { challenge_id, options } = await loginOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: the passkey names its user
    const res = await call(t, 'POST', '/api-v1/passkeys/login/', {
      body: { challenge_id, response: key.assert(options) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ user_id: user.id, email: user.email, is_admin: false });
    const info = await call(t, 'GET', '/api-v1/info/', { token: res.body.access });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe(user.email);
    const [row] = await list(user);
    expect(row.last_used_at).not.toBeNull();
  });

  it('stores the signature counter and refuses one that does not grow (a cloned authenticator)', async () => {
    const user = await createUser(t);
    const { key, view } = await register(user);
    expect((await signIn(key, { counter: 7 })).status).toBe(200);
    const [stored] = await t.db.select({ counter: passkeys.counter }).from(passkeys).where(eq(passkeys.id, view.id));
    expect(stored?.counter).toBe(7);
    for (const counter of [7, 3]) {
      const res = await signIn(key, { counter });
      expect(res.status, `counter ${counter}`).toBe(401);
      expect(res.body.error).toBe(PASSKEY_MSG.signInFailed);
    }
    expect((await signIn(key, { counter: 8 })).status).toBe(200);
  });

  it('uses a challenge once: the same assertion replayed is refused', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const { challenge_id, options } = await loginOptions();
    const body = { challenge_id, response: key.assert(options) };
    expect((await call(t, 'POST', '/api-v1/passkeys/login/', { body })).status).toBe(200);
    const again = await call(t, 'POST', '/api-v1/passkeys/login/', { body });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(PASSKEY_MSG.challengeExpired);
  });

  it('refuses a wrong challenge, a wrong origin, an expired challenge and an unverified user', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    expect((await signIn(key, { challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' })).status).toBe(401);
    expect((await signIn(key, { origin: 'https://coinfront.example.evil' })).status).toBe(401);
    expect((await signIn(key, { rpId: 'evil.example' })).status).toBe(401);
    expect((await signIn(key, { userVerified: false })).status).toBe(401);
    const { challenge_id, options } = await loginOptions();
    t.clock.advance(5 * 60_000 + 1_000);
    const late = await call(t, 'POST', '/api-v1/passkeys/login/', {
      body: { challenge_id, response: key.assert(options) },
    });
    expect(late.status).toBe(401);
    // None of these moved the counter: the next good one still signs in.
    expect((await signIn(key)).status).toBe(200);
  });

  it('refuses a passkey the server does not know, and one that was removed', async () => {
    expect((await signIn(new SoftPasskey())).status).toBe(401);
    const user = await createUser(t);
    const { key, view } = await register(user);
    expect((await remove(user, key, view.id)).status).toBe(200);
    expect((await signIn(key)).status).toBe(401);
  });

  it('refuses a signature by another key under a known credential id', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const impostor = new SoftPasskey();
    Object.defineProperty(impostor, 'credentialId', { value: key.credentialId });
    expect((await signIn(impostor)).status).toBe(401);
  });
});

describe('a passkey as the second factor', () => {
  it("offers only the user's own passkeys", async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    await register(await createUser(t));
    const options = await assertionOptions(user);
    expect(options.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
  });

  it('proves the second factor of a sensitive action once; a replay or another key is refused and counted', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const passkey = key.assert(await assertionOptions(user));
    expect(
      (await call(t, 'POST', '/api-v1/passkeys/registration-options/', { token: user.token, body: { passkey } }))
        .status,
    ).toBe(200);
    const replay = await call(t, 'POST', '/api-v1/passkeys/registration-options/', {
      token: user.token,
      body: { passkey },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.fields.passkey).toBe(PASSKEY_MSG.challengeExpired);

    // Another user's registered passkey cannot answer for this user.
    const other = await createUser(t);
    const { key: otherKey } = await register(other);
    const wrong = await call(t, 'POST', '/api-v1/passkeys/registration-options/', {
      token: user.token,
      body: { passkey: otherKey.assert(await assertionOptions(user)) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.passkey).toBe(PASSKEY_MSG.notVerified);
    expect(lockouts.failures).toEqual([[user.id, 'two-factor']]);
  });

  it("refuses an answer to another user's second-factor challenge, or to a sign-in challenge", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { key } = await register(user);
    await register(other);
    for (const options of [await assertionOptions(other), (await loginOptions()).options]) {
      const res = await call(t, 'POST', '/api-v1/passkeys/registration-options/', {
        token: user.token,
        body: { passkey: key.assert(options) },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields.passkey).toBe(PASSKEY_MSG.challengeExpired);
    }
  });

  it('refuses an assertion from another origin', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const res = await call(t, 'POST', '/api-v1/passkeys/registration-options/', {
      token: user.token,
      body: { passkey: key.assert(await assertionOptions(user), { origin: 'https://coinfront.example.evil' }) },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.passkey).toBe(PASSKEY_MSG.notVerified);
  });

  it('finishes a password sign-in with 2FA on: the ticket, its options and the assertion give a session, once', async () => {
    const user = await createUser(t);
    const { key } = await register(user);
    const login = await call(t, 'POST', '/api-v1/login/', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ two_factor_required: true, methods: ['passkey'] });
    expect(login.body.access).toBeUndefined();
    const { ticket } = login.body as { ticket: string };

    const optionsOf = async () => {
      const res = await call(t, 'POST', '/api-v1/login/2fa/passkey-options/', { body: { ticket } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    // Another user's passkey does not finish this user's sign-in, and the ticket survives it.
    const other = await createUser(t);
    const { key: otherKey } = await register(other);
    const wrong = await call(t, 'POST', '/api-v1/login/2fa/', {
      body: { ticket, passkey: otherKey.assert(await optionsOf()) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.access).toBeUndefined();

    const done = await call(t, 'POST', '/api-v1/login/2fa/', {
      body: { ticket, passkey: key.assert(await optionsOf()) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.user_id).toBe(user.id);
    const info = await call(t, 'GET', '/api-v1/info/', { token: done.body.access });
    expect(info.status).toBe(200);

    // Single use: the same ticket gets neither options nor a second session.
    expect((await call(t, 'POST', '/api-v1/login/2fa/passkey-options/', { body: { ticket } })).status).toBe(401);
  });

  it('a login ticket that is not live gets no options', async () => {
    const res = await call(t, 'POST', '/api-v1/login/2fa/passkey-options/', { body: { ticket: 'no-such-ticket' } });
    expect(res.status).toBe(401);
  });
});

describe('the relying party', () => {
  it('is PUBLIC_URL when set, else the host the request came to', () => {
    const request = { protocol: 'http', host: 'localhost:5173' };
    expect(relyingPartyOf({ env: { PUBLIC_URL: 'https://app.coinfront.example/' } } as never, request)).toEqual({
      rpId: 'app.coinfront.example',
      origin: 'https://app.coinfront.example',
    });
    expect(relyingPartyOf({ env: {} } as never, request)).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:5173',
    });
  });
});
