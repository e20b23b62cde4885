/**
 * Take-profit and stop-loss (docs/decisions/0027-positions-push.md, docs/decisions/0025-trade-protection.md), at the
 * real rates (0.05 % fee, 0.5 % maintenance margin) on a walked fake market: they fire in the risk
 * pass when the server's mark reaches them, close at the trigger price for longs and shorts, are
 * refused on the wrong side of the mark (of the limit price for a resting order) or at or beyond the
 * liquidation price, clear with null, ride along from a limit order to its position, and history
 * says what closed each trade.
 */
import { describe, expect, it } from 'vitest';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { TRADE_MSG, type TradeAnswer } from '../../src/shared/api/trade.js';
import type { TestApp } from '../helpers/app.js';
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
import { call, type TestUser } from '../helpers/users.js';
import type { WalkedFake } from '../helpers/walked-market.js';
import { walkedTradeApp } from '../helpers/suites.js';

let t: TestApp;
let walked: WalkedFake;
walkedTradeApp((app, market) => ([t, walked] = [app, market]));

const tradeRow = (id: number) => tradeRowOf(t, id);

const setTpsl = (user: TestUser, body: Record<string, unknown>) =>
  call<TradeAnswer>(t, 'POST', '/api-v1/trade-tpsl/', { token: user.token, body });

/** Move the raw price and let one risk pass walk the mark there. */
async function priceGoesTo(price: string) {
  walked.feed.set('BTC', price);
  return runTradeJobsOnce(t.ctx);
}

describe('take-profit and stop-loss fire at the trigger', () => {
  it("a long's take-profit closes it at the take-profit price when the mark rises to it", async () => {
    const user = await leverTrader(t, '1000');
    // 0.1 BTC at 60000, 10x: margin 600, opening fee 3 (0.05 % of 6000).
    const id = await openedTradeId(t, user, { leverage: 10, take_profit: '61000', stop_loss: '59000' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('397');
    const [shown] = await activeTradesOf(t, user);
    expect(shown).toMatchObject({ take_profit: '61000', stop_loss: '59000', close_reason: null });

    expect(await priceGoesTo('60990')).toMatchObject({ triggered: 0 });
    expect((await tradeRow(id)).status).toBe('open');

    expect(await priceGoesTo('61500')).toMatchObject({ triggered: 1 });
    // Closed at 61000, not at the mark of the step that passed it: P/L 100, closing fee 3.05.
    expect(await tradeRow(id)).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      closePrice: '61000',
      profitLoss: '100',
      closeFee: '3.05',
    });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1093.95'); // 397 + 600 + 100 - 3.05
  });

  it("a long's stop-loss closes it at the stop-loss price when the mark falls to it", async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { leverage: 10, take_profit: '61000', stop_loss: '59000' });
    expect(await priceGoesTo('59010')).toMatchObject({ triggered: 0 });
    expect(await priceGoesTo('58000')).toMatchObject({ triggered: 1, liquidated: 0 });
    expect(await tradeRow(id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      closePrice: '59000',
      profitLoss: '-100',
      closeFee: '2.95',
    });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('894.05'); // 397 + 600 - 100 - 2.95
  });

  it("a short's take-profit fires on a fall and its stop-loss on a rise", async () => {
    const user = await leverTrader(t, '10000');
    const falls = await openedTradeId(t, user, { trade_type: 'sell', leverage: 10, take_profit: '59000' });
    const rises = await openedTradeId(t, user, { trade_type: 'sell', leverage: 10, stop_loss: '61000' });

    expect(await priceGoesTo('58500')).toMatchObject({ triggered: 1 });
    expect(await tradeRow(falls)).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      closePrice: '59000',
      profitLoss: '100',
    });
    expect((await tradeRow(rises)).status).toBe('open');

    expect(await priceGoesTo('61500')).toMatchObject({ triggered: 1 });
    expect(await tradeRow(rises)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      closePrice: '61000',
      profitLoss: '-100',
    });
  });

  it('a limit order carries its take-profit and stop-loss to the position it becomes', async () => {
    const user = await leverTrader(t, '1000');
    const res = await openTrade(t, user, {
      order_type: 'limit',
      limit_price: '59000',
      leverage: 10,
      take_profit: '59500',
      stop_loss: '58000',
    });
    expect(res.status).toBe(201);
    expect(res.body.trade).toMatchObject({ status: 'pending', take_profit: '59500', stop_loss: '58000' });
    const id = res.body.trade.trade_id;

    // 59300 is above the limit: nothing. The take-profit is below the mark, but the order is not a position yet.
    expect(await priceGoesTo('59300')).toMatchObject({ filled: 0, triggered: 0 });
    expect(await priceGoesTo('58900')).toMatchObject({ filled: 1, triggered: 0 });
    const [open] = await activeTradesOf(t, user);
    expect(open).toMatchObject({ status: 'open', take_profit: '59500', stop_loss: '58000' });

    expect(await priceGoesTo('59600')).toMatchObject({ triggered: 1 });
    expect(await tradeRow(id)).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '59500' });
  });
});

describe('refusals', () => {
  it('refuses a long take-profit at or below the mark and a stop-loss at or above it, on opening and on change', async () => {
    const user = await leverTrader(t, '1000');
    const tp = await openTrade(t, user, { leverage: 10, take_profit: '59999' });
    expect(tp.status).toBe(400);
    const tpMessage = TRADE_MSG.takeProfitWrongSide('buy', 'the current price', '60000');
    // With its stable code (docs/decisions/0043-languages.md), so the screen shows it in the trader's language.
    const tpCode = { code: 'trade.texts.longTakeProfitAboveMark', params: { p0: '60000' } };
    expect(tp.body).toEqual({
      error: tpMessage,
      ...tpCode,
      fields: { take_profit: tpMessage },
      field_codes: { take_profit: tpCode },
    });
    const sl = await openTrade(t, user, { leverage: 10, stop_loss: '60000' });
    expect(sl.status).toBe(400);
    expect(sl.body).toMatchObject({ error: TRADE_MSG.stopLossWrongSide('buy', 'the current price', '60000') });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1000'); // nothing opened

    const id = await openedTradeId(t, user, { leverage: 10 });
    expect((await setTpsl(user, { trade_id: id, take_profit: '60000' })).body).toMatchObject({ error: tpMessage });
    expect((await setTpsl(user, { trade_id: id, stop_loss: '60001' })).body).toMatchObject({
      error: TRADE_MSG.stopLossWrongSide('buy', 'the current price', '60000'),
    });
    expect(await tradeRow(id)).toMatchObject({ takeProfit: null, stopLoss: null });
  });

  it('refuses the mirror for a short', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { trade_type: 'sell', leverage: 10 });
    const tp = await setTpsl(user, { trade_id: id, take_profit: '60500' });
    expect(tp.status).toBe(400);
    expect(tp.body).toMatchObject({ error: TRADE_MSG.takeProfitWrongSide('sell', 'the current price', '60000') });
    const sl = await setTpsl(user, { trade_id: id, stop_loss: '59500' });
    expect(sl.status).toBe(400);
    expect(sl.body).toMatchObject({ error: TRADE_MSG.stopLossWrongSide('sell', 'the current price', '60000') });
  });

  it('refuses a stop-loss at or beyond the liquidation price', async () => {
    const user = await leverTrader(t, '1000');
    const long = await openTrade(t, user, {}); // 100x: liquidation near 59698
    const longLiq = long.body.trade.liquidation_price!;
    const atLiq = await setTpsl(user, { trade_id: long.body.trade.trade_id, stop_loss: longLiq });
    expect(atLiq.status).toBe(400);
    expect(atLiq.body).toMatchObject({ error: TRADE_MSG.stopLossBeyondLiquidation('buy', longLiq) });
    expect((await openTrade(t, user, { stop_loss: '59600' })).body).toMatchObject({
      error: TRADE_MSG.stopLossBeyondLiquidation('buy', longLiq),
    });
    // Just above it is fine.
    const above = await setTpsl(user, { trade_id: long.body.trade.trade_id, stop_loss: '59700' });
    expect(above.status).toBe(200);

    const short = await openTrade(t, user, { trade_type: 'sell' });
    const shortLiq = short.body.trade.liquidation_price!;
    const beyond = await setTpsl(user, { trade_id: short.body.trade.trade_id, stop_loss: '60400' });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ error: TRADE_MSG.stopLossBeyondLiquidation('sell', shortLiq) });
  });

  it("checks a resting order's triggers against its limit price, not the mark", async () => {
    const user = await leverTrader(t, '1000');
    // Above the mark but below the limit of a buy at... a buy limit below the mark: 59000.
    const wrong = await openTrade(t, user, {
      order_type: 'limit',
      limit_price: '59000',
      leverage: 10,
      take_profit: '58900',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: TRADE_MSG.takeProfitWrongSide('buy', 'the limit price', '59000'),
      code: 'trade.texts.longTakeProfitAboveLimit',
    });
    // A stop-loss between the limit and the mark: below the mark, but above the limit it will open at.
    const order = await openTrade(t, user, { order_type: 'limit', limit_price: '59000', leverage: 10 });
    const sl = await setTpsl(user, { trade_id: order.body.trade.trade_id, stop_loss: '59500' });
    expect(sl.status).toBe(400);
    expect(sl.body).toMatchObject({ error: TRADE_MSG.stopLossWrongSide('buy', 'the limit price', '59000') });
    const ok = await setTpsl(user, { trade_id: order.body.trade.trade_id, take_profit: '59500' });
    expect(ok.status).toBe(200);
    expect(ok.body.trade).toMatchObject({ status: 'pending', take_profit: '59500' });
  });

  it('refuses an empty change, a finished trade (409) and another user’s trade (404)', async () => {
    const user = await leverTrader(t, '1000');
    const other = await leverTrader(t, '0');
    const id = await openedTradeId(t, user, { leverage: 10 });
    const empty = await setTpsl(user, { trade_id: id });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: TRADE_MSG.tpslNothing });
    expect((await setTpsl(user, { trade_id: id, take_profit: 'abc' })).body).toMatchObject({
      error: TRADE_MSG.enterTakeProfit,
    });
    const foreign = await setTpsl(other, { trade_id: id, take_profit: '61000' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: TRADE_MSG.tradeNotFound });

    expect((await closeTrade(t, user, id, '60000')).status).toBe(200);
    const finished = await setTpsl(user, { trade_id: id, take_profit: '61000' });
    expect(finished.status).toBe(409);
    expect(finished.body).toMatchObject({ error: TRADE_MSG.tpslFinished });
  });
});

describe('changing and clearing', () => {
  it('null clears a trigger, a field left out stays, and a cleared trigger no longer fires', async () => {
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { leverage: 10, take_profit: '61000', stop_loss: '59000' });
    const changed = await setTpsl(user, { trade_id: id, take_profit: '62000' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      message: TRADE_MSG.tpslSet,
      trade: { take_profit: '62000', stop_loss: '59000' },
    });

    const cleared = await setTpsl(user, { trade_id: id, take_profit: null });
    expect(cleared.body.trade).toMatchObject({ take_profit: null, stop_loss: '59000' });
    const [shown] = await activeTradesOf(t, user);
    expect(shown).toMatchObject({ take_profit: null, stop_loss: '59000' });

    expect(await priceGoesTo('62500')).toMatchObject({ triggered: 0 });
    expect((await tradeRow(id)).status).toBe('open');
  });
});

describe('history says what closed each trade', () => {
  it('manual, take_profit, stop_loss and liquidation', async () => {
    const user = await leverTrader(t, '10000');
    const manual = await openedTradeId(t, user, { leverage: 10 });
    expect((await closeTrade(t, user, manual, '60000')).status).toBe(200);
    const tp = await openedTradeId(t, user, { leverage: 10, take_profit: '60500' });
    const liquidated = await openedTradeId(t, user, { leverage: 100 }); // liquidation near 59698
    const sl = await openedTradeId(t, user, { leverage: 10, stop_loss: '59800' });
    await priceGoesTo('60600');
    await priceGoesTo('59500');

    const history = await tradeHistoryOf(t, user);
    const reasonOf = (id: number) => history.find((h) => h.trade_id === id)!;
    expect(reasonOf(manual)).toMatchObject({ close_reason: 'manual', status: 'closed' });
    expect(reasonOf(tp)).toMatchObject({ close_reason: 'take_profit', close_price: '60500' });
    expect(reasonOf(sl)).toMatchObject({ close_reason: 'stop_loss', close_price: '59800' });
    expect(reasonOf(liquidated)).toMatchObject({ close_reason: 'liquidation', status: 'liquidated' });
    // Fee and P/L after fees of the take-profit: P/L 50, fees 3 + 3.025.
    expect(reasonOf(tp)).toMatchObject({ fee: '6.025', realized_profit_loss: '43.975' });
  });
});
