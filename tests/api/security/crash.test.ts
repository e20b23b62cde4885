/**
 * No acknowledged money is lost, and none is applied twice, when things break mid-stream:
 * - the real server process (src/server/main.ts) is killed with SIGKILL while transfers with
 *   Idempotency-Key are streaming, then started again on the same database;
 * - the database drops every connection of the app (pg_terminate_backend) mid-stream.
 * Afterwards every transfer that got a 201 is in the database, the unanswered ones are sent again
 * with their keys, each key has exactly one transfer, balances add up and the ledger check is clean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { idempotencyKeys, transactions, users } from '../../../src/server/db/schema.js';
import type { Db } from '../../../src/server/db/database.js';
import { hashPassword, MIN_PASSWORD_HASH_COST } from '../../../src/server/lib/passwords.js';
import { checkLedger } from '../../../src/server/modules/ledger-rules.js';
import { credit } from '../../helpers/ledger.js';
import { dec } from '../../../src/shared/money.js';
import { createTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.js';
import { grant } from '../../helpers/money.js';
import { nodeArgs } from '../../helpers/server-process.js';
import { signUp } from '../../helpers/users.js';

const TRANSFER = { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '1' };

interface Sent {
  key: string;
  /** The transaction id of the 201, when one arrived. */
  acknowledged?: number;
  /** No answer at all: the connection broke while the request was in flight. */
  cutOff?: boolean;
}

/** Anything that sends one transfer and says what came back (a status, or null when the connection broke). */
type Send = (key: string) => Promise<{ status: number; transactionId?: number; replayed: boolean } | null>;

/** Several clients sending transfers with fresh keys until told to stop; every attempt is recorded. */
async function stream(
  send: Send,
  { clients, until }: { clients: number; until: (sent: Sent[]) => boolean },
): Promise<Sent[]> {
  const sent: Sent[] = [];
  let n = 0;
  let broken = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until(sent) && broken < 200) {
        const record: Sent = { key: `crash-${process.pid}-${Date.now().toString(36)}-${++n}` };
        sent.push(record);
        const answer = await send(record.key);
        if (answer?.status === 201) record.acknowledged = answer.transactionId;
        else broken++;
        if (answer === null) record.cutOff = true;
      }
    }),
  );
  return sent;
}

/**
 * Send every key again until each has its 201; acknowledged ones must come back as replays of the
 * same transfer. Returns how many unanswered ones had in fact been committed (their answer was lost).
 */
async function settle(send: Send, sent: Sent[]): Promise<number> {
  let committedUnanswered = 0;
  for (const record of sent) {
    for (let attempt = 0; ; attempt++) {
      const answer = await send(record.key);
      if (answer?.status === 201) {
        if (record.acknowledged !== undefined) {
          expect(answer.replayed, record.key).toBe(true);
          expect(answer.transactionId, record.key).toBe(record.acknowledged);
        } else if (answer.replayed) {
          committedUnanswered++;
        }
        break;
      }
      if (attempt > 20) throw new Error(`no 201 for ${record.key}: ${JSON.stringify(answer)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return committedUnanswered;
}

/** Each key applied exactly once, every acknowledged one present, money where it should be. */
async function expectExactlyOnce(db: Db, userId: number, sent: Sent[], startingFunding: number) {
  const transfers = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'transfer')));
  const keyed = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  const byKey = new Map(
    keyed.map((k) => [
      k.key,
      (k.responseBody as { transaction?: { transaction_id?: number } })?.transaction?.transaction_id,
    ]),
  );
  for (const record of sent) {
    if (record.acknowledged !== undefined) expect(byKey.get(record.key), record.key).toBe(record.acknowledged);
  }
  expect(transfers).toHaveLength(sent.length);
  expect(new Set(sent.map((r) => byKey.get(r.key))).size).toBe(sent.length);
  const [money] = (
    (await db.execute(sql`select
      coalesce(sum(balance) filter (where wallet = 'funding'), 0)::text as funding,
      coalesce(sum(balance) filter (where wallet = 'lever'), 0)::text as lever
      from accounts where user_id = ${userId} and currency = 'USDT'`)) as unknown as {
      rows: { funding: string; lever: string }[];
    }
  ).rows;
  expect({ funding: dec(money!.funding).toFixed(), lever: dec(money!.lever).toFixed() }).toEqual({
    funding: String(startingFunding - sent.length),
    lever: String(sent.length),
  });
  expect((await checkLedger(db)).mismatches).toEqual([]);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) {
    const started = Date.now();
    await cleanup();
    // This hook once timed out on a loaded machine: say which step was slow if it happens again.
    if (Date.now() - started > 5_000) console.warn(`crash test cleanup took ${Date.now() - started} ms: ${cleanup}`);
  }
});

// ---- the real server as a child process ----

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface ServerProcess {
  child: ChildProcess;
  exited: Promise<void>;
}

async function startServer(env: Record<string, string>, logFile: string, baseUrl: string): Promise<ServerProcess> {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, nodeArgs('src/server/main.ts'), {
    cwd: process.cwd(),
    // One process (the cluster's workers are tests/api/workers.test.ts's): this test kills the server by its pid.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), WEB_CONCURRENCY: '1', ...env },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  // Wait on the server by time, not by a count of tries: a loaded machine starts the server slowly.
  const startDeadline = Date.now() + 120_000;
  while (Date.now() < startDeadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

describe('crash safety', () => {
  it('keeps every acknowledged transfer, exactly once, when the server is killed with SIGKILL mid-stream', async () => {
    const database: TestDatabase = await createTestDatabase(4);
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const password = 'crash test password';
    const [user] = await database.db
      .insert(users)
      .values({
        email: `crash.${process.pid}@example.com`,
        passwordHash: await hashPassword(password, MIN_PASSWORD_HASH_COST),
        firstName: 'Cas',
        lastName: 'Crash',
        uniqueid: '19283746',
        promotionCode: 'CRASH001',
      })
      .returning();
    const startingFunding = 100_000;
    await database.db.transaction((tx) =>
      credit(tx, { userId: user!.id, wallet: 'funding', currency: 'USDT' }, String(startingFunding), {
        reason: 'test_grant',
        refType: 'test',
        refId: 1,
      }),
    );

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'crash-test-secret-0123456789abcdef',
      ADMIN_EMAIL: 'crash.admin@example.com',
      ADMIN_PASSWORD: 'crash admin password',
      LOG_LEVEL: 'warn',
    };
    const logFile = path.join(dataDir, 'server.log');
    let server = await startServer(env, logFile, baseUrl);

    const login = await fetch(`${baseUrl}/api-v1/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user!.email, password }),
    });
    const { access } = (await login.json()) as { access: string };
    const send: Send = async (key) => {
      try {
        const res = await fetch(`${baseUrl}/api-v1/transfer-to-wallet/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access}`, 'idempotency-key': key },
          body: JSON.stringify(TRANSFER),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { transaction?: { transaction_id: number } };
        return {
          status: res.status,
          transactionId: body.transaction?.transaction_id,
          replayed: res.headers.get('idempotent-replayed') === 'true',
        };
      } catch {
        return null;
      }
    };

    // Kill the server once 40 transfers are acknowledged, with requests still in flight.
    let killed = false;
    const sent = await stream(send, {
      clients: 6,
      until: (so) => {
        if (!killed && so.filter((r) => r.acknowledged !== undefined).length >= 40) {
          killed = true;
          server.child.kill('SIGKILL');
        }
        return killed;
      },
    });
    await server.exited;
    const acknowledged = sent.filter((r) => r.acknowledged !== undefined).length;
    // The fault happened: the process died of the SIGKILL with requests in flight, whose connections broke.
    expect(server.child.signalCode).toBe('SIGKILL');
    const cutOff = sent.filter((r) => r.cutOff).length;
    expect(cutOff).toBeGreaterThan(0);

    server = await startServer(env, logFile, baseUrl);
    const lostAnswers = await settle(send, sent);
    await expectExactlyOnce(database.db, user!.id, sent, startingFunding);
    console.log(
      `crash (SIGKILL): ${sent.length} transfers sent, ${acknowledged} acknowledged before the kill, ${cutOff} cut off by it, ${sent.length - acknowledged} unanswered and sent again after the restart (${lostAnswers} of them had been committed: replayed, not applied again); each applied once, ledger clean`,
    );
    server.child.kill('SIGTERM');
    await server.exited;
  }, 300_000);

  it('keeps every acknowledged transfer, exactly once, when the database drops every connection mid-stream, and recovers', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const user = await signUp(t);
    const startingFunding = 100_000;
    await grant(t, user, 'funding', 'USDT', String(startingFunding));
    const send: Send = async (key) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api-v1/transfer-to-wallet/',
        headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': key },
        payload: TRANSFER,
      });
      const body = res.json();
      return {
        status: res.statusCode,
        transactionId: body.transaction?.transaction_id,
        replayed: res.headers['idempotent-replayed'] === 'true',
      };
    };

    const { name } = (
      (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows[0]!;
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    cleanups.push(() => admin.end());

    let dropStarted = false;
    /** Connections the drop terminated, once it is done (0 would mean nothing was tested). */
    let terminated: number | undefined;
    let failedAfterDrop = 0;
    const sent = await stream(
      async (key) => {
        const answer = await send(key);
        if (dropStarted && answer?.status !== 201) failedAfterDrop++;
        return answer;
      },
      {
        clients: 6,
        until: (so) => {
          const acked = so.filter((r) => r.acknowledged !== undefined).length;
          if (!dropStarted && acked >= 40) {
            dropStarted = true;
            void admin
              .query(
                'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
                [name],
              )
              .then((r) => (terminated = r.rows[0].n as number));
          }
          // Keep streaming after the drop until 40 more are acknowledged: the app has recovered.
          return terminated !== undefined && acked >= 80;
        },
      },
    );
    // The fault happened: the app's connections were terminated (by the query, not assumed).
    expect(terminated).toBeGreaterThan(0);
    const acknowledged = sent.filter((r) => r.acknowledged !== undefined).length;
    const lostAnswers = await settle(send, sent);
    await expectExactlyOnce(t.db, user.id, sent, startingFunding);
    console.log(
      `crash (connections dropped): ${terminated} database connections terminated mid-stream; ${sent.length} transfers sent, ${acknowledged} acknowledged, ${failedAfterDrop} failed around the drop and were sent again (${lostAnswers} of them had been committed); each applied once, ledger clean`,
    );
    expect(acknowledged).toBeGreaterThanOrEqual(80);
  }, 300_000);
});
