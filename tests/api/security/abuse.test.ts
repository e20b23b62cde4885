/**
 * Abuse and hygiene (ASVS 5 V6, V3, V4; API Top 10 API4, API8): rate limits where each
 * request costs us or guesses a secret, OTP guessing bounded by numbers, security headers on the
 * API and the web app, CORS closed, request size limits, JSON prototype poisoning refused.
 */
import { startSession } from '../../../src/server/modules/auth/sessions.js';
import { mkdtempSync, readdirSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema.js';
import { hashPassword } from '../../../src/server/lib/passwords.js';
import { INVALID_OTP, OTP_LOCKED_FOR_TODAY } from '../../../src/server/modules/security/otp.js';
import {
  OTP_DAILY_WINDOW_MS,
  OTP_DAILY_WRONG_MAX,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MS,
  OTP_TTL_MS,
} from '../../../src/shared/constants.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { call, createUser, uniqueEmail, type TestUser } from '../../helpers/users.js';
import { identityForm, send } from './scene.js';

const TOO_MANY = 'Too many requests. Please wait a moment and try again.';

/** An account made straight in the database with a signed token: uses none of the rate-limited routes. */
async function quickUser(t: TestApp, passwordHash: string): Promise<TestUser> {
  const email = uniqueEmail('quick');
  const [row] = await t.db
    .insert(users)
    .values({
      email,
      passwordHash,
      firstName: 'Quinn',
      lastName: 'Quick',
      uniqueid: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
      promotionCode: Math.random().toString(36).slice(2, 10).toUpperCase(),
    })
    .returning();
  const token = await startSession(t.ctx, row!, { ip: '127.0.0.1', userAgent: 'lightMyRequest' });
  return { id: row!.id, email, password: 'quick password 1', token, login: undefined as never };
}

describe('rate limits', () => {
  const LIMIT = 3;
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT: String(LIMIT), CHAT_RATE_LIMIT: String(LIMIT), UPLOAD_RATE_LIMIT: '2' },
    });
    const hash = await hashPassword('quick password 1', t.config.passwordHashCost);
    [alice, bob] = await Promise.all([quickUser(t, hash), quickUser(t, hash)]);
  });
  afterAll(() => t.close());

  // Each of these checks a password or a code, or sends mail: limited per client address.
  it.each([
    ['POST', '/api-v1/login/', false],
    ['POST', '/api-v1/signup-email-otp/', false],
    ['POST', '/api-v1/signup/', false],
    ['POST', '/api-v1/forgot-password/', false],
    ['POST', '/api-v1/reset-password/', false],
    ['POST', '/api-v1/transcation-password-otp/', true],
    ['POST', '/api-v1/update-password/', true],
    ['POST', '/api-v1/set-transcation-password/', true],
    ['POST', '/api-v1/withdraw/', true],
  ] as const)(`%s %s: ${LIMIT} a minute per client, then 429 with a message`, async (method, url, needsLogin) => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i <= LIMIT; i++) {
      t.clock.advance(OTP_RESEND_MS); // past the one-code-a-minute throttle, so only the rate limit can say 429
      last = await call(t, method, url, {
        token: needsLogin ? alice.token : undefined,
        body: { email: uniqueEmail() },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(last).toMatchObject({ status: 429, body: { error: TOO_MANY } });
    expect(last!.headers['retry-after']).toBeDefined();
  });

  it(`chat messages: ${LIMIT} a minute per user, so users behind one address do not share it`, async () => {
    const session = (await call(t, 'POST', '/api-v2/chats/', { token: alice.token })).body.session_id;
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      statuses.push(
        (
          await call(t, 'POST', '/api-v2/messages/', {
            token: alice.token,
            body: { session_id: session, text: `hi ${i}` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(201), 429]);
    const bobSession = (await call(t, 'POST', '/api-v2/chats/', { token: bob.token })).body.session_id;
    expect(
      (
        await call(t, 'POST', '/api-v2/messages/', {
          token: bob.token,
          body: { session_id: bobSession, text: 'me too' },
        })
      ).status,
    ).toBe(201);
  });

  it(`withdrawals: ${LIMIT} a minute per user, so users behind one address do not share it`, async () => {
    const hash = await hashPassword('quick password 1', t.config.passwordHashCost);
    const [carol, dave] = await Promise.all([quickUser(t, hash), quickUser(t, hash)]);
    const withdraw = async (user: TestUser) =>
      (await call(t, 'POST', '/api-v1/withdraw/', { token: user.token, body: {} })).status;
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push(await withdraw(carol));
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses[LIMIT]).toBe(429);
    expect(await withdraw(dave)).not.toBe(429);
  });

  it('identity submissions: 2 a minute per user, refused before the images are read or stored', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    const stored = () => {
      try {
        return readdirSync(uploads).length;
      } catch {
        return 0;
      }
    };
    const submit = (user: TestUser) =>
      send(t, 'POST', { url: '/api-v1/documents-verification/', form: identityForm(user) }, user.token);
    expect((await submit(alice)).status).toBe(201);
    expect((await submit(alice)).status).toBe(409); // under review: counted all the same
    const before = stored();
    expect(await submit(alice)).toMatchObject({ status: 429, body: { error: TOO_MANY } });
    expect(stored()).toBe(before);
    expect((await submit(bob)).status).toBe(201);
  });
});

describe('guessing a one-time code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is bounded: an attacker guessing non-stop for a day gets at most 5 x 10 = 50 guesses per code lifetime and 20 a day', async () => {
    // Many client addresses: the per-client rate limit is no defence here, the OTP rules must be.
    const open = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000000' } });
    try {
      const user = await createUser(open);
      const reset = (otp: string) =>
        call(open, 'POST', '/api-v1/reset-password/', {
          body: { email: user.email, otp, password: 'new password 99' },
        });
      const start = open.clock.now().getTime();
      /** When each guess the server weighed against a live code was sent (ms since the start). */
      const guesses: number[] = [];
      let codesSent = 0;
      // A new code whenever the app gives one (asking again at once after each), and wrong guesses at
      // it until the app says the code is used up (or refuses outright); for a whole day, minute by
      // minute for the first hour, then every quarter of an hour (a rule this broken is already shown).
      const HOUR = 3_600_000;
      for (let elapsed = 0; elapsed < OTP_DAILY_WINDOW_MS - HOUR / 4 && guesses.length <= 100;) {
        const step = elapsed < HOUR ? OTP_RESEND_MS : HOUR / 4;
        open.clock.advance(step);
        elapsed += step;
        for (let again = 0; again < 20; again++) {
          const asked = await call(open, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } });
          if (asked.status === 429) break;
          expect(asked.status).toBe(200);
          codesSent++;
          const code = open.mailbox.lastCode(user.email);
          for (let i = 0; i < 20; i++) {
            const answer = await reset(String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
            if (answer.status === 429) break;
            expect(answer.status).toBe(400);
            guesses.push(open.clock.now().getTime() - start);
            if (answer.body.error !== INVALID_OTP.text) break; // 'Too many wrong codes. Please request a new OTP.'
          }
        }
      }
      const perLifetime = Math.max(
        ...guesses.map((at) => guesses.filter((g) => g >= at && g < at + OTP_TTL_MS).length),
      );
      const codes = 10 ** OTP_LENGTH;
      console.log(
        `OTP guessing through the API for a day: ${codesSent} codes sent, ${guesses.length} guesses weighed ` +
          `(at most ${perLifetime} in a ${OTP_TTL_MS / 60_000}-minute code lifetime) -> ${(guesses.length / codes).toExponential(1)} per day`,
      );
      expect(perLifetime).toBeLessThanOrEqual(50);
      expect(guesses.length).toBeLessThanOrEqual(20);
      expect(guesses.length / codes).toBeLessThanOrEqual(2e-5);
    } finally {
      await open.close();
    }
  }, 120_000);

  const resetWith = (email: string, otp: string) =>
    call(t, 'POST', '/api-v1/reset-password/', { body: { email, otp, password: 'new password 99' } });
  const requestCode = async (email: string) => {
    t.clock.advance(OTP_RESEND_MS);
    return call(t, 'POST', '/api-v1/forgot-password/', { body: { email } });
  };
  const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  it('voids a code after 5 wrong guesses, and refuses a second code within a minute', async () => {
    const user = await createUser(t);
    expect((await requestCode(user.email)).status).toBe(200);
    expect((await call(t, 'POST', '/api-v1/forgot-password/', { body: { email: user.email } })).status).toBe(429);
    const code = t.mailbox.lastCode(user.email);
    const answers = [];
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) answers.push(await resetWith(user.email, wrongFor(code, i)));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect((await resetWith(user.email, code)).status).toBe(400); // the right code, too late
  });

  it(`locks the email for the day after ${OTP_DAILY_WRONG_MAX} wrong codes: nothing sent, nothing accepted, not even the right code`, async () => {
    const user = await createUser(t);
    let wrong = 0;
    while (wrong < OTP_DAILY_WRONG_MAX) {
      expect((await requestCode(user.email)).status).toBe(200);
      const code = t.mailbox.lastCode(user.email);
      for (let i = 0; i < OTP_MAX_ATTEMPTS && wrong < OTP_DAILY_WRONG_MAX; i++, wrong++) {
        expect((await resetWith(user.email, wrongFor(code, i))).status).toBe(400);
      }
    }
    const mailsBefore = t.mailbox.messages.length;
    expect(await requestCode(user.email)).toMatchObject({ status: 429, body: { error: OTP_LOCKED_FOR_TODAY.text } });
    expect(t.mailbox.messages.length).toBe(mailsBefore);
    // A day later the email is free again.
    t.clock.advance(OTP_DAILY_WINDOW_MS);
    expect((await requestCode(user.email)).status).toBe(200);
    expect((await resetWith(user.email, t.mailbox.lastCode(user.email))).status).toBe(200);
  });

  it('locks a code that was sent before the lock, too', async () => {
    const user = await createUser(t);
    let code = '';
    // Four wrong guesses per code keep each code alive until the next one replaces it.
    for (let wrong = 0; wrong < OTP_DAILY_WRONG_MAX;) {
      await requestCode(user.email);
      code = t.mailbox.lastCode(user.email);
      for (let i = 0; i < OTP_MAX_ATTEMPTS - 1 && wrong < OTP_DAILY_WRONG_MAX; i++, wrong++) {
        expect((await resetWith(user.email, wrongFor(code, i))).status).toBe(400);
      }
    }
    expect(await resetWith(user.email, code)).toMatchObject({
      status: 429,
      body: { error: OTP_LOCKED_FOR_TODAY.text },
    });
  });
});

describe('hygiene', () => {
  let t: TestApp;
  let https: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    // A stand-in web build: the page fallback and asset serving are what is under test, not the bundle.
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
    [t, https] = await Promise.all([
      createTestApp({ config: { webDir } }),
      createTestApp({ env: { PUBLIC_URL: 'https://coinfront.example' }, config: { webDir } }),
    ]);
    user = await createUser(t);
  });
  afterAll(async () => {
    await Promise.all([t.close(), https.close()]);
  });

  const directives = (csp: unknown) =>
    Object.fromEntries(
      String(csp)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it.each([
    ['the web app page', 'GET', '/home', 200],
    ['a web app asset', 'GET', '/assets/app.js', 200],
    ['an API answer', 'GET', '/api-v1/info/', 200],
    ['an API error', 'POST', '/api-v1/login/', 400],
    ['an unknown path', 'GET', '/api-v1/nothing-here/', 404],
    ['the exchange API', 'GET', '/api/v3/ping', 200],
  ] as const)('%s carries the security headers', async (_what, method, url, status) => {
    const res = await call(t, method, url, { token: user.token, ...(method === 'POST' ? { body: {} } : {}) });
    expect(res.status).toBe(status);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]); // no inline script, no eval
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain HTTP: meaningless
    const secure = await call(https, method, url, { ...(method === 'POST' ? { body: {} } : {}) });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });

  it('ships a page with no inline script, so the CSP needs no exception', () => {
    const source = readFileSync('src/web/index.html', 'utf8');
    const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(source).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
  });

  it('keeps CORS closed: no Access-Control-Allow-Origin for another site, and no preflight', async () => {
    const origin = 'https://evil.example';
    for (const url of ['/api/v3/ping', '/api-v1/info/', '/home']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { origin, authorization: `Bearer ${user.token}` },
      });
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api-v1/withdraw/',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('refuses a JSON body over 1 MiB with 413 and a message, and takes one just under', async () => {
    const MiB = 1024 * 1024;
    const body = (size: number) => {
      const shell = JSON.stringify({ question: '' });
      return JSON.stringify({ question: 'x'.repeat(size - shell.length) });
    };
    const big = await t.app.inject({
      method: 'POST',
      url: '/api-v2/question-answer/',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: body(MiB + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request is too large', code: 'server.tooLarge' });
    const fits = await t.app.inject({
      method: 'POST',
      url: '/api-v2/question-answer/',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: body(MiB),
    });
    // Read and judged on its content: too long for a question, but not too large to read.
    expect(fits.statusCode).toBe(400);
    expect(fits.json().error).toMatch(/at most 500 characters/);
  });

  it.each([
    ['__proto__', '{"email":"a@example.com","password":"x","__proto__":{"isAdmin":true}}'],
    ['constructor.prototype', '{"email":"a@example.com","password":"x","constructor":{"prototype":{"isAdmin":true}}}'],
    ['a nested __proto__', '{"email":"a@example.com","password":"x","profile":{"a":[{"__proto__":{"isAdmin":true}}]}}'],
  ])('refuses a JSON body with %s keys with 400 and a message, and pollutes nothing', async (_what, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api-v1/login/',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON', code: 'server.invalidJson' });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('NUL characters', () => {
  it('are refused as bad input in JSON bodies, queries and forms, never a 500', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      const json = await call(t, 'POST', '/api-v1/recharge/', {
        token: user.token,
        body: { amount: '50', payment_address: 'T\u0000x' },
      });
      expect(json).toMatchObject({ status: 400, body: { error: 'Text must not contain NUL characters' } });
      const query = await call(t, 'GET', '/api-v1/transcations-history/?status=pending%00', { token: user.token });
      expect(query.status).toBe(400);
      const chat = await call(t, 'POST', '/api-v2/chats/', { token: user.token });
      const form = await t.app.inject({
        method: 'POST',
        url: '/api-v2/messages/',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload: `--x\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${chat.body.session_id}\r\n--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi\u0000there\r\n--x--\r\n`,
      });
      expect(form.statusCode).toBe(400);
      expect(form.json().error).toBe('Text must not contain NUL characters');
    } finally {
      await t.close();
    }
  });
});

describe('prototype names as values', () => {
  it('a wallet named __proto__ or constructor is an invalid wallet type, not a 500', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      for (const name of ['__proto__', 'constructor', 'toString']) {
        const res = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
          token: user.token,
          body: { transfer_from: 'funding', transfer_to: name, currency: 'USDT', amount: '1' },
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toBeTruthy();
      }
    } finally {
      await t.close();
    }
  });
});
