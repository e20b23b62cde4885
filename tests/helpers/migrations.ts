/**
 * Migration tests: a database of the file's own, made by an older version's migrations, given that
 * version's data, then migrated by today's (docs/architecture.md section 4 for the books' migration).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { connect, runMigrations, withDatabase, type Db } from '../../src/server/db/database.js';

const MIGRATIONS = path.resolve('src/server/db/migrations');

/** Runs one statement on the test server (create or drop a database). */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A copy of the migrations folder holding only the migrations numbered below `before`. */
function migrationsBefore(before: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < before);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Row = Record<string, unknown>;
export const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Before the file: a database `coinfront_<prefix>_…` migrated up to (not with) migration `before`,
 * `seed` writing the old version's rows into it, then today's migrations. Dropped after the file.
 */
export function migratedFromOlder(prefix: string, before: number, seed: (db: Db) => Promise<void>): void {
  let name = '';
  let db: Db | undefined;
  let oldMigrations: string | undefined;
  beforeAll(async () => {
    name = `coinfront_${prefix}_${inject('runId')}_${process.pid}`;
    await adminQuery(`create database ${name}`);
    db = connect(withDatabase(inject('databaseUrl'), name), 4);
    oldMigrations = migrationsBefore(before);
    await migrate(db, { migrationsFolder: oldMigrations });
    await seed(db);
    await runMigrations(db);
  }, 60_000);
  afterAll(async () => {
    await db?.$client.end();
    if (name) await adminQuery(`drop database if exists ${name} with (force)`);
    if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
  });
}
