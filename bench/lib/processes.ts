/**
 * Child processes of the benchmark: the server under test and the load generators, each with its
 * own event loop. Every child starts through `sh -c 'ulimit -n <hard limit>'`, because 10,000
 * sockets need more file descriptors than a shell's usual soft limit of 1,024.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeArgs } from '../../tests/helpers/server-process.js';

const SERVER = 'src/server/main.ts';

/**
 * Runs `node --import tsx <args>` (the server, `src/server/main.ts`, as its bundle like the tests' servers:
 * less CPU at its start, the same code per request; docs/decisions/0086-spawned-servers-run-a-bundle.md) with the soft fd limit raised to the hard one; `ipc` adds a
 * message channel; `batch` runs it under SCHED_BATCH (`chrt -b`, when present): the same CPU share
 * as any process, but its wake-ups never preempt a running one.
 */
export function spawnNode(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; ipc?: boolean; quiet?: boolean; batch?: boolean; pipeStdout?: boolean } = {},
): ChildProcess {
  const exec = options.batch
    ? 'if command -v chrt >/dev/null; then exec chrt -b 0 "$0" "$@"; else exec "$0" "$@"; fi'
    : 'exec "$0" "$@"';
  const command = ['ulimit -n "$(ulimit -Hn)" 2>/dev/null || true', exec].join('; ');
  const node = args.at(-1) === SERVER ? [...args.slice(0, -1), ...nodeArgs(SERVER)] : ['--import', 'tsx', ...args];
  return spawn('/bin/sh', ['-c', command, process.execPath, ...node], {
    env: options.env ?? process.env,
    stdio: [
      'ignore',
      options.quiet ? 'ignore' : options.pipeStdout ? 'pipe' : 'inherit',
      'inherit',
      ...(options.ipc ? ['ipc' as const] : []),
    ],
  });
}

/** Resolves when the child has exited (at once when it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Asks a child to stop (SIGTERM), and kills it if it has not within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
