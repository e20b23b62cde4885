/** A JSON POST through the balancer from another local address (127.0.0.2) than HAProxy's own. */
function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string>): Promise<any> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${env.balancer}${url}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += String(chunk)));
        response.on('end', () => resolve(JSON.parse(text)));
      },
    );
    request.once('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * Proven with real parts (docs/decisions/0038-operations.md), through HAProxy in front of three instances on Debian's
 * PostgreSQL (scripts/real-parts.sh runs this file once with Redis and once without): requests are
 * spread over the instances, a staff reply posted on one instance reaches the user's socket on
 * another, and concurrent withdrawals spread over the instances take exactly the balance's worth.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/shared/api/auth.js';
import type { SessionInfo } from '../../src/shared/api/sessions.js';
import { CHAT_STREAMS } from '../../src/shared/api/support.js';
import { MSG } from '../../src/shared/messages.js';
import {
  balanceOf,
  call,
  env,
  expectStatus,
  fundWallet,
  logInSocket,
  openSocket,
  setTransactionPassword,
  signUp,
  staff,
  subscribe,
} from './harness.js';

describe(`three instances behind HAProxy (${env.transport} transport)`, () => {
  it('spreads consecutive requests round robin over all three instances', async () => {
    const servedBy: (string | null)[] = [];
    for (let i = 0; i < 6; i++) servedBy.push((await call('GET', '/healthz')).servedBy);
    expect(new Set(servedBy)).toEqual(new Set(['instance-1', 'instance-2', 'instance-3']));
    for (let i = 1; i < servedBy.length; i++) expect(servedBy[i]).not.toBe(servedBy[i - 1]);
  });

  it('knows the client by the address HAProxy appends to X-Forwarded-For, not by one the client wrote', async () => {
    const user = await signUp();
    // The client at 127.0.0.2 claims another address; HAProxy (at 127.0.0.1) appends the real one.
    const login: LoginResponse = await postFrom(
      '127.0.0.2',
      '/api-v1/login/',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': '203.0.113.7' },
    );
    const sessions = expectStatus(
      await call<SessionInfo[]>('GET', '/api-v1/sessions/', { token: login.access }),
      200,
      'sessions',
    );
    expect(sessions.body.find((session) => session.current)?.ip).toBe('127.0.0.2');
  });

  it("pushes a staff reply posted through one instance to the user's socket on another", async () => {
    const [a, b] = env.instances as [string, string];
    const user = await signUp('Grace', 'Hopper');
    const admin = await staff();
    const chat = expectStatus(await call('POST', '/api-v2/chats/', { token: user.token, body: {} }), 201, 'chats');
    const sessionId: string = chat.body.session_id;

    // The user's socket is on instance A, the staff member's request goes to instance B.
    const socket = await openSocket(a);
    await logInSocket(socket, user);
    await subscribe(socket, [CHAT_STREAMS.user(user.id)]);
    const reply = await call('POST', '/api-v2/messages/', {
      base: b,
      token: admin.token,
      body: { session_id: sessionId, text: 'Checked on B, pushed to A' },
    });
    expect(reply.status).toBe(201);

    // Pushed, not polled: well before the web's 3 s poll would have fetched it.
    const pushed = await socket.next((f) => f.e === 'chatMessage', { timeout: 2_500 });
    expect(pushed.message).toMatchObject({ session: sessionId, text: 'Checked on B, pushed to A', is_staff: true });
    socket.ws.close();
  });

  it('takes exactly the balance’s worth of 20 concurrent withdrawals spread over the instances', async () => {
    const user = await signUp();
    await setTransactionPassword(user, '112233');
    await fundWallet(user, '500');
    const body = {
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '50',
      transaction_password: '112233',
      currency: 'USDT',
      all_amount: false,
    };

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api-v1/withdraw/', { token: user.token, body })),
    );

    const counts = answers.reduce<Record<number, number>>((c, a) => ({ ...c, [a.status]: (c[a.status] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 201: 10, 400: 10 });
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body.error).toBe(MSG.withdrawalExceedsBalance);
    // They really raced on different instances, through the one database.
    expect(new Set(answers.map((a) => a.servedBy)).size).toBe(3);
    expect(await balanceOf(user, 'funding', 'USDT')).toBe('0');
  });
});
