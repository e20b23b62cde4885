/**
 * The hedge property (docs/decisions/0019-risk-engine.md): random hedged pairs (a long and a
 * short of equal size, in one account or in two; BTC, ETH, or USDO at 1X; random leverage) through
 * random price paths with small moves and jumps (up to 30 % for market coins, staff USDO changes up
 * to +-50 %), the risk engine run after each price change, and random closes. While both legs are
 * open, and at the moment the first leg ends, the pair's total (lever balances + margin + P/L at the
 * mark of its open legs) never exceeds what it started with. Every posting sums to zero; no
 * customer balance is negative.
 *
 * A fixed seed by default, so a run is repeatable; HEDGE_SEED=<n> or HEDGE_SEED=random explores
 * (a failure names the seed). HEDGE_MARK_STEP=10 turns the walk off (one step to any price), which
 * this test must then fail: it did, with the pair gaining on the first jump past a liquidation.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTradeJobsOnce } from '../../../src/server/modules/trades/jobs.js';
import type { TradeItem } from '../../../src/shared/api/trade.js';
import { leverageOptionsOf } from '../../../src/shared/constants.js';
import { dec, tradeProfitLoss, type Dec } from '../../../src/shared/money.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { balanceOf, expectLedgerBalanced, staff } from '../../helpers/money.js';
import { closeTrade, leverTrader, openTrade } from '../../helpers/trades.js';
import { call, type TestUser } from '../../helpers/users.js';
import { createWalkedMarket, type WalkedFake } from '../../helpers/walked-market.js';
import { trades } from '../../../src/server/modules/trades/schema.js';

const SEED = process.env.HEDGE_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.HEDGE_SEED ?? 20_261_124);
const PAIRS = Number(process.env.HEDGE_PAIRS ?? 14);
const MOVES = 8;

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let walked: WalkedFake;
/** Every mark the walk showed, in order (to find the mark at which a leg was liquidated). */
let shown: { coin: string; mark: string }[] = [];

beforeAll(async () => {
  walked = createWalkedMarket({ USDT: '1', BTC: '60000', ETH: '3000' });
  t = await createTestApp({ market: walked.market, tradingRates: 'default' });
  walked.bind(t.db);
  if (process.env.HEDGE_MARK_STEP) walked.market.walk.step = process.env.HEDGE_MARK_STEP;
  const commit = walked.market.walk.commit.bind(walked.market.walk);
  walked.market.walk.commit = (coin, to) => {
    shown.push({ coin, mark: to });
    commit(coin, to);
  };
  await runTradeJobsOnce(t.ctx);
});
afterAll(() => t.close());

const mark = async (coin: string) => (await t.ctx.market.markPrice(coin))!.price;
const row = async (id: number) => (await t.db.select().from(trades).where(eq(trades.id, id)))[0]!;

interface Leg {
  id: number;
  user: TestUser;
  side: 'buy' | 'sell';
}

/** Lever USDT of the pair's accounts, each counted once. */
async function balances(legs: Leg[]): Promise<Dec> {
  let sum = dec(0);
  for (const user of new Set(legs.map((l) => l.user))) sum = sum.plus(await balanceOf(t, user, 'lever', 'USDT'));
  return sum;
}

/** Balances + margin + P/L at `at` of the legs still open. */
async function pairTotal(legs: Leg[], at: string): Promise<Dec> {
  let total = await balances(legs);
  for (const leg of legs) {
    const r = await row(leg.id);
    if (r.status === 'open') total = total.plus(r.margin).plus(tradeProfitLoss(leg.side, r.hands, r.entryPrice!, at));
  }
  return total;
}

describe(`hedged pairs never gain from a price path (HEDGE_SEED=${SEED})`, () => {
  it('holds for every pair, move and jump', { timeout: 600_000 }, async () => {
    const random = prng(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const admin = await staff(t);
    const setUsdo = async (price: string) => {
      const res = await call(t, 'PUT', '/api-v3/admin/settings/', {
        token: admin.token,
        body: { usdo_price: { price } },
      });
      // Refused beyond the range allowed now (docs/decisions/0049-usdo-price-window.md): the price stays.
      expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 400) expect(res.body.fields.usdo_price, JSON.stringify(res.body)).toEqual(expect.any(String));
      return res.status === 200;
    };
    const seen = { jumps: 0, liquidations: 0, usdoChanges: 0, closes: 0 };

    for (let pair = 0; pair < PAIRS; pair++) {
      const coin = pick(['BTC', 'ETH', 'USDO'] as const);
      const leverage = pick(leverageOptionsOf(coin));
      const oneAccount = random() < 0.5;
      const a = await leverTrader(t, '20000');
      const b = oneAccount ? a : await leverTrader(t, '20000');
      const price = await mark(coin);
      // A notional of 200 to 2000 USDT.
      const hands = dec(200 + Math.floor(random() * 1800))
        .div(price)
        .toDecimalPlaces(4)
        .toFixed();
      const legsBefore = [
        { user: a, side: 'buy' as const },
        { user: b, side: 'sell' as const },
      ];
      const start = await balances(legsBefore.map((l) => ({ ...l, id: 0 })));
      const legs: Leg[] = [];
      for (const { user, side } of legsBefore) {
        const res = await openTrade(t, user, { coin, trade_type: side, hands, leverage, starting_price: price });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        legs.push({ id: (res.body.trade as TradeItem).trade_id, user, side });
      }
      const context = `seed ${SEED}, pair ${pair}: ${coin} ${leverage}X ${hands} ${oneAccount ? 'one account' : 'two accounts'}`;

      for (let move = 0; move < MOVES; move++) {
        const before = await mark(coin);
        shown = [];
        if (coin === 'USDO') {
          // A staff change of up to +-50 % of the current price.
          const change = (random() * 2 - 1) * 0.5;
          const accepted = await setUsdo(
            dec(before)
              .times(1 + change)
              .toDecimalPlaces(8)
              .toFixed(),
          );
          if (accepted) seen.usdoChanges++;
        } else {
          const jump = random() < 0.35;
          const change = jump ? (random() * 2 - 1) * 0.3 : (random() * 2 - 1) * 0.01;
          if (jump) seen.jumps++;
          walked.feed.set(
            coin,
            dec(before)
              .times(1 + change)
              .toDecimalPlaces(2)
              .toFixed(),
          );
        }
        await runTradeJobsOnce(t.ctx);
        const now = await mark(coin);
        const statuses = await Promise.all(legs.map(async (l) => (await row(l.id)).status));
        const open = statuses.filter((s) => s === 'open').length;
        if (open === 2) {
          expect(dec(await pairTotal(legs, now)).lte(start), `${context}, move ${move}: both open`).toBe(true);
        } else {
          // The first leg ended in this move's walk: the pair at the mark where it was liquidated.
          const ended = legs.find((_, i) => statuses[i] === 'liquidated')!;
          const ended2 = await row(ended.id);
          const crossing = shown.find(
            (s) =>
              s.coin === coin &&
              (ended.side === 'buy'
                ? dec(s.mark).lte(ended2.liquidationPrice!)
                : dec(s.mark).gte(ended2.liquidationPrice!)),
          )!.mark;
          seen.liquidations++;
          expect(dec(await pairTotal(legs, crossing)).lte(start), `${context}, move ${move}: first leg ended`).toBe(
            true,
          );
          break;
        }
        if (random() < 0.12) {
          // A user closes one leg: at that moment the pair holds at most what it started with.
          const leg = pick(legs);
          const res = await closeTrade(t, leg.user, leg.id, now);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          seen.closes++;
          expect(dec(await pairTotal(legs, now)).lte(start), `${context}, move ${move}: a leg closed`).toBe(true);
          break;
        }
      }
      // The rest of the pair is closed at the mark.
      for (const leg of legs) {
        if ((await row(leg.id)).status === 'open') {
          const res = await closeTrade(t, leg.user, leg.id, await mark(coin));
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
      }
    }

    await expectLedgerBalanced(t);
    const { rows } = await t.db.execute<{ n: string }>(
      sql`select count(*) as n from accounts where user_id is not null and balance < 0`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    // The paths really had what the property is about.
    expect(seen.jumps).toBeGreaterThan(3);
    expect(seen.liquidations).toBeGreaterThan(1);
    expect(seen.usdoChanges).toBeGreaterThan(3);
  });
});
