/**
 * What the benchmark runs against: the embedded PostgreSQL in a temporary DATA_DIR (started here,
 * so the bench can seed it and time raw UPDATEs on the same database), and the real server as a
 * child process in production mode pointed at it with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import {
  connect,
  runMigrations,
  startEmbeddedPostgres,
  type Db,
  type RunningDatabase,
} from '../../src/server/db/database.js';
import { createTokenService, type TokenService } from '../../src/server/lib/tokens.js';
import { HttpConnection } from './http-client.js';
import { sleep, spawnNode, stopChild } from './processes.js';

export interface Stack {
  dataDir: string;
  databaseUrl: string;
  db: Db;
  tokens: TokenService;
  jwtSecret: string;
  stop(): Promise<void>;
}

export async function startStack(log: (line: string) => void): Promise<Stack> {
  // Under the temp folder, readable by the postgres system user that runs the cluster when we are root.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-bench-'));
  chmodSync(dataDir, 0o711);
  log(`DATA_DIR ${dataDir}`);
  const database: RunningDatabase = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
  const db = connect(database.url, 40);
  await runMigrations(db);
  const jwtSecret = randomBytes(32).toString('hex');
  return {
    dataDir,
    databaseUrl: database.url,
    db,
    jwtSecret,
    tokens: createTokenService(new TextEncoder().encode(jwtSecret), '24h'),
    async stop() {
      await db.$client.end();
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  host: string;
  port: number;
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The app as `npm start` runs it (production, warnings only), plus the baseline route. One process
 * (WEB_CONCURRENCY=1) unless `workers` says otherwise: then it returns once every worker serves
 * (the primary's "worker <pid> serving" lines).
 */
export async function startServer(
  stack: Stack,
  options: { cpuProfDir?: string; env?: NodeJS.ProcessEnv; workers?: number } = {},
): Promise<ServerProcess> {
  const workers = options.workers ?? 1;
  const host = '127.0.0.1';
  const port = await freePort();
  const args = options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : [];
  // BENCH_NODE_ARGS: more flags for the server's node, e.g. `--perf-basic-prof` so `perf record -g -p <pid>`
  // names its JavaScript frames (docs/performance.md: perf, not --cpu-prof, for CPU shares).
  args.push(...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean));
  const child = spawnNode([...args, 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The simulated market in production is refused unless allowed (README "Production checklist").
      ALLOW_SIMULATED_MARKET: '1',
      LOG_LEVEL: 'warn',
      HOST: host,
      PORT: String(port),
      DATA_DIR: stack.dataDir,
      DATABASE_URL: stack.databaseUrl,
      JWT_SECRET: stack.jwtSecret,
      ADMIN_EMAIL: 'staff@bench.local',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      BENCH_BASELINE: '1',
      // The fan-out's 10,000 clients stand in for as many devices but all come from 127.0.0.1;
      // the default cap (100 anonymous sockets per address) closed all but 100 of them.
      WS_ANONYMOUS_PER_ADDRESS: '1000000',
      WEB_CONCURRENCY: String(workers),
      ...options.env,
    },
    pipeStdout: workers > 1,
  });
  let serving = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    serving += chunk.toString().match(/^worker \d+ serving/gm)?.length ?? 0;
  });
  let exitedEarly = false;
  child.once('exit', () => (exitedEarly = true));
  const probe = new HttpConnection(host, port, 2_000);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitedEarly) throw new Error('the server exited while starting');
    try {
      const res = await probe.request('GET', '/readyz');
      if (res.status === 200 && (workers === 1 || serving >= workers)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready within 60 s');
    await sleep(250);
  }
  probe.close();
  return { host, port, origin: `http://${host}:${port}`, child, stop: () => stopChild(child) };
}
