/**
 * Partial close (docs/decisions/0027-positions-push.md, docs/decisions/0025-trade-protection.md) at the real rates
 * (0.05 % fee): trade-updation with `hands` closes that many; the closed part (its own row, with
 * parent_trade_id) pays back its share of the margin plus its P/L minus its closing fee, exact to the
 * cent; the rest stays open with its take-profit and stop-loss, its margin and opening fee reduced in
 * proportion and the same liquidation price; the ledger check stays clean; bad hands are refused.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../src/server/modules/trades/schema.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { TRADE_MSG, type TradeAnswer } from '../../src/shared/api/trade.js';
import type { TestApp } from '../helpers/app.js';
import { balanceOf } from '../helpers/money.js';
import {
  activeTradesOf,
  leverTrader,
  openTrade,
  openedTradeId,
  tradeHistoryOf,
  updateTrade,
  tradeRowOf,
} from '../helpers/trades.js';
import { call } from '../helpers/users.js';
import type { WalkedFake } from '../helpers/walked-market.js';
import { walkedTradeApp } from '../helpers/suites.js';

let t: TestApp;
let walked: WalkedFake;
walkedTradeApp((app, market) => ([t, walked] = [app, market]));

const tradeRow = (id: number) => tradeRowOf(t, id);

async function priceGoesTo(price: string) {
  walked.feed.set('BTC', price);
  return runTradeJobsOnce(t.ctx);
}

const closeHands = (user: Awaited<ReturnType<typeof leverTrader>>, id: number, hands: unknown, price = '61000') =>
  updateTrade(t, user, { trade_id: id, current_price: price, is_closed: true, hands });

describe('partial close', () => {
  it('pays back the closed share exactly, keeps the rest open with its TP/SL, and adds up to a full close', async () => {
    const user = await leverTrader(t, '1000');
    // 0.1 BTC long at 60000, 10x: margin 600, opening fee 3.
    const id = await openedTradeId(t, user, { leverage: 10, take_profit: '65000', stop_loss: '55000' });
    const liquidation = (await tradeRow(id)).liquidationPrice;
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('397');
    await priceGoesTo('61000');

    const res = await closeHands(user, id, '0.04');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TRADE_MSG.partlyClosed('0.04', '0.06'));
    // The closed part: margin 240 and opening fee 1.2 (0.4 of them), P/L 40, closing fee 1.22 (0.05 % of 2440).
    expect(res.body.closed).toMatchObject({
      parent_trade_id: id,
      status: 'closed',
      close_reason: 'manual',
      hands: '0.04',
      margin: '240',
      open_fee: '1.2',
      profit_loss_decimal: '40',
      close_fee: '1.22',
      close_price: '61000',
      closed_balance: '278.78',
    });
    // 397 + 240 + 40 - 1.22
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('675.78');
    // The rest: 0.06 hands, margin 360, fee 1.8, the same liquidation price, its TP/SL.
    expect(res.body.trade).toMatchObject({
      trade_id: id,
      status: 'open',
      hands: '0.06',
      margin: '360',
      open_fee: '1.8',
      liquidation_price: liquidation,
      take_profit: '65000',
      stop_loss: '55000',
    });
    const [stillOpen] = await activeTradesOf(t, user);
    expect(stillOpen).toMatchObject({ trade_id: id, hands: '0.06', profit_loss_decimal: '60' });
    expect((await checkLedger(t.db)).mismatches).toEqual([]);

    // Closing the rest: P/L 60, fee 1.83; altogether as one close of 0.1 (P/L 100, fee 3.05) would pay.
    const rest = await updateTrade(t, user, { trade_id: id, current_price: '61000', is_closed: true });
    expect(rest.status).toBe(200);
    expect(rest.body.trade).toMatchObject({ status: 'closed', profit_loss_decimal: '60', close_fee: '1.83' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1093.95');

    // The Closed tab shows both, each with its fee and P/L after fees.
    const history = await tradeHistoryOf(t, user, '?status=closed');
    // Newest first: the part was closed (and its row made) after the position opened.
    expect(history.map((h) => [h.trade_id === id ? 'rest' : 'part', h.hands])).toEqual([
      ['part', '0.04'],
      ['rest', '0.06'],
    ]);
    const part = history.find((h) => h.parent_trade_id === id)!;
    expect(part).toMatchObject({
      close_reason: 'manual',
      prfit_loss: '40',
      trading_balance: '240',
      closed_balanec: '278.78',
      fee: '2.42',
      realized_profit_loss: '37.58', // 278.78 - 240 - 1.2
    });
    expect(history.find((h) => h.trade_id === id)).toMatchObject({ fee: '3.63', realized_profit_loss: '56.37' });
  });

  it('rounds the closed share down to 8 places and the part left open keeps the remainder: the ledger stays exact', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { leverage: 10 });
    // An odd margin: 600.00000001, of which 0.3 is 180.000000003.
    const added = await call<TradeAnswer>(t, 'POST', '/api-v1/trade-margin/', {
      token: user.token,
      body: { trade_id: id, amount: '0.00000001' },
    });
    expect(added.status).toBe(200);
    const res = await closeHands(user, id, '0.03', '60000');
    expect(res.status).toBe(200);
    expect(res.body.closed).toMatchObject({ margin: '180', open_fee: '0.9', closed_balance: '179.1' });
    expect(res.body.trade).toMatchObject({ margin: '420.00000001', open_fee: '2.1', hands: '0.07' });
    expect((await checkLedger(t.db)).mismatches).toEqual([]);
  });

  it('the part left open is still closed by its take-profit', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { leverage: 10, take_profit: '61500' });
    await priceGoesTo('61000');
    expect((await closeHands(user, id, '0.05')).status).toBe(200);
    expect(await priceGoesTo('62000')).toMatchObject({ triggered: 1 });
    expect(await tradeRow(id)).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      hands: '0.05',
      profitLoss: '75',
    });
  });

  it('as many hands as the position holds is a full close', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { leverage: 10 });
    const res = await closeHands(user, id, '0.1', '60000');
    expect(res.status).toBe(200);
    expect(res.body.closed).toBeUndefined();
    expect(res.body.trade).toMatchObject({ trade_id: id, status: 'closed', hands: '0.1', close_reason: 'manual' });
    expect((await t.db.select().from(trades).where(eq(trades.parentId, id))).length).toBe(0);
  });
});

describe('refusals change nothing', () => {
  it('more hands than the position, zero, negative, too many decimals, not a number, a resting order, another user', async () => {
    const user = await leverTrader(t, '2000');
    const id = await openedTradeId(t, user, { leverage: 10 });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1397');

    const tooMany = await closeHands(user, id, '0.10000001', '60000');
    expect(tooMany.status).toBe(400);
    // With its stable code (docs/decisions/0043-languages.md), so the screen shows it in the trader's language.
    const tooManyCode = { code: 'trade.texts.closeHandsAtMost', params: { p0: '0.1', p1: '0.1' } };
    expect(tooMany.body).toEqual({
      error: TRADE_MSG.closeHandsTooMany('0.1'),
      ...tooManyCode,
      fields: { hands: TRADE_MSG.closeHandsTooMany('0.1') },
      field_codes: { hands: tooManyCode },
    });
    for (const bad of ['0', '-0.01', '0.000000001', 'half', '', null]) {
      const res = await closeHands(user, id, bad, '60000');
      expect(res.status, String(bad)).toBe(400);
      expect(res.body, String(bad)).toMatchObject({ error: TRADE_MSG.enterCloseHands });
    }

    const order = await openTrade(t, user, { order_type: 'limit', limit_price: '59000', leverage: 10 });
    const onOrder = await closeHands(user, order.body.trade.trade_id, '0.05', '60000');
    expect(onOrder.status).toBe(400);
    expect(onOrder.body).toMatchObject({ error: TRADE_MSG.closeHandsOrder });
    expect((await tradeRow(order.body.trade.trade_id)).status).toBe('pending');

    const other = await leverTrader(t, '0');
    const foreign = await updateTrade(t, other, {
      trade_id: id,
      current_price: '60000',
      is_closed: true,
      hands: '0.05',
    });
    expect(foreign.status).toBe(404);

    expect(await tradeRow(id)).toMatchObject({ status: 'open', hands: '0.1', margin: '600' });
    // Only the limit order's margin (590) and fee (2.95) were taken since.
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('804.05');
  });
});
