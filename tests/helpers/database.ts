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
      await db.$client.end();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
