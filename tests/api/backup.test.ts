/**
 * `npm run backup` and `npm run restore` (docs/decisions/0038-operations.md, docs/operations.md
 * "Backups"): a stack with users, a deposit, a trade and an uploaded identity image is backed up,
 * restored into a fresh DATA_DIR (the embedded PostgreSQL, made by the restore), and there the
 * ledger check is clean, every balance equal to the original's, every row there and the image served
 * again. A restore over data is refused without --force.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type Db, type RunningDatabase } from '../../src/server/db/database.js';
import { verifications } from '../../src/server/modules/identity/schema.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { fundWallet } from '../helpers/money.js';
import { fetchFile, postForm } from '../helpers/multipart.js';
import { nodeArgs } from '../helpers/server-process.js';
import { leverTrader, openedTradeId } from '../helpers/trades.js';
import { identityForm } from './security/scene.js';

const run = promisify(execFile);
/**
 * A test here starts the operator scripts (each may take up to the 120 s below under a loaded machine), so it
 * waits on them, not on the server project's 30 s default: a slow machine must not fail a correct backup.
 */
const SCRIPT_TEST_TIMEOUT = 300_000;
const root = mkdtempSync(path.join(os.tmpdir(), 'coinfront-backup-test-'));
chmodSync(root, 0o711); // the postgres system user must get through (database.ts, assertReachableByPostgres)
const freshDir = path.join(root, 'fresh-data');
const outDir = path.join(root, 'backups');

/** Runs an npm script's file as `npm run` would, with only the given database settings. */
async function script(file: 'scripts/backup.ts' | 'scripts/restore.ts', args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, DATA_DIR: _ignoredToo, ...rest } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [...nodeArgs(file), ...args], {
      env: { ...rest, ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Every account's balance, and how many rows each money table holds. */
async function stateOf(db: Db) {
  const balances = await db.execute<{ key: string; balance: string }>(sql`
    select coalesce(user_id::text, 'house') || '|' || wallet || '|' || currency as key, balance::text
    from accounts order by 1`);
  const counts = await db.execute<{ entries: number; transactions: number; trades: number; users: number }>(sql`
    select (select count(*)::int from ledger_entries) as entries, (select count(*)::int from transactions) as transactions,
           (select count(*)::int from trades) as trades, (select count(*)::int from users) as users`);
  return { balances: balances.rows, counts: counts.rows[0] };
}

let t: TestApp;
let imageUrl: string;
let imageBytes: Buffer;
let backupFile: string;
let original: Awaited<ReturnType<typeof stateOf>>;

beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket() });
  const user = await leverTrader(t);
  await fundWallet(t, user, '250');
  await openedTradeId(t, user, { hands: '0.01' });
  const form = identityForm(user);
  expect((await postForm(t, '/api-v1/documents-verification/', form, { token: user.token })).status).toBe(201);
  const [row] = await t.db.select().from(verifications);
  imageUrl = t.ctx.files.signedUrl(row!.idCardFront);
  const served = await fetchFile(t, imageUrl);
  expect(served.status).toBe(200);
  imageBytes = served.body;
  original = await stateOf(t.db);
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore into a fresh DATA_DIR', () => {
  it(
    'writes one timestamped tar.gz, readable by its owner only, and prints its path',
    async () => {
      const backup = await script('scripts/backup.ts', ['--out', outDir], {
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: t.config.dataDir,
      });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      backupFile = backup.stdout.trim().split('\n').at(-1)!;
      expect(backupFile).toMatch(
        new RegExp(`^${outDir}/coinfront-backup-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.tar\\.gz$`),
      );
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    },
    SCRIPT_TEST_TIMEOUT,
  );

  it(
    'restores: the ledger check is clean, every balance and row count equal, the upload served again',
    async () => {
      const restore = await script('scripts/restore.ts', [backupFile], { DATA_DIR: freshDir });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('are back');

      const database: RunningDatabase = await startEmbeddedPostgres({ dir: path.join(freshDir, 'pg') });
      let restored: TestApp | undefined;
      try {
        restored = await createTestApp({
          databaseUrl: database.url,
          // The same JWT_SECRET (set by the operator; a generated DATA_DIR/jwt-secret travels in the backup).
          config: { dataDir: freshDir, jwtSecret: t.config.jwtSecret },
        });
        expect(original.counts!.entries).toBeGreaterThan(0);
        expect(original.counts!.trades).toBe(1);
        expect(await stateOf(restored.db)).toEqual(original);
        expect((await checkLedger(restored.db)).mismatches).toEqual([]);
        const served = await fetchFile(restored, imageUrl);
        expect(served.status).toBe(200);
        expect(Buffer.compare(served.body, imageBytes)).toBe(0);
        // Sequences carry on after the restored rows: a new user gets a new id.
        const next = await leverTrader(restored, '10');
        expect(next.id).toBeGreaterThan(
          Math.max(...(await t.db.execute<{ id: number }>(sql`select id from users`)).rows.map((r) => Number(r.id))),
        );
      } finally {
        await restored?.close();
        await database.stop();
      }
    },
    SCRIPT_TEST_TIMEOUT,
  );

  it(
    'refuses to restore over a database that holds data, unless --force',
    async () => {
      const again = await script('scripts/restore.ts', [backupFile], { DATA_DIR: freshDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/restore refused: The database already holds \d+ rows and .*uploads holds files/);
      const forced = await script('scripts/restore.ts', [backupFile, '--force'], { DATA_DIR: freshDir });
      expect(forced.stderr).toBe('');
      expect(forced.code).toBe(0);
      expect(existsSync(path.join(freshDir, 'uploads'))).toBe(true);
      const notABackup = await script('scripts/restore.ts', [path.join(freshDir, 'nothing.tar.gz')], {
        DATA_DIR: freshDir,
      });
      expect(notABackup.code).toBe(1);
      expect(notABackup.stderr).toContain('no such file');
      expect(readFileSync(backupFile).length).toBeGreaterThan(0);
    },
    SCRIPT_TEST_TIMEOUT,
  );
});
