/**
 * Background work moves to a surviving instance when the acting one dies (docs/decisions/0036-event-bus.md "One system across
 * instances", docs/decisions/0036). The trade jobs (risk pass: limit fills, liquidations, TP/SL; the
 * spot pass; price sampling) run only on the instance holding one advisory lock on a connection of its
 * own (modules/trades/jobs.ts). Here a real server process holds it and is killed (SIGKILL), or frozen
 * (SIGSTOP: its sockets stay open, only silence tells), and an instance in this process must take the
 * lock and do the work: fill a limit order its market reached.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { TRADE_JOBS_LOCK_KEY } from '../../src/server/modules/trades/jobs.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { captureLog, eventually } from '../helpers/log.js';
import { nodeArgs } from '../helpers/server-process.js';
import { activeTradesOf, leverTrader, openTrade } from '../helpers/trades.js';

const JOB_INTERVAL_MS = 100;

let t: TestApp;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
beforeAll(async () => {
  // The API instance runs no jobs itself (TRADE_JOB_INTERVAL_MS=0): only the instances below compete.
  t = await createTestApp({ market: createFakeMarket() });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The real server (src/server/main.ts) on the test database, its pool named `name` in pg_stat_activity. */
async function startServerProcess(name: string): Promise<{ child: ChildProcess; logFile: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `coinfront-${name}-`));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, nodeArgs('src/server/main.ts'), {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATABASE_URL: t.databaseUrl,
      PGAPPNAME: name,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'failover-test-secret-0123456789abcdef',
      ADMIN_EMAIL: `${name}.admin@example.com`,
      ADMIN_PASSWORD: 'failover admin password',
      TRADE_JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
      LOG_LEVEL: 'warn',
      // One process: the signals below must reach the instance that holds the lock, not a cluster primary.
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    `${name} to serve`,
  );
  return { child, logFile };
}

/**
 * Which instance (its pool's application_name) holds the trade jobs' lock on this test's database, if
 * any. pg_locks lists the whole cluster: other test files' apps hold the same key on their own databases.
 */
async function lockHolder(): Promise<string | undefined> {
  const { rows } = await t.db.$client.query<{ name: string }>(
    `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.objsubid = 1
       and l.database = (select oid from pg_database where datname = current_database())
       and ((l.classid::int8 << 32) | l.objid::int8) = $1`,
    [TRADE_JOBS_LOCK_KEY],
  );
  return rows[0]?.name;
}

/**
 * An instance in this process running the jobs on a market of its own, as a survivor would. It leaves
 * when the test ends: a survivor left running would compete for the lock in the next test, with a
 * market that never reaches that test's order.
 */
async function survivorInstance() {
  const market = createFakeMarket();
  const log = captureLog('info');
  const instance = await anotherInstance(t, {
    config: { tradeJobIntervalMs: JOB_INTERVAL_MS },
    market,
    log: log.logger,
  });
  let closed = false;
  const close = async () => {
    if (!closed) await instance.close();
    closed = true;
  };
  onTestFinished(close);
  onTestFailed(() => console.info(`survivor log:\n${JSON.stringify(log.lines.slice(-20), null, 1)}`));
  return { market, log, close };
}

/** A buy limit far below every price (the server process's simulated market never reaches it). */
async function pendingOrder() {
  const trader = await leverTrader(t, '1000');
  const order = await openTrade(t, trader, { order_type: 'limit', limit_price: '30000', starting_price: '60000' });
  expect(order.status).toBe(201);
  return { trader, id: order.body.trade.trade_id };
}

const filled = (order: Awaited<ReturnType<typeof pendingOrder>>) =>
  eventually(
    async () =>
      (await activeTradesOf(t, order.trader)).find((trade) => trade.trade_id === order.id && trade.status === 'open'),
    60_000,
    'the survivor to fill the order',
  );

const TOOK_OVER = 'risk engine: this instance acts (leader)';
const PROCESS = 'server-process';

/**
 * One server process (the acting instance) for both cases, as starting one costs seconds: frozen
 * first, then, thawed and acting again, killed. Each time an instance here must take over and fill
 * a limit order that only its market reaches: the one instance left that can act.
 */
describe('background work across instances', () => {
  let leader: ChildProcess;
  let logFile: string;
  /** On a failure, what the server process said (LOG_LEVEL=warn: a lost leadership, a failed pass). */
  const showLeaderLog = () =>
    onTestFailed(() => console.info(`${PROCESS} log:\n${readFileSync(logFile, 'utf8').slice(-4000)}`));

  it(
    'moves to a surviving instance when the acting one freezes (SIGSTOP: connections open, silent)',
    { timeout: 180_000 },
    async () => {
      ({ child: leader, logFile } = await startServerProcess(PROCESS));
      showLeaderLog();
      expect(await eventually(lockHolder, 30_000, 'the server process to lead')).toBe(PROCESS);
      // The order first (seconds under load), then the survivor, frozen right after: the server process
      // must still hold the lock when it stops, and a frozen process cannot let go of it for the 5 s of
      // silence, so the check just after SIGSTOP proves it acted until then.
      const order = await pendingOrder();
      const survivor = await survivorInstance();

      const stoppedAt = Date.now();
      leader.kill('SIGSTOP');
      expect(await lockHolder()).toBe(PROCESS);
      // The order's limit is reached, on the survivor's market only: at the limit itself, so the position
      // opened there is not also liquidated in the same pass (a step below it could be, and then it is never
      // seen open).
      survivor.market.set('BTC', '30000');
      await filled(order);
      const took = survivor.log.lines.find((line) => line.msg === TOOK_OVER);
      expect(took).toBeDefined();
      expect(await lockHolder()).not.toBe(PROCESS);
      if (process.env.FAILOVER_REPORT)
        console.info(`frozen leader: taken over after ${Number(took!.time) - stoppedAt} ms`);

      // Thawed, the old leader finds its lock connection closed and stops acting; the survivor keeps it.
      leader.kill('SIGCONT');
      await eventually(
        () => readFileSync(logFile, 'utf8').includes('risk engine: this instance lost the leadership'),
        30_000,
        'the thawed server process to notice it lost the lock',
      );
      expect(await lockHolder()).not.toBe(PROCESS);

      // The survivor leaves (cleanly, unlocking): the server process acts again.
      await survivor.close();
      expect(
        await eventually(async () => (await lockHolder()) === PROCESS, 30_000, 'the server process to lead again'),
      ).toBe(true);
    },
  );

  it('moves to a surviving instance when the acting one is killed (SIGKILL)', { timeout: 120_000 }, async () => {
    showLeaderLog();
    const order = await pendingOrder();
    expect(await lockHolder()).toBe(PROCESS);
    const survivor = await survivorInstance();

    const killedAt = Date.now();
    leader.kill('SIGKILL');
    survivor.market.set('BTC', '30000');
    await filled(order);
    const took = survivor.log.lines.find((line) => line.msg === TOOK_OVER);
    expect(took).toBeDefined();
    expect(await lockHolder()).not.toBe(PROCESS);
    if (process.env.FAILOVER_REPORT)
      console.info(`killed leader: taken over after ${Number(took!.time) - killedAt} ms`);
  });
});
