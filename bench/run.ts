/**
 * `npm run bench`: measures the hot paths, trader capacity, money throughput, price fan-out and
 * the web app, each beside a baseline from the same run, and prints every figure with its target.
 * Writes bench/results/latest.json. Loopback only; every loop is bounded in time.
 *
 *   npm run bench                         everything (about 6-8 minutes on 2 cores)
 *   npm run bench -- --quick              shorter windows, for development
 *   npm run bench -- --only=http,money    some sections (http, traders, money, fanout, web, risk, workers)
 *   npm run bench -- --only=http --profile   also a CPU profile of the server, summarised
 *   npm run bench -- --only=traders --trace  also a line a second of CPU shares, pool and PostgreSQL waits
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpConnection } from './lib/http-client.js';
import { summariseProfiles } from './lib/profile.js';
import { startTrace } from './lib/trace.js';
import { formatTable, type Figure } from './lib/report.js';
import { createUsers, grant } from './lib/seed.js';
import type { BenchContext } from './lib/context.js';
import { startServer, startStack, type ServerProcess } from './lib/stack.js';
import { runFanout } from './sections/fanout.js';
import { runHttp } from './sections/http.js';
import { runMoney } from './sections/money.js';
import { runRisk } from './sections/risk.js';
import { runTraders } from './sections/traders.js';
import { runWorkers } from './sections/workers.js';
import { buildWeb, runWeb } from './sections/web.js';

const SECTIONS = ['http', 'traders', 'money', 'fanout', 'web', 'risk', 'workers'] as const;
type Section = (typeof SECTIONS)[number];

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const profile = argv.includes('--profile');
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const sections = only
    ? only.split(',').filter((s): s is Section => (SECTIONS as readonly string[]).includes(s))
    : [...SECTIONS];
  if (only && sections.length === 0) throw new Error(`--only takes some of: ${SECTIONS.join(', ')}`);
  return { quick, profile, sections, skipBuild: argv.includes('--skip-build'), trace: argv.includes('--trace') };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
  log(
    `bench ${args.quick ? '(quick) ' : ''}sections: ${args.sections.join(', ')} on ${os.cpus().length} cores, Node ${process.version}`,
  );

  // The web build first: its sizes are a figure, and the server serves it for Lighthouse.
  if (args.sections.includes('web') && !args.skipBuild) await buildWeb(log);

  const stack = await startStack(log);
  const profileDir = args.profile ? mkdtempSync(path.join(os.tmpdir(), 'coinfront-profile-')) : undefined;
  let server: ServerProcess | undefined;
  const figures: Figure[] = [];
  const details: Record<string, unknown> = {};
  try {
    // BENCH_WORKERS: the server's WEB_CONCURRENCY for every section (the traders section then counts the
    // CPU of the primary and its workers); the workers section starts its own servers.
    const workers = Number(process.env.BENCH_WORKERS ?? 1);
    server = await startServer(stack, { workers, ...(profileDir ? { cpuProfDir: profileDir } : {}) });
    log(`server pid ${server.child.pid} on ${server.origin}`);
    const running = server;
    const stopTrace = args.trace
      ? startTrace({ db: stack.db, host: running.host, port: running.port, pid: running.child.pid!, log })
      : undefined;
    const api = new HttpConnection(running.host, running.port);
    const lastPrice = async (symbol: string) => {
      const res = await api.request('GET', `/api/v3/ticker/price?symbol=${symbol}`, { keepBody: true });
      return (JSON.parse(res.body.toString()) as { price: string }).price;
    };
    const ctx: BenchContext = {
      quick: args.quick,
      stack,
      server: running,
      log,
      details,
      lastPrice,
      async tradersWithOpenTrades(count) {
        const [user] = await createUsers(stack.db, stack.tokens, 1, 'http');
        await grant(stack.db, [user!.id], 'funding', 'USDT', '100000');
        await grant(stack.db, [user!.id], 'funding', 'BTC', '1.5');
        await grant(stack.db, [user!.id], 'lever', 'USDT', '1000000');
        for (let i = 0; i < count; i++) {
          const body = JSON.stringify({
            trade_type: i % 2 ? 'sell' : 'buy',
            starting_price: await lastPrice('BTCUSDT'),
            coin: 'BTC',
            hands: '0.01',
            leverage: 10,
          });
          const res = await api.request('POST', '/api-v1/trade-creation/', {
            headers: { authorization: `Bearer ${user!.token}` },
            body,
            keepBody: true,
          });
          if (res.status !== 201) throw new Error(`trade-creation: ${res.status} ${res.body.toString()}`);
        }
        return user!;
      },
    };
    const runners: Record<Section, (c: BenchContext) => Promise<Figure[]>> = {
      http: runHttp,
      traders: runTraders,
      money: runMoney,
      fanout: runFanout,
      web: runWeb,
      risk: runRisk,
      workers: runWorkers,
    };
    for (const section of args.sections) {
      log(`section ${section}`);
      const sectionStart = Date.now();
      figures.push(...(await runners[section](ctx)));
      details[`${section}Seconds`] = Math.round((Date.now() - sectionStart) / 1000);
    }
    api.close();
    stopTrace?.();
  } finally {
    await server?.stop();
    await stack.stop();
  }

  if (profileDir) {
    const summary = summariseProfiles(profileDir);
    details.profile = summary.json;
    console.log(`\nCPU profile of the server (${profileDir}):\n${summary.text}`);
  }

  const result = {
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    quick: args.quick,
    sections: args.sections,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    figures,
    details,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${formatTable(figures)}\n`);
  const missed = figures.filter((f) => f.met === false).length;
  console.log(
    `${figures.filter((f) => f.met).length} targets met, ${missed} missed; ${result.seconds} s; written to bench/results/latest.json`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
