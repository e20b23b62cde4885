/**
 * Spot orders' rules on the service layer (docs/architecture.md "Spot orders" and section 9 "Test
 * layers", docs/decisions/0026-spot-orders.md): the house as counterparty at the best ask (buy) or bid
 * (sell), a 0.1 % fee in USDT, every move a balanced posting; resting orders hold their USDT or coin
 * and fill on the per-tick pass; cancel releases the hold; the refusals the service makes change
 * nothing; the cap on resting orders; the ledger check; the list and the change notification. The
 * routes' contract (fields, status codes, the request checks, access, the attacks, the orders stream)
 * is in tests/api/spot-orders.test.ts. The ledger check holds after each test.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries } from '../../src/server/db/schema.js';
import { AppError } from '../../src/server/errors.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { createSpotService, SPOT_ORDERS_CHANGED } from '../../src/server/modules/spot/index.js';
import { spotOrders } from '../../src/server/modules/spot/schema.js';
import { runTradeJobsOnce, startTradeJobs } from '../../src/server/modules/trades/jobs.js';
import { SPOT_MSG, spotOrderBody, spotOrdersQuery } from '../../src/shared/api/spot.js';
import { MAX_OPEN_SPOT_ORDERS } from '../../src/shared/constants.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { balanceIn, fakeMarketServices, refusal, type TestServices } from '../helpers/services.js';
import { createUser } from '../helpers/users.js';
import { limitOrder, marketOrder } from '../helpers/spot.js';
import type { TestUser } from '../helpers/users.js';

let s: TestServices;
let market: FakeMarket;
let spot: ReturnType<typeof createSpotService>;
// SPOT_FEE_RATE at its default, 0.001. The books balance per currency after every test (house
// accounts may be negative, customers never).
fakeMarketServices(
  (services, fake) => {
    [s, market] = [services, fake];
    spot = createSpotService(s.ctx);
  },
  { prices: { BTC: '60000', ETH: '3000' } },
);
beforeEach(() => {
  market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
  market.setBook('ETH', null);
});
afterEach(() => expectLedgerBalanced(s));

type Body = Record<string, unknown>;
const NO_KEY = { key: null, route: 'POST /api-v1/spot-orders/' };
/** The request as the route hands it on: parsed by the route's own schema; the answer's body. */
const place = async (user: TestUser, body: Body) => (await spot.place(user.id, spotOrderBody.parse(body), NO_KEY)).body;
const cancel = async (user: TestUser, id: number) =>
  (await spot.cancel(user.id, id, { key: null, route: 'DELETE /api-v1/spot-orders/:id/' })).body;
const listOf = (user: TestUser, query: Body = {}) => spot.list(user.id, spotOrdersQuery.parse(query));
const funding = (user: TestUser, currency: string) => balanceIn(s, user, 'funding', currency);
const runJobs = () => runTradeJobsOnce(s.ctx);

async function trader(usdt = '1000', btc = '0'): Promise<TestUser> {
  const user = await createUser(s);
  if (usdt !== '0') await grant(s, user, 'funding', 'USDT', usdt);
  if (btc !== '0') await grant(s, user, 'funding', 'BTC', btc);
  return user;
}

async function houseBalance(name: 'spot' | 'spot_holds' | 'fees', currency: string): Promise<string> {
  const [row] = await s.db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(isNull(accounts.userId), eq(accounts.wallet, name), eq(accounts.currency, currency)));
  return row?.balance ?? '0';
}
const delta = (after: string, before: string) => (Number(after) - Number(before)).toFixed(8);

/** A refusal with its status, message and per-field messages, as the error handler sends them. */
async function refused(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal, the call succeeded');
}

describe('market orders', () => {
  it('buys at the best ask: the coin arrives, USDT pays quantity x ask plus a 0.1 % fee in USDT', async () => {
    const user = await trader('1000');
    const [spotUsdt, spotBtc, fees] = [
      await houseBalance('spot', 'USDT'),
      await houseBalance('spot', 'BTC'),
      await houseBalance('fees', 'USDT'),
    ];
    const answer = await place(user, marketOrder('buy', '0.01'));
    expect(answer.message).toBe(SPOT_MSG.orderFilled);
    expect(answer.order).toMatchObject({
      status: 'filled',
      filled_price: '60010', // the ask, not the mark (60000) nor the bid
      fee: '0.6001', // 600.1 x 0.001
      total: '600.7001',
      held: '0',
    });
    expect(await funding(user, 'USDT')).toBe('399.2999');
    expect(await funding(user, 'BTC')).toBe('0.01');
    // The house's side: it got the cost, gave the coin, earned the fee.
    expect(delta(await houseBalance('spot', 'USDT'), spotUsdt)).toBe('600.10000000');
    expect(delta(await houseBalance('spot', 'BTC'), spotBtc)).toBe('-0.01000000');
    expect(delta(await houseBalance('fees', 'USDT'), fees)).toBe('0.60010000');
  });

  it('sells at the best bid: USDT arrives as quantity x bid minus the fee', async () => {
    const user = await trader('0', '0.02');
    const answer = await place(user, { symbol: 'btc/usdt', side: 'SELL', type: 'market', quantity: '0.005' });
    // 0.005 x 59990 = 299.95; fee 0.29995; received 299.65005.
    expect(answer.order).toMatchObject({
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
    const answer = await place(user, marketOrder('buy', '0.01', 'ETHUSDT'));
    expect(answer.order).toMatchObject({ filled_price: '3000', fee: '0.03', total: '30.03' });
    expect(await funding(user, 'USDT')).toBe('69.97');
  });

  it('refuses with 503 on a stale price and moves nothing', async () => {
    const user = await trader('1000');
    market.set('BTC', '60000', { stale: true });
    const ended = await refusal(place(user, marketOrder('buy', '0.01')));
    expect(ended.status).toBe(503);
    expect(ended).toMatchObject({ error: SPOT_MSG.priceUnavailable('BTC') });
    expect(await funding(user, 'USDT')).toBe('1000');
    expect(await listOf(user)).toEqual([]);
  });
});

describe('limit orders', () => {
  it('a buy below the ask rests and holds quantity x limit + fee of its USDT', async () => {
    const user = await trader('1000');
    const holds = await houseBalance('spot_holds', 'USDT');
    const answer = await place(user, limitOrder('buy', '0.01', '59000'));
    expect(answer.message).toBe(SPOT_MSG.limitPlaced);
    expect(answer.order).toMatchObject({
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
    expect((await listOf(user, { status: 'open' })).map((o) => o.order_id)).toEqual([answer.order.order_id]);
    await cancel(user, answer.order.order_id);
  });

  it('fills on the per-tick pass when the mark reaches the limit, at the limit, and not a cent before', async () => {
    const user = await trader('1000', '0.02');
    const buy = await place(user, limitOrder('buy', '0.01', '59000'));
    const sell = await place(user, limitOrder('sell', '0.02', '61000'));
    expect([buy.order.status, sell.order.status]).toEqual(['open', 'open']);
    expect(sell.order).toMatchObject({ status: 'open', held: '0.02', fee: '1.22' });
    expect(await funding(user, 'USDT')).toBe('409.41');
    expect(await funding(user, 'BTC')).toBe('0');

    // A scripted price path: down to the buy's limit, then up to the sell's.
    for (const price of ['59500', '59000.01']) {
      market.set('BTC', price);
      expect(await runJobs()).toMatchObject({ ran: true, spotFilled: 0 });
    }
    market.set('BTC', '59000');
    expect(await runJobs()).toMatchObject({ spotFilled: 1 });
    const [filledBuy] = await listOf(user, { status: 'filled' });
    expect(filledBuy).toMatchObject({
      order_id: buy.order.order_id,
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
    const [filledSell] = await listOf(user, { status: 'filled' });
    // 0.02 x 61000 = 1220, fee 1.22.
    expect(filledSell).toMatchObject({ order_id: sell.order.order_id, filled_price: '61000', total: '1218.78' });
    expect(await funding(user, 'USDT')).toBe('1628.19');
    expect(await funding(user, 'BTC')).toBe('0.01');
    expect(await listOf(user, { status: 'open' })).toEqual([]);
  });

  it('the running trade jobs fill a resting order on the tick that reaches its limit', async () => {
    const user = await trader('1000');
    const answer = await place(user, limitOrder('buy', '0.01', '59000'));
    expect(answer.order.status).toBe('open');
    const jobs = startTradeJobs(s.ctx, 60_000); // passes come from the market's ticks
    try {
      market.set('BTC', '58950');
      await expect
        .poll(async () => (await listOf(user, { status: 'filled' })).map((o) => o.order_id), { timeout: 15_000 })
        .toEqual([answer.order.order_id]);
      expect(await funding(user, 'BTC')).toBe('0.01');
    } finally {
      await jobs.stop();
    }
  });

  it('a buy at or above the ask fills at once, at the ask', async () => {
    const user = await trader('1000');
    const answer = await place(user, limitOrder('buy', '0.01', '60100'));
    expect(answer.order).toMatchObject({
      status: 'filled',
      price: '60100',
      filled_price: '60010',
      total: '600.7001',
    });
    expect(await funding(user, 'USDT')).toBe('399.2999');
  });

  it('a sell at or below the bid fills at once, at the bid', async () => {
    const user = await trader('0', '0.01');
    const answer = await place(user, limitOrder('sell', '0.01', '59990'));
    expect(answer.order).toMatchObject({ status: 'filled', filled_price: '59990', fee: '0.5999', total: '599.3001' });
  });
});

describe('cancel', () => {
  it('cancels a resting buy and gives back its whole hold; a second cancel is 409', async () => {
    const user = await trader('1000');
    const placed = await place(user, limitOrder('buy', '0.01', '59000'));
    const id = placed.order.order_id;
    const cancelled = await cancel(user, id);
    expect(cancelled).toMatchObject({
      message: SPOT_MSG.orderCancelled,
      order: { order_id: id, status: 'cancelled', held: '0', fee: '0' },
    });
    expect(await funding(user, 'USDT')).toBe('1000');
    expect((await listOf(user, { status: 'cancelled' })).map((o) => o.order_id)).toEqual([id]);
    const again = await refusal(cancel(user, id));
    expect(again.status).toBe(409);
    expect(again).toMatchObject({ error: SPOT_MSG.alreadyCancelled });
    // Cancelled orders are not filled by the pass.
    market.set('BTC', '58000');
    expect(await runJobs()).toMatchObject({ spotFilled: 0 });
    expect(await funding(user, 'BTC')).toBe('0');
  });

  it('gives back the coin of a resting sell', async () => {
    const user = await trader('0', '0.5');
    const placed = await place(user, limitOrder('sell', '0.3', '65000'));
    expect(await funding(user, 'BTC')).toBe('0.2');
    expect((await cancel(user, placed.order.order_id)).order.status).toBe('cancelled');
    expect(await funding(user, 'BTC')).toBe('0.5');
  });

  it("another user's order is 404 and stays; a filled order is 409", async () => {
    const owner = await trader('1000');
    const other = await trader('1000');
    const resting = await place(owner, limitOrder('buy', '0.01', '59000'));
    const id = resting.order.order_id;
    const foreign = await refusal(cancel(other, id));
    expect(foreign.status).toBe(404);
    expect(foreign).toMatchObject({ error: SPOT_MSG.orderNotFound });
    expect((await listOf(owner, { status: 'open' })).map((o) => o.order_id)).toEqual([id]);
    expect(await listOf(other)).toEqual([]);

    const filled = await place(owner, marketOrder('buy', '0.001'));
    const refusedFilled = await refusal(cancel(owner, filled.order.order_id));
    expect(refusedFilled.status).toBe(409);
    expect(refusedFilled).toMatchObject({ error: SPOT_MSG.alreadyFilled });
    expect(await funding(owner, 'BTC')).toBe('0.001');
    await cancel(owner, id);
  });
});

describe('refusals change nothing', () => {
  // The service's own refusals; the request checks (symbol, side, type, decimals) are the route
  // schema's, tested through HTTP in tests/api/spot-orders.test.ts.
  const cases: [string, Body, number, string, string][] = [
    // 0.00008 x 60010 = 4.8008 USDT, under the 5 USDT minimum.
    ['under the minimum value', marketOrder('buy', '0.00008'), 400, SPOT_MSG.belowMinNotional('4.8008'), 'quantity'],
    [
      'a limit under the minimum value',
      limitOrder('buy', '0.0001', '40000'),
      400,
      SPOT_MSG.belowMinNotional('4'),
      'quantity',
    ],
    [
      'more USDT than the balance',
      marketOrder('buy', '0.02'),
      400,
      SPOT_MSG.insufficient('USDT', '1201.4002', '1000'),
      'quantity',
    ],
    [
      'more coin than the balance',
      marketOrder('sell', '0.02'),
      400,
      SPOT_MSG.insufficient('BTC', '0.02', '0.01'),
      'quantity',
    ],
    [
      'a limit holding more than the balance',
      limitOrder('buy', '0.02', '59000'),
      400,
      SPOT_MSG.insufficient('USDT', '1181.18', '1000'),
      'quantity',
    ],
  ];

  it.each(cases)(
    '%s: refused with its message, and no order, entry or balance changes',
    async (_name, body, status, message, field) => {
      const user = await trader('1000', '0.01');
      const [entriesBefore] = await s.db.select({ n: count() }).from(ledgerEntries);
      const error = await refused(place(user, body));
      expect(error.statusCode).toBe(status);
      expect(error.fields?.[field]?.text ?? error.message).toBe(message);
      const [entriesAfter] = await s.db.select({ n: count() }).from(ledgerEntries);
      expect(entriesAfter!.n).toBe(entriesBefore!.n);
      expect(await funding(user, 'USDT')).toBe('1000');
      expect(await funding(user, 'BTC')).toBe('0.01');
      expect(await s.db.select().from(spotOrders).where(eq(spotOrders.userId, user.id))).toEqual([]);
    },
  );
});

describe('the cap on resting orders', () => {
  it(`${MAX_OPEN_SPOT_ORDERS} resting orders on a pair, then a refusal that changes nothing; a fill, another pair or a cancel still go`, async () => {
    const user = await trader('2000', '0.001');
    // 0.0001 BTC at 50000: 5 USDT (the minimum) + 0.005 fee held each; resting, as the ask is 60010.
    const resting = limitOrder('buy', '0.0001', '50000');
    const placed: number[] = [];
    for (let i = 0; i < MAX_OPEN_SPOT_ORDERS - 1; i++) {
      const answer = await place(user, resting);
      expect(answer.order.status).toBe('open');
      placed.push(answer.order.order_id);
    }
    // A resting sell counts on the same pair.
    const sell = await place(user, limitOrder('sell', '0.0001', '70000'));
    expect(sell.order.status).toBe('open');
    const usdt = await funding(user, 'USDT');

    const over = await refused(place(user, resting));
    expect(over.statusCode).toBe(400);
    // The wire's code and params are the error handler's, sent as detail says (tests/api/spot-orders.test.ts).
    expect(over.detail).toMatchObject({
      text: SPOT_MSG.tooManyOpen(MAX_OPEN_SPOT_ORDERS, 'BTC'),
      code: 'spot.tooManyOpen',
      params: { p0: String(MAX_OPEN_SPOT_ORDERS), p1: 'BTC' },
    });
    expect(await funding(user, 'USDT')).toBe(usdt);
    const [open] = await s.db
      .select({ n: count() })
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, user.id), eq(spotOrders.status, 'open')));
    expect(open!.n).toBe(MAX_OPEN_SPOT_ORDERS);

    // An order that fills at once rests nowhere; another pair has its own count; a cancel makes room.
    expect((await place(user, marketOrder('buy', '0.0001'))).order.status).toBe('filled');
    market.setBook('ETH', { bids: ['2990'], asks: ['3010'] });
    expect((await place(user, limitOrder('buy', '0.01', '2000', 'ETHUSDT'))).order.status).toBe('open');
    expect((await cancel(user, placed[0]!)).order.status).toBe('cancelled');
    expect((await place(user, resting)).order.status).toBe('open');
  });
});

describe('the ledger check', () => {
  it('reports a spot order whose money does not match what its row says, and one whose entry is on a wrong account', async () => {
    const user = await trader('1000');
    const answer = await place(user, marketOrder('buy', '0.01'));
    const id = answer.order.order_id;
    await s.db.update(spotOrders).set({ total: '600' }).where(eq(spotOrders.id, id));
    try {
      const report = await checkLedger(s.db);
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
      await s.db.update(spotOrders).set({ total: '600.7001' }).where(eq(spotOrders.id, id));
    }
    const other = await trader('0');
    await s.db.update(spotOrders).set({ userId: other.id }).where(eq(spotOrders.id, id));
    try {
      const kinds = (await checkLedger(s.db)).mismatches.map((m) => `${m.kind}:${'problem' in m ? m.problem : ''}`);
      expect(kinds).toContain('entry:wrong_account');
    } finally {
      await s.db.update(spotOrders).set({ userId: user.id }).where(eq(spotOrders.id, id));
    }
  });
});

describe('listing and the change notification', () => {
  it('lists newest first, a page at a time, by status', async () => {
    const user = await trader('1000');
    const ids: number[] = [];
    for (const price of ['59000', '58000', '57000']) {
      const answer = await place(user, limitOrder('buy', '0.001', price));
      ids.push(answer.order.order_id);
    }
    expect((await listOf(user)).map((o) => o.order_id)).toEqual([...ids].reverse());
    expect((await listOf(user, { limit: '2', before: String(ids[2]) })).map((o) => o.order_id)).toEqual([
      ids[1],
      ids[0],
    ]);
    expect(await listOf(user, { status: 'filled' })).toEqual([]);
    for (const id of ids) await cancel(user, id);
  });

  it(`NOTIFYs spot_orders_changed with the user's id on every change`, async () => {
    const user = await trader('1000');
    const client = await s.db.$client.connect();
    const heard: unknown[] = [];
    client.on('notification', (n) => {
      if (n.channel === SPOT_ORDERS_CHANGED) heard.push(JSON.parse(n.payload ?? 'null'));
    });
    try {
      await client.query(`listen ${SPOT_ORDERS_CHANGED}`);
      const answer = await place(user, limitOrder('buy', '0.001', '59000'));
      await cancel(user, answer.order.order_id);
      // Placed (open), then cancelled: one notification each, carrying the owner's id.
      await expect.poll(() => heard.filter((h) => h === user.id).length).toBe(2);
    } finally {
      await client.query(`unlisten ${SPOT_ORDERS_CHANGED}`);
      client.release();
    }
  });
});
