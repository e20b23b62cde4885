/**
 * Reads the configuration, starts the database and the app, and shuts both down cleanly.
 *
 * WEB_CONCURRENCY > 1 (docs/architecture.md "Instances: limits and workers", docs/decisions/0037):
 * this process becomes the node:cluster primary. It starts the embedded PostgreSQL once, applies
 * the migrations and ensures the staff account once, then forks that many workers on one port, each a
 * full instance on the same database (its URL passed as DATABASE_URL). A worker that dies is
 * replaced; SIGTERM/SIGINT drains every worker, then stops the database. WEB_CONCURRENCY=1 is the
 * single process it always was.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { loadConfig, type Config } from './config.js';
import { connect, runMigrations, startEmbeddedPostgres, type RunningDatabase } from './db/database.js';
import { clusterMetricsReader, serveClusterMetrics } from './lib/cluster-metrics.js';
import { ensureAdmin } from './modules/auth/index.js';
import { benchBaselineModule } from './modules/health/index.js';

/** The exit code when the embedded PostgreSQL died and could not be restarted (docs/operations.md). */
const EXIT_DATABASE_LOST = 3;
/** Set in a worker's environment by the primary: the database is migrated and the admin ensured. */
const WORKER_ENV = 'COINFRONT_WORKER';
/** A worker that dies sooner than this after its start is replaced only after a pause (no fork storm). */
const QUICK_DEATH_MS = 5_000;
/** How long a drain may take before the stragglers are killed. */
const DRAIN_MS = 15_000;
/** Connections the kernel may queue before the server accepts them (see the listen below). */
const LISTEN_BACKLOG = 4096;

/** The embedded supervisor's state, relayed from the primary to its workers for /readyz. */
interface DatabaseStatusMessage {
  type: 'database-status';
  status: string | undefined;
}

async function startDatabase(config: Config): Promise<RunningDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  return startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'pg'),
    // PostgreSQL's own lines are not echoed; the supervisor's (crash, restart, stale lock) are.
    log: (line) => {
      if (/^(the embedded PostgreSQL|removing the stale|reusing the embedded)/.test(line)) console.warn(line);
    },
    supervise: {
      // docs/operations.md: a database that cannot be brought back is for a supervisor to act on.
      onGiveUp: (error) => {
        console.warn(`${error.message}. Exiting with code ${EXIT_DATABASE_LOST}.`);
        process.exit(EXIT_DATABASE_LOST);
      },
    },
  });
}

/** Migrations and the staff account: once per start, before any instance serves. */
async function prepareDatabase(config: Config, url: string) {
  const db = connect(url, 2);
  try {
    await runMigrations(db);
    await ensureAdmin(createContext(config, db), (line) => console.log(`\n  ${line}\n`));
  } finally {
    await db.$client.end();
  }
}

/**
 * One full instance: the app on the configured port. In a worker the primary has prepared the
 * database; a single process (WEB_CONCURRENCY=1) prepares it itself.
 */
async function serve(config: Config, database: RunningDatabase, prepared: boolean) {
  if (!prepared) await prepareDatabase(config, database.url);
  let relayedStatus: string | undefined;
  process.on('message', (message: DatabaseStatusMessage) => {
    if (message?.type === 'database-status') relayedStatus = message.status;
  });
  const db = connect(database.url);
  const ctx = createContext(config, db, {
    databaseStatus: database.status ?? (() => relayedStatus),
  });
  // A scrape answers for every worker, gathered by the primary (lib/cluster-metrics.ts).
  if (cluster.isWorker) ctx.metrics.gatherFrom(clusterMetricsReader(ctx.metrics.registry));
  await ctx.market.start();
  const app = await buildApp(ctx, config.benchBaseline ? [benchBaselineModule] : []);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), DRAIN_MS);
    force.unref();
    try {
      await app.close(); // stops accepting, drains requests in flight
      await ctx.market.stop();
      await db.$client.end();
      await database.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Node's default accept queue is 511 connections: when thousands of clients connect at once (every
  // Lever screen reconnecting after a restart), the rest wait for the kernel's SYN retransmits (1 s,
  // 3 s, 7 s ...). The kernel caps this at net.core.somaxconn (4,096 here). docs/performance.md.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  ctx.log.info(`Coinfront is running on http://${config.host}:${config.port}`);
}

/** The cluster primary: the database once, then `config.webConcurrency` workers kept alive. */
async function primary(config: Config) {
  const database = await startDatabase(config);
  await prepareDatabase(config, database.url);

  serveClusterMetrics();
  const startedAt = new Map<Worker, number>();
  let draining = false;
  const fork = () => {
    // The workers reach the database the primary runs (or the external one) by its URL.
    const worker = cluster.fork({ DATABASE_URL: database.url, [WORKER_ENV]: '1' });
    startedAt.set(worker, Date.now());
  };
  cluster.on('listening', (worker) => console.log(`worker ${worker.process.pid} serving (#${worker.id})`));
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (draining) return;
    console.warn(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    setTimeout(fork, lived < QUICK_DEATH_MS ? 1_000 : 0);
  });

  // /readyz in the workers says why the embedded database may be away, as a single process would.
  let lastStatus: string | undefined;
  const relay = setInterval(() => {
    const status = database.status?.();
    if (status === lastStatus) return;
    lastStatus = status;
    for (const worker of Object.values(cluster.workers ?? {}))
      worker?.send({ type: 'database-status', status } satisfies DatabaseStatusMessage);
  }, 500);
  relay.unref();

  const drain = async (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    console.log(`${signal}: draining ${startedAt.size} workers`);
    const force = setTimeout(() => process.exit(1), DRAIN_MS + 5_000);
    force.unref();
    const workers = [...startedAt.keys()];
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM'); // each drains its requests (serve's shutdown)
          }),
      ),
    );
    try {
      await database.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void drain('SIGINT'));
  process.on('SIGTERM', () => void drain('SIGTERM'));

  for (let i = 0; i < config.webConcurrency; i++) fork();
  console.log(`Coinfront: ${config.webConcurrency} workers on http://${config.host}:${config.port}`);
}

async function main() {
  // EVM_DEV_CHAIN=1: anvil and the test USDT, loaded only then (docs/decisions/0056); workers inherit the env.
  if (process.env.EVM_DEV_CHAIN === '1' && !cluster.isWorker) {
    const { startDevChain } = await import('./dev-chain/index.js');
    const stopChain = await startDevChain(process.env);
    process.once('exit', () => void stopChain());
  }
  const config = loadConfig();
  // README "Production checklist": what start does not refuse but must say, once per server.
  if (!cluster.isWorker) for (const warning of config.warnings) console.warn(`warning: ${warning}`);
  if (cluster.isWorker) {
    await serve(config, await startDatabase(config), process.env[WORKER_ENV] === '1');
  } else if (config.webConcurrency > 1) {
    await primary(config);
  } else {
    await serve(config, await startDatabase(config), false);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
