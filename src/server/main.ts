/** Reads the configuration, starts the database and the app, and shuts both down cleanly. */
import path from 'node:path';
import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { loadConfig } from './config.js';
import { connect, runMigrations, startEmbeddedPostgres, type RunningDatabase } from './db/database.js';
import { ensureAdmin } from './modules/auth/index.js';
import { benchBaselineModule } from './modules/health/index.js';

/** The exit code when the embedded PostgreSQL died and could not be restarted (docs/operations.md). */
const EXIT_DATABASE_LOST = 3;
/** Connections the kernel may queue before the server accepts them (see the listen below). */
const LISTEN_BACKLOG = 4096;

async function main() {
  const config = loadConfig();
  const database: RunningDatabase = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => {} }
    : await startEmbeddedPostgres({
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
  const db = connect(database.url);
  await runMigrations(db);
  const ctx = createContext(config, db, { databaseStatus: database.status });
  await ensureAdmin(ctx, (line) => console.log(`\n  ${line}\n`));
  await ctx.market.start();
  const app = await buildApp(ctx, config.benchBaseline ? [benchBaselineModule] : []);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
