/**
 * The CPU of one market tick's stream work alone (docs/performance.md "The stream's per-tick work"):
 * the real StreamHub and positions publisher (trades/push.ts) with N subscribed traders in combined
 * mode, 15 ticker frames and every mark moving each tick, fake sockets hashing each client's bytes
 * (the digest must not change with an optimisation).
 *   N=1000 TICKS=40 node_modules/.bin/tsx bench/workers/tick-work.ts
 */
import { StreamHub, type StreamClient } from '../../src/server/lib/stream-hub.js';
import { registerPositionsStream } from '../../src/server/modules/trades/push.js';
import type { TradeRow } from '../../src/server/modules/trades/lifecycle.js';
import { MAIN_SYMBOLS } from '../../src/shared/market.js';
import { tradeRow } from '../../tests/helpers/trade-item.js';
import type { Mark } from '../../src/server/modules/trades/marks.js';
import { createHash } from 'node:crypto';

const N = Number(process.env.N ?? 1000);
const TICKS = Number(process.env.TICKS ?? 60);
/** The 15 main coins, as the traders section's traders pick theirs. */
const COINS = MAIN_SYMBOLS.map((symbol) => symbol.replace(/USDT$/, ''));
const hub = new StreamHub();
let now = 1_800_000_000_000;
const tickListeners: (() => void)[] = [];
const ctx: any = {
  streams: hub,
  changes: { listening: () => true, watch: () => () => {} },
  log: { error() {}, warn() {} },
  market: {
    onTick: (l: () => void) => {
      tickListeners.push(l);
      return () => {};
    },
  },
  clock: { now: () => new Date(now) },
};
const rows = new Map<number, TradeRow[]>();
const price: Record<string, number> = Object.fromEntries(COINS.map((c, i) => [c, 100 + i * 37.5]));
const service: any = {
  liveRows: async (u: number) => rows.get(u)!,
  marksOf: async (coins: string[]) =>
    new Map(coins.map((c) => [c, { price: price[c]!.toFixed(8), stale: false } as Mark])),
};
const positions = registerPositionsStream(ctx, service);
let bytes = 0;
const clients: StreamClient[] = [];
const hashes: ReturnType<typeof createHash>[] = [];
for (let u = 1; u <= N; u++) {
  const coin = COINS[u % COINS.length]!;
  rows.set(u, [
    tradeRow({
      id: u,
      userId: u,
      coin,
      tradeType: u % 2 ? 'buy' : 'sell',
      hands: '0.1',
      leverage: 20,
      entryPrice: (price[coin]! * 0.99).toFixed(8),
      margin: '60',
      openFee: '0.3',
      liquidationPrice: '1.5',
    }),
  ]);
  const h = createHash('sha256');
  hashes.push(h);
  const client: StreamClient = {
    combined: true,
    userId: u,
    send(f) {
      bytes += f.length;
      h.update(f);
    },
    sendMany(fs) {
      for (const f of fs) {
        bytes += f.length;
        h.update(f);
      }
    },
  };
  clients.push(client);
  hub.attach(client);
  for (const t of [`${coin.toLowerCase()}usdt@ticker`, `positions@user.${u}`, `lever-wallet@user.${u}`])
    hub.subscribe(client, t, t.startsWith('positions') ? 'user.positions' : 'x');
  hub.sendCurrent(client, [`positions@user.${u}`]);
}
await new Promise((r) => setTimeout(r, 50));
await positions.stream.settled();
async function oneTick(t: number) {
  now += 1000;
  for (const c of COINS) price[c] = price[c]! * (1 + Math.sin(t + c.length) * 0.0007);
  const release = hub.hold();
  const frames = new Map<string, string>();
  for (const c of COINS)
    frames.set(
      `${c.toLowerCase()}usdt@ticker`,
      JSON.stringify({
        e: '24hrTicker',
        E: now,
        s: `${c}USDT`,
        c: price[c]!.toFixed(8),
        o: '1',
        h: '2',
        l: '0.5',
        v: '1000',
        q: '100000',
        P: '1.2',
      }),
    );
  hub.publishMany(frames);
  const release2 = hub.hold();
  await positions.tick();
  release2();
  release();
}
for (let t = 0; t < 5; t++) await oneTick(t);
const before = process.cpuUsage();
const t0 = performance.now();
for (let t = 5; t < 5 + TICKS; t++) await oneTick(t);
const cpu = process.cpuUsage(before);
const us = (cpu.user + cpu.system) / TICKS;
console.log(
  `N=${N} ticks=${TICKS}: ${us.toFixed(0)} us CPU per tick = ${(us / N).toFixed(2)} us per trader-second; wall ${((performance.now() - t0) / TICKS).toFixed(1)} ms/tick; bytes ${bytes}; all digest ${createHash(
    'sha256',
  )
    .update(hashes.map((h) => h.digest('hex')).join())
    .digest('hex')
    .slice(0, 16)}`,
);
positions.stop();
process.exit(0);
