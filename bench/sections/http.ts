/**
 * 1. HTTP hot paths with autocannon: 100 connections, no pipelining, against the server child.
 * Two baselines: GET /bench/baseline in the same process (same plugins and hooks, no work), and a
 * bare Fastify route in a separate process of one worker (bench/workers/bare-fastify.ts), measured
 * before and after the paths; the issue-37 targets are ratios to the mean of the two.
 */
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { spawnNode, stopChild } from '../lib/processes.js';
import { figure, type Figure } from '../lib/report.js';
import type { BenchContext } from '../lib/context.js';

const CONNECTIONS = 100;

interface PathResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
}

async function hammer(origin: string, path: string, seconds: number, token?: string): Promise<autocannon.Result> {
  return autocannon({
    url: `${origin}${path}`,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Starts the bare Fastify process; resolves with it and its origin once it listens. */
async function startBare(): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawnNode(['bench/workers/bare-fastify.ts'], { ipc: true });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', () => reject(new Error('the bare Fastify process exited while starting')));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** Ratios to the bare process (issue 37). */
const BARE_TARGETS: Record<string, number> = {
  '/api/v3/ticker/24hr?symbol=BTCUSDT': 0.7,
  '/api-v1/funding-wallet-list/': 0.35,
  '/api-v1/get-active-trades/': 0.35,
};

export async function runHttp(ctx: BenchContext): Promise<Figure[]> {
  const { origin } = ctx.server;
  const seconds = ctx.quick ? 3 : 10;
  const warm = ctx.quick ? 1 : 2;
  const user = await ctx.tradersWithOpenTrades(10);

  /** One path hammered (after a warm-up for the JIT and the pools), its figures logged. */
  async function measure(p: { name: string; path: string; token?: string; origin?: string }): Promise<PathResult> {
    await hammer(p.origin ?? origin, p.path, warm, p.token);
    const r = await hammer(p.origin ?? origin, p.path, seconds, p.token);
    const result: PathResult = {
      name: p.name,
      path: p.path,
      requestsPerSecond: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      bytesPerRequest: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
    };
    ctx.log(
      `  ${p.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `${result.errors} errors, ${result.non2xx} non-2xx, ${result.bytesPerRequest.toFixed(0)} B/response`,
    );
    return result;
  }

  /** The bare process started, measured and stopped (its CPU back to the server). */
  async function measureBare(when: string): Promise<PathResult> {
    const bare = await startBare();
    try {
      return await measure({ name: `bare Fastify process GET /bare, ${when}`, path: '/bare', origin: bare.origin });
    } finally {
      await stopChild(bare.child, 5_000);
    }
  }

  const paths: { name: string; path: string; token?: string }[] = [
    { name: 'baseline GET /bench/baseline', path: '/bench/baseline' },
    { name: 'GET /api/v3/ticker/24hr?symbol=BTCUSDT', path: '/api/v3/ticker/24hr?symbol=BTCUSDT' },
    { name: 'GET /api/v3/ticker/24hr (all)', path: '/api/v3/ticker/24hr' },
    { name: 'GET /api-v1/funding-wallet-list/', path: '/api-v1/funding-wallet-list/', token: user.token },
    { name: 'GET /api-v1/get-active-trades/ (10 open)', path: '/api-v1/get-active-trades/', token: user.token },
  ];
  // BENCH_HTTP_PATHS=active runs the baselines and the paths whose name holds the text (a profile of one).
  const only = process.env.BENCH_HTTP_PATHS;
  // The bare process before and after the paths: on two shared cores it moved 36,000-48,000 req/s from
  // one run to the next, so the ratios use the mean of the two (docs/performance.md, session 21).
  const bareBefore = await measureBare('before the paths');
  const results: PathResult[] = [];
  for (const p of paths.filter((p, i) => i === 0 || !only || p.name.includes(only))) results.push(await measure(p));
  const bareAfter = await measureBare('after the paths');
  const bareMean = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2;
  const bareNote = `bare ${bareBefore.requestsPerSecond.toFixed(0)} before the paths, ${bareAfter.requestsPerSecond.toFixed(0)} after: spread ${((Math.abs(bareAfter.requestsPerSecond - bareBefore.requestsPerSecond) / bareMean) * 100).toFixed(0)} %`;
  ctx.log(`  ${bareNote}`);
  ctx.details.http = { bareBefore, paths: results, bareAfter };

  const bareBaseline = { name: 'bare Fastify, mean of before and after', value: bareMean };
  const base = results[0]!;
  const baseline = { name: 'baseline', value: base.requestsPerSecond };
  const figures: Figure[] = [
    figure({
      section: 'http',
      name: 'bare Fastify process req/s (mean of before and after the paths)',
      value: bareMean,
      unit: 'req/s',
      note: bareNote,
    }),
    figure({ section: 'http', name: 'baseline req/s', value: base.requestsPerSecond, unit: 'req/s' }),
    figure({ section: 'http', name: 'baseline p99', value: base.p99, unit: 'ms' }),
  ];
  const targets: Record<string, { ratio: number; p99?: number }> = {
    '/api/v3/ticker/24hr?symbol=BTCUSDT': { ratio: 0.7 },
    '/api/v3/ticker/24hr': { ratio: 0.7 },
    '/api-v1/funding-wallet-list/': { ratio: 0.35, p99: 25 },
    '/api-v1/get-active-trades/': { ratio: 0.35, p99: 25 },
  };
  for (const r of results.slice(1)) {
    const t = targets[r.path]!;
    const failed = r.errors + r.non2xx;
    const bareTarget = BARE_TARGETS[r.path];
    figures.push(
      figure({
        section: 'http',
        name: `${r.name} req/s, beside the bare process`,
        value: r.requestsPerSecond,
        unit: 'req/s',
        baseline: bareBaseline,
        ...(bareTarget ? { target: { kind: 'min' as const, value: bareTarget, onRatio: true } } : {}),
        ...(failed > 0 ? { note: `${failed} failed requests` } : {}),
      }),
      figure({
        section: 'http',
        name: `${r.name} req/s`,
        value: r.requestsPerSecond,
        unit: 'req/s',
        baseline,
        target: { kind: 'min', value: t.ratio, onRatio: true },
        ...(failed > 0 ? { note: `${failed} failed requests` } : {}),
      }),
      ...(['p50', 'p99'] as const).map((q) =>
        figure({
          section: 'http',
          name: `${r.name} ${q}`,
          value: r[q],
          unit: 'ms',
          baseline: { name: 'baseline', value: base[q] },
          ...(q === 'p99' && t.p99 ? { target: { kind: 'max' as const, value: t.p99 } } : {}),
        }),
      ),
    );
  }
  return figures;
}
