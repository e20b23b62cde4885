/**
 * A real Redis for a test file (docs/decisions/0036-event-bus.md: the event bus and rate limits over Redis): Debian's
 * `redis-server`, installed with apt-get when it is missing and we are root (as scripts/test.mjs
 * installs chromium), started on a free port in a throwaway folder, without persistence.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  /** Stops it (SIGKILL with `crash`, as an outage would) and removes its folder. */
  stop(options?: { crash?: boolean }): Promise<void>;
}

function ensureInstalled(): void {
  if (existsSync(REDIS_SERVER)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Redis tests need Debian's redis-server at ${REDIS_SERVER}: sudo apt-get install -y redis-server`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedis(): Promise<TestRedis> {
  ensureInstalled();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-redis-'));
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop({ crash = false } = {}) {
      if (child.exitCode === null) child.kill(crash ? 'SIGKILL' : 'SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
