/**
 * 4. Price fan-out: N WebSocket clients on /ws, each subscribed to 20 ticker streams (the home
 * screen's), spread over two client processes. Events/s delivered, and the delay from a tick's
 * event time E to the client receiving it, at N = 1,000 and 10,000.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Histogram } from '../lib/histogram.js';
import { sleep, spawnNode, stopChild } from '../lib/processes.js';
import { figure, type Figure } from '../lib/report.js';
import type { ServerProcess } from '../lib/stack.js';
import type { BenchContext } from '../lib/context.js';
import type { WsCommand, WsConnected, WsReport } from '../workers/ws-clients.js';

const PROCESSES = 2;
const STREAMS = 20;
const P99_TARGET_MS = 100;

function reply<T>(worker: ChildProcess, command: WsCommand, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (m: { type: string }) => {
      if (m.type !== type) return;
      worker.off('message', listener);
      resolve(m as T);
    };
    worker.on('message', listener);
    worker.send(command);
  });
}

/** CPU time (user + system, ms) a process has used, from /proc (Linux; undefined elsewhere). */
function ownCpuMsOf(pid: number | undefined): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s (USER_HZ)
  } catch {
    return undefined;
  }
}

/** The same for a server and its live children: the workers under WEB_CONCURRENCY > 1. */
function cpuMsOf(pid: number | undefined): number | undefined {
  const own = ownCpuMsOf(pid);
  if (own === undefined) return undefined;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children list on this kernel: the process alone
  }
  return children.reduce((sum, child) => sum + (ownCpuMsOf(child) ?? 0), own);
}

interface FanoutResult {
  clients: number;
  open: number;
  failed: number;
  eventsPerSecond: number;
  expectedPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  clientLoopDelayP99: number;
  /** CPU share of one core each client process used during the window (1 = a whole core). */
  clientCpu: number[];
  /** The same for the server, when it can be read. */
  serverCpu?: number;
  firstError?: string;
}

interface FanoutOptions {
  /** The server to fan out from (default: the bench's). */
  server?: ServerProcess;
  /** Client counts, one run each (default: 1,000 and 10,000). */
  clients?: number[];
  /** The figures' section (default: fanout). */
  section?: string;
}

export async function runFanout(ctx: BenchContext, options: FanoutOptions = {}): Promise<Figure[]> {
  const server = options.server ?? ctx.server;
  const section = options.section ?? 'fanout';
  const windowS = ctx.quick ? 4 : 10;
  const res = await fetch(`${server.origin}/api/v3/ticker/price`);
  const symbols = ((await res.json()) as { symbol: string }[]).map((t) => t.symbol).filter((s) => s.endsWith('USDT'));
  const streams = symbols.slice(0, STREAMS).map((s) => `${s.toLowerCase()}@ticker`);

  const results: FanoutResult[] = [];
  for (const clients of options.clients ?? [1_000, 10_000]) {
    // The clients stand in for 10,000 remote devices, which would not take CPU from the server.
    // Here they share its 2 cores, and each arriving tick wakes them: as ordinary processes they
    // preempted the server 1,000-2,000 times per tick. As batch processes they wait for a free core
    // (or the next time slice) instead; their CPU share is the same, and any wait they add is
    // counted in the delay they measure.
    const workers = Array.from({ length: PROCESSES }, () =>
      spawnNode(['bench/workers/ws-clients.ts'], { ipc: true, batch: true }),
    );
    try {
      const connected = await Promise.all(
        workers.map((w, i) =>
          reply<WsConnected>(
            w,
            {
              type: 'connect',
              host: server.host,
              port: server.port,
              path: '/ws',
              count: Math.floor(clients / PROCESSES) + (i < clients % PROCESSES ? 1 : 0),
              streams,
            },
            'connected',
          ),
        ),
      );
      const failed = connected.reduce((n, c) => n + c.failed, 0);
      await sleep(2_000);
      workers.forEach((w) => w.send({ type: 'reset' } satisfies WsCommand));
      const serverCpuAtStart = cpuMsOf(server.child.pid);
      await sleep(windowS * 1000);
      const reports = await Promise.all(workers.map((w) => reply<WsReport>(w, { type: 'report' }, 'report')));
      const serverCpuAtEnd = cpuMsOf(server.child.pid);
      const histogram = new Histogram();
      reports.forEach((r) => histogram.add(r.delay));
      const firstError = connected.find((c) => c.firstError)?.firstError;
      const result: FanoutResult = {
        clients,
        // Still open at the window's end: a socket the server closed after its handshake is lost too.
        open: reports.reduce((n, r) => n + r.open, 0),
        failed,
        eventsPerSecond: reports.reduce((n, r) => n + r.events, 0) / windowS,
        expectedPerSecond: clients * streams.length,
        p50: histogram.percentile(50),
        p99: histogram.percentile(99),
        max: histogram.max,
        clientLoopDelayP99: Math.max(...reports.map((r) => r.loopDelayP99)),
        clientCpu: reports.map((r) => r.cpuMs / (windowS * 1000)),
        ...(serverCpuAtStart !== undefined && serverCpuAtEnd !== undefined
          ? { serverCpu: (serverCpuAtEnd - serverCpuAtStart) / (windowS * 1000) }
          : {}),
        ...(firstError ? { firstError } : {}),
      };
      results.push(result);
      ctx.log(
        `  ${clients} clients (${result.open} open, ${failed} failed): ${result.eventsPerSecond.toFixed(0)} events/s of ${result.expectedPerSecond} expected, ` +
          `delay p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(0)} ms, client loop delay p99 ${result.clientLoopDelayP99.toFixed(1)} ms, ` +
          `client CPU ${result.clientCpu.map((c) => `${(c * 100).toFixed(0)} %`).join(' + ')}` +
          (result.serverCpu !== undefined ? `, server CPU ${(result.serverCpu * 100).toFixed(1)} %` : '') +
          (firstError ? ` (${firstError})` : ''),
      );
    } finally {
      await Promise.all(
        workers.map((w) => {
          w.send({ type: 'close' } satisfies WsCommand);
          return stopChild(w, 5_000);
        }),
      );
    }
    await sleep(1_000);
  }
  ctx.details[section] = { streams, results };
  return results.flatMap((r) => {
    const lost =
      r.failed > 0 || r.open < r.clients
        ? { note: `${r.clients - r.open} clients failed to connect or were closed` }
        : {};
    return [
      figure({
        section,
        name: `${r.clients} clients: events/s delivered`,
        value: r.eventsPerSecond,
        unit: '/s',
        baseline: { name: 'clients x streams x 1/s', value: r.expectedPerSecond },
        ...lost,
      }),
      figure({
        section,
        name: `${r.clients} clients: p99 tick-to-client`,
        value: r.p99,
        unit: 'ms',
        ...(r.clients === 10_000 ? { target: { kind: 'max' as const, value: P99_TARGET_MS } } : {}),
      }),
    ];
  });
}
