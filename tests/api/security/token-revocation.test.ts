/**
 * Ending a session (OWASP ASVS 5 V7): a password change or reset ends every token issued before it
 * (server-side token version and every sessions row), a logout ends the token's own session
 * (docs/decisions/0023), so a stolen token dies: over HTTP (on every route: see the revoked
 * variants of access-matrix.test.ts) and on the WebSocket, at LOGIN and for a connection that
 * logged in earlier, which is told and closed (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED, SESSION_ENDED_CLOSE, SESSION_RECHECK_MS } from '../../../src/server/modules/realtime/routes.js';
import { CHAT_STREAMS } from '../../../src/shared/api/support.js';
import type { TestApp } from '../../helpers/app.js';
import { appWithStaff } from '../../helpers/money.js';
import { call, logIn, signUp, type TestUser } from '../../helpers/users.js';
import { connectWs, type WsClient } from '../../helpers/ws.js';
import { resetCode, securityCode } from './scene.js';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => ({ t, admin: staff } = await appWithStaff()));
afterAll(() => t.close());

type Way = (user: TestUser) => Promise<void>;

/** The two ways every session of an account ends, each done from the user's newest device. */
const WAYS: [string, Way][] = [
  [
    'changing the login password',
    async (user) => {
      const res = await call(t, 'POST', '/api-v1/update-password/', {
        token: user.token,
        body: { new_password: 'a brand new password', otp: await securityCode(t, user) },
      });
      expect(res.status).toBe(200);
      user.password = 'a brand new password';
    },
  ],
  [
    'resetting the password',
    async (user) => {
      const res = await call(t, 'POST', '/api-v1/reset-password/', {
        body: { email: user.email, otp: await resetCode(t, user.email), password: 'reset password 42' },
      });
      expect(res.status).toBe(200);
      user.password = 'reset password 42';
    },
  ],
];

const info = (token: string) => call(t, 'GET', '/api-v1/info/', { token });

async function loggedInSocket(user: TestUser): Promise<WsClient> {
  const client = await connectWs(t);
  client.send({ method: 'LOGIN', params: [user.token], id: 'login' });
  expect(await client.next((f) => f.id === 'login')).toHaveProperty('result');
  client.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.user(user.id), 'btcusdt@ticker'], id: 'sub' });
  expect(await client.next((f) => f.id === 'sub')).toEqual({ result: null, id: 'sub' });
  return client;
}

async function subscriptions(client: WsClient): Promise<string[]> {
  const id = `list-${client.frames.length}`;
  client.send({ method: 'LIST_SUBSCRIPTIONS', id });
  return (await client.next((f) => f.id === id)).result;
}

describe.each(WAYS)('%s', (_way, endSession) => {
  it('ends the tokens of every device and closes a logged-in socket at once; a new login works', async () => {
    const user = await signUp(t);
    const laptop = user.token;
    const phone = await logIn(t, user.email, user.password);
    const socket = await loggedInSocket(user);

    await endSession(phone);

    expect((await info(phone.token)).status).toBe(401);
    expect((await info(laptop)).status).toBe(401);
    // The socket that logged in earlier is told, then closed.
    expect(await socket.next((f) => f.error?.code === 401)).toEqual({ error: SESSION_ENDED, id: null });
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE.code);
    // An ended token cannot log a socket in again.
    const again = await connectWs(t);
    again.send({ method: 'LOGIN', params: [laptop], id: 'again' });
    expect((await again.next((f) => f.id === 'again')).error).toEqual({ code: 401, msg: 'Invalid or expired token' });
    again.ws.terminate();

    const fresh = await logIn(t, user.email, phone.password);
    expect((await info(fresh.token)).status).toBe(200);
  });
});

describe('logging out', () => {
  it("ends this device's session and closes its socket; the other device stays signed in", async () => {
    const user = await signUp(t);
    const laptop = user.token;
    const phone = await logIn(t, user.email, user.password);
    const laptopSocket = await loggedInSocket(user);
    const phoneSocket = await loggedInSocket(phone);
    const sessionId = (await call(t, 'POST', '/api-v2/chats/', { token: laptop })).body.session_id;

    expect((await call(t, 'POST', '/api-v1/logout/', { token: phone.token })).status).toBe(200);

    expect((await info(phone.token)).status).toBe(401);
    expect(await phoneSocket.next((f) => f.error?.code === 401)).toEqual({ error: SESSION_ENDED, id: null });
    expect(await phoneSocket.closed).toBe(SESSION_ENDED_CLOSE.code);
    expect((await info(laptop)).status).toBe(200);
    // The laptop's socket keeps its user streams: a staff reply still reaches it.
    const reply = await call(t, 'POST', '/api-v2/messages/', {
      token: staff.token,
      body: { session_id: sessionId, text: 'still here' },
    });
    expect(reply.status).toBe(201);
    expect(await laptopSocket.next((f) => f.e === 'chatMessage')).toBeTruthy();
    expect(laptopSocket.frames.some((f) => f.error)).toBe(false);
    laptopSocket.ws.terminate();
  });
});

describe('a logged-in socket re-checks its token', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(t);
  });

  it(`every ${SESSION_RECHECK_MS / 1000} s, and loses its user streams once the token has expired`, async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const socket = await loggedInSocket(user);
      t.clock.advance(25 * 3_600_000); // past the 24 h token lifetime
      vi.advanceTimersByTime(SESSION_RECHECK_MS);
      expect(await socket.next((f) => f.error?.code === 401)).toEqual({ error: SESSION_ENDED, id: null });
      expect(await subscriptions(socket)).toEqual(['btcusdt@ticker']);
      socket.ws.terminate();
    } finally {
      vi.useRealTimers();
      t.clock.advance(-25 * 3_600_000);
    }
  });

  it('and keeps them while the token is good', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const socket = await loggedInSocket(user);
      const lookups = vi.spyOn(t.ctx.guard, 'resolveUser');
      vi.advanceTimersByTime(SESSION_RECHECK_MS * 3);
      // The three re-checks looked the token up and got their answer...
      await vi.waitFor(() =>
        expect(lookups.mock.settledResults.filter((r) => r.type === 'fulfilled' && r.value)).toHaveLength(3),
      );
      lookups.mockRestore();
      // ...and acted on it before this later answer on the same socket.
      expect(await subscriptions(socket)).toContain('btcusdt@ticker');
      expect(socket.frames.some((f) => f.error)).toBe(false);
      expect((await subscriptions(socket)).sort()).toEqual(['btcusdt@ticker', CHAT_STREAMS.user(user.id)]);
      socket.ws.terminate();
    } finally {
      vi.useRealTimers();
    }
  });
});
