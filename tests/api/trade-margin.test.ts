/**
 * Isolated margin (docs/decisions/0027-positions-push.md, docs/decisions/0025-trade-protection.md) at the real rates:
 * POST /api-v1/trade-margin/ adds (positive, from the lever wallet) or removes (negative, back to it)
 * margin of an open position through the ledger; the stored liquidation price moves and the risk
 * pass acts on the new one; a removal is refused below the initial margin or when the new liquidation
 * price would be within one MARK_STEP of the mark; more than the lever balance, another user's trade,
 * an order that is not an open position and bad amounts are refused and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { MARK_STEP } from '../../src/server/modules/market/index.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { TRADE_MSG, type TradeAnswer } from '../../src/shared/api/trade.js';
import { dec, liquidationPrice } from '../../src/shared/money.js';
import type { TestApp } from '../helpers/app.js';
import { balanceOf } from '../helpers/money.js';
import { closeTrade, leverTrader, openTrade, openedTradeId, tradeRowOf } from '../helpers/trades.js';
import { call, type TestUser } from '../helpers/users.js';
import type { WalkedFake } from '../helpers/walked-market.js';
import { walkedTradeApp } from '../helpers/suites.js';

let t: TestApp;
let walked: WalkedFake;
walkedTradeApp((app, market) => ([t, walked] = [app, market]));

const tradeRow = (id: number) => tradeRowOf(t, id);

const changeMargin = (user: TestUser, body: Record<string, unknown>) =>
  call<TradeAnswer>(t, 'POST', '/api-v1/trade-margin/', { token: user.token, body });

async function priceGoesTo(price: string) {
  walked.feed.set('BTC', price);
  return runTradeJobsOnce(t.ctx);
}

/** The liquidation price of a 0.1 BTC long at 60000 with this margin, at 0.5 % maintenance. */
const longLiquidation = (margin: string) => liquidationPrice('buy', '0.1', '60000', margin, '0.005');

describe('adding and removing margin', () => {
  it('adding moves money from the lever wallet and the liquidation price away; the risk pass uses the new one', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user); // 100x: margin 60, fee 3
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('937');
    const oldLiquidation = longLiquidation('60');

    const res = await changeMargin(user, { trade_id: id, amount: '40' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TRADE_MSG.marginAdded);
    expect(res.body.trade).toMatchObject({ margin: '100', liquidation_price: longLiquidation('100') });
    expect(dec(longLiquidation('100')).lt(oldLiquidation)).toBe(true);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('897');
    expect((await tradeRow(id)).liquidationPrice).toBe(longLiquidation('100'));

    // Past the old liquidation price: still open. Past the new one: liquidated, losing the 100.
    expect(await priceGoesTo('59500')).toMatchObject({ liquidated: 0 });
    expect((await tradeRow(id)).status).toBe('open');
    expect(await priceGoesTo('59200')).toMatchObject({ liquidated: 1 });
    expect(await tradeRow(id)).toMatchObject({ status: 'liquidated', profitLoss: '-100' });
  });

  it('removing gives it back, down to the initial margin and no further', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user);
    expect((await changeMargin(user, { trade_id: id, amount: 40 })).status).toBe(200);

    const tooMuch = await changeMargin(user, { trade_id: id, amount: '-40.00000001' });
    expect(tooMuch.status).toBe(400);
    // With its stable code (docs/decisions/0043-languages.md), so the screen shows it in the trader's language.
    const tooMuchCode = { code: 'trade.marginTooMuchRemoved', params: { p0: '40' } };
    expect(tooMuch.body).toEqual({
      error: TRADE_MSG.marginTooMuchRemoved('40'),
      ...tooMuchCode,
      fields: { amount: TRADE_MSG.marginTooMuchRemoved('40') },
      field_codes: { amount: tooMuchCode },
    });

    const res = await changeMargin(user, { trade_id: id, amount: '-40' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TRADE_MSG.marginRemoved);
    expect(res.body.trade).toMatchObject({ margin: '60', liquidation_price: longLiquidation('60') });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('937');
    expect((await changeMargin(user, { trade_id: id, amount: '-0.01' })).body).toMatchObject({
      error: TRADE_MSG.marginTooMuchRemoved('0'),
    });
  });

  it('refuses a removal that puts the liquidation price within one MARK_STEP of the mark', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user);
    expect((await changeMargin(user, { trade_id: id, amount: '10' })).status).toBe(200); // margin 70
    await priceGoesTo('59800');
    expect((await tradeRow(id)).status).toBe('open');
    const floor = dec('59800').times(dec(1).minus(MARK_STEP)); // 59680.4

    // Back to 60: liquidation 59698.49..., above 59680.4: one step of the mark would liquidate it.
    expect(dec(longLiquidation('60')).gte(floor)).toBe(true);
    const near = await changeMargin(user, { trade_id: id, amount: '-10' });
    expect(near.status).toBe(400);
    expect(near.body).toMatchObject({ error: TRADE_MSG.marginNearLiquidation(longLiquidation('60'), '59800') });
    expect(await tradeRow(id)).toMatchObject({ margin: '70', liquidationPrice: longLiquidation('70') });

    // To 65: liquidation 59648.24..., below it: allowed.
    expect(dec(longLiquidation('65')).lt(floor)).toBe(true);
    const ok = await changeMargin(user, { trade_id: id, amount: '-5' });
    expect(ok.status).toBe(200);
    expect(ok.body.trade.liquidation_price).toBe(longLiquidation('65'));
  });

  it('a short mirrors it: its liquidation price must stay above mark x (1 + MARK_STEP)', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { trade_type: 'sell' });
    expect((await changeMargin(user, { trade_id: id, amount: '10' })).status).toBe(200);
    await priceGoesTo('60200');
    const liquidation60 = liquidationPrice('sell', '0.1', '60000', '60', '0.005'); // 60298.5...
    expect(dec(liquidation60).lte(dec('60200').times(dec(1).plus(MARK_STEP)))).toBe(true);
    const near = await changeMargin(user, { trade_id: id, amount: '-10' });
    expect(near.status).toBe(400);
    expect(near.body).toMatchObject({ error: TRADE_MSG.marginNearLiquidation(liquidation60, '60200') });
  });
});

describe('margin and the stop-loss', () => {
  const setStopLoss = (user: TestUser, id: number, stopLoss: string) =>
    call<TradeAnswer>(t, 'POST', '/api-v1/trade-tpsl/', {
      token: user.token,
      body: { trade_id: id, take_profit: null, stop_loss: stopLoss },
    });

  it("refuses a removal that would bring a long's liquidation price to or past its stop-loss: the stop fires first", async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user);
    expect((await changeMargin(user, { trade_id: id, amount: '40' })).status).toBe(200); // margin 100
    // Accepted beyond the liquidation price of margin 100 (59296.48...), not of margin 60 (59698.49...).
    expect((await setStopLoss(user, id, '59550')).status).toBe(200);
    const balance = await balanceOf(t, user, 'lever', 'USDT');

    const past = await changeMargin(user, { trade_id: id, amount: '-40' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      error: TRADE_MSG.marginPastStopLoss(longLiquidation('60'), '59550'),
      code: 'trade.marginPastStopLoss',
      params: { p0: longLiquidation('60'), p1: '59550' },
      fields: { amount: TRADE_MSG.marginPastStopLoss(longLiquidation('60'), '59550') },
    });
    expect(await tradeRow(id)).toMatchObject({ margin: '100', liquidationPrice: longLiquidation('100') });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe(balance);

    // Margin 80: liquidation 59497.48..., still below the stop: allowed, and the stop closes the trade.
    const ok = await changeMargin(user, { trade_id: id, amount: '-20' });
    expect(ok.status).toBe(200);
    expect(ok.body.trade.liquidation_price).toBe(longLiquidation('80'));
    await priceGoesTo('59540');
    expect(await tradeRow(id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
  });

  it('a short mirrors it: its liquidation price must stay above its stop-loss', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { trade_type: 'sell' });
    expect((await changeMargin(user, { trade_id: id, amount: '40' })).status).toBe(200);
    expect((await setStopLoss(user, id, '60450')).status).toBe(200);
    const liquidation60 = liquidationPrice('sell', '0.1', '60000', '60', '0.005'); // 60298.5...
    const past = await changeMargin(user, { trade_id: id, amount: '-40' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: TRADE_MSG.marginPastStopLoss(liquidation60, '60450') });
    expect((await tradeRow(id)).margin).toBe('100');
  });
});

describe('refusals change nothing', () => {
  it('more than the lever balance, another user, a resting order, a closed trade, bad amounts', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user);

    const broke = await changeMargin(user, { trade_id: id, amount: '937.00000001' });
    expect(broke.status).toBe(400);
    expect(broke.body).toMatchObject({ error: TRADE_MSG.marginInsufficient('937.00000001', '937') });

    const other = await leverTrader(t, '1000');
    const foreign = await changeMargin(other, { trade_id: id, amount: '10' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: TRADE_MSG.tradeNotFound });
    expect(await balanceOf(t, other, 'lever', 'USDT')).toBe('1000');

    for (const amount of ['0', '-0', 'ten', '1.000000001', '', null, '1e3']) {
      const res = await changeMargin(user, { trade_id: id, amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body, String(amount)).toMatchObject({ error: TRADE_MSG.enterMarginAmount });
    }

    const order = await openTrade(t, user, { order_type: 'limit', limit_price: '59000' });
    const onOrder = await changeMargin(user, { trade_id: order.body.trade.trade_id, amount: '10' });
    expect(onOrder.status).toBe(409);
    expect(onOrder.body).toMatchObject({ error: TRADE_MSG.marginNotOpen });

    expect((await closeTrade(t, user, id, '60000')).status).toBe(200);
    const closed = await changeMargin(user, { trade_id: id, amount: '10' });
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ error: TRADE_MSG.marginNotOpen });
    expect((await tradeRow(id)).margin).toBe('60');
  });
});
