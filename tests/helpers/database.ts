/** A fresh database for one test file, cloned from the migrated template. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, withDatabase, type Db } from '../../src/server/db/database.js';

export interface TestDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(poolSize = 20): Promise<TestDatabase> {
  const serverUrl = inject('databaseUrl');
  const name = `coinfront_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const db = connect(url, poolSize);
  return {
    db,
    url,
    async drop() {
      // A pool with a client still checked out never ends (seen once on a loaded machine, after a
      // test that killed every connection): wait a while, then drop anyway; FORCE ends the sessions.
      const ended = db.$client.end();
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
      if ((await Promise.race([ended, timeout])) === 'timeout')
        console.warn(
          `test database ${name}: the pool did not end in 10 s (a client still checked out); dropping it anyway`,
        );
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
