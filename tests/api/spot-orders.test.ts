/**
 * Spot orders' HTTP contract (docs/architecture.md "Spot orders", docs/decisions/0026): each route's
 * path, fields and status codes, the request checks (every bad input changes nothing), a foreign
 * order, parallel sells of one coin that sell exactly what is held, an Idempotency-Key retry, and the
 * orders@user.<id> stream. The pricing, hold, fill, cancel, cap and ledger-check rules are tested on
 * the service in tests/services/spot.test.ts (docs/architecture.md section 9 "Test layers").
 */
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntries } from '../../src/server/db/schema.js';
import { spotOrders } from '../../src/server/modules/spot/schema.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { canonical, dec } from '../../src/shared/money.js';
import { SPOT_MSG, type SpotOrderAnswer, type SpotOrders } from '../../src/shared/api/spot.js';
import { MAX_OPEN_SPOT_ORDERS } from '../../src/shared/constants.js';
import { USER_STREAMS } from '../../src/shared/api/streams.js';
import { anotherInstance, type TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { balanceOf, grant } from '../helpers/money.js';
import { limitOrder, marketOrder } from '../helpers/spot.js';
import { createUser, call, type TestUser } from '../helpers/users.js';
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
  const user = await createUser(t);
  if (usdt !== '0') await grant(t, user, 'funding', 'USDT', usdt);
  if (btc !== '0') await grant(t, user, 'funding', 'BTC', btc);
  return user;
}

describe('POST /api-v1/spot-orders/', () => {
  it('answers 201 with the message and the filled order: the coin arrives, USDT pays quantity x ask plus the fee', async () => {
    const user = await trader('1000');
    const res = await place(user, marketOrder('buy', '0.01'));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SPOT_MSG.orderFilled);
    expect(res.body.order).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      price: null,
      status: 'filled',
      filled_price: '60010',
      fee: '0.6001',
      total: '600.7001',
      held: '0',
    });
    expect(typeof res.body.order.order_id).toBe('number');
    expect(Date.parse(res.body.order.created_at)).not.toBeNaN();
    expect(await funding(user, 'USDT')).toBe('399.2999');
    expect(await funding(user, 'BTC')).toBe('0.01');
  });

  it('answers 503 on a stale price and moves nothing', async () => {
    const user = await trader('1000');
    market.set('BTC', '60000', { stale: true });
    const res = await place(user, marketOrder('buy', '0.01'));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: SPOT_MSG.priceUnavailable('BTC') });
    expect(await funding(user, 'USDT')).toBe('1000');
  });

  it('answers 400 with the code and params of a service refusal (the cap on resting orders)', async () => {
    const user = await trader('1000');
    // The cap's rule (MAX_OPEN_SPOT_ORDERS resting orders a pair) is in tests/services/spot.test.ts;
    // here the wire form of its refusal, reached by filling the cap straight in the table.
    const now = new Date();
    await t.db.insert(spotOrders).values(
      Array.from({ length: MAX_OPEN_SPOT_ORDERS }, () => ({
        userId: user.id,
        coin: 'BTC',
        side: 'buy' as const,
        orderType: 'limit' as const,
        quantity: '0.0001',
        limitPrice: '50000',
        status: 'open' as const,
        fee: '0',
        held: '0',
        createdAt: now,
      })),
    );
    try {
      const over = await place(user, limitOrder('buy', '0.0001', '50000'));
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({
        error: SPOT_MSG.tooManyOpen(MAX_OPEN_SPOT_ORDERS, 'BTC'),
        code: 'spot.tooManyOpen',
        params: { p0: String(MAX_OPEN_SPOT_ORDERS), p1: 'BTC' },
      });
      expect(await funding(user, 'USDT')).toBe('1000');
    } finally {
      await t.db.update(spotOrders).set({ status: 'cancelled' }).where(eq(spotOrders.userId, user.id));
    }
  });
});

describe('DELETE /api-v1/spot-orders/{id}/', () => {
  it('answers 200 with the cancelled order and gives back the hold; a second cancel is 409', async () => {
    const user = await trader('1000');
    const res = await place(user, limitOrder('buy', '0.01', '59000'));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SPOT_MSG.limitPlaced);
    const id = res.body.order.order_id;
    const cancelled = await cancel(user, id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      message: SPOT_MSG.orderCancelled,
      order: { order_id: id, status: 'cancelled', held: '0', fee: '0' },
    });
    expect(await funding(user, 'USDT')).toBe('1000');
    const again = await cancel(user, id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: SPOT_MSG.alreadyCancelled });
  });

  it("attack: another user cancels someone's order: 404 as for an unknown one, and it stays", async () => {
    const owner = await trader('1000');
    const other = await trader('1000');
    const resting = await place(owner, limitOrder('buy', '0.01', '59000'));
    const id = resting.body.order.order_id;
    const foreign = await cancel(other, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: SPOT_MSG.orderNotFound });
    expect((await listOf(owner, '?status=open')).map((o) => o.order_id)).toEqual([id]);
    expect(await listOf(other)).toEqual([]);
    expect(await funding(owner, 'USDT')).toBe('409.41');
    await cancel(owner, id);
  });
});

describe('request checks change nothing', () => {
  // The route schema's checks; the service's own refusals (the minimum value, the balance) are in
  // tests/services/spot.test.ts.
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

describe('concurrency and retries', () => {
  it('parallel sells of one coin: exactly the balance’s worth go through, the rest are refused', async () => {
    const user = await trader('0', '0.05');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        place(user, i % 2 === 0 ? marketOrder('sell', '0.01') : limitOrder('sell', '0.01', '70000')),
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
    const body = marketOrder('buy', '0.01');
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
describe('GET /api-v1/spot-orders/ and /api-v1/spot-rules/', () => {
  it('lists the orders by status; an unknown status is 400', async () => {
    const user = await trader('1000');
    const res = await place(user, limitOrder('buy', '0.001', '59000'));
    const listed = await listOf(user, '?status=open&symbol=BTCUSDT&limit=10');
    expect(listed).toEqual([res.body.order]);
    expect(await listOf(user, '?status=filled')).toEqual([]);
    const bad = await call(t, 'GET', '/api-v1/spot-orders/?status=pending', { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: SPOT_MSG.invalidStatus });
    await cancel(user, res.body.order.order_id);
  });

  it('tells the fee rate and the minimum', async () => {
    const res = await call(t, 'GET', '/api-v1/spot-rules/');
    expect(res.body).toEqual({ fee_rate: '0.001', min_notional: '5' });
  });
});

describe('orders@user.<id> (docs/decisions/0026-spot-orders.md)', () => {
  it('sends the open orders on subscribe, and again at once when one is placed on another instance, fills or is cancelled', async () => {
    const user = await trader('1000');
    const resting = await place(user, limitOrder('buy', '0.001', '59000'));
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
        payload: limitOrder('buy', '0.01', price),
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
