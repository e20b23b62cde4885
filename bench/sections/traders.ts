/**
 * 2. Trader capacity: simulated lever-screen traders (bench/workers/traders.ts, in child processes)
 * added in steps until the p99 of their requests passes 50 ms or a request fails; the figure is
 * the largest step held. Each trader has its own user with one open trade.
 */
import type { ChildProcess } from 'node:child_process';
import { Histogram } from '../lib/histogram.js';
import { sleep, spawnNode, stopChild } from '../lib/processes.js';
import { figure, type Figure } from '../lib/report.js';
import { createUsers, openSeedTrades } from '../lib/seed.js';
import type { BenchContext } from '../run.js';
import type { TraderCommand, TraderReport } from '../workers/traders.js';

const P99_LIMIT_MS = 50;
const STEPS = [100, 250, 500, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 10000];
/** Load-generator processes; traders are dealt out round-robin. */
const WORKERS = 2;
/** The 15 main coins of docs/product.md (coin list poll, and each trader's selected coin). */
const MAIN_COINS = [
  'BTC',
  'ETH',
  'BNB',
  'XRP',
  'SOL',
  'ADA',
  'DOGE',
  'TRX',
  'DOT',
  'LTC',
  'LINK',
  'AVAX',
  'MATIC',
  'SHIB',
  'UNI',
];

interface StepResult {
  traders: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  skipped: number;
  firstError?: string;
  generatorLoopDelayP99: number;
  held: boolean;
}

function ask(worker: ChildProcess): Promise<TraderReport> {
  return new Promise((resolve) => {
    worker.once('message', (m: TraderReport) => resolve(m));
    worker.send({ type: 'report' } satisfies TraderCommand);
  });
}

export async function runTraders(ctx: BenchContext): Promise<Figure[]> {
  const windowS = ctx.quick ? 4 : 10;
  const settleS = ctx.quick ? 2 : 4;
  const { host, port } = ctx.server;

  // Only coins the market quotes in USDT.
  const known = await Promise.all(
    MAIN_COINS.map(async (c) => ((await ctx.lastPrice(`${c}USDT`).catch(() => null)) ? c : null)),
  );
  const coins = known.filter((c): c is string => c !== null);
  const symbols = coins.map((c) => `"${c}USDT"`).join(',');
  const coinListPath = `/api/v3/ticker/24hr?symbols=${encodeURIComponent(`[${symbols}]`)}`;
  const pricePaths = coins.map((c) => `/api/v3/ticker/24hr?symbol=${c}USDT`);

  const workers = Array.from({ length: WORKERS }, () => spawnNode(['bench/workers/traders.ts'], { ipc: true }));
  for (const w of workers) w.send({ type: 'setup', host, port, coinListPath, pricePaths } satisfies TraderCommand);

  const results: StepResult[] = [];
  let traders = 0;
  try {
    for (const target of STEPS) {
      const users = await createUsers(ctx.stack.db, ctx.stack.tokens, target - traders, 'trader');
      await openSeedTrades(
        ctx.stack.db,
        users.map((u) => u.id),
        { coin: 'BTC', hands: '0.001', entryPrice: await ctx.lastPrice('BTCUSDT'), leverUsdt: '10000' },
      );
      workers.forEach((w, i) =>
        w.send({
          type: 'add',
          tokens: users.filter((_, j) => j % WORKERS === i).map((u) => u.token),
        } satisfies TraderCommand),
      );
      traders = target;
      // New traders start within their longest poll interval (10 s); let the first requests land.
      await sleep(settleS * 1000);
      workers.forEach((w) => w.send({ type: 'reset' } satisfies TraderCommand));
      await sleep(windowS * 1000);
      const reports = await Promise.all(workers.map(ask));
      const histogram = new Histogram();
      reports.forEach((r) => histogram.add(r.latency));
      const errors = reports.reduce((n, r) => n + r.errors, 0);
      const firstError = reports.find((r) => r.firstError)?.firstError;
      const step: StepResult = {
        traders,
        requestsPerSecond: reports.reduce((n, r) => n + r.requests, 0) / windowS,
        p50: histogram.percentile(50),
        p99: histogram.percentile(99),
        errors,
        skipped: reports.reduce((n, r) => n + r.skipped, 0),
        ...(firstError ? { firstError } : {}),
        generatorLoopDelayP99: Math.max(...reports.map((r) => r.loopDelayP99)),
        held: false,
      };
      step.held = step.p99 <= P99_LIMIT_MS && errors === 0;
      results.push(step);
      ctx.log(
        `  ${traders} traders: ${step.requestsPerSecond.toFixed(0)} req/s, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, ` +
          `${errors} errors, ${step.skipped} polls skipped (still in flight), generator loop delay p99 ${step.generatorLoopDelayP99.toFixed(1)} ms` +
          (firstError ? ` (${firstError})` : ''),
      );
      if (!step.held) break;
    }
  } finally {
    await Promise.all(
      workers.map((w) => {
        w.send({ type: 'stop' } satisfies TraderCommand);
        return stopChild(w, 5_000);
      }),
    );
  }
  ctx.details.traders = results;
  const held = [...results].reverse().find((r) => r.held);
  const heldCount = held?.traders ?? 0;
  const note = results.at(-1)?.held ? `every step up to ${heldCount} held (the ramp's end)` : undefined;
  return [
    figure({
      section: 'traders',
      name: 'simulated traders held (p99 <= 50 ms, no errors)',
      value: heldCount,
      unit: '',
      target: { kind: 'min', value: 5000 },
      ...(note ? { note } : {}),
    }),
    figure({
      section: 'traders',
      name: 'their requests/s at that step',
      value: held?.requestsPerSecond ?? 0,
      unit: 'req/s',
    }),
    figure({ section: 'traders', name: 'their p99 at that step', value: held?.p99 ?? null, unit: 'ms' }),
  ];
}
