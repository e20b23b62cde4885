/**
 * Earn's rules on the service layer (docs/decisions/0052-earn.md; docs/architecture.md section 9
 * "Test layers"): the yield accrues by whole days; a subscription is refused outside the product's
 * range, above the capacity or the balance, or when staff closed the product; races never overspend;
 * the maturity job pays principal + yield once (with a notification and a mail), also against a
 * redemption at the same moment. The ledger check and the books hold after each test. The routes'
 * contract (fields, status codes, the request checks, access) is in tests/api/earn.test.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, notifications } from '../../src/server/db/schema.js';
import { payMaturedOrders } from '../../src/server/modules/earn/index.js';
import { lockupOrders } from '../../src/server/modules/earn/schema.js';
import { createEarnService } from '../../src/server/modules/earn/service.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { EARN_MSG, earnProductBody, lockupSubscribeBody } from '../../src/shared/api/earn.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { balanceIn, createTestServices, outcome, refusal, type TestServices } from '../helpers/services.js';
import { createUser } from '../helpers/users.js';
import type { TestUser } from '../helpers/users.js';

let s: TestServices;
let earn: ReturnType<typeof createEarnService>;
let staff: TestUser;
beforeAll(async () => {
  s = await createTestServices();
  earn = createEarnService(s.ctx);
  staff = await createUser(s, { isAdmin: true });
});
afterAll(() => s.close());
afterEach(async () => {
  await expectLedgerBalanced(s);
  expect((await readBooks(s.db)).balanced).toBe(true);
});

/** The requests as the routes hand them on: parsed by the routes' own schemas. */
const subscribe = (user: TestUser, body: Record<string, unknown>) =>
  earn.subscribe(user.id, lockupSubscribeBody.parse(body));
const orders = (user: TestUser) => earn.orders(user.id, undefined);
const setProduct = (id: number, body: Record<string, unknown>) =>
  earn.updateProduct(staff.id, id, earnProductBody.parse(body));
const funding = (user: TestUser) => balanceIn(s, user, 'funding', 'USDT');
const earnBalance = async (user: TestUser) =>
  (
    await s.db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.wallet, 'earn')))
  )[0]?.balance ?? '0';
const houseYield = async () =>
  (
    await s.db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(and(isNull(accounts.userId), eq(accounts.wallet, 'earn_yield')))
  )[0]?.balance ?? '0';
/** Move an order's start back `days` days (its maturity with it): time passes without sleeping. */
const age = (id: number, days: number) =>
  s.db.execute(sql`update lockup_orders set started_at = started_at - make_interval(days => ${days}),
    matures_at = matures_at - make_interval(days => ${days}) where id = ${id}`);
const runJobs = () => runTradeJobsOnce(s.ctx);

async function holder(amount: string): Promise<TestUser> {
  const user = await createUser(s);
  await grant(s, user, 'funding', 'USDT', amount);
  return user;
}

describe('subscribing', () => {
  it('accrues the yield by whole days at the daily rate, capped at the term', async () => {
    const user = await holder('3000');
    const { order } = await subscribe(user, { product_id: 2, amount: '3000' });
    await s.db.execute(
      sql`update lockup_orders set started_at = started_at - interval '7 days 5 hours' where id = ${order.id}`,
    );
    // 3000 x 10 % / 30 days x 7 days = 70.
    expect((await orders(user))[0]!.yield_earned).toBe('70');
    await s.db.execute(
      sql`update lockup_orders set started_at = started_at - interval '90 days' where id = ${order.id}`,
    );
    expect((await orders(user))[0]!.yield_earned).toBe('300');
  });

  it.each([
    [{ product_id: 1, amount: '199.99' }, EARN_MSG.outOfRange('Pro 15', '200', '10000')],
    [{ product_id: 1, amount: '10000.01' }, EARN_MSG.outOfRange('Pro 15', '200', '10000')],
    [{ product_id: 3, amount: '999' }, EARN_MSG.outOfRange('Pro 60', '1000', '50000')],
    [{ product_id: 99, amount: '300' }, EARN_MSG.noSuchProduct],
  ])('refuses %j with a clear message and moves nothing', async (body, message) => {
    const user = await holder('20000');
    const res = await refusal(subscribe(user, body));
    expect([400, 404]).toContain(res.status);
    expect(res.error).toBe(message);
    expect(await funding(user)).toBe('20000');
    expect(await earnBalance(user)).toBe('0');
  });

  it('refuses more than the funding balance', async () => {
    const user = await holder('250');
    const res = await refusal(subscribe(user, { product_id: 1, amount: '300' }));
    expect(res.status).toBe(400);
    expect(res.error).toBe(EARN_MSG.insufficient('300', '250'));
    expect(await funding(user)).toBe('250');
  });

  it("refuses above the user's remaining capacity in the product", async () => {
    const user = await holder('20000');
    expect((await subscribe(user, { product_id: 1, amount: '9000' })).message).toBe(EARN_MSG.subscribed);
    const res = await refusal(subscribe(user, { product_id: 1, amount: '1001' }));
    expect(res.status).toBe(400);
    expect(res.error).toBe(EARN_MSG.aboveCapacity('Pro 15', '1000'));
    expect((await subscribe(user, { product_id: 1, amount: '1000' })).message).toBe(EARN_MSG.subscribed);
    expect(await funding(user)).toBe('10000');
  });

  it('refuses a product staff closed; reopened it takes subscriptions again; a yield change applies to new orders only', async () => {
    const user = await holder('5000');
    const first = (await subscribe(user, { product_id: 2, amount: '1000' })).order;
    expect((await setProduct(2, { open: false })).message).toBe(EARN_MSG.productSaved);
    const res = await refusal(subscribe(user, { product_id: 2, amount: '1000' }));
    expect(res.status).toBe(400);
    expect(res.error).toBe(EARN_MSG.productClosed('Pro 30'));
    expect(await funding(user)).toBe('4000');
    expect((await setProduct(2, { open: true, yield_percent: '12.5' })).message).toBe(EARN_MSG.productSaved);
    const second = (await subscribe(user, { product_id: 2, amount: '1000' })).order;
    expect(second.yield_percent).toBe('12.5');
    const mine = await orders(user);
    expect(mine.find((o) => o.id === first.id)!.yield_percent).toBe('10');
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.targetType, 'lockup_product'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect((await setProduct(2, { yield_percent: '10' })).message).toBe(EARN_MSG.productSaved);
  });

  it('two subscriptions at once cannot overspend the balance', async () => {
    const user = await holder('1000');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => outcome(subscribe(user, { product_id: 2, amount: '600' }))),
    );
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).map((r) => r.error)).toEqual(
      Array(3).fill(EARN_MSG.insufficient('600', '400')),
    );
    expect(await funding(user)).toBe('400');
    expect(await earnBalance(user)).toBe('600');
  });

  it('two subscriptions at once cannot exceed the capacity', async () => {
    const user = await holder('30000');
    const results = await Promise.all(
      Array.from({ length: 3 }, () => outcome(subscribe(user, { product_id: 1, amount: '6000' }))),
    );
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
    expect(await earnBalance(user)).toBe('6000');
  });
});

describe('maturity', () => {
  it('pays principal and yield to funding once, from the house account earn_yield, with a notification and a mail', async () => {
    const user = await holder('2000');
    const { order } = await subscribe(user, { product_id: 1, amount: '2000' });
    const yieldBefore = await houseYield();
    expect((await runJobs()).earnPaid).toBe(0); // not due yet
    await age(order.id, 15);
    const report = await runJobs();
    expect(report.earnPaid).toBe(1);
    expect(await funding(user)).toBe('2100');
    expect(await earnBalance(user)).toBe('0');
    expect(Number(await houseYield()) - Number(yieldBefore)).toBe(-100);
    const [paid] = await orders(user);
    expect(paid).toMatchObject({ status: 'matured', yield_earned: '100' });
    const notes = await s.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.kind)).toEqual(['earn_matured']);
    expect(
      s.mailbox.messages
        .filter((m) => m.to === user.email)
        .map((m) => m.text)
        .join('\n'),
    ).toContain('2100');
    // Once: a second pass (a restart, another instance) pays nothing more.
    expect((await runJobs()).earnPaid).toBe(0);
    expect(await funding(user)).toBe('2100');
    expect(await refusal(earn.redeem(user.id, order.id))).toMatchObject({ status: 409 });
  });

  it('two passes at once (two instances) pay a due order once', async () => {
    const user = await holder('1000');
    const { order } = await subscribe(user, { product_id: 1, amount: '1000' });
    await age(order.id, 16);
    const paid = await Promise.all([payMaturedOrders(s.ctx), payMaturedOrders(s.ctx), payMaturedOrders(s.ctx)]);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await funding(user)).toBe('1050');
  });

  it('a redemption and the maturity job at the same moment: only one pays', async () => {
    for (let i = 0; i < 3; i++) {
      const user = await holder('1000');
      const { order } = await subscribe(user, { product_id: 1, amount: '1000' });
      await age(order.id, 15);
      const [res, report] = await Promise.all([outcome(earn.redeem(user.id, order.id)), runJobs()]);
      const [row] = await s.db.select().from(lockupOrders).where(eq(lockupOrders.id, order.id));
      if (row!.status === 'redeemed') {
        expect(res.status).toBe('ok');
        expect(await funding(user)).toBe('1000');
      } else {
        expect(row!.status).toBe('matured');
        expect(res.status).toBe(409);
        expect(report.earnPaid).toBeGreaterThanOrEqual(1);
        expect(await funding(user)).toBe('1050');
      }
      expect(await earnBalance(user)).toBe('0');
    }
  });
});
