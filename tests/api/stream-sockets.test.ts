/**
 * The cap on stream sockets that show no credential (docs/decisions/0050), replayed over real
 * sockets behind one proxy (TRUST_PROXY=1, the client's address in X-Forwarded-For): one address
 * opens WS_ANONYMOUS_PER_ADDRESS sockets and the next is closed 1008 'Too many unauthenticated
 * connections', on /ws, /stream and /ws-api/v3 alike, while another address is still served; a socket
 * that logs in gives its place back. A path of many would-be listenKeys is closed 1008 'Too many
 * listenKeys' before a single one is looked up.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signUp } from '../helpers/users.js';

const CAP = 3;
let t: TestApp;
let base: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1', WS_ANONYMOUS_PER_ADDRESS: String(CAP) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map(closeSocket));
});
afterAll(() => t.close());

interface Socket {
  ws: WebSocket;
  frames: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}

function closeSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    ws.once('close', () => resolve());
    ws.close();
  });
}

/** A socket from `address` (as the proxy names it), open or refused. */
async function connect(address: string, path = '/ws'): Promise<Socket> {
  const ws = new WebSocket(`${base}${path}`, { headers: { 'x-forwarded-for': address } });
  open.push(ws);
  const frames: unknown[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames, closed };
}

/** Whether the socket is served: it answers a LIST_SUBSCRIPTIONS. */
async function served(socket: Socket): Promise<boolean> {
  const id = Math.floor(Math.random() * 1e9);
  socket.ws.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id }));
  const answer = await Promise.race([
    new Promise<boolean>((resolve) => {
      const look = () => {
        if (socket.frames.some((f) => (f as { id?: number }).id === id)) resolve(true);
        else setTimeout(look, 10);
      };
      look();
    }),
    socket.closed.then(() => false),
  ]);
  return answer;
}

const TOO_MANY = { code: 1008, reason: 'Too many unauthenticated connections' };

describe('a cap on unauthenticated stream sockets per client address', () => {
  it('closes the socket past the cap from one address, and serves another address', async () => {
    const first: Socket[] = [];
    for (let i = 0; i < CAP; i++)
      first.push(await connect('203.0.113.7', i === 1 ? '/stream?streams=btcusdt@ticker' : '/ws'));
    for (const socket of first) expect(await served(socket)).toBe(true);

    const over = await connect('203.0.113.7', '/ws/0');
    expect(await over.closed).toEqual(TOO_MANY);
    const overApi = await connect('203.0.113.7', '/ws-api/v3');
    expect(await overApi.closed).toEqual(TOO_MANY);

    const elsewhere = await connect('198.51.100.9');
    expect(await served(elsewhere)).toBe(true);

    // A place comes back when a socket closes.
    await closeSocket(first[0]!.ws);
    // The server hears the close a moment after the client: try until the place is back.
    await vi.waitFor(async () => expect(await served(await connect('203.0.113.7'))).toBe(true), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('a socket that logs in gives its place back', async () => {
    const user = await signUp(t);
    const sockets: Socket[] = [];
    for (let i = 0; i < CAP; i++) sockets.push(await connect('203.0.113.20'));
    sockets[0]!.ws.send(JSON.stringify({ method: 'LOGIN', params: [user.token], id: 1 }));
    await expect
      .poll(() => sockets[0]!.frames)
      .toContainEqual({ result: { user_id: user.id, is_admin: false }, id: 1 });
    expect(await served(await connect('203.0.113.20'))).toBe(true);
    expect(await (await connect('203.0.113.20')).closed).toEqual(TOO_MANY);
  });
});

describe('a bound on listenKey look-ups per socket', () => {
  it('closes a path naming more than ten would-be listenKeys before looking any up', async () => {
    const fakeKeys = Array.from({ length: 50 }, (_, i) => `${'a'.repeat(58)}${String(i).padStart(2, '0')}`);
    const lookups = vi.spyOn(t.ctx.streams, 'resolveSegment');
    const socket = await connect('192.0.2.44', `/ws/${fakeKeys.join('/')}`);
    expect(await socket.closed).toEqual({ code: 1008, reason: 'Too many listenKeys' });
    expect(lookups).not.toHaveBeenCalled();
    lookups.mockRestore();
  });

  it('a few unknown listenKeys are looked up and ignored, and the socket stays', async () => {
    const fakeKeys = Array.from({ length: 3 }, (_, i) => `${'b'.repeat(58)}${String(i).padStart(2, '0')}`);
    const socket = await connect('192.0.2.45', `/ws/btcusdt@ticker/${fakeKeys.join('/')}`);
    expect(await served(socket)).toBe(true);
  });
});
