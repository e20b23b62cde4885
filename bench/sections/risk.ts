/**
 * 6. The risk engine (docs/decisions/0019-risk-engine.md): one pass per tick with 100,000 open
 * positions across 15 coins, seeded in bulk with SQL, run in this process against the bench's
 * database exactly as the leader runs it (trades/risk.ts). Figures: p99 of a pass when nothing is
 * crossed (every coin moves a little), p99 of a pass whose tick crosses some positions, and the time
 * from a crossing tick to the first and the last liquidation commit.
 */
import { loadConfig } from '../../src/server/config.js';
import type { AppContext } from '../../src/server/context.js';
import { walkMarks } from '../../src/server/modules/market/index.js';
import type { MarketService, MarkPrice } from '../../src/server/modules/market/types.js';
import { riskPass } from '../../src/server/modules/trades/risk.js';
import { Histogram } from '../lib/histogram.js';
import { figure, type Figure } from '../lib/report.js';
import { createUsers } from '../lib/seed.js';
import type { BenchContext } from '../lib/context.js';

const COINS = ['RA', 'RB', 'RC', 'RD', 'RE', 'RF', 'RG', 'RH', 'RI', 'RJ', 'RK', 'RL', 'RM', 'RN', 'RO'].map(
  (c) => `${c}BENCH`,
);
const POSITIONS = 100_000;

/** Raw prices the bench sets; the walk in front of it, as in the server. */
function benchMarket() {
  const prices = new Map<string, string>(COINS.map((coin) => [coin, '100']));
  const raw = {
    async markPrice(coin: string): Promise<MarkPrice | null> {
      const price = prices.get(coin);
      return price ? { price, stale: false, updatedAt: Date.now() } : null;
    },
    onTick: () => () => undefined,
    async start() {},
    async stop() {},
  } as unknown as MarketService;
  return { prices, market: walkMarks(raw, { follow: false }) };
}

export async function runRisk(ctx: BenchContext): Promise<Figure[]> {
  const db = ctx.stack.db;
  const users = await createUsers(db, ctx.stack.tokens, 1000, 'risk');
  // Longs enter at 95..100 (liquidation at or below ~99.5), shorts at 100..105 (at or above ~100.5):
  // none is crossed at 100. Margin and liquidation price as the trade service computes them.
  const started = performance.now();
  await db.$client.query(
    `insert into trades (user_id, coin, trade_type, hands, leverage, order_type, status, entry_price, margin,
                         open_fee, liquidation_price, opened_at)
     select u.id, c.coin, s.side, 1, l.lev, 'market', 'open', s.entry, round(s.entry / l.lev, 8), 0,
            case when s.side = 'buy' then trunc((s.entry - s.entry / l.lev) / 0.995, 8)
                 else ceil((s.entry + s.entry / l.lev) / 1.005 * 1e8) / 1e8 end,
            now()
     from generate_series(1, $1::int) n
     cross join lateral (select $2::text[] as coins) cs
     cross join lateral (select cs.coins[1 + n % 15] as coin) c
     cross join lateral (select (array[100, 50, 30, 10])[1 + (n / 15) % 4] as lev) l
     cross join lateral (select case when n % 2 = 0 then 'buy' else 'sell' end as side) s0
     cross join lateral (select s0.side,
            round((case when s0.side = 'buy' then 95 + random() * 5 else 100 + random() * 5 end)::numeric, 8) as entry) s
     cross join lateral (select ($3::bigint[])[1 + n % array_length($3::bigint[], 1)] as id) u`,
    [POSITIONS, COINS, users.map((u) => u.id)],
  );
  await db.$client.query('analyze trades');
  ctx.log(`  seeded ${POSITIONS} open positions in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const { prices, market } = benchMarket();
  const commits: number[] = [];
  const riskCtx = {
    db,
    market,
    clock: { now: () => new Date() },
    config: loadConfig(
      { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: ctx.stack.dataDir },
      { dataDir: ctx.stack.dataDir },
    ),
    // Called after each action's commit: the moment a liquidation is final.
    changes: { forget: () => void commits.push(performance.now()) },
  } as unknown as Pick<AppContext, 'db' | 'market' | 'clock' | 'changes' | 'config'>;
  await riskPass(riskCtx, true); // the first sight of each coin (checks everything at 100)

  // Ticks where every coin moves a little (+-0.1 %): nothing is crossed.
  const quiet = new Histogram();
  const ticks = ctx.quick ? 100 : 300;
  for (let i = 0; i < ticks; i++) {
    for (const coin of COINS) prices.set(coin, (100 + (Math.random() - 0.5) * 0.2).toFixed(4));
    const t0 = performance.now();
    const report = await riskPass(riskCtx, true);
    quiet.record(performance.now() - t0);
    if (report.liquidated) throw new Error('a quiet tick crossed a position');
  }

  // Ticks that cross: one coin at a time drops to 99.45, crossing the 100x longs entered near 100.
  const crossing = new Histogram();
  const first = new Histogram();
  const last = new Histogram();
  let liquidated = 0;
  for (const coin of COINS) {
    for (const other of COINS) prices.set(other, '100');
    await riskPass(riskCtx, true);
    prices.set(coin, '99.45');
    commits.length = 0;
    const t0 = performance.now();
    const report = await riskPass(riskCtx, true);
    crossing.record(performance.now() - t0);
    liquidated += report.liquidated;
    if (commits.length) {
      first.record(commits[0]! - t0);
      last.record(commits.at(-1)! - t0);
    }
  }
  ctx.details.risk = {
    positions: POSITIONS,
    quietTicks: ticks,
    quiet: { p50: quiet.percentile(50), p99: quiet.percentile(99) },
    crossingTicks: COINS.length,
    liquidatedPerCrossingTick: liquidated / COINS.length,
    crossing: { p50: crossing.percentile(50), p99: crossing.percentile(99) },
    firstCommit: { p50: first.percentile(50), p99: first.percentile(99) },
    lastCommit: { p50: last.percentile(50), p99: last.percentile(99) },
  };
  ctx.log(`  ${JSON.stringify(ctx.details.risk)}`);
  // The seeded positions end here, so later sections and the ledger check see only their own work.
  await db.$client.query(
    `delete from trade_price_history where trade_id in (select id from trades where coin = any($1::text[]))`,
    [COINS],
  );
  await db.$client.query(`delete from trades where coin = any($1::text[])`, [COINS]);

  const note = `${POSITIONS} open positions, 15 coins`;
  return [
    figure({
      section: 'risk',
      name: 'risk pass per tick, nothing crossed, p99',
      value: quiet.percentile(99),
      unit: 'ms',
      target: { kind: 'max', value: 10 },
      note,
    }),
    figure({
      section: 'risk',
      name: 'risk pass per tick that crosses, p99',
      value: crossing.percentile(99),
      unit: 'ms',
      // The issue's 10 ms is for the pass per tick; a crossing tick's time is its liquidations' commits,
      // reported as the time from the tick to the last commit.
      note: `${(liquidated / COINS.length).toFixed(0)} liquidations per crossing tick, each its own transaction`,
    }),
    figure({
      section: 'risk',
      name: 'crossing tick to first liquidation commit, p99',
      value: first.percentile(99),
      unit: 'ms',
    }),
    figure({
      section: 'risk',
      name: 'crossing tick to last liquidation commit, p99',
      value: last.percentile(99),
      unit: 'ms',
    }),
  ];
}
