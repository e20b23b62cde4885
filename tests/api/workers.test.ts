/**
 * WEB_CONCURRENCY (docs/architecture.md "Instances: limits and workers"): the real entry
 * (src/server/main.ts) with 2 workers on one port. A worker killed by pid is replaced while the
 * other keeps answering; SIGTERM drains them all and the primary exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { nodeArgs } from '../helpers/server-process.js';

let database: TestDatabase;
let dataDir: string;
let port: number;
let primary: ChildProcess;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

/** A GET on a new connection (no keep-alive: each request is handed to a worker afresh): status and body. */
function request(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}${url}`, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}
const get = async (url: string) => (await request(url)).status;

/** Pids of the workers the primary reported serving, in order. */
const serving = () => [...output.matchAll(/^worker (\d+) serving/gm)].map((m) => Number(m[1]));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  database = await createTestDatabase(2);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-workers-'));
  port = await freePort();
  primary = spawn(process.execPath, nodeArgs('src/server/main.ts'), {
    env: {
      ...process.env,
      WEB_CONCURRENCY: '2',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      MARKET_SEED: 'test',
      LOG_LEVEL: 'warn',
      TRADE_JOB_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  primary.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Three starts (the primary, then two workers at once): by time, as tests/api/security/crash.test.ts waits,
  // since on a loaded machine each gets a small share of a core (docs/decisions/0086-spawned-servers-run-a-bundle.md).
  await vi.waitFor(() => expect(serving()).toHaveLength(2), { timeout: 110_000, interval: 100 });
}, 120_000);

afterAll(async () => {
  if (primary && primary.exitCode === null) {
    primary.kill('SIGKILL');
    for (const pid of serving()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2', () => {
  it('one scrape of /metrics counts what every worker answered, whichever worker takes it', async () => {
    // New connections are dealt to the workers in turn (node:cluster's round robin): about half each.
    for (let i = 0; i < 12; i++) expect(await get('/healthz')).toBe(200);
    for (let scrape = 0; scrape < 2; scrape++) {
      const metrics = await request('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.body).toContain('coinfront_http_requests_total{route="/healthz",method="GET",status="200"} 12\n');
      // prom-client's own series, aggregated as it says: the version once, not once per worker.
      expect(metrics.body.match(/^nodejs_version_info\{/gm)).toHaveLength(1);
    }
  });

  it('two workers serve one port; one killed by pid is replaced while the other answers; SIGTERM drains all', async () => {
    const [first, second] = serving() as [number, number];
    expect(first).not.toBe(second);
    expect(first).not.toBe(primary.pid);
    expect(await get('/readyz')).toBe(200);

    process.kill(first, 'SIGKILL');
    await vi.waitFor(() => expect(output).toContain(`worker ${first} exited (SIGKILL)`), { timeout: 10_000 });
    // The primary has seen it go: every new connection is handed to the survivor meanwhile.
    for (let i = 0; i < 10; i++) expect(await get('/healthz')).toBe(200);
    await vi.waitFor(() => expect(serving()).toHaveLength(3), { timeout: 40_000, interval: 100 });
    const replacement = serving()[2]!;
    expect([first, second]).not.toContain(replacement);
    expect(alive(second)).toBe(true);
    for (let i = 0; i < 4; i++) expect(await get('/readyz')).toBe(200);

    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: draining 2 workers');
    expect(alive(second)).toBe(false);
    expect(alive(replacement)).toBe(false);
  }, 90_000);
});
