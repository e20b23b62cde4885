/**
 * Leveraged trades over HTTP (docs/product.md 7 "Trade", docs/architecture.md section 5) against a market whose
 * prices the test sets. The server's mark decides every open and close; after each scenario the
 * ledger must balance to the last unit.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/server/db/schema.js';
import { tradePriceHistory, trades } from '../../src/server/modules/trades/schema.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { activeTrades, TRADE_MSG } from '../../src/shared/api/trade.js';
import { sub } from '../../src/shared/money.js';
import type { TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { balanceOf, fundWallet } from '../helpers/money.js';
import {
  activeTradesOf,
  closeTrade,
  leverTrader,
  openTrade,
  openedTradeId,
  tradeHistoryOf,
  updateTrade,
} from '../helpers/trades.js';
import { createUser, call } from '../helpers/users.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]), {
  prices: { BTC: '60000', ETH: '3000', USDO: '1' },
  checkLedger: true,
});

const rowsOfTrade = (tradeId: number) => t.db.select().from(trades).where(eq(trades.id, tradeId));

describe('opening and closing at the server mark', () => {
  it('a trader funds the lever wallet, opens a long, watches P/L move and closes it with margin + P/L', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '1000');
    const transfer = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '1000', all_amount: false },
    });
    expect(transfer.status).toBe(201);

    const opened = await openTrade(t, user, { trade_type: 'buy', coin: 'BTC', hands: '0.1', starting_price: '60010' });
    expect(opened.status).toBe(201);
    expect(opened.body.message).toBe(TRADE_MSG.tradeOpened);
    expect(opened.body.trade).toMatchObject({
      coin: 'BTC',
      pair: 'BTC/USDT',
      hands: '0.1',
      trade_type: 'buy',
      // The mark, not the client's 60010.
      starting_price: '60000',
      profit_loss_decimal: '0',
      is_closed: false,
      status: 'open',
      leverage: 100,
      margin: '60',
      order_type: 'market',
      limit_price: null,
      liquidation_price: '59400',
      current_price: '60000',
      price_stale: false,
    });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');

    market.set('BTC', '60500');
    const [live] = await activeTradesOf(t, user);
    expect(live).toMatchObject({
      trade_id: opened.body.trade.trade_id,
      profit_loss_decimal: '50',
      current_price: '60500',
    });
    // docs/product.md 3 "Trade": profit_loss is a JSON number; the exact string is beside it.
    expect(live!.profit_loss).toBe(50);

    const closed = await closeTrade(t, user, opened.body.trade.trade_id, '60499');
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(TRADE_MSG.tradeClosed);
    expect(closed.body.trade).toMatchObject({
      status: 'closed',
      is_closed: true,
      close_price: '60500',
      profit_loss_decimal: '50',
      closed_balance: '110',
      liquidation_price: null,
    });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1050');
    expect(await activeTradesOf(t, user)).toEqual([]);
  });

  it('a short at 10x closed at a loss pays back margin minus the loss, exactly', async () => {
    const user = await leverTrader(t, '5000');
    const id = await openedTradeId(t, user, { trade_type: 'sell', hands: '0.5', leverage: 10 });
    // 0.5 x 60000 / 10
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('2000');

    market.set('BTC', '61234.56');
    const closed = await closeTrade(t, user, id, '61234.56');
    expect(closed.status).toBe(200);
    // (60000 - 61234.56) x 0.5 = -617.28; 3000 - 617.28 = 2382.72 back.
    expect(closed.body.trade).toMatchObject({
      profit_loss_decimal: '-617.28',
      closed_balance: '2382.72',
      status: 'closed',
    });
    expect(closed.body.trade.profit_loss).toBe(-617.28);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('4382.72');
  });

  it('a short closed in profit, with leverage sent as the screen labels it (50X)', async () => {
    const user = await leverTrader(t, '500');
    const opened = await openTrade(t, user, {
      trade_type: 'sell',
      coin: 'eth',
      hands: '2',
      starting_price: 3000,
      leverage: '50X',
    });
    expect(opened.status).toBe(201);
    expect(opened.body.trade).toMatchObject({ coin: 'ETH', leverage: 50, margin: '120', liquidation_price: '3060' });

    market.set('ETH', '2970.5');
    const closed = await closeTrade(t, user, opened.body.trade.trade_id, '2970.5');
    // (3000 - 2970.5) x 2 = 59
    expect(closed.body.trade).toMatchObject({ profit_loss_decimal: '59', closed_balance: '179' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('559');
  });

  it.each([
    [100, '6'],
    [50, '12'],
    [30, '20'],
    [10, '60'],
  ] as const)('at %ix leverage 0.01 BTC at 60000 takes %s USDT of margin', async (leverage, margin) => {
    const user = await leverTrader(t, '100');
    const opened = await openTrade(t, user, { hands: '0.01', leverage });
    expect(opened.body.trade).toMatchObject({ leverage, margin });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe(sub('100', margin).toFixed());
  });

  it('defaults to 100x and a market order; accepts the pair spelled BTCUSDT or BTC/USDT', async () => {
    const user = await leverTrader(t, '100');
    for (const coin of ['BTCUSDT', 'btc/usdt']) {
      const opened = await openTrade(t, user, { coin, hands: '0.01' });
      expect(opened.status).toBe(201);
      expect(opened.body.trade).toMatchObject({ coin: 'BTC', leverage: 100, order_type: 'market' });
    }
  });

  it('USDO trades at the default-currency price, at 1X only (docs/decisions/0019)', async () => {
    market.set('USDO', '1.05');
    const user = await leverTrader(t, '2000');
    const refused = await openTrade(t, user, { coin: 'USDO', hands: '1000', starting_price: '1.05', leverage: 10 });
    expect(refused).toMatchObject({ status: 400, body: { fields: { leverage: TRADE_MSG.inHouseLeverage } } });
    // Without a leverage, USDO's only choice is taken.
    const opened = await openTrade(t, user, { coin: 'USDO', hands: '1000', starting_price: '1.05' });
    expect(opened.status).toBe(201);
    expect(opened.body.trade).toMatchObject({ coin: 'USDO', starting_price: '1.05', leverage: 1, margin: '1050' });
  });

  it('records the entry and the close in the price history', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '60100');
    await closeTrade(t, user, id, '60100');
    const points = await t.db.select().from(tradePriceHistory).where(eq(tradePriceHistory.tradeId, id));
    expect(points.map((p) => Number(p.price))).toEqual([60000, 60100]);
  });

  it('a close whose loss reached the margin is a liquidation: P/L is -margin and nothing is paid back', async () => {
    const user = await leverTrader(t, '100');
    const id = await openedTradeId(t, user); // margin 60, liquidation at 59400
    market.set('BTC', '59000');
    const closed = await closeTrade(t, user, id, '59000');
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(TRADE_MSG.tradeLiquidated);
    expect(closed.body.trade).toMatchObject({ status: 'liquidated', profit_loss_decimal: '-60', closed_balance: '0' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('40');
  });
});

describe('the mark decides: refused on stale, missing or far-off prices', () => {
  it('refuses to open on a stale price (503) and changes nothing', async () => {
    const user = await leverTrader(t);
    market.set('BTC', '60000', { stale: true });
    const res = await openTrade(t, user);
    expect(res).toMatchObject({ status: 503, body: { error: TRADE_MSG.priceUnavailable('BTC') } });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1000');
    expect(await activeTradesOf(t, user)).toEqual([]);
  });

  it('refuses to open when the market has no usable price (503)', async () => {
    const user = await leverTrader(t);
    market.set('BTC', '0');
    const res = await openTrade(t, user);
    expect(res).toMatchObject({ status: 503, body: { error: TRADE_MSG.priceUnavailable('BTC') } });
  });

  it('refuses an unknown coin (400)', async () => {
    const user = await leverTrader(t);
    const res = await openTrade(t, user, { coin: 'NOPE' });
    expect(res).toMatchObject({ status: 400, body: { error: TRADE_MSG.cannotTrade('NOPE') } });
    market.remove('BTC');
    expect(await openTrade(t, user)).toMatchObject({ status: 400, body: { error: TRADE_MSG.cannotTrade('BTC') } });
  });

  it('refuses a client price more than 1 % from the mark, and accepts one at exactly 1 %', async () => {
    const user = await leverTrader(t);
    for (const price of ['60600.01', '59399.99', '1']) {
      const res = await openTrade(t, user, { starting_price: price });
      expect(res).toMatchObject({
        status: 400,
        body: { error: TRADE_MSG.priceMoved('BTC', '60000'), fields: { starting_price: expect.any(String) } },
      });
    }
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1000');
    expect((await openTrade(t, user, { starting_price: '60600' })).status).toBe(201);
    expect((await openTrade(t, user, { starting_price: '59400' })).status).toBe(201);
  });

  it('refuses to close on a far-off client price or a stale mark, and the trade stays open', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '61000');

    const far = await closeTrade(t, user, id, '60000');
    expect(far).toMatchObject({ status: 400, body: { error: TRADE_MSG.priceMoved('BTC', '61000') } });

    market.set('BTC', '61000', { stale: true });
    const stale = await closeTrade(t, user, id, '61000');
    expect(stale).toMatchObject({ status: 503, body: { error: TRADE_MSG.priceUnavailable('BTC') } });

    const [row] = await rowsOfTrade(id);
    expect(row?.status).toBe('open');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');
  });
});

describe('margin', () => {
  it('refuses a trade whose margin exceeds the lever balance, naming what is needed, and changes nothing', async () => {
    const user = await leverTrader(t, '50');
    const res = await openTrade(t, user); // needs 60
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: TRADE_MSG.insufficientMargin('60', '50'),
        fields: { hands: TRADE_MSG.insufficientMargin('60', '50') },
      },
    });
    expect(res.body).toMatchObject({ error: expect.stringContaining('needs 60 USDT') });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('50');
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
  });

  it('takes the margin from the lever wallet only, not from funding', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '1000');
    const res = await openTrade(t, user);
    expect(res).toMatchObject({ status: 400, body: { error: TRADE_MSG.insufficientMargin('60', '0') } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('1000');
  });

  it('every movement is a ledger entry referring to the trade', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '60300');
    await closeTrade(t, user, id, '60300');
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'trade'), eq(ledgerEntries.refId, id)))
      .orderBy(ledgerEntries.id);
    // Each posting balances: the trader's lever wallet against the house's margin and trading accounts.
    expect(entries.map((e) => [e.reason, Number(e.amount)])).toEqual([
      ['trade_margin', -60],
      ['trade_margin', 60],
      ['trade_settlement', 90],
      ['trade_settlement', -60],
      ['trade_settlement', -30],
    ]);
    expect(new Set(entries.slice(0, 2).map((e) => e.postingId)).size).toBe(1);
    expect(new Set(entries.slice(2).map((e) => e.postingId)).size).toBe(1);
  });
});

describe('the ledger check covers trades', () => {
  it('reports a trade whose entries do not match its status, and is clean again once they do', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    await closeTrade(t, user, id, '60000');
    // As if the close had been recorded with a profit it never paid.
    await t.db.update(trades).set({ profitLoss: '5' }).where(eq(trades.id, id));
    const report = await checkLedger(t.db);
    expect(report.mismatches).toEqual([
      { kind: 'trade', tradeId: id, status: 'closed', margin: '60', profitLoss: '5', expectedNet: '5', net: '0' },
    ]);
    await t.db.update(trades).set({ profitLoss: '0' }).where(eq(trades.id, id));
  });
});

describe('bad input is a 400 with a message, never a 500', () => {
  it.each([
    ['hands 0', { hands: '0' }, TRADE_MSG.enterHands],
    ['negative hands', { hands: '-1' }, TRADE_MSG.enterHands],
    ['hands with 9 decimals', { hands: '0.123456789' }, TRADE_MSG.enterHands],
    ['hands not a number', { hands: 'ten' }, TRADE_MSG.enterHands],
    ['hands missing', { hands: undefined }, TRADE_MSG.enterHands],
    ['too many hands', { hands: '1000000001' }, TRADE_MSG.tooManyHands],
    ['no price', { starting_price: undefined }, TRADE_MSG.enterPrice],
    ['a zero price', { starting_price: '0' }, TRADE_MSG.enterPrice],
    ['a price in words', { starting_price: 'market' }, TRADE_MSG.enterPrice],
    ['leverage 20', { leverage: 20 }, TRADE_MSG.chooseLeverage],
    ['leverage 20X', { leverage: '20X' }, TRADE_MSG.chooseLeverage],
    ['trade_type hold', { trade_type: 'hold' }, TRADE_MSG.chooseSide],
    ['no trade_type', { trade_type: undefined }, TRADE_MSG.chooseSide],
    ['order_type stop', { order_type: 'stop' }, TRADE_MSG.chooseOrderType],
    ['a limit order without a limit price', { order_type: 'limit' }, TRADE_MSG.enterLimitPrice],
    ['a negative limit price', { order_type: 'limit', limit_price: '-5' }, TRADE_MSG.enterLimitPrice],
    ['no coin', { coin: undefined }, TRADE_MSG.chooseCoin],
    ['a coin with symbols', { coin: 'BT$' }, TRADE_MSG.chooseCoin],
    ['USDT against itself', { coin: 'USDT' }, TRADE_MSG.cannotTrade('USDT')],
  ])('trade-creation: %s', async (_label, fields, message) => {
    const user = await leverTrader(t, '100');
    const res = await openTrade(t, user, fields);
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('100');
  });

  it.each([
    ['no trade_id', { current_price: '60000', is_closed: true }, TRADE_MSG.invalidTradeId],
    ['trade_id in words', { trade_id: 'first', current_price: '60000', is_closed: true }, TRADE_MSG.invalidTradeId],
    ['trade_id 0', { trade_id: 0, current_price: '60000', is_closed: true }, TRADE_MSG.invalidTradeId],
    ['trade_id true', { trade_id: true, current_price: '60000', is_closed: true }, TRADE_MSG.invalidTradeId],
    ['no is_closed', { trade_id: 1, current_price: '60000' }, TRADE_MSG.isClosedRequired],
    ['is_closed "yes"', { trade_id: 1, current_price: '60000', is_closed: 'yes' }, TRADE_MSG.isClosedRequired],
    ['no current_price', { trade_id: 1, is_closed: true }, TRADE_MSG.enterPrice],
  ])('trade-updation: %s', async (_label, body, message) => {
    const user = await leverTrader(t, '0');
    const res = await updateTrade(t, user, body);
    expect(res).toMatchObject({ status: 400, body: { error: message } });
  });

  it('trade-history: a bad status or limit', async () => {
    const user = await leverTrader(t, '0');
    for (const query of ['?status=open', '?status=closed,open', '?status=', '?limit=0', '?limit=many', '?before=x']) {
      const res = await call(t, 'GET', `/api-v1/trade-history/${query}`, { token: user.token });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it('every trade route needs a token', async () => {
    for (const [method, url] of [
      ['POST', '/api-v1/trade-creation/'],
      ['POST', '/api-v1/trade-updation/'],
      ['GET', '/api-v1/get-active-trades/'],
      ['GET', '/api-v1/trade-history/'],
    ] as const) {
      expect((await call(t, method, url, method === 'POST' ? { body: {} } : {})).status).toBe(401);
    }
  });
});

describe('closing is once and only by the owner', () => {
  it('closing an already closed trade is a 409 and changes nothing', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    expect((await closeTrade(t, user, id, '60000')).status).toBe(200);
    const again = await closeTrade(t, user, id, '60000');
    expect(again).toMatchObject({ status: 409, body: { error: TRADE_MSG.alreadyFinished('closed') } });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1000');
  });

  it('two parallel closes of one trade credit it once', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '60200');
    const [a, b] = await Promise.all([closeTrade(t, user, id, '60200'), closeTrade(t, user, id, '60200')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    // 940 + 60 margin + 20 profit, once.
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1020');
  });

  it('ten parallel closes of each of five trades: each credited once', async () => {
    const user = await leverTrader(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await openedTradeId(t, user, { hands: '0.01' }));
    market.set('BTC', '60100');
    const responses = await Promise.all(
      ids.flatMap((id) => Array.from({ length: 10 }, () => closeTrade(t, user, id, '60100'))),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(45);
    // Each: margin 6 back plus 1 profit.
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1005');
  });

  it("another user's trade is a 404 to close, to price, and is not in their lists", async () => {
    const owner = await leverTrader(t);
    const other = await leverTrader(t);
    const id = await openedTradeId(t, owner);

    const close = await closeTrade(t, other, id, '60000');
    expect(close).toMatchObject({ status: 404, body: { error: TRADE_MSG.tradeNotFound } });
    const price = await updateTrade(t, other, { trade_id: id, current_price: '60000', is_closed: false });
    expect(price).toMatchObject({ status: 404, body: { error: TRADE_MSG.tradeNotFound } });
    expect(await activeTradesOf(t, other)).toEqual([]);

    expect((await rowsOfTrade(id))[0]?.status).toBe('open');
    expect(await balanceOf(t, other, 'lever', 'USDT')).toBe('1000');
    expect((await closeTrade(t, owner, id, '60000')).status).toBe(200);
    expect(await tradeHistoryOf(t, other)).toEqual([]);
  });

  it('an unknown trade id is a 404', async () => {
    const user = await leverTrader(t, '0');
    expect((await closeTrade(t, user, 987654321, '60000')).status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('a retried creation with the same key opens one trade and answers the same', async () => {
    const user = await leverTrader(t);
    const headers = { 'idempotency-key': 'open-btc-long-1' };
    const first = await openTrade(t, user, {}, headers);
    // The retry quotes a fresher price: still the same order.
    const retry = await openTrade(t, user, { starting_price: '60010' }, headers);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.trade.trade_id).toBe(first.body.trade.trade_id);
    expect(await activeTradesOf(t, user)).toHaveLength(1);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');
  });

  it('parallel creations with one key open one trade', async () => {
    const user = await leverTrader(t);
    const headers = { 'idempotency-key': 'open-btc-long-parallel' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => openTrade(t, user, {}, headers)));
    expect(new Set(responses.filter((r) => r.status === 201).map((r) => r.body.trade.trade_id)).size).toBe(1);
    expect(await activeTradesOf(t, user)).toHaveLength(1);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');
  });

  it('the same key for a different order is refused (422)', async () => {
    const user = await leverTrader(t);
    const headers = { 'idempotency-key': 'open-reused' };
    expect((await openTrade(t, user, {}, headers)).status).toBe(201);
    expect((await openTrade(t, user, { trade_type: 'sell' }, headers)).status).toBe(422);
  });

  it('a retried close with the same key is answered again (200), credited once', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '60100');
    const headers = { 'idempotency-key': `close-${id}` };
    const first = await closeTrade(t, user, id, '60100', headers);
    const retry = await closeTrade(t, user, id, '60100', headers);
    expect(first.status).toBe(200);
    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1010');
  });
});

describe('live prices: active trades and is_closed false', () => {
  it('the active list re-prices every trade from the mark as it moves', async () => {
    const user = await leverTrader(t, '10000');
    const long = await openedTradeId(t, user, { hands: '0.2' });
    const short = await openedTradeId(t, user, {
      trade_type: 'sell',
      coin: 'ETH',
      hands: '3',
      starting_price: '3000',
      leverage: 10,
    });

    const plOf = async () =>
      Object.fromEntries((await activeTradesOf(t, user)).map((tr) => [tr.trade_id, tr.profit_loss_decimal]));
    expect(await plOf()).toEqual({ [long]: '0', [short]: '0' });

    market.set('BTC', '60123.45');
    market.set('ETH', '3010.1');
    // (60123.45 - 60000) x 0.2 = 24.69; (3000 - 3010.1) x 3 = -30.3
    expect(await plOf()).toEqual({ [long]: '24.69', [short]: '-30.3' });

    market.set('BTC', '59900');
    expect((await plOf())[long]).toBe('-20');
  });

  it('lists newest first with the fields of docs/product.md and ours', async () => {
    const user = await leverTrader(t);
    const first = await openedTradeId(t, user);
    const second = await openedTradeId(t, user, { trade_type: 'sell', hands: '0.05', leverage: 30 });
    const list = await activeTradesOf(t, user);
    expect(list.map((tr) => tr.trade_id)).toEqual([second, first]);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'trade_id',
        'coin',
        'pair',
        'hands',
        'trade_type',
        'starting_price',
        'profit_loss',
        'profit_loss_decimal',
        'is_closed',
        'status',
        'leverage',
        'margin',
        'order_type',
        'limit_price',
        'liquidation_price',
        'open_fee',
        'close_fee',
        'current_price',
        'price_stale',
        'close_price',
        'closed_balance',
        'created_at',
        'opened_at',
        'closed_at',
        // docs/decisions/0025-trade-protection.md (docs/decisions/0025-trade-protection.md)
        'take_profit',
        'stop_loss',
        'close_reason',
        'parent_trade_id',
      ].sort(),
    );
    // 0.05 x 60000 / 30 = 100; short liquidates at 60000 + 100 / 0.05
    expect(list[0]).toMatchObject({ margin: '100', liquidation_price: '62000' });
  });

  it('marks a stale price in the list instead of hiding the trade', async () => {
    const user = await leverTrader(t);
    await openedTradeId(t, user);
    market.set('BTC', '60300', { stale: true });
    const [trade] = await activeTradesOf(t, user);
    expect(trade).toMatchObject({ price_stale: true, current_price: '60300', profit_loss_decimal: '30' });
  });

  it('is_closed false answers the trade with its live P/L and changes nothing', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    market.set('BTC', '59950');
    // The client's price is not checked when only pricing.
    const res = await updateTrade(t, user, { trade_id: id, current_price: '1', is_closed: false });
    expect(res).toMatchObject({
      status: 200,
      body: { message: TRADE_MSG.tradePriced, trade: { trade_id: id, status: 'open', profit_loss_decimal: '-5' } },
    });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('940');
  });
});

describe('trade history', () => {
  it("holds closed trades in docs/product.md's shape and spelling, with their price history", async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user, { trade_type: 'sell', hands: '0.1' });
    market.set('BTC', '59700');
    await closeTrade(t, user, id, '59700');

    const [item, ...rest] = await tradeHistoryOf(t, user);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      trade_id: id,
      coin: 'BTC',
      prfit_loss: '30',
      starting_price: '60000',
      trading_balance: '60',
      closed_balanec: '90',
      history: [
        { price_at_time: '60000', created_at: expect.any(String) },
        { price_at_time: '59700', created_at: expect.any(String) },
      ],
      created_at: expect.any(String),
      closed_at: expect.any(String),
      trade_type: 'sell',
      hands: '0.1',
      status: 'closed',
      close_price: '59700',
      leverage: 100,
      order_type: 'market',
      open_fee: '0',
      close_fee: '0',
      // docs/decisions/0025-trade-protection.md (docs/decisions/0025-trade-protection.md)
      close_reason: 'manual',
      fee: '0',
      realized_profit_loss: '30',
      take_profit: null,
      stop_loss: null,
      parent_trade_id: null,
    });
    expect(Date.parse(item!.closed_at!)).toBeGreaterThanOrEqual(Date.parse(item!.created_at));
  });

  it('is newest first, filters by status, and pages with before', async () => {
    const user = await leverTrader(t);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await openedTradeId(t, user, { hands: '0.01' });
      await closeTrade(t, user, id, '60000');
      ids.push(id);
    }
    expect((await tradeHistoryOf(t, user)).map((h) => h.trade_id)).toEqual([...ids].reverse());
    expect((await tradeHistoryOf(t, user, `?limit=1&before=${ids[2]}`)).map((h) => h.trade_id)).toEqual([ids[1]]);
    expect(await tradeHistoryOf(t, user, '?status=liquidated')).toEqual([]);
    expect(await tradeHistoryOf(t, user, '?status=closed')).toHaveLength(3);
    // Several statuses at once, as the Closed tab asks (docs/decisions/0025-trade-protection.md).
    expect(await tradeHistoryOf(t, user, '?status=closed,liquidated')).toHaveLength(3);
    expect(await tradeHistoryOf(t, user, '?status=cancelled')).toEqual([]);
  });

  it('thins a long price history to at most 100 points, keeping the entry and the close', async () => {
    const user = await leverTrader(t);
    const id = await openedTradeId(t, user);
    // As if the job had sampled it for a long while.
    await t.db
      .insert(tradePriceHistory)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({ tradeId: id, price: String(60000 + i + 1), createdAt: new Date() })),
      );
    market.set('BTC', '61500');
    await closeTrade(t, user, id, '61500');
    const [item] = await tradeHistoryOf(t, user);
    expect(item!.history.length).toBeLessThanOrEqual(100);
    expect(item!.history.length).toBeGreaterThan(90);
    expect(item!.history[0]!.price_at_time).toBe('60000');
    expect(item!.history.at(-1)!.price_at_time).toBe('61500');
    const prices = item!.history.map((p) => Number(p.price_at_time));
    expect(prices).toEqual([...prices].sort((a, b) => a - b)); // still in order
  });
});

describe('get-active-trades as text (docs/performance.md "Active trades as text")', () => {
  it('answers JSON that its schema reads back unchanged: every field of the contract, none beyond it', async () => {
    const user = await leverTrader(t);
    await openedTradeId(t, user, { coin: 'BTC', hands: '0.1', starting_price: '60000' });
    await openedTradeId(t, user, {
      coin: 'ETH',
      hands: '1',
      starting_price: '3000',
      order_type: 'limit',
      limit_price: '2500',
    });
    market.set('BTC', '60150');
    const res = await call(t, 'GET', '/api-v1/get-active-trades/', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toHaveLength(2);
    expect(res.body).toStrictEqual(activeTrades.parse(res.body));
    expect(res.body).toMatchObject([
      { coin: 'ETH', status: 'pending' },
      { coin: 'BTC', status: 'open', profit_loss_decimal: '15', current_price: '60150' },
    ]);
  });
});
