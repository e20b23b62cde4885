/**
 * The background work of trades (docs/architecture.md section 5): liquidation, limit-order fills and price
 * sampling, run pass by pass with `runTradeJobsOnce` against prices the test sets.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { tradePriceHistory, trades } from '../../src/server/modules/trades/schema.js';
import { runTradeJobsOnce, startTradeJobs } from '../../src/server/modules/trades/jobs.js';
import { TRADE_MSG } from '../../src/shared/api/trade.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { balanceOf } from '../helpers/money.js';
import {
  activeTradesOf,
  closeTrade,
  leverTrader,
  openTrade,
  openedTradeId,
  tradeHistoryOf,
  tradeRowOf,
} from '../helpers/trades.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]), {
  prices: { BTC: '60000', ETH: '3000' },
  checkLedger: true,
  finishTrades: true,
});

const runJobs = () => runTradeJobsOnce(t.ctx);
const tradeRow = (id: number) => tradeRowOf(t, id);
const pricePoints = (id: number) =>
  t.db.select().from(tradePriceHistory).where(eq(tradePriceHistory.tradeId, id)).orderBy(tradePriceHistory.id);

describe('liquidation', () => {
  it('liquidates a long when the mark reaches its liquidation price, and not a cent before', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user); // 0.1 BTC at 60000, 100x: margin 60, liquidation at 59400

    market.set('BTC', '59400.01');
    await runJobs();
    expect((await tradeRow(id)).status).toBe('open');

    market.set('BTC', '59400');
    const report = await runJobs();
    expect(report).toMatchObject({ ran: true, liquidated: 1 });
    expect(await tradeRow(id)).toMatchObject({ status: 'liquidated' });
    const [item] = await tradeHistoryOf(t, user);
    expect(item).toMatchObject({
      trade_id: id,
      status: 'liquidated',
      prfit_loss: '-60',
      trading_balance: '60',
      closed_balanec: '0',
      close_price: '59400',
    });
    // The margin is gone, nothing more: the rest of the wallet is untouched.
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');
    expect(await activeTradesOf(t, user)).toEqual([]);
  });

  it('liquidates a short after a gap past its liquidation price, losing only the margin', async () => {
    const user = await leverTrader(t, '600');
    // 0.3 BTC at 60000, 30x: margin 600 (the whole wallet), liquidation at 62000.
    const id = await openedTradeId(t, user, { trade_type: 'sell', hands: '0.3', leverage: 30 });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('0');

    market.set('BTC', '62500'); // a loss of 750 at this mark
    expect(await runJobs()).toMatchObject({ liquidated: 1 });
    expect(await tradeRow(id)).toMatchObject({ status: 'liquidated' });
    const [item] = await tradeHistoryOf(t, user);
    // Liquidated at its liquidation price, as shown; the gap beyond it is the house's.
    expect(item).toMatchObject({ prfit_loss: '-600', closed_balanec: '0', close_price: '62000' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('0');
  });

  it('does nothing on a stale price, however far it has moved, and acts once the feed is fresh', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);

    market.set('BTC', '50000', { stale: true });
    const report = await runJobs();
    expect(report).toMatchObject({ liquidated: 0, sampled: 0 });
    expect(report.waiting).toContain('BTC');
    expect((await tradeRow(id)).status).toBe('open');

    market.remove('BTC');
    expect((await runJobs()).waiting).toContain('BTC');
    expect((await tradeRow(id)).status).toBe('open');

    market.set('BTC', '50000');
    expect(await runJobs()).toMatchObject({ liquidated: 1 });
    expect((await tradeRow(id)).status).toBe('liquidated');
  });

  it('a liquidated trade can no longer be closed', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '59000');
    await runJobs();
    const res = await closeTrade(t, user, id, '59000');
    expect(res).toMatchObject({ status: 409, body: { error: TRADE_MSG.alreadyFinished('liquidated') } });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');
  });

  it('passes in parallel (as from several instances) liquidate each trade once', async () => {
    const user = await leverTrader(t, '10000');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await openedTradeId(t, user, { hands: '0.5' }));
    market.set('BTC', '58000');
    const reports = await Promise.all(Array.from({ length: 4 }, () => runJobs()));
    expect(reports.reduce((sum, r) => sum + r.liquidated, 0)).toBe(5);
    for (const id of ids) expect((await tradeRow(id)).status).toBe('liquidated');
    // Five margins of 300 gone, once each.
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('8500');
    // One liquidation point per trade after its entry point.
    for (const id of ids) expect(await pricePoints(id)).toHaveLength(2);
  });

  it('a user closing while a pass runs: the trade is settled exactly once', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '59400'); // exactly the liquidation price: either path ends in a liquidation
    const [closed] = await Promise.all([closeTrade(t, user, id, '59400'), runJobs()]);
    expect([200, 409]).toContain(closed.status);
    expect((await tradeRow(id)).status).toBe('liquidated');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');
  });
});

describe('limit orders', () => {
  it('a buy limit rests with margin reserved at its price and opens at the limit when the mark falls to it', async () => {
    const user = await leverTrader(t);
    const placed = await openTrade(t, user, { order_type: 'limit', limit_price: '59000' });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe(TRADE_MSG.limitOrderPlaced);
    expect(placed.body.trade).toMatchObject({
      status: 'pending',
      order_type: 'limit',
      limit_price: '59000',
      starting_price: '59000',
      margin: '59',
      profit_loss_decimal: '0',
      is_closed: false,
      opened_at: null,
    });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('941');
    expect(await activeTradesOf(t, user)).toMatchObject([{ status: 'pending', profit_loss_decimal: '0' }]);

    market.set('BTC', '59000.01');
    expect(await runJobs()).toMatchObject({ filled: 0 });

    market.set('BTC', '58900');
    expect(await runJobs()).toMatchObject({ filled: 1 });
    const [open] = await activeTradesOf(t, user);
    // Opened at its limit, not at the mark: 0.1 x (58900 - 59000) = -10.
    expect(open).toMatchObject({ status: 'open', starting_price: '59000', profit_loss_decimal: '-10', margin: '59' });
    expect(open!.opened_at).not.toBeNull();
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('941');

    market.set('BTC', '59100');
    const closed = await closeTrade(t, user, open!.trade_id, '59100');
    expect(closed.body.trade).toMatchObject({ status: 'closed', profit_loss_decimal: '10', closed_balance: '69' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1010');
  });

  it('a sell limit opens when the mark rises to it', async () => {
    const user = await leverTrader(t);
    const placed = await openTrade(t, user, {
      trade_type: 'sell',
      order_type: 'limit',
      limit_price: '61000',
      leverage: 10,
    });
    expect(placed.body.trade).toMatchObject({ status: 'pending', margin: '610' });
    market.set('BTC', '60999.99');
    expect(await runJobs()).toMatchObject({ filled: 0 });
    market.set('BTC', '61000');
    expect(await runJobs()).toMatchObject({ filled: 1 });
    expect(await tradeRow(placed.body.trade.trade_id)).toMatchObject({ status: 'open' });
    expect((await activeTradesOf(t, user))[0]).toMatchObject({ starting_price: '61000', profit_loss_decimal: '0' });
  });

  it('a limit the mark has already reached executes at once, at the mark', async () => {
    const user = await leverTrader(t);
    const placed = await openTrade(t, user, { order_type: 'limit', limit_price: '61000' });
    expect(placed.body.message).toBe(TRADE_MSG.tradeOpened);
    expect(placed.body.trade).toMatchObject({
      status: 'open',
      order_type: 'limit',
      limit_price: '61000',
      starting_price: '60000',
      margin: '60',
    });
  });

  it('revoking a pending order refunds its margin, even while the price is stale', async () => {
    const user = await leverTrader(t);
    const placed = await openTrade(t, user, { order_type: 'limit', limit_price: '55000', hands: '0.5', leverage: 50 });
    const id = placed.body.trade.trade_id;
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('450');

    market.set('BTC', '60000', { stale: true });
    const revoked = await closeTrade(t, user, id, '60000');
    expect(revoked).toMatchObject({
      status: 200,
      body: {
        message: TRADE_MSG.orderCancelled,
        trade: { status: 'cancelled', is_closed: true, closed_balance: '550' },
      },
    });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1000');
    expect(await activeTradesOf(t, user)).toEqual([]);

    const again = await closeTrade(t, user, id, '60000');
    expect(again).toMatchObject({ status: 409, body: { error: TRADE_MSG.alreadyFinished('cancelled') } });

    market.set('BTC', '54000');
    expect(await runJobs()).toMatchObject({ filled: 0 });
    expect(await tradeHistoryOf(t, user)).toEqual([
      expect.objectContaining({
        trade_id: id,
        status: 'cancelled',
        prfit_loss: '0',
        starting_price: '55000',
        trading_balance: '550',
        closed_balanec: '550',
        close_price: null,
        history: [],
        order_type: 'limit',
      }),
    ]);
  });

  it('an order filled into a loss beyond its margin is liquidated in the same pass', async () => {
    const user = await leverTrader(t);
    // Margin 59 at the 59000 limit: liquidation at 58410.
    const id = (await openTrade(t, user, { order_type: 'limit', limit_price: '59000' })).body.trade.trade_id;
    market.set('BTC', '58000');
    expect(await runJobs()).toMatchObject({ filled: 1, liquidated: 1 });
    const [item] = await tradeHistoryOf(t, user);
    expect(item).toMatchObject({ trade_id: id, status: 'liquidated', prfit_loss: '-59', closed_balanec: '0' });
    // Filled at its limit, liquidated at its liquidation price.
    expect(item!.history.map((p) => p.price_at_time)).toEqual(['59000', '58410']);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('941');
  });
});

describe('price history sampling', () => {
  it('samples each open trade at most every 20 s, never on a stale price, and keeps it in the history', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    const points = async () => (await pricePoints(id)).map((p) => Number(p.price));

    await runJobs();
    expect(await points()).toEqual([60000]); // the entry, just now

    market.set('BTC', '60100');
    t.clock.advance(19_000);
    await runJobs();
    expect(await points()).toEqual([60000]);

    t.clock.advance(1_000);
    await runJobs();
    await runJobs(); // a second pass in the same moment adds nothing
    expect(await points()).toEqual([60000, 60100]);

    market.set('BTC', '60200', { stale: true });
    t.clock.advance(40_000);
    await runJobs();
    expect(await points()).toEqual([60000, 60100]);

    market.set('BTC', '60200');
    await runJobs();
    expect(await points()).toEqual([60000, 60100, 60200]);

    await closeTrade(t, user, id, '60200');
    const [item] = await tradeHistoryOf(t, user);
    expect(item!.history.map((p) => p.price_at_time)).toEqual(['60000', '60100', '60200', '60200']);
    const times = item!.history.map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(20_000);
  });

  it('does not sample pending orders', async () => {
    const user = await leverTrader(t);
    const id = (await openTrade(t, user, { order_type: 'limit', limit_price: '50000' })).body.trade.trade_id;
    t.clock.advance(60_000);
    await runJobs();
    expect(await pricePoints(id)).toEqual([]);
  });
});

describe('the job loop', () => {
  it('runs by itself every TRADE_JOB_INTERVAL_MS and stops when the app closes', async () => {
    /** A market that counts lookups: every pass looks up each coin with live trades. */
    const counting = (prices: FakeMarket) => {
      const market = { ...prices, lookups: 0 };
      market.markPrice = (coin) => {
        market.lookups++;
        return prices.markPrice(coin);
      };
      return market;
    };
    const prices = createFakeMarket();
    const market = counting(prices);
    const looped = await createTestApp({ market, env: { TRADE_JOB_INTERVAL_MS: '20' } });
    let afterClose: number;
    // A loop left running after the close could not reach the database any more: it would log failed passes.
    const logged = vi.spyOn(looped.ctx.log, 'error');
    try {
      const user = await leverTrader(looped);
      const id = await openedTradeId(looped, user);
      // A 10x trade stays open after the other is liquidated, so every later pass still looks BTC up.
      await openedTradeId(looped, user, { leverage: 10 });
      prices.set('BTC', '59000');
      await vi.waitFor(
        async () => {
          const [row] = await looped.db.select().from(trades).where(eq(trades.id, id));
          expect(row?.status).toBe('liquidated');
        },
        { timeout: 10_000, interval: 50 },
      );
      const running = market.lookups;
      await vi.waitFor(() => expect(market.lookups).toBeGreaterThan(running + 2), { timeout: 10_000, interval: 20 });
    } finally {
      await looped.close();
      afterClose = market.lookups;
    }
    // The same loop on the shared app, still running, shows when the closed one would have passed again.
    const control = counting(createFakeMarket());
    await openedTradeId(t, await leverTrader(t), { leverage: 10 });
    const twin = startTradeJobs({ ...t.ctx, market: control }, 20);
    try {
      await vi.waitFor(() => expect(control.lookups).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
    } finally {
      await twin.stop();
    }
    expect(market.lookups).toBe(afterClose);
    expect(logged).not.toHaveBeenCalled();
  });
});
