/**
 * Sessions and devices (docs/security.md "Sessions and devices"): every login is a
 * session the user can see and end; an ended session's token is refused at once on every instance
 * and its sockets are closed; a sign-in from a new device or address mails the user.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.js';
import { LAST_SEEN_EVERY_MS } from '../../src/server/plugins/auth.js';
import { deviceOf } from '../../src/server/modules/auth/sessions.js';
import { SESSION_ENDED, SESSION_ENDED_CLOSE } from '../../src/server/modules/realtime/routes.js';
import { SESSIONS_MSG, type SessionInfo } from '../../src/shared/api/sessions.js';
import type { LoginResponse } from '../../src/shared/api/auth.js';
import type { TestApp } from '../helpers/app.js';
import { twoInstances, type OtherInstance } from '../helpers/suites.js';
import { call, createUser, signUp, type TestUser } from '../helpers/users.js';
import { connectWs } from '../helpers/ws.js';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let other: OtherInstance;
twoInstances((app, second) => ([t, other] = [app, second]));

/** A login from a given device and address; returns the token. */
async function logInFrom(user: TestUser, userAgent: string, ip = '127.0.0.1', app = t.app): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api-v1/login/',
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginResponse>().access;
}

const list = async (token: string) => {
  const res = await call<SessionInfo[]>(t, 'GET', '/api-v1/sessions/', { token });
  expect(res.status).toBe(200);
  return res.body;
};
const info = (token: string) => call(t, 'GET', '/api-v1/info/', { token });
const sessionIdOf = async (token: string) => (await t.ctx.tokens.verify(token))!.sessionId;
const newDeviceMails = (user: TestUser) =>
  t.mailbox.messages.filter((m) => m.to === user.email && m.subject === SESSIONS_MSG.newDeviceSubject);

describe('the list of sessions', () => {
  it('shows every live session with its device, address and times, the asking one marked current', async () => {
    const user = await createUser(t);
    const phone = await logInFrom(user, PHONE_UA, '203.0.113.7');
    const sessionsSeen = await list(phone);
    expect(sessionsSeen).toHaveLength(2);
    const [first, second] = sessionsSeen;
    expect(first).toMatchObject({ current: true, device: 'Safari on iOS', ip: '203.0.113.7' });
    expect(first!.session_id).toBe(await sessionIdOf(phone));
    expect(second).toMatchObject({ current: false, session_id: await sessionIdOf(user.token) });
    expect(new Date(first!.created_at).getTime()).toBeGreaterThan(0);
    expect(new Date(first!.last_seen_at).getTime()).toBeGreaterThanOrEqual(new Date(first!.created_at).getTime());
    // The other token sees the same sessions, with itself as the current one.
    const fromLaptop = await list(user.token);
    expect(fromLaptop.filter((s) => s.current).map((s) => s.session_id)).toEqual([await sessionIdOf(user.token)]);
  });

  it("shows no one else's sessions", async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const ids = (await list(alice.token)).map((s) => s.session_id);
    expect(ids).toEqual([await sessionIdOf(alice.token)]);
    expect(ids).not.toContain(await sessionIdOf(bob.token));
  });
});

describe('ending sessions', () => {
  it('one session: its token is refused at once, the others keep working, it leaves the list', async () => {
    const user = await createUser(t);
    const phone = await logInFrom(user, PHONE_UA);
    const phoneId = await sessionIdOf(phone);
    expect((await info(phone)).status).toBe(200);
    const res = await call(t, 'DELETE', `/api-v1/sessions/${phoneId}/`, { token: user.token });
    expect(res).toMatchObject({ status: 200, body: { message: SESSIONS_MSG.ended } });
    expect((await info(phone)).status).toBe(401);
    expect((await info(user.token)).status).toBe(200);
    expect((await list(user.token)).map((s) => s.session_id)).toEqual([await sessionIdOf(user.token)]);
    // Ending it again: it is no longer there.
    expect((await call(t, 'DELETE', `/api-v1/sessions/${phoneId}/`, { token: user.token })).status).toBe(404);
  });

  it("another user's session is 404, as if it did not exist, and keeps working", async () => {
    const alice = await createUser(t);
    const mallory = await createUser(t);
    const aliceId = await sessionIdOf(alice.token);
    const res = await call(t, 'DELETE', `/api-v1/sessions/${aliceId}/`, { token: mallory.token });
    expect(res).toMatchObject({ status: 404, body: { error: SESSIONS_MSG.notFound } });
    expect((await info(alice.token)).status).toBe(200);
    for (const junk of ['not-a-session', '00000000-0000-0000-0000-000000000000'])
      expect((await call(t, 'DELETE', `/api-v1/sessions/${junk}/`, { token: mallory.token })).status).toBe(404);
  });

  it('revoke-others ends every session but the asking one', async () => {
    const user = await createUser(t);
    const phone = await logInFrom(user, PHONE_UA);
    const tablet = await logInFrom(user, LAPTOP_UA, '198.51.100.4');
    const res = await call(t, 'POST', '/api-v1/sessions/revoke-others/', { token: phone });
    expect(res).toMatchObject({ status: 200, body: { message: SESSIONS_MSG.othersEnded, ended: 2 } });
    expect((await info(user.token)).status).toBe(401);
    expect((await info(tablet)).status).toBe(401);
    expect((await info(phone)).status).toBe(200);
    expect((await list(phone)).map((s) => s.session_id)).toEqual([await sessionIdOf(phone)]);
  });

  it('logout ends the current session only', async () => {
    const user = await createUser(t);
    const phone = await logInFrom(user, PHONE_UA);
    expect((await call(t, 'POST', '/api-v1/logout/', { token: phone })).status).toBe(200);
    expect((await info(phone)).status).toBe(401);
    expect((await list(user.token)).map((s) => s.session_id)).toEqual([await sessionIdOf(user.token)]);
  });

  it('a password change ends every session in the list too, and the new token is a new session', async () => {
    const user = await createUser(t);
    await logInFrom(user, PHONE_UA);
    await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token });
    const res = await call(t, 'POST', '/api-v1/update-password/', {
      token: user.token,
      body: { new_password: 'another good password', otp: t.mailbox.lastCode(user.email) },
    });
    expect(res.status).toBe(200);
    const live = await list(res.body.access);
    expect(live.map((s) => s.session_id)).toEqual([await sessionIdOf(res.body.access)]);
  });
});

describe('a socket that signs in again as someone else', () => {
  it("is closed when the second user's session ends: it hears that user's sessions, not the first one's", async () => {
    const [first, second] = [await createUser(t), await createUser(t)];
    const socket = await connectWs(t);
    socket.send({ method: 'LOGIN', params: [first.token], id: 'first' });
    expect(await socket.next((f) => f.id === 'first')).toHaveProperty('result');
    socket.send({ method: 'LOGIN', params: [second.token], id: 'second' });
    expect(await socket.next((f) => f.id === 'second')).toHaveProperty('result');

    const res = await call(t, 'DELETE', `/api-v1/sessions/${await sessionIdOf(second.token)}/`, {
      token: second.token,
    });
    expect(res.status).toBe(200);
    expect(await socket.next((f) => f.error?.code === 401)).toEqual({ error: SESSION_ENDED, id: null });
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE.code);
  });
});

describe('across instances', () => {
  it('an ended session is refused on the other instance, whose logged-in socket is told and closed', async () => {
    const user = await createUser(t);
    const phone = await logInFrom(user, PHONE_UA);
    const onOther = async (token: string) =>
      (await other.app.inject({ method: 'GET', url: '/api-v1/info/', headers: { authorization: `Bearer ${token}` } }))
        .statusCode;
    expect(await onOther(phone)).toBe(200); // remembered there now
    const socket = await connectWs({ app: other.app } as TestApp);
    socket.send({ method: 'LOGIN', params: [phone], id: 'login' });
    expect(await socket.next((f) => f.id === 'login')).toHaveProperty('result');

    const res = await call(t, 'DELETE', `/api-v1/sessions/${await sessionIdOf(phone)}/`, { token: user.token });
    expect(res.status).toBe(200);

    expect(await socket.next((f) => f.error?.code === 401)).toEqual({ error: SESSION_ENDED, id: null });
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE.code);
    await vi.waitFor(async () => expect(await onOther(phone)).toBe(401), { timeout: 5_000 });
    expect(await onOther(user.token)).toBe(200);
  });

  it('a session started on one instance works at once on the other', async () => {
    const user = await createUser(t);
    const onOther = async (token: string) =>
      (
        await other.app.inject({
          method: 'GET',
          url: '/api-v1/sessions/',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    expect(await onOther(user.token)).toBe(200); // the other instance remembers the user's live sessions
    const phone = await logInFrom(user, PHONE_UA);
    expect(await onOther(phone)).toBe(200); // not in what it remembered: read again, not refused
  });
});

describe('tokens', () => {
  it('a token without a session id (issued before sessions) is refused', async () => {
    const user = await createUser(t);
    const [row] = await t.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, user.id));
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const legacy = await new SignJWT({ tv: row!.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(t.config.jwtSecret);
    expect((await info(legacy)).status).toBe(401);
    expect((await info(user.token)).status).toBe(200);
  });

  it('last seen is written at most once a minute per session', async () => {
    const user = await createUser(t);
    const id = await sessionIdOf(user.token);
    const lastSeen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]!.at.getTime();
    const start = await lastSeen();
    const writes = vi.spyOn(t.db, 'update');
    try {
      t.clock.advance(LAST_SEEN_EVERY_MS / 2);
      for (let i = 0; i < 5; i++) expect((await info(user.token)).status).toBe(200);
      t.clock.advance(LAST_SEEN_EVERY_MS / 2 + 1_000);
      for (let i = 0; i < 5; i++) expect((await info(user.token)).status).toBe(200);
      await vi.waitFor(async () => expect(await lastSeen()).toBeGreaterThan(start));
      // Ten requests over a minute and a half: one write, once the minute had passed.
      expect(writes.mock.calls.filter(([table]) => table === sessions)).toHaveLength(1);
      expect(await lastSeen()).toBeGreaterThanOrEqual(start + LAST_SEEN_EVERY_MS);
    } finally {
      writes.mockRestore();
    }
  });
});

describe('new-device mail', () => {
  it('is not sent on the first sign-in after sign-up, nor for a device and address seen before', async () => {
    // Signed up through HTTP: the first sign-in after sign-up is what this proves.
    const user = await signUp(t);
    expect(newDeviceMails(user)).toEqual([]);
    await logInFrom(user, 'lightMyRequest');
    expect(newDeviceMails(user)).toEqual([]);
  });

  it('is sent for a new device, with the time, device, address and what to do if it was not you', async () => {
    const user = await createUser(t);
    await logInFrom(user, PHONE_UA, '203.0.113.9');
    const mails = newDeviceMails(user);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain(`Time: ${t.clock.now().toISOString().slice(0, 10)}`);
    expect(text).toContain('Device: Safari on iOS');
    expect(text).toContain('IP address: 203.0.113.9');
    expect(text).toContain("If this wasn't you:");
    expect(text).toMatch(/Change your password.*\n.*Sign out the session in the Safety Center.*\n.*Contact support/);
    // The same phone from the same address again: known, no second mail.
    await logInFrom(user, PHONE_UA, '203.0.113.9');
    expect(newDeviceMails(user)).toHaveLength(1);
  });

  it('is sent for a known device from a new address', async () => {
    const user = await createUser(t);
    await logInFrom(user, 'lightMyRequest', '198.51.100.23');
    expect(newDeviceMails(user)).toHaveLength(1);
    expect(newDeviceMails(user)[0]!.text).toContain('IP address: 198.51.100.23');
  });
});

describe('the device name', () => {
  it.each([
    [PHONE_UA, 'Safari on iOS'],
    [LAPTOP_UA, 'Chrome on Windows'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
  ])('%s -> %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});
