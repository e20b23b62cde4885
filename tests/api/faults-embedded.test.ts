/**
 * The embedded PostgreSQL under faults (docs/operations.md): killed under a stream of
 * transfers it is restarted by the server, which answers 503 (never 500) meanwhile and serves again
 * within seconds, every acknowledged transfer there once; repeated failures make it give up; a start
 * on a data directory whose postmaster.pid is stale (a dead PID, a live program that is not
 * PostgreSQL, a zombie) clears the lock and keeps all data. One cluster of this file's own, in a
 * temp DATA_DIR, since it is killed (not the shared test database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, runMigrations, startEmbeddedPostgres, type RunningDatabase } from '../../src/server/db/database.js';
import { transactions } from '../../src/server/db/schema.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { grant } from '../helpers/money.js';
import { expectStreamSurvived, transferStream, until } from '../helpers/faults.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'coinfront-faults-'));
chmodSync(root, 0o711); // the postgres system user must get through (database.ts, assertReachableByPostgres)
const dir = path.join(root, 'pg');
const pidFile = path.join(dir, 'postmaster.pid');
const postmasterPid = () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
const lines: string[] = [];
const log = (line: string) => lines.push(line);

/** What a start must keep: the transfers of the first test and a clean ledger. */
async function dataOf(database: RunningDatabase) {
  const db = connect(database.url, 2);
  try {
    const rows = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.type, 'transfer'));
    const report = await checkLedger(db);
    return { transfers: rows.length, mismatches: report.mismatches };
  } finally {
    await db.$client.end();
  }
}

let transfersKept = -1;
let lockWhileRunning = '';

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded PostgreSQL killed under a running server', () => {
  let database: RunningDatabase;
  let t: TestApp;
  let user: TestUser;
  const gaveUp: Error[] = [];

  beforeAll(async () => {
    database = await startEmbeddedPostgres({ dir, log, supervise: { onGiveUp: (e) => gaveUp.push(e) } });
    const db = connect(database.url, 2);
    await runMigrations(db);
    await db.$client.end();
    t = await createTestApp({ databaseUrl: database.url, databaseStatus: database.status, config: { dataDir: root } });
    user = await signUp(t);
    await grant(t, user, 'funding', 'USDT', '1000');
  });
  afterAll(async () => {
    await t?.close();
    await database?.stop();
  });

  it('is restarted: 503 while it is down, served again within 30 s, every acknowledged transfer there once', async () => {
    const stream = transferStream(t, user);
    let killedAt = 0;
    let pid = 0;
    try {
      await stream.more(8);
      pid = postmasterPid();
      process.kill(pid, 'SIGKILL'); // as the out-of-memory killer does
      killedAt = Date.now();
      // While it is away /readyz says why (once the supervisor has noticed the exit, a moment after).
      const ready = await until('/readyz to say why', async () => {
        const answer = await call(t, 'GET', '/readyz');
        return answer.status === 503 && /embedded PostgreSQL/.test(answer.body.reasons?.[0]) ? answer : undefined;
      });
      expect(ready.body.checks.database).toBe('unreachable');
      expect(ready.body.reasons[0]).toMatch(/^the embedded PostgreSQL exited unexpectedly \(SIGKILL\); restarting it$/);
      await stream.more(8);
    } finally {
      await stream.stop();
    }

    const servedAgainAt = stream.servedAfter(killedAt);
    expect(servedAgainAt).toBeGreaterThan(0);
    expect(servedAgainAt - killedAt).toBeLessThan(30_000);
    expect(postmasterPid()).not.toBe(pid);
    expect(lines.some((line) => /embedded PostgreSQL exited unexpectedly \(SIGKILL\)/.test(line))).toBe(true);
    await expectStreamSurvived(t, user, stream);
    expect(gaveUp).toEqual([]);
    transfersKept = stream.acknowledged.size;
  }, 60_000);
});

describe('repeated failures', () => {
  it('make the supervisor give up with a clear message (main.ts then exits non-zero)', async () => {
    const gaveUp: Error[] = [];
    const database = await startEmbeddedPostgres({
      dir,
      log,
      supervise: { onGiveUp: (e) => gaveUp.push(e), maxFailures: 1 },
    });
    try {
      process.kill(postmasterPid(), 'SIGKILL');
      const error = await until('the supervisor to give up', () => gaveUp[0]);
      expect(error.message).toMatch(
        /embedded PostgreSQL in .* exited unexpectedly \(SIGKILL\), 1 failures in a row: giving up/,
      );
      expect(database.status?.()).toMatch(/could not be restarted/);
    } finally {
      await database.stop();
    }
    // What it leaves behind is a postmaster.pid naming a dead process: the next start's case.
    expect(existsSync(pidFile)).toBe(true);
  });
});

describe('a start on a DATA_DIR with a stale postmaster.pid', () => {
  /** A start with postmaster.pid naming `pid`: it must start and keep all data. */
  async function startsWithLockOf(pid: number) {
    if (pid) writeFileSync(pidFile, lockWhileRunning.replace(/^\d+/, String(pid)));
    const database = await startEmbeddedPostgres({ dir, log });
    try {
      expect(postmasterPid()).not.toBe(pid);
      expect(await dataOf(database)).toEqual({ transfers: transfersKept, mismatches: [] });
    } finally {
      await database.stop();
    }
  }

  it('naming a process that is gone (left by a killed postmaster): starts, recovers and keeps all data', async () => {
    const dead = postmasterPid();
    expect(() => process.kill(dead, 0)).toThrow();
    const database = await startEmbeddedPostgres({ dir, log });
    try {
      lockWhileRunning = readFileSync(pidFile, 'utf8');
      expect(await dataOf(database)).toEqual({ transfers: transfersKept, mismatches: [] });
    } finally {
      await database.stop();
    }
    expect(transfersKept).toBeGreaterThan(0);
  });

  it("naming a live program that is not PostgreSQL (the test's own process)", async () => {
    await startsWithLockOf(process.pid);
  });

  it('naming a live program that is not PostgreSQL (another one)', async () => {
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      await startsWithLockOf(sleeper.pid!);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('naming a zombie (a dead process nobody reaped)', async () => {
    // sh starts a short child, then becomes `sleep`, which never waits for it: a zombie.
    const parent: ChildProcess = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = await new Promise<number>((resolve) =>
        parent.stdout!.once('data', (d) => resolve(Number(String(d)))),
      );
      await until('the zombie', () => {
        const stat = readFileSync(`/proc/${zombie}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z') ? true : undefined;
      });
      expect(() => process.kill(zombie, 0)).not.toThrow(); // "alive" to kill(2): the trap
      await startsWithLockOf(zombie);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('a server still running that answers as this cluster is reused, not started twice', async () => {
    const first = await startEmbeddedPostgres({ dir, log });
    try {
      const second = await startEmbeddedPostgres({ dir, log });
      expect(second.url).toBe(first.url);
      expect(await dataOf(second)).toEqual({ transfers: transfersKept, mismatches: [] });
      await second.stop(); // not its own: leaves it running
      expect(await dataOf(first)).toEqual({ transfers: transfersKept, mismatches: [] });
    } finally {
      await first.stop();
    }
  });
});
