/**
 * The minimum order value holds at the price an order trades at (docs/decisions/0050): a limit order
 * worth 5 USDT at its limit, but whose limit the market has already passed, trades at once at the
 * market price, where it is worth less. Replayed as a trader would: a lever buy and a spot buy with a
 * limit far above the market. Neither opens a dust position or fill; nothing is held or charged. A
 * resting order fills at its limit, so its fill is worth what was checked when it was placed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SpotOrderAnswer } from '../../src/shared/api/spot.js';
import { spotOrders } from '../../src/server/modules/spot/schema.js';
import { trades } from '../../src/server/modules/trades/schema.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { cmp, mul } from '../../src/shared/money.js';
import type { TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { balanceOf, grant } from '../helpers/money.js';
import { leverTrader, openTrade } from '../helpers/trades.js';
import { call, signUp } from '../helpers/users.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]), { checkLedger: true });

describe('lever: a limit order already reached is worth the minimum at the mark', () => {
  it('refuses a buy limit far above the mark whose value at the mark is under 5 USDT; no dust position opens', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '100');

    // 0.00008 x 70000 = 5.6 USDT at the limit, but it would open now at the mark: 0.00008 x 60000 = 4.8.
    const res = await openTrade(t, user, { hands: '0.00008', order_type: 'limit', limit_price: '70000' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'trade.belowMinNotional', params: { p0: '4.8' } });
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('100');
  });

  it('a resting limit order fills at its limit, worth at least the minimum when the mark gaps through it', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '100');
    const placed = await openTrade(t, user, { hands: '0.0001', order_type: 'limit', limit_price: '50000' });
    expect(placed.status).toBe(201);
    expect(placed.body.trade).toMatchObject({ status: 'pending' });
    await runTradeJobsOnce(t.ctx); // the engine's walk starts at 60000
    market.set('BTC', '49900'); // through the limit
    await runTradeJobsOnce(t.ctx);
    const [row] = await t.db.select().from(trades).where(eq(trades.userId, user.id));
    expect(row).toMatchObject({ status: 'open', entryPrice: '50000' });
    expect(cmp(mul(row!.hands, row!.entryPrice!), '5')).toBeGreaterThanOrEqual(0);
  });
});

describe('spot: a limit order already reached is worth the minimum at the house price', () => {
  it('refuses a buy limit far above the ask whose value at the ask is under 5 USDT; nothing fills or is held', async () => {
    market.set('BTC', '60000');
    market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
    const user = await signUp(t);
    await grant(t, user, 'funding', 'USDT', '100');

    // 0.00008 x 70000 = 5.6 USDT at the limit; it would fill now at the ask: 0.00008 x 60010 = 4.8008.
    const res = await call<SpotOrderAnswer>(t, 'POST', '/api-v1/spot-orders/', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.00008', price: '70000' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'spot.belowMinNotional', params: { p0: '4.8008' } });
    expect(await t.db.select().from(spotOrders).where(eq(spotOrders.userId, user.id))).toEqual([]);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('100');
    market.setBook('BTC', null);
  });

  it('a resting spot buy fills at its limit, worth what was checked when it was placed', async () => {
    market.set('BTC', '60000');
    const user = await signUp(t);
    await grant(t, user, 'funding', 'USDT', '100');
    const placed = await call<SpotOrderAnswer>(t, 'POST', '/api-v1/spot-orders/', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.0001', price: '50000' },
    });
    expect(placed.status).toBe(201);
    market.set('BTC', '40000');
    await runTradeJobsOnce(t.ctx);
    const [row] = await t.db.select().from(spotOrders).where(eq(spotOrders.userId, user.id));
    expect(row).toMatchObject({ status: 'filled', filledPrice: '50000' });
    expect(cmp(mul(row!.quantity, row!.filledPrice!), '5')).toBeGreaterThanOrEqual(0);
  });
});
