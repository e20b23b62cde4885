/**
 * One PostgreSQL for the whole run: the embedded one in a throwaway folder, or DATABASE_URL when
 * set (CI runs the suite a second time against Debian's server that way). A migrated template
 * database is made once; each test file clones it, so files run in parallel on their own data.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  connect,
  runMigrations,
  startEmbeddedPostgres,
  withDatabase,
  type RunningDatabase,
} from '../../src/server/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    templateDatabase: string;
    runId: string;
  }
}

export const TEMPLATE = `coinfront_template_${process.pid}`;

interface Shared {
  databaseUrl: string;
  teardown: () => Promise<void>;
  users: number;
}

/** The projects of one run share one database: the server project and its isolated twin both name this file. */
const SHARED = Symbol.for('coinfront.test-database');
const registry = globalThis as { [SHARED]?: Promise<Shared> };

export default async function setup(project: TestProject) {
  registry[SHARED] ??= start();
  const shared = await registry[SHARED];
  shared.users += 1;
  project.provide('databaseUrl', shared.databaseUrl);
  project.provide('templateDatabase', TEMPLATE);
  project.provide('runId', String(process.pid));
  return async () => {
    shared.users -= 1;
    if (shared.users === 0) {
      delete registry[SHARED];
      await shared.teardown();
    }
  };
}

async function start(): Promise<Shared> {
  let database: RunningDatabase;
  let folder: string | undefined;
  if (process.env.DATABASE_URL) {
    database = { url: process.env.DATABASE_URL, stop: async () => {} };
  } else {
    // Under /tmp (not the work tree) so the postgres system user can always reach it.
    folder = mkdtempSync(path.join(os.tmpdir(), 'coinfront-test-'));
    chmodSync(folder, 0o711);
    database = await startEmbeddedPostgres({ dir: path.join(folder, 'pg'), ephemeral: true });
  }

  // A connection per use, not one held for the run: tests/api/faults-external.test.ts stops and
  // starts the server, which would leave a held one dead (and its 'error' event unhandled).
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE}`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  const templateDb = connect(withDatabase(database.url, TEMPLATE), 2);
  await runMigrations(templateDb);
  await templateDb.$client.end();

  const teardown = async () => {
    // Drop what this run created on a shared server; a throwaway cluster just goes.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    if (process.env.DATABASE_URL) {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`coinfront_t_${process.pid}_%`, TEMPLATE],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
    await database.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
  return { databaseUrl: database.url, teardown, users: 0 };
}
