/**
 * Migration 0008 (trade protection, docs/decisions/0025-trade-protection.md) on a database made by the
 * previous schema: closed trades get close_reason manual, liquidated ones liquidation; live and
 * revoked ones none; the new columns start empty.
 */
import { mkdtempSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { connect, runMigrations, withDatabase, type Db } from '../../src/server/db/database.js';

const MIGRATIONS = path.resolve('src/server/db/migrations');
/** This migration's journal index: everything before it is "the previous schema". */
const THIS = 8;

let db: Db;
let name: string;
let oldMigrations: string;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function previousMigrations(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < THIS);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  name = `coinfront_mig8_${inject('runId')}_${process.pid}`;
  await admin(`create database ${name}`);
  db = connect(withDatabase(inject('databaseUrl'), name), 4);
  oldMigrations = previousMigrations();
  await migrate(db, { migrationsFolder: oldMigrations });
  const [user] = await rows(sql`
    insert into users (uniqueid, email, password_hash, first_name, last_name, promotion_code)
    values ('20000008', 'old8@example.com', 'x', 'Old', 'Eight', 'OLD00008') returning id`);
  await db.execute(sql`
    insert into trades (user_id, coin, trade_type, hands, leverage, status, entry_price, margin, profit_loss)
    values (${user!.id}, 'BTC', 'buy', 0.1, 100, 'closed', 60000, 60, 5),
           (${user!.id}, 'BTC', 'buy', 0.1, 100, 'liquidated', 60000, 60, -60),
           (${user!.id}, 'BTC', 'sell', 0.1, 100, 'cancelled', null, 60, 0),
           (${user!.id}, 'BTC', 'sell', 0.1, 100, 'open', 60000, 60, null)`);
  await runMigrations(db);
}, 60_000);

afterAll(async () => {
  await db.$client.end();
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(oldMigrations, { recursive: true, force: true });
});

it('fills close_reason of the trades closed before it: liquidated -> liquidation, closed -> manual', async () => {
  const trades = await rows(
    sql`select status, close_reason, take_profit, stop_loss, parent_id from trades order by id`,
  );
  expect(trades).toEqual([
    { status: 'closed', close_reason: 'manual', take_profit: null, stop_loss: null, parent_id: null },
    { status: 'liquidated', close_reason: 'liquidation', take_profit: null, stop_loss: null, parent_id: null },
    { status: 'cancelled', close_reason: null, take_profit: null, stop_loss: null, parent_id: null },
    { status: 'open', close_reason: null, take_profit: null, stop_loss: null, parent_id: null },
  ]);
  // Only the four reasons are allowed.
  await expect(db.execute(sql`update trades set close_reason = 'other' where status = 'closed'`)).rejects.toThrow();
});
