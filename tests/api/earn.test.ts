/**
 * Earn's HTTP contract (docs/decisions/0052-earn.md): the products with the user's remaining capacity,
 * a subscription and the Mining order tab's list, the request checks, early redemption (the principal
 * only, once), another user's order, and the staff overview and product switch (staff only). The
 * rules behind them (accrual, range, capacity, balance, closed products, races, maturity) are tested
 * on the service in tests/services/earn.test.ts (docs/architecture.md section 9 "Test layers"). The
 * ledger check and the books hold after each test.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/server/db/schema.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { EARN_MSG, type LockupOrder, type LockupProduct } from '../../src/shared/api/earn.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { balanceOf, expectLedgerBalanced, grant, staff } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerBalanced(t);
  expect((await readBooks(t.db)).balanced).toBe(true);
});

type Body = Record<string, unknown>;
const products = (user: TestUser) => call<LockupProduct[]>(t, 'GET', '/api-v1/lockup-products/', { token: user.token });
const subscribe = (user: TestUser, body: Body) =>
  call<{ message: string; order: LockupOrder; error?: string }>(t, 'POST', '/api-v1/lockup-orders/', {
    token: user.token,
    body,
  });
const orders = (user: TestUser, status?: string) =>
  call<LockupOrder[]>(t, 'GET', `/api-v1/lockup-orders/${status ? `?status=${status}` : ''}`, { token: user.token });
const redeem = (user: TestUser, id: number | string) =>
  call<{ message: string; order: LockupOrder; error?: string }>(t, 'POST', `/api-v1/lockup-orders/${id}/redeem/`, {
    token: user.token,
    body: {},
  });
const setProduct = async (id: number, body: Body) =>
  call(t, 'PUT', `/api-v3/admin/earn/products/${id}/`, { token: (await staff(t)).token, body });
const funding = (user: TestUser) => balanceOf(t, user, 'funding', 'USDT');
const earnBalance = async (user: TestUser) =>
  (
    await t.db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.wallet, 'earn')))
  )[0]?.balance ?? '0';
async function holder(amount: string): Promise<TestUser> {
  const user = await signUp(t);
  await grant(t, user, 'funding', 'USDT', amount);
  return user;
}

describe('products', () => {
  it("lists SPEC's Pro 15, Pro 30 and Pro 60 with the whole term's yield and the user's remaining capacity", async () => {
    const user = await holder('5000');
    const res = await products(user);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => [p.name, p.min, p.max, p.yield_percent, p.days, p.open, p.remaining])).toEqual([
      ['Pro 15', '200', '10000', '5', 15, true, '10000'],
      ['Pro 30', '500', '20000', '10', 30, true, '20000'],
      ['Pro 60', '1000', '50000', '15', 60, true, '50000'],
    ]);
    expect(res.body[1]!.daily_rate_percent).toBe('0.33333333');
    expect((await subscribe(user, { product_id: 1, amount: '1500' })).status).toBe(201);
    expect((await products(user)).body[0]!.remaining).toBe('8500');
    expect((await call(t, 'GET', '/api-v1/lockup-products/')).status).toBe(401);
  });
});

describe('subscribing', () => {
  it('moves USDT from funding to the locked earn account and shows the order in the Mining order tab', async () => {
    const user = await holder('1000');
    const res = await subscribe(user, { product_id: 1, amount: '200.5' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(EARN_MSG.subscribed);
    expect(res.body.order).toMatchObject({
      product_name: 'Pro 15',
      amount: '200.5',
      yield_percent: '5',
      days: 15,
      status: 'active',
      yield_earned: '0',
      yield_at_maturity: '10.025',
    });
    const days = (Date.parse(res.body.order.matures_at) - Date.parse(res.body.order.started_at)) / 86_400_000;
    expect(days).toBe(15);
    expect(await funding(user)).toBe('799.5');
    expect(await earnBalance(user)).toBe('200.5');
    const list = await orders(user, 'active');
    expect(list.body.map((o) => o.id)).toEqual([res.body.order.id]);
    expect((await orders(user, 'matured')).body).toEqual([]);
  });

  it.each([
    [{ product_id: 1, amount: '300.123456789' }, EARN_MSG.amountDecimals('8')],
    [{ product_id: 1, amount: '-300' }, EARN_MSG.enterAmount],
    [{ product_id: 1, amount: '0' }, EARN_MSG.enterAmount],
    [{ product_id: 1, amount: 'abc' }, EARN_MSG.enterAmount],
    [{ product_id: 1 }, EARN_MSG.enterAmount],
    [{ amount: '300' }, EARN_MSG.chooseProduct],
    [{ product_id: 'x', amount: '300' }, EARN_MSG.chooseProduct],
  ])('refuses %j with a clear message and moves nothing', async (body, message) => {
    const user = await holder('20000');
    const res = await subscribe(user, body);
    expect([400, 404]).toContain(res.status);
    expect(res.body.error).toBe(message);
    expect(await funding(user)).toBe('20000');
    expect(await earnBalance(user)).toBe('0');
  });
});

describe('redemption', () => {
  it('returns the principal only, forfeits the yield, and cannot be repeated', async () => {
    const user = await holder('1000');
    const { order } = (await subscribe(user, { product_id: 1, amount: '1000' })).body;
    await t.db.execute(
      sql`update lockup_orders set started_at = started_at - interval '5 days' where id = ${order.id}`,
    );
    const res = await redeem(user, order.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(EARN_MSG.redeemed);
    expect(res.body.order).toMatchObject({ status: 'redeemed', yield_earned: '0' });
    expect(await funding(user)).toBe('1000');
    expect(await earnBalance(user)).toBe('0');
    const again = await redeem(user, order.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(EARN_MSG.notActive);
    expect(await funding(user)).toBe('1000');
    expect((await orders(user, 'redeemed')).body).toHaveLength(1);
  });

  it("another user's order is not found, and is neither redeemed nor listed", async () => {
    const owner = await holder('1000');
    const attacker = await signUp(t);
    const { order } = (await subscribe(owner, { product_id: 1, amount: '500' })).body;
    const res = await redeem(attacker, order.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(EARN_MSG.orderNotFound);
    expect((await orders(attacker)).body).toEqual([]);
    expect(await earnBalance(owner)).toBe('500');
    expect(await funding(attacker)).toBe('0');
    expect((await redeem(attacker, 'abc')).status).toBe(400);
  });
});

describe('staff', () => {
  it('shows locked totals, yield owed and maturities by day; only staff', async () => {
    const user = await holder('5000');
    await subscribe(user, { product_id: 3, amount: '2000' });
    const res = await call(t, 'GET', '/api-v3/admin/earn/', { token: (await staff(t)).token });
    expect(res.status).toBe(200);
    const pro60 = res.body.products.find((p: { name: string }) => p.name === 'Pro 60');
    expect(pro60.locked).toBe('2000');
    expect(pro60.yield_owed).toBe('300');
    expect(res.body.maturities.length).toBeGreaterThan(0);
    expect((await call(t, 'GET', '/api-v3/admin/earn/', { token: user.token })).status).toBe(403);
    expect(
      (await call(t, 'PUT', '/api-v3/admin/earn/products/1/', { token: user.token, body: { open: false } })).status,
    ).toBe(403);
    const bad = await setProduct(1, { yield_percent: '101' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(EARN_MSG.yieldRange);
    expect((await setProduct(1, {})).body.error).toBe(EARN_MSG.nothingToChange);
    expect((await setProduct(9, { open: true })).status).toBe(404);
  });
});
