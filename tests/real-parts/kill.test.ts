/**
 * Proven with real parts (docs/decisions/0038-operations.md): one of the three instances behind HAProxy is SIGKILLed in the
 * middle of a load of money moves and with WebSocket clients on it. Clients that retry with their
 * Idempotency-Key get one effect each, WebSocket clients reconnect through the balancer and get their
 * stream again, and the ledger check (scripts/ledger-check.ts, as an operator runs it) is clean.
 * Runs after the other files (scripts/real-parts.sh): it leaves two instances.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { nodeArgs } from '../helpers/server-process.js';
import { balanceOf, call, env, fundWallet, signUp, type RealUser } from './harness.js';

const VICTIM = 1; // instance-2
const WORKERS = 6;
const MOVES_PER_WORKER = 10;
const RETRYABLE = new Set([502, 503, 504]);

const transfer = (user: RealUser, key: string) =>
  call('POST', '/api-v1/transfer-to-wallet/', {
    token: user.token,
    headers: { 'idempotency-key': key },
    body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '1', all_amount: false },
  });

/** A transfer of 1 USDT funding -> lever under its own key, retried with that same key until it lands. */
async function transferOnce(user: RealUser, key: string, stats: { retries: number }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // A connection the balancer cut is retried like a 502 (status 0 here).
    const answer = await transfer(user, key).catch((error: unknown) => ({ status: 0, body: String(error) }));
    if (answer.status === 201) return;
    if ((answer.status !== 0 && !RETRYABLE.has(answer.status)) || attempt === 30)
      throw new Error(`transfer under key ${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
    stats.retries++;
    await new Promise((resolve) => setTimeout(resolve, 100)); // a client's back-off before its retry
  }
}

/**
 * A ticker client as the web's stream client behaves: subscribed through the balancer, and when the
 * socket drops, connected again (through the balancer) and subscribed again.
 */
class TickerClient {
  socket!: WebSocket;
  /** The instance each connection landed on (HAProxy's X-Served-By on the 101 answer). */
  instances: string[] = [];
  frameTimes: number[] = [];
  #closed = false;

  async connect(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#open();
        return;
      } catch (error) {
        if (attempt === 30) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100)); // back-off before reconnecting
      }
    }
  }

  #open(): Promise<void> {
    const ws = new WebSocket(`${env.balancer.replace(/^http/, 'ws')}/ws`);
    ws.on('upgrade', (response) => this.instances.push(String(response.headers['x-served-by'])));
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { e?: string }).e === '24hrTicker') this.frameTimes.push(Date.now());
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        this.socket = ws;
        ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@ticker'], id: 1 }));
        ws.once('close', () => {
          // Reconnects in the background, as a real client would; a failure fails the waits below.
          if (!this.#closed) void this.connect();
        });
        resolve();
      });
      ws.once('error', reject);
    });
  }

  close(): void {
    this.#closed = true;
    this.socket.terminate();
  }
}

const clients: TickerClient[] = [];
afterAll(() => clients.forEach((c) => c.close()));

describe(`one instance SIGKILLed mid-load (${env.transport} transport)`, () => {
  it('gives every retried request one effect, reconnects the sockets and leaves a clean ledger', async () => {
    // A trader per worker: a request hung on the stopped victim holds its trader's rows locked,
    // which must not stall the other workers.
    const users = await Promise.all(Array.from({ length: WORKERS }, () => signUp()));
    await Promise.all(users.map((user) => fundWallet(user, '100')));

    for (let i = 0; i < WORKERS; i++) {
      const client = new TickerClient();
      clients.push(client);
      await client.connect();
    }
    // Round robin put sockets on the victim; each gets its stream.
    expect(clients.some((c) => c.instances[0] === `instance-${VICTIM + 1}`)).toBe(true);
    await vi.waitFor(() => expect(clients.every((c) => c.frameTimes.length > 0)).toBe(true), { timeout: 10_000 });

    const stats = { retries: 0 };
    const keys = new Map<RealUser, string[]>(users.map((user) => [user, []]));
    let done = 0;
    let startedAfterFreeze = 0;
    let doneAfterFreeze = 0;
    let frozen = false;
    const load = Promise.all(
      users.map(async (user) => {
        for (let i = 0; i < MOVES_PER_WORKER; i++) {
          if (frozen) startedAfterFreeze++;
          const countsAfterFreeze = frozen;
          const key = randomUUID();
          keys.get(user)!.push(key);
          await transferOnce(user, key, stats);
          done++;
          if (countsAfterFreeze) doneAfterFreeze++;
        }
      }),
    );

    // Mid-load: a third of the moves are done. The victim is stopped first, so that requests the
    // balancer still sends it hang there, and then killed with them in flight.
    await vi.waitFor(() => expect(done).toBeGreaterThanOrEqual((WORKERS * MOVES_PER_WORKER) / 3), { timeout: 30_000 });
    const victim = env.pids[VICTIM]!;
    process.kill(victim, 'SIGSTOP');
    frozen = true;
    try {
      // Round robin hands the victim one request in three (until its health check fails, 2 s on):
      // after three, at least one hangs there.
      await vi.waitFor(
        () => {
          expect(startedAfterFreeze).toBeGreaterThanOrEqual(3);
          expect(startedAfterFreeze - doneAfterFreeze).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 10 },
      );
    } finally {
      process.kill(victim, 'SIGKILL');
    }
    const killedAt = Date.now();
    await load;

    // Requests were cut off by the kill and retried; each key moved 1 USDT once, whichever instance ran it.
    expect(stats.retries).toBeGreaterThan(0);
    // A client whose answer was lost retries once more: the survivors answer every key from its
    // record, those first run on the killed instance included, and move nothing again.
    const again = await Promise.all(
      [...keys].flatMap(([user, userKeys]) => userKeys.map((key) => transfer(user, key))),
    );
    expect(again.map((a) => [a.status, a.headers.get('idempotent-replayed')])).toEqual(again.map(() => [201, 'true']));
    for (const user of users) {
      expect(await balanceOf(user, 'funding', 'USDT')).toBe(String(100 - MOVES_PER_WORKER));
      expect(await balanceOf(user, 'lever', 'USDT')).toBe(String(MOVES_PER_WORKER));
    }

    // Every socket gets its stream after the kill; those on the victim through a new connection elsewhere.
    await vi.waitFor(() => expect(clients.every((c) => c.frameTimes.some((t) => t > killedAt))).toBe(true), {
      timeout: 15_000,
    });
    for (const client of clients.filter((c) => c.instances[0] === `instance-${VICTIM + 1}`)) {
      expect(client.instances.length).toBeGreaterThan(1);
      expect(client.instances.at(-1)).not.toBe(`instance-${VICTIM + 1}`);
    }

    // The operator's ledger check on the shared database: every balance equals its entries.
    const check = await promisify(execFile)(process.execPath, nodeArgs('scripts/ledger-check.ts'), {
      env: { ...process.env, DATABASE_URL: env.databaseUrl, DATA_DIR: env.dataDir },
    });
    expect(check.stdout).toContain('ledger check: OK, 0 mismatches');
  });
});
