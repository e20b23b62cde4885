/**
 * 7. Workers (docs/performance.md): requests/s of the ticker and the authenticated reads with
 * WEB_CONCURRENCY 1 and 2 side by side, the traders held by each on a finer ramp than the traders
 * section's and their ratio (issue 37: at least 1.7), and the fan-out p99 for 10,000 clients with 2 workers.
 *
 * This machine is shared and its speed moves between runs (the baseline once moved 2x), so the
 * baseline (GET /bench/baseline on the same server) is measured right before and right after each
 * figure, not once per run: the figure's baseline is their mean, and the spread between the two is
 * printed beside it. A figure whose spread is large was taken while the machine's load changed.
 */
import autocannon from 'autocannon';
import { figure, type Figure } from '../lib/report.js';
import { startServer, type ServerProcess } from '../lib/stack.js';
import type { BenchContext } from '../lib/context.js';
import { runFanout } from './fanout.js';
import { tradersRamp } from './traders.js';

const CONNECTIONS = 100;
const BASELINE = '/bench/baseline';
/** The traders ramp of each server (WORKER_TRADER_STEPS overrides): fine enough that a ratio of 1.7 shows. */
const TRADER_STEPS = process.env.WORKER_TRADER_STEPS
  ? process.env.WORKER_TRADER_STEPS.split(',').map(Number)
  : [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 10000];

async function requestsPerSecond(origin: string, path: string, seconds: number, token?: string) {
  const r = await autocannon({
    url: `${origin}${path}`,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { rps: r.requests.average, failed: r.errors + r.timeouts + r.non2xx };
}

/** The baseline before and after, their mean and their spread (|after - before| / mean). */
interface Bracket {
  before: number;
  after: number;
  mean: number;
  spread: number;
}

function bracket(before: number, after: number): Bracket {
  const mean = (before + after) / 2;
  return { before, after, mean, spread: mean > 0 ? Math.abs(after - before) / mean : 0 };
}

const spreadNote = (b: Bracket) =>
  `baseline ${b.before.toFixed(0)} before, ${b.after.toFixed(0)} after: spread ${(b.spread * 100).toFixed(0)} %`;

/** Measures `fn` between two baseline runs on `server`. */
async function bracketed<T>(server: ServerProcess, seconds: number, fn: () => Promise<T>) {
  const before = await requestsPerSecond(server.origin, BASELINE, seconds);
  const value = await fn();
  const after = await requestsPerSecond(server.origin, BASELINE, seconds);
  return { value, baseline: bracket(before.rps, after.rps) };
}

export async function runWorkers(ctx: BenchContext): Promise<Figure[]> {
  const seconds = ctx.quick ? 3 : 6;
  const user = await ctx.tradersWithOpenTrades(10);
  const paths = [
    { name: 'GET /api/v3/ticker/24hr?symbol=BTCUSDT', path: '/api/v3/ticker/24hr?symbol=BTCUSDT' },
    { name: 'GET /api-v1/funding-wallet-list/', path: '/api-v1/funding-wallet-list/', token: user.token },
    { name: 'GET /api-v1/get-active-trades/ (10 open)', path: '/api-v1/get-active-trades/', token: user.token },
  ];
  const figures: Figure[] = [];
  const details: Record<string, unknown>[] = [];
  const held: Record<number, { held: number; heldEveryStep: boolean }> = {};
  for (const workers of [1, 2]) {
    const server = await startServer(ctx.stack, { workers });
    ctx.log(`  WEB_CONCURRENCY=${workers}: primary pid ${server.child.pid} on ${server.origin}`);
    try {
      await requestsPerSecond(server.origin, BASELINE, 1); // JIT and connection pools warm
      for (const p of paths) {
        await requestsPerSecond(server.origin, p.path, 1, p.token);
        const { value, baseline } = await bracketed(server, seconds, () =>
          requestsPerSecond(server.origin, p.path, seconds, p.token),
        );
        ctx.log(`  WEB_CONCURRENCY=${workers} ${p.name}: ${value.rps.toFixed(0)} req/s; ${spreadNote(baseline)}`);
        details.push({ workers, path: p.path, requestsPerSecond: value.rps, failed: value.failed, baseline });
        figures.push(
          figure({
            section: 'workers',
            name: `WEB_CONCURRENCY=${workers} ${p.name} req/s`,
            value: value.rps,
            unit: 'req/s',
            baseline: { name: `baseline, spread ${(baseline.spread * 100).toFixed(0)} %`, value: baseline.mean },
            note: `${value.failed > 0 ? `${value.failed} failed requests; ` : ''}${spreadNote(baseline)}`,
          }),
        );
      }
      const ramp = await tradersRamp(ctx, { server, section: 'workers', steps: TRADER_STEPS });
      held[workers] = ramp;
      figures.push(...ramp.figures.map((f) => ({ ...f, name: `WEB_CONCURRENCY=${workers} ${f.name}` })));
      if (workers === 2) {
        figures.push(
          figure({
            section: 'workers',
            name: 'traders held with WEB_CONCURRENCY=2 against 1, this run',
            value: held[2]?.held ?? 0,
            unit: '',
            baseline: { name: 'WEB_CONCURRENCY=1', value: held[1]?.held ?? 0 },
            target: { kind: 'min', value: 1.7, onRatio: true },
            ...(held[2]?.heldEveryStep
              ? { note: 'two workers held every step of the ramp: the ratio is at least this' }
              : {}),
          }),
        );
        const { value, baseline } = await bracketed(server, seconds, () =>
          runFanout(ctx, { server, clients: [10_000], section: 'workers' }),
        );
        ctx.log(`  WEB_CONCURRENCY=2 fan-out 10,000 clients: ${spreadNote(baseline)}`);
        details.push({ workers, fanoutBaseline: baseline });
        figures.push(
          figure({
            section: 'workers',
            name: `WEB_CONCURRENCY=2 baseline around the fan-out (${baseline.before.toFixed(0)} before, ${baseline.after.toFixed(0)} after, spread ${(baseline.spread * 100).toFixed(0)} %)`,
            value: baseline.mean,
            unit: 'req/s',
          }),
          ...value.map((f) => ({
            ...f,
            name: `WEB_CONCURRENCY=2 ${f.name}`,
            note: [f.note, spreadNote(baseline)].filter(Boolean).join('; '),
          })),
        );
      }
    } finally {
      await server.stop();
    }
  }
  ctx.details.workers = details;
  return figures;
}
