/**
 * Spot orders (docs/architecture.md "Spot orders", docs/decisions/0026): market and limit
 * buys and sells of coins for USDT in the funding wallet, the house as counterparty at the best ask
 * (buy) or bid (sell) of the server's book, a 0.1 % fee in USDT, every move a balanced posting;
 * resting orders hold their USDT or coin and fill on the per-tick pass; cancel releases the hold;
 * every bad input changes nothing; parallel sells of one coin sell exactly what is held.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accounts, ledgerEntries } from '../../src/server/db/schema.js';
import { spotOrders } from '../../src/server/modules/spot/schema.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { SPOT_ORDERS_CHANGED } from '../../src/server/modules/spot/index.js';
import { runTradeJobsOnce, startTradeJobs } from '../../src/server/modules/trades/jobs.js';
import { canonical, dec } from '../../src/shared/money.js';
import { SPOT_MSG, type SpotOrderAnswer, type SpotOrders } from '../../src/shared/api/spot.js';
import { MAX_OPEN_SPOT_ORDERS } from '../../src/shared/constants.js';
import { USER_STREAMS } from '../../src/shared/api/streams.js';
import { anotherInstance, type TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { balanceOf, grant } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { connectWs } from '../helpers/ws.js';

let t: TestApp;
let market: FakeMarket;
// SPOT_FEE_RATE at its default, 0.001. The books balance per currency after every test (house
// accounts may be negative, customers never).
fakeMarketApp((app, fake) => ([t, market] = [app, fake]), { prices: { BTC: '60000', ETH: '3000' }, checkLedger: true });
beforeEach(() => {
  market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
  market.setBook('ETH', null);
});

type Body = Record<string, unknown>;
const place = (user: TestUser, body: Body, headers?: Record<string, string>) =>
  call<SpotOrderAnswer>(t, 'POST', '/api-v1/spot-orders/', {
    token: user.token,
    body,
    ...(headers ? { headers } : {}),
  });
const cancel = (user: TestUser, id: number) =>
  call<SpotOrderAnswer>(t, 'DELETE', `/api-v1/spot-orders/${id}/`, { token: user.token });
async function listOf(user: TestUser, query = ''): Promise<SpotOrders> {
  const res = await call<SpotOrders>(t, 'GET', `/api-v1/spot-orders/${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}
const funding = (user: TestUser, currency: string) => balanceOf(t, user, 'funding', currency);
const runJobs = () => runTradeJobsOnce(t.ctx);

async function trader(usdt = '1000', btc = '0'): Promise<TestUser> {
  const user = await signUp(t);
  if (usdt !== '0') await grant(t, user, 'funding', 'USDT', usdt);
  if (btc !== '0') await grant(t, user, 'funding', 'BTC', btc);
  return user;
}

async function houseBalance(name: 'spot' | 'spot_holds' | 'fees', currency: string): Promise<string> {
  const [row] = await t.db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(isNull(accounts.userId), eq(accounts.wallet, name), eq(accounts.currency, currency)));
  return row?.balance ?? '0';
}
const delta = (after: string, before: string) => (Number(after) - Number(before)).toFixed(8);

describe('market orders', () => {
  it('buys at the best ask: the coin arrives, USDT pays quantity x ask plus a 0.1 % fee in USDT', async () => {
    const user = await trader('1000');
    const [spotUsdt, spotBtc, fees] = [
      await houseBalance('spot', 'USDT'),
      await houseBalance('spot', 'BTC'),
      await houseBalance('fees', 'USDT'),
    ];
    const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SPOT_MSG.orderFilled);
    expect(res.body.order).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      price: null,
      status: 'filled',
      filled_price: '60010', // the ask, not the mark (60000) nor the bid
      fee: '0.6001', // 600.1 x 0.001
      total: '600.7001',
      held: '0',
    });
    expect(typeof res.body.order.order_id).toBe('number');
    expect(Date.parse(res.body.order.created_at)).not.toBeNaN();
    expect(await funding(user, 'USDT')).toBe('399.2999');
    expect(await funding(user, 'BTC')).toBe('0.01');
    // The house's side: it got the cost, gave the coin, earned the fee.
    expect(delta(await houseBalance('spot', 'USDT'), spotUsdt)).toBe('600.10000000');
    expect(delta(await houseBalance('spot', 'BTC'), spotBtc)).toBe('-0.01000000');
    expect(delta(await houseBalance('fees', 'USDT'), fees)).toBe('0.60010000');
  });

  it('sells at the best bid: USDT arrives as quantity x bid minus the fee', async () => {
    const user = await trader('0', '0.02');
    const res = await place(user, { symbol: 'btc/usdt', side: 'SELL', type: 'market', quantity: '0.005' });
    expect(res.status).toBe(201);
    // 0.005 x 59990 = 299.95; fee 0.29995; received 299.65005.
    expect(res.body.order).toMatchObject({
      status: 'filled',
      filled_price: '59990',
      fee: '0.29995',
      total: '299.65005',
    });
    expect(await funding(user, 'BTC')).toBe('0.015');
    expect(await funding(user, 'USDT')).toBe('299.65005');
  });

  it('trades at the mark when the book has no level on its side', async () => {
    market.setBook('ETH', { bids: ['2999'], asks: [] });
    const user = await trader('100');
    const res = await place(user, { symbol: 'ETHUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ filled_price: '3000', fee: '0.03', total: '30.03' });
    expect(await funding(user, 'USDT')).toBe('69.97');
  });

  it('refuses with 503 on a stale price and moves nothing', async () => {
    const user = await trader('1000');
    market.set('BTC', '60000', { stale: true });
    const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: SPOT_MSG.priceUnavailable('BTC') });
    expect(await funding(user, 'USDT')).toBe('1000');
    expect(await listOf(user)).toEqual([]);
  });
});

describe('limit orders', () => {
  it('a buy below the ask rests and holds quantity x limit + fee of its USDT', async () => {
    const user = await trader('1000');
    const holds = await houseBalance('spot_holds', 'USDT');
    const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '59000' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SPOT_MSG.limitPlaced);
    expect(res.body.order).toMatchObject({
      type: 'limit',
      price: '59000',
      status: 'open',
      filled_price: null,
      fee: '0.59',
      total: null,
      held: '590.59',
    });
    expect(await funding(user, 'USDT')).toBe('409.41');
    expect(delta(await houseBalance('spot_holds', 'USDT'), holds)).toBe('590.59000000');
    expect((await listOf(user, '?status=open')).map((o) => o.order_id)).toEqual([res.body.order.order_id]);
    await cancel(user, res.body.order.order_id);
  });

  it('fills on the per-tick pass when the mark reaches the limit, at the limit, and not a cent before', async () => {
    const user = await trader('1000', '0.02');
    const buy = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '59000' });
    const sell = await place(user, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      quantity: '0.02',
      price: '61000',
    });
    expect([buy.status, sell.status]).toEqual([201, 201]);
    expect(sell.body.order).toMatchObject({ status: 'open', held: '0.02', fee: '1.22' });
    expect(await funding(user, 'USDT')).toBe('409.41');
    expect(await funding(user, 'BTC')).toBe('0');

    // A scripted price path: down to the buy's limit, then up to the sell's.
    for (const price of ['59500', '59000.01']) {
      market.set('BTC', price);
      expect(await runJobs()).toMatchObject({ ran: true, spotFilled: 0 });
    }
    market.set('BTC', '59000');
    expect(await runJobs()).toMatchObject({ spotFilled: 1 });
    const [filledBuy] = await listOf(user, '?status=filled');
    expect(filledBuy).toMatchObject({
      order_id: buy.body.order.order_id,
      filled_price: '59000',
      fee: '0.59',
      total: '590.59',
      held: '0',
    });
    expect(await funding(user, 'BTC')).toBe('0.01');
    expect(await funding(user, 'USDT')).toBe('409.41'); // paid from the hold, nothing more
    expect(await runJobs()).toMatchObject({ spotFilled: 0 }); // filled once

    for (const price of ['60000', '60999.99']) {
      market.set('BTC', price);
      expect(await runJobs()).toMatchObject({ spotFilled: 0 });
    }
    market.set('BTC', '61500'); // a gap past the limit: it still fills at its limit
    expect(await runJobs()).toMatchObject({ spotFilled: 1 });
    const [filledSell] = await listOf(user, '?status=filled');
    // 0.02 x 61000 = 1220, fee 1.22.
    expect(filledSell).toMatchObject({ order_id: sell.body.order.order_id, filled_price: '61000', total: '1218.78' });
    expect(await funding(user, 'USDT')).toBe('1628.19');
    expect(await funding(user, 'BTC')).toBe('0.01');
    expect(await listOf(user, '?status=open')).toEqual([]);
  });

  it('the running trade jobs fill a resting order on the tick that reaches its limit', async () => {
    const user = await trader('1000');
    const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '59000' });
    expect(res.body.order.status).toBe('open');
    const jobs = startTradeJobs(t.ctx, 60_000); // passes come from the market's ticks
    try {
      market.set('BTC', '58950');
      await expect
        .poll(async () => (await listOf(user, '?status=filled')).map((o) => o.order_id), { timeout: 15_000 })
        .toEqual([res.body.order.order_id]);
      expect(await funding(user, 'BTC')).toBe('0.01');
    } finally {
      await jobs.stop();
    }
  });

  it('a buy at or above the ask fills at once, at the ask', async () => {
    const user = await trader('1000');
    const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '60100' });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      status: 'filled',
      price: '60100',
      filled_price: '60010',
      total: '600.7001',
    });
    expect(await funding(user, 'USDT')).toBe('399.2999');
  });

  it('a sell at or below the bid fills at once, at the bid', async () => {
    const user = await trader('0', '0.01');
    const res = await place(user, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', quantity: '0.01', price: '59990' });
    expect(res.body.order).toMatchObject({ status: 'filled', filled_price: '59990', fee: '0.5999', total: '599.3001' });
  });
});

describe('cancel', () => {
  it('cancels a resting buy and gives back its whole hold; a second cancel is 409', async () => {
    const user = await trader('1000');
    const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '59000' });
    const id = res.body.order.order_id;
    const cancelled = await cancel(user, id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      message: SPOT_MSG.orderCancelled,
      order: { order_id: id, status: 'cancelled', held: '0', fee: '0' },
    });
    expect(await funding(user, 'USDT')).toBe('1000');
    expect((await listOf(user, '?status=cancelled')).map((o) => o.order_id)).toEqual([id]);
    const again = await cancel(user, id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: SPOT_MSG.alreadyCancelled });
    // Cancelled orders are not filled by the pass.
    market.set('BTC', '58000');
    expect(await runJobs()).toMatchObject({ spotFilled: 0 });
    expect(await funding(user, 'BTC')).toBe('0');
  });

  it('gives back the coin of a resting sell', async () => {
    const user = await trader('0', '0.5');
    const res = await place(user, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', quantity: '0.3', price: '65000' });
    expect(await funding(user, 'BTC')).toBe('0.2');
    expect((await cancel(user, res.body.order.order_id)).status).toBe(200);
    expect(await funding(user, 'BTC')).toBe('0.5');
  });

  it("another user's order is 404 and stays; a filled order is 409", async () => {
    const owner = await trader('1000');
    const other = await trader('1000');
    const resting = await place(owner, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      price: '59000',
    });
    const id = resting.body.order.order_id;
    const foreign = await cancel(other, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: SPOT_MSG.orderNotFound });
    expect((await listOf(owner, '?status=open')).map((o) => o.order_id)).toEqual([id]);
    expect(await listOf(other)).toEqual([]);

    const filled = await place(owner, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.001' });
    const refused = await cancel(owner, filled.body.order.order_id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: SPOT_MSG.alreadyFilled });
    expect(await funding(owner, 'BTC')).toBe('0.001');
    await cancel(owner, id);
  });
});

describe('refusals change nothing', () => {
  const cases: [string, Body, number, string, string?][] = [
    [
      'an unknown symbol',
      { symbol: 'FOOUSDT', side: 'buy', type: 'market', quantity: '1' },
      400,
      SPOT_MSG.unknownSymbol('FOOUSDT'),
      'symbol',
    ],
    [
      'a pair not quoted in USDT',
      { symbol: 'ETHBTC', side: 'buy', type: 'market', quantity: '1' },
      400,
      SPOT_MSG.unknownSymbol('ETHBTC'),
      'symbol',
    ],
    ['no symbol', { symbol: ' ', side: 'buy', type: 'market', quantity: '1' }, 400, SPOT_MSG.chooseSymbol, 'symbol'],
    // 0.00008 x 60010 = 4.8008 USDT, under the 5 USDT minimum.
    [
      'under the minimum value',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.00008' },
      400,
      SPOT_MSG.belowMinNotional('4.8008'),
      'quantity',
    ],
    [
      'a limit under the minimum value',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.0001', price: '40000' },
      400,
      SPOT_MSG.belowMinNotional('4'),
      'quantity',
    ],
    [
      'more USDT than the balance',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.02' },
      400,
      SPOT_MSG.insufficient('USDT', '1201.4002', '1000'),
      'quantity',
    ],
    [
      'more coin than the balance',
      { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.02' },
      400,
      SPOT_MSG.insufficient('BTC', '0.02', '0.01'),
      'quantity',
    ],
    [
      'a limit holding more than the balance',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.02', price: '59000' },
      400,
      SPOT_MSG.insufficient('USDT', '1181.18', '1000'),
      'quantity',
    ],
    [
      'a price on a market order',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01', price: '60000' },
      400,
      SPOT_MSG.priceOnMarket,
      'price',
    ],
    [
      'no price on a limit order',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01' },
      400,
      SPOT_MSG.enterPrice,
      'price',
    ],
    [
      'too many quantity decimals',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.000101' },
      400,
      SPOT_MSG.quantityDecimals('BTC', 5),
      'quantity',
    ],
    [
      'more than 8 decimals',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.010000001' },
      400,
      SPOT_MSG.enterQuantity,
      'quantity',
    ],
    [
      'too many price decimals',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '59000.125' },
      400,
      SPOT_MSG.priceDecimals('BTC', 2),
      'price',
    ],
    [
      'a zero quantity',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0' },
      400,
      SPOT_MSG.enterQuantity,
      'quantity',
    ],
    [
      'a negative quantity',
      { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '-1' },
      400,
      SPOT_MSG.enterQuantity,
      'quantity',
    ],
    [
      'a bad side',
      { symbol: 'BTCUSDT', side: 'hold', type: 'market', quantity: '0.01' },
      400,
      SPOT_MSG.chooseSide,
      'side',
    ],
    [
      'a bad type',
      { symbol: 'BTCUSDT', side: 'buy', type: 'stop', quantity: '0.01' },
      400,
      SPOT_MSG.chooseType,
      'type',
    ],
  ];

  it.each(cases)(
    '%s: refused with its message, and no order, entry or balance changes',
    async (_name, body, status, message, field) => {
      const user = await trader('1000', '0.01');
      const [entriesBefore] = await t.db.select({ n: count() }).from(ledgerEntries);
      const res = await place(user, body);
      expect(res.status).toBe(status);
      const error = res.body as unknown as { error: string; fields?: Record<string, string> };
      expect(error.fields?.[field!] ?? error.error).toBe(message);
      const [entriesAfter] = await t.db.select({ n: count() }).from(ledgerEntries);
      expect(entriesAfter!.n).toBe(entriesBefore!.n);
      expect(await funding(user, 'USDT')).toBe('1000');
      expect(await funding(user, 'BTC')).toBe('0.01');
      expect(await t.db.select().from(spotOrders).where(eq(spotOrders.userId, user.id))).toEqual([]);
    },
  );
});

describe('the cap on resting orders', () => {
  it(`${MAX_OPEN_SPOT_ORDERS} resting orders on a pair, then a refusal that changes nothing; a fill, another pair or a cancel still go`, async () => {
    const user = await trader('2000', '0.001');
    // 0.0001 BTC at 50000: 5 USDT (the minimum) + 0.005 fee held each; resting, as the ask is 60010.
    const resting = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.0001', price: '50000' };
    const placed: number[] = [];
    for (let i = 0; i < MAX_OPEN_SPOT_ORDERS - 1; i++) {
      const res = await place(user, resting);
      expect(res.status).toBe(201);
      placed.push(res.body.order.order_id);
    }
    // A resting sell counts on the same pair.
    const sell = await place(user, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      quantity: '0.0001',
      price: '70000',
    });
    expect(sell.status).toBe(201);
    const usdt = await funding(user, 'USDT');

    const over = await place(user, resting);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      error: SPOT_MSG.tooManyOpen(MAX_OPEN_SPOT_ORDERS, 'BTC'),
      code: 'spot.tooManyOpen',
      params: { p0: String(MAX_OPEN_SPOT_ORDERS), p1: 'BTC' },
    });
    expect(await funding(user, 'USDT')).toBe(usdt);
    const [open] = await t.db
      .select({ n: count() })
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, user.id), eq(spotOrders.status, 'open')));
    expect(open!.n).toBe(MAX_OPEN_SPOT_ORDERS);

    // An order that fills at once rests nowhere; another pair has its own count; a cancel makes room.
    expect((await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.0001' })).status).toBe(
      201,
    );
    market.setBook('ETH', { bids: ['2990'], asks: ['3010'] });
    expect(
      (await place(user, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', quantity: '0.01', price: '2000' })).status,
    ).toBe(201);
    expect((await cancel(user, placed[0]!)).status).toBe(200);
    expect((await place(user, resting)).status).toBe(201);
  });
});

describe('concurrency and retries', () => {
  it('parallel sells of one coin: exactly the balance’s worth go through, the rest are refused', async () => {
    const user = await trader('0', '0.05');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        place(
          user,
          i % 2 === 0
            ? { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.01' }
            : { symbol: 'BTCUSDT', side: 'sell', type: 'limit', quantity: '0.01', price: '70000' },
        ),
      ),
    );
    const done = answers.filter((a) => a.status === 201);
    expect(done).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as { error: string }).error).toMatch(
        /^Insufficient balance: this order needs 0.01 BTC/,
      );
    }
    expect(await funding(user, 'BTC')).toBe('0');
    const filled = done.filter((a) => a.body.order.status === 'filled').length;
    // Each market sell brought 0.01 x 59990 - 0.5999 = 599.3001 USDT.
    expect(await funding(user, 'USDT')).toBe(canonical(dec('599.3001').times(filled)));
    for (const a of done.filter((d) => d.body.order.status === 'open')) await cancel(user, a.body.order.order_id);
    expect(await funding(user, 'BTC')).toBe(canonical(dec('0.01').times(5 - filled)));
  });

  it('an Idempotency-Key retry is answered again without a second order; another body with it is 422', async () => {
    const user = await trader('1000');
    const body = { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' };
    const first = await place(user, body, { 'idempotency-key': 'spot-retry-1' });
    const second = await place(user, body, { 'idempotency-key': 'spot-retry-1' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await listOf(user)).toHaveLength(1);
    expect(await funding(user, 'USDT')).toBe('399.2999');
    const other = await place(user, { ...body, quantity: '0.001' }, { 'idempotency-key': 'spot-retry-1' });
    expect(other.status).toBe(422);
  });
});

describe('the ledger check', () => {
  it('reports a spot order whose money does not match what its row says, and one whose entry is on a wrong account', async () => {
    const user = await trader('1000');
    const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    const id = res.body.order.order_id;
    await t.db.update(spotOrders).set({ total: '600' }).where(eq(spotOrders.id, id));
    try {
      const report = await checkLedger(t.db);
      expect(report.mismatches).toEqual([
        {
          kind: 'record',
          refType: 'spot_order',
          refId: id,
          status: 'filled',
          wallet: 'funding',
          currency: 'USDT',
          expectedNet: '-600',
          net: '-600.7001',
        },
      ]);
    } finally {
      await t.db.update(spotOrders).set({ total: '600.7001' }).where(eq(spotOrders.id, id));
    }
    const other = await trader('0');
    await t.db.update(spotOrders).set({ userId: other.id }).where(eq(spotOrders.id, id));
    try {
      const kinds = (await checkLedger(t.db)).mismatches.map((m) => `${m.kind}:${'problem' in m ? m.problem : ''}`);
      expect(kinds).toContain('entry:wrong_account');
    } finally {
      await t.db.update(spotOrders).set({ userId: user.id }).where(eq(spotOrders.id, id));
    }
  });
});

describe('listing and the change notification', () => {
  it('lists newest first, a page at a time, by status', async () => {
    const user = await trader('1000');
    const ids: number[] = [];
    for (const price of ['59000', '58000', '57000']) {
      const res = await place(user, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.001', price });
      ids.push(res.body.order.order_id);
    }
    expect((await listOf(user)).map((o) => o.order_id)).toEqual([...ids].reverse());
    expect((await listOf(user, `?limit=2&before=${ids[2]}`)).map((o) => o.order_id)).toEqual([ids[1], ids[0]]);
    expect(await listOf(user, '?status=filled')).toEqual([]);
    const bad = await call(t, 'GET', '/api-v1/spot-orders/?status=pending', { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: SPOT_MSG.invalidStatus });
    for (const id of ids) await cancel(user, id);
  });

  it(`NOTIFYs spot_orders_changed with the user's id on every change`, async () => {
    const user = await trader('1000');
    const client = await t.db.$client.connect();
    const heard: unknown[] = [];
    client.on('notification', (n) => {
      if (n.channel === SPOT_ORDERS_CHANGED) heard.push(JSON.parse(n.payload ?? 'null'));
    });
    try {
      await client.query(`listen ${SPOT_ORDERS_CHANGED}`);
      const res = await place(user, {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        quantity: '0.001',
        price: '59000',
      });
      const id = res.body.order.order_id;
      await cancel(user, id);
      // Placed (open), then cancelled: one notification each, carrying the owner's id.
      await expect.poll(() => heard.filter((h) => h === user.id).length).toBe(2);
    } finally {
      await client.query(`unlisten ${SPOT_ORDERS_CHANGED}`);
      client.release();
    }
  });

  it('tells the fee rate and the minimum', async () => {
    const res = await call(t, 'GET', '/api-v1/spot-rules/');
    expect(res.body).toEqual({ fee_rate: '0.001', min_notional: '5' });
  });
});

describe('orders@user.<id> (docs/decisions/0026-spot-orders.md)', () => {
  it('sends the open orders on subscribe, and again at once when one is placed on another instance, fills or is cancelled', async () => {
    const user = await trader('1000');
    const resting = await place(user, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      quantity: '0.001',
      price: '59000',
    });
    const restingId = resting.body.order.order_id as number;

    const client = await connectWs(t);
    client.send({ method: 'LOGIN', params: [user.token], id: 'login' });
    expect(await client.next((f) => f.id === 'login')).toHaveProperty('result');
    client.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.orders(user.id)], id: 'sub' });
    const openIds = (f: any) => (f.e === 'orders' ? f.orders.map((o: any) => o.order_id) : null);
    const ordersFrame = (ids: number[], from: number) =>
      client.next((f) => JSON.stringify(openIds(f)) === JSON.stringify(ids), from);
    await ordersFrame([restingId], 0);

    // Placed through a second instance: the NOTIFY reaches this one's socket.
    const other = await anotherInstance(t);
    try {
      // Only this process's own changes are seen without the notification: wait for both to listen.
      await vi.waitFor(() => expect(t.ctx.changes.listening() && other.ctx.changes.listening()).toBe(true));
      // Far below the other instance's own (simulated) price, so it rests there too.
      const mark = (await other.ctx.market.markPrice('BTC'))!.price;
      const price = String(Math.floor(Number(mark) / 2));
      let from = client.frames.length;
      const second = await other.app.inject({
        method: 'POST',
        url: '/api-v1/spot-orders/',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.01', price },
      });
      expect(second.statusCode, second.body).toBe(201);
      const secondId = second.json().order.order_id as number;
      await ordersFrame([secondId, restingId], from);

      // The per-tick pass fills the first: it leaves the open list.
      from = client.frames.length;
      market.set('BTC', '59000');
      await runJobs();
      await ordersFrame([secondId], from);

      from = client.frames.length;
      expect((await cancel(user, secondId)).status).toBe(200);
      await ordersFrame([], from);
    } finally {
      await other.close();
      client.ws.close();
    }
  });
});
