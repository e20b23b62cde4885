/**
 * Instances starting together on an empty database (docs/operations.md "Upgrades"): migrations run
 * under one advisory lock, so three starts at once migrate it once and none of them fails on a table
 * another just made.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { connect, runMigrations, withDatabase, type Db } from '../../src/server/db/database.js';
import { adminQuery } from '../helpers/migrations.js';

const name = `coinfront_mlock_${randomBytes(4).toString('hex')}`;
const pools: Db[] = [];

afterAll(async () => {
  await Promise.all(pools.map((db) => db.$client.end()));
  await adminQuery(`drop database if exists ${name} with (force)`);
});

it('three instances migrating an empty database at once: each succeeds, every migration applied once', async () => {
  await adminQuery(`create database ${name}`);
  const url = withDatabase(inject('databaseUrl'), name);
  for (let i = 0; i < 3; i++) pools.push(connect(url, 2));
  await Promise.all(pools.map((db) => runMigrations(db)));
  const journal = JSON.parse(readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as {
    entries: unknown[];
  };
  const applied = await pools[0]!.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  expect(applied.rows[0]!.n).toBe(journal.entries.length);
});
