/**
 * The per-tick risk engine and the walked mark (docs/architecture.md section 5, docs/decisions/0019),
 * at the real rates (0.05 % fee, 0.5 % maintenance margin): liquidation on the tick that crosses, at
 * the shown price; a 25 % jump walked in steps of at most MARK_STEP with every crossed position
 * liquidated while its equity was still >= 0; fills and liquidations in price order; nothing on a
 * stale price; two engines on one database never act twice; the USDO change bound and no USDO opens
 * while its mark walks.
 */
import pino from 'pino';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createContext } from '../../src/server/bootstrap.js';
import { connect } from '../../src/server/db/database.js';
import { accounts, ledgerEntries } from '../../src/server/db/schema.js';
import { trades } from '../../src/server/modules/trades/schema.js';
import { MARK_STEP } from '../../src/server/modules/market/index.js';
import { runTradeJobsOnce, startTradeJobs } from '../../src/server/modules/trades/jobs.js';
import { ADMIN_MSG } from '../../src/shared/api/admin.js';
import { TRADE_MSG } from '../../src/shared/api/trade.js';
import { dec, tradeProfitLoss } from '../../src/shared/money.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced, staff } from '../helpers/money.js';
import {
  activeTradesOf,
  closeTrade,
  finishAllTrades,
  leverTrader,
  openTrade,
  openedTradeId,
} from '../helpers/trades.js';
import { call } from '../helpers/users.js';
import { createWalkedMarket, type WalkedFake } from '../helpers/walked-market.js';

let t: TestApp;
let walked: WalkedFake;
/** Every mark the walk showed, in order. */
let shown: { coin: string; mark: string }[] = [];

beforeAll(async () => {
  walked = createWalkedMarket();
  t = await createTestApp({ market: walked.market, tradingRates: 'default' });
  walked.bind(t.db);
  const commit = walked.market.walk.commit.bind(walked.market.walk);
  walked.market.walk.commit = (coin, to) => {
    shown.push({ coin, mark: to });
    commit(coin, to);
  };
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerBalanced(t);
  await finishAllTrades(t);
  walked.market.walk.step = MARK_STEP;
  walked.feed.set('BTC', '60000');
  await runTradeJobsOnce(t.ctx);
  shown = [];
});

const tradeRow = async (id: number) => (await t.db.select().from(trades).where(eq(trades.id, id)))[0]!;

/** The posting of each liquidation to the insurance fund, in the order they were made. */
async function insurancePostings() {
  const rows = await t.db
    .select({ tradeId: ledgerEntries.refId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(
      and(isNull(accounts.userId), eq(accounts.wallet, 'insurance'), eq(ledgerEntries.reason, 'trade_liquidation')),
    )
    .orderBy(asc(ledgerEntries.id));
  return rows.map((r) => ({ tradeId: Number(r.tradeId), amount: r.amount }));
}

/** The first mark shown at or beyond `price` in the direction of the move: where the engine acted. */
function markThatCrossed(price: string, falling: boolean): string {
  const hit = shown.find((s) => s.coin === 'BTC' && (falling ? dec(s.mark).lte(price) : dec(s.mark).gte(price)));
  if (!hit) throw new Error(`no mark crossed ${price}`);
  return hit.mark;
}

describe('the per-tick engine', () => {
  it('liquidates on the tick that crosses, at the liquidation price the position showed', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user); // 0.1 BTC long at 60000, 100x: margin 60
    const [shownTrade] = await activeTradesOf(t, user);
    const liquidation = shownTrade!.liquidation_price!;
    expect(dec(liquidation).lt(60000)).toBe(true);

    const engine = startTradeJobs({ ...t.ctx, log: pino({ level: 'silent' }) }, 60_000);
    try {
      walked.feed.set('BTC', dec(liquidation).plus('0.01').toFixed()); // a tick just above: nothing
      await vi.waitFor(async () => expect((await t.ctx.market.markPrice('BTC'))!.walking).toBe(false));
      expect((await tradeRow(id)).status).toBe('open');

      walked.feed.set('BTC', liquidation); // the tick that reaches it
      await vi.waitFor(async () => expect((await tradeRow(id)).status).toBe('liquidated'), { timeout: 5_000 });
    } finally {
      await engine.stop();
    }
    expect(await tradeRow(id)).toMatchObject({ closePrice: liquidation, profitLoss: '-60' });
    // The insurance fund got the maintenance margin left at that price, never less than nothing.
    const [posting] = (await insurancePostings()).filter((p) => p.tradeId === id);
    expect(posting!.amount).toBe(
      dec(60)
        .plus(tradeProfitLoss('buy', '0.1', '60000', liquidation))
        .toFixed(),
    );
    expect(dec(posting!.amount).gt(0)).toBe(true);
  });

  it('walks a 25 % jump in steps of at most MARK_STEP and liquidates every crossed position with equity >= 0', async () => {
    const user = await leverTrader(t, '100000');
    const longs: { id: number; leverage: number }[] = [];
    for (const leverage of [100, 50, 30, 10]) longs.push({ id: await openedTradeId(t, user, { leverage }), leverage });
    const short = await openedTradeId(t, user, { trade_type: 'sell', leverage: 10 });

    walked.feed.set('BTC', '45000');
    const report = await runTradeJobsOnce(t.ctx);
    expect(report).toMatchObject({ ran: true, liquidated: 4, waiting: [] });
    const mark = await t.ctx.market.markPrice('BTC');
    expect(mark).toMatchObject({ price: '45000', walking: false });

    // Every shown mark is within MARK_STEP of the one before it.
    const marks = ['60000', ...shown.filter((s) => s.coin === 'BTC').map((s) => s.mark)];
    expect(marks.length).toBeGreaterThan(100);
    for (let i = 1; i < marks.length; i++)
      expect(
        dec(marks[i - 1]!)
          .minus(marks[i]!)
          .abs()
          .lte(dec(marks[i - 1]!).times(MARK_STEP)),
      ).toBe(true);

    for (const { id } of longs) {
      const row = await tradeRow(id);
      expect(row.status).toBe('liquidated');
      // At the mark where the engine liquidated it, its equity was still >= 0: no loss was truncated.
      const at = markThatCrossed(row.liquidationPrice!, true);
      expect(
        dec(row.margin)
          .plus(tradeProfitLoss('buy', row.hands, row.entryPrice!, at))
          .gte(0),
      ).toBe(true);
    }
    const postings = await insurancePostings();
    for (const { id } of longs) expect(dec(postings.find((p) => p.tradeId === id)!.amount).gte(0)).toBe(true);
    expect((await tradeRow(short)).status).toBe('open');
  });

  it('fills and liquidates in the order the mark meets their prices', async () => {
    const user = await leverTrader(t, '100000');
    // Longs at 100x/50x/30x (liquidation near 59700, 59100, 58300) and buy limits in between.
    const a = await openedTradeId(t, user, { leverage: 100 });
    const fill1 = (await openTrade(t, user, { order_type: 'limit', limit_price: '59500', leverage: 10 })).body.trade
      .trade_id;
    const b = await openedTradeId(t, user, { leverage: 50 });
    const fill2 = (await openTrade(t, user, { order_type: 'limit', limit_price: '58800', leverage: 10 })).body.trade
      .trade_id;
    const c = await openedTradeId(t, user, { leverage: 30 });

    walked.feed.set('BTC', '57000');
    expect(await runTradeJobsOnce(t.ctx)).toMatchObject({ filled: 2, liquidated: 3 });
    // The ledger's postings per trade, in the order they were made.
    const { rows } = await t.db.execute<{ ref_id: string; reason: string }>(sql`
      select ref_id, reason from ledger_entries
      where ref_type = 'trade' and reason in ('trade_fill', 'trade_liquidation')
        and ref_id in (${a}, ${b}, ${c}, ${fill1}, ${fill2})
      group by ref_id, reason order by min(id)`);
    expect(rows.map((r) => [Number(r.ref_id), r.reason])).toEqual([
      [a, 'trade_liquidation'],
      [fill1, 'trade_fill'],
      [b, 'trade_liquidation'],
      [fill2, 'trade_fill'],
      [c, 'trade_liquidation'],
    ]);
  });

  it('does nothing on a stale feed, however far it moved: the mark stays where it was', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user);
    walked.feed.set('BTC', '40000', { stale: true });
    const report = await runTradeJobsOnce(t.ctx);
    expect(report).toMatchObject({ liquidated: 0, waiting: ['BTC'] });
    expect(shown.filter((s) => s.coin === 'BTC')).toEqual([]);
    expect((await tradeRow(id)).status).toBe('open');
    expect(await t.ctx.market.markPrice('BTC')).toMatchObject({ price: '60000', stale: true });

    walked.feed.set('BTC', '40000');
    expect(await runTradeJobsOnce(t.ctx)).toMatchObject({ liquidated: 1, waiting: [] });
  });
});

describe('two engines on one database', () => {
  it('act once per trade, and the survivor takes over when the leader stops', async () => {
    const second = createWalkedMarket();
    const db = connect(t.databaseUrl, 5);
    const ctx = createContext(t.config, db, {
      mailer: t.mailbox,
      clock: t.clock,
      log: pino({ level: 'silent' }),
      market: second.market,
    });
    second.bind(db);
    const app = await buildApp(ctx);
    await app.ready();
    const silent = pino({ level: 'silent' });
    const leaderLocks = async () =>
      Number(
        // This database's: pg_locks lists the cluster, where other test files' engines hold theirs.
        (
          await t.db.execute<{ n: string }>(
            sql`select count(*) as n from pg_locks where locktype = 'advisory'
                and database = (select oid from pg_database where datname = current_database())`,
          )
        ).rows[0]!.n,
      );
    // The first engine becomes the leader (its first pass takes the lock) before the second starts.
    const one = startTradeJobs({ ...t.ctx, log: silent }, 30);
    walked.feed.set('BTC', '60000');
    await vi.waitFor(async () => expect(await leaderLocks()).toBe(1), { timeout: 5_000 });
    const two = startTradeJobs({ ...ctx, log: silent }, 30);
    try {
      const user = await leverTrader(t, '100000');
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) ids.push(await openedTradeId(t, user, { leverage: [100, 50, 30][i % 3] }));
      // Both instances see the same feed.
      walked.feed.set('BTC', '57000');
      second.feed.set('BTC', '57000');
      await vi.waitFor(
        async () => {
          for (const id of ids) expect((await tradeRow(id)).status).toBe('liquidated');
        },
        { timeout: 10_000, interval: 50 },
      );
      const postings = await insurancePostings();
      for (const id of ids) expect(postings.filter((p) => p.tradeId === id)).toHaveLength(1);
      // Each instance's mark walked to the feed, the follower's only behind the leader's work.
      await vi.waitFor(async () => expect((await ctx.market.markPrice('BTC'))!.price).toBe('57000'), {
        timeout: 10_000,
      });

      // The leader stops; the second acts from now on.
      await one.stop();
      const late = await openedTradeId(t, user, { trade_type: 'sell', starting_price: '57000' });
      second.feed.set('BTC', '58000');
      walked.feed.set('BTC', '58000');
      await vi.waitFor(async () => expect((await tradeRow(late)).status).toBe('liquidated'), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await one.stop();
      await two.stop();
      await app.close();
      await db.$client.end();
    }
  });
});

describe('USDO: the staff price', () => {
  const putUsdo = async (price: string) =>
    call(t, 'PUT', '/api-v3/admin/settings/', { token: (await staff(t)).token, body: { usdo_price: { price } } });

  it('refuses a change beyond +-50 % of the prices of the last 24 h, with a field error (docs/decisions/0049)', async () => {
    await runTradeJobsOnce(t.ctx);
    const current = (await t.ctx.market.markPrice('USDO'))!.price;
    expect(current).toBe('1');
    const tooHigh = await putUsdo('1.50000001');
    const message = ADMIN_MSG.usdoPriceOutOfRange('0.5', '1.5');
    expect(tooHigh).toMatchObject({ status: 400, body: { error: message, fields: { usdo_price: message } } });
    expect(await putUsdo('0.49999999')).toMatchObject({ status: 400 });
    expect(await putUsdo('1.5')).toMatchObject({ status: 200 });
    expect(await putUsdo('0.74999999')).toMatchObject({ status: 400 }); // below 50 % of 1.5, had in the window
    expect(await putUsdo('0.75')).toMatchObject({ status: 200 }); // 50 % of 1.5
    expect(await putUsdo('1.12500001')).toMatchObject({ status: 400 }); // above 1.5 x 0.75
    expect(await putUsdo('1')).toMatchObject({ status: 200 });
    await runTradeJobsOnce(t.ctx);
  });

  it('refuses USDO opens while its mark walks to a new staff price; closing stays allowed', async () => {
    const user = await leverTrader(t, '1000');
    await runTradeJobsOnce(t.ctx);
    const usdo = { coin: 'USDO', starting_price: '1', hands: '100', leverage: 1 };
    const id = await openedTradeId(t, user, usdo);

    expect(await putUsdo('1.005')).toMatchObject({ status: 200 });
    const mark = await t.ctx.market.markPrice('USDO');
    expect(mark).toMatchObject({ price: '1', walking: true });
    const refused = await openTrade(t, user, usdo);
    expect(refused).toMatchObject({ status: 409, body: { error: TRADE_MSG.markWalking('USDO') } });
    const closed = await closeTrade(t, user, id, '1');
    expect(closed).toMatchObject({ status: 200, body: { trade: { status: 'closed' } } });

    await runTradeJobsOnce(t.ctx); // the walk arrives
    expect(await t.ctx.market.markPrice('USDO')).toMatchObject({ price: '1.005', walking: false });
    expect(await openTrade(t, user, { ...usdo, starting_price: '1.005' })).toMatchObject({ status: 201 });
    await finishAllTrades(t);
    expect(await putUsdo('1')).toMatchObject({ status: 200 });
    await runTradeJobsOnce(t.ctx);
  });
});
