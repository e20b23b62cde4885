/**
 * Fiat orders' HTTP contract (docs/decisions/0054-fiat-orders.md): the Legal currency screen's order and
 * the staff queue's actions, their fields and status codes, the request checks and access. Attacks
 * replayed: completing twice (and racing), completing a cancelled order, a sell spending its coins twice,
 * reading or acting on another user's order. The order's lifecycle, audit, notices, holds and the minimum
 * are tested on the service in tests/services/fiat.test.ts (docs/architecture.md section 9 "Test layers").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { balanceOf, expectLedgerBalanced, grant, staff } from '../helpers/money.js';
import { createUser, call, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staff(t);
});
afterAll(() => t.close());

const place = (user: TestUser, body: unknown) => call(t, 'POST', '/api-v1/fiat-orders/', { token: user.token, body });
const act = (id: number, body: unknown, token = admin.token) =>
  call(t, 'POST', `/api-v3/admin/fiat-orders/${id}/`, { token, body });

async function expectBooksBalanced() {
  await expectLedgerBalanced(t);
  expect((await readBooks(t.db)).balanced).toBe(true);
}

async function placed(user: TestUser, body: Record<string, string>): Promise<number> {
  const res = await place(user, body);
  expect(res.status).toBe(201);
  return res.body.order.id as number;
}

describe('the routes', () => {
  it('POST /api-v1/fiat-orders/ answers 201, GET lists it, the staff queue shows it and each action answers 200', async () => {
    const user = await createUser(t);
    const res = await place(user, { side: 'buy', currency: 'usdt', amount: '100.0000' });
    expect(res).toMatchObject({
      status: 201,
      body: { order: { side: 'buy', currency: 'USDT', amount: '100', status: 'pending', instructions: null } },
    });
    const id = res.body.order.id as number;
    expect(res.body.order.reference).toBe(`FO-${String(id).padStart(8, '0')}`);
    expect((await call(t, 'GET', '/api-v1/fiat-orders/', { token: user.token })).body[0]).toMatchObject({ id });
    const queue = await call(t, 'GET', '/api-v3/admin/fiat-orders/', { token: admin.token });
    expect(queue.body.find((o: { id: number }) => o.id === id)).toMatchObject({ user_email: user.email });

    expect(await act(id, { action: 'complete' })).toMatchObject({
      status: 409,
      body: { error: 'Mark the order paid before completing it' },
    });
    expect(await act(id, { action: 'instructions' })).toMatchObject({ status: 400 });
    const bank = 'Bank: Example Bank\nIBAN: DE00 1234 5678 9000\nReference: FO';
    expect(await act(id, { action: 'instructions', instructions: bank })).toMatchObject({
      status: 200,
      body: { order: { status: 'instructions_posted', instructions: bank } },
    });
    expect(await act(id, { action: 'paid' })).toMatchObject({ status: 200, body: { order: { status: 'paid' } } });
    expect(await act(id, { action: 'complete' })).toMatchObject({
      status: 200,
      body: { message: 'Order completed', order: { status: 'completed' } },
    });
    expect(await balanceOf(t, user, 'legal', 'USDT')).toBe('100');
    await expectBooksBalanced();
  });
});

describe('attacks on the staff actions', () => {
  it('completing twice is a 409 and credits once', async () => {
    const user = await createUser(t);
    const id = await placed(user, { side: 'buy', currency: 'USDT', amount: '150' });
    await act(id, { action: 'paid' });
    expect((await act(id, { action: 'complete' })).status).toBe(200);
    expect(await act(id, { action: 'complete' })).toMatchObject({
      status: 409,
      body: { error: 'This order has already been completed' },
    });
    expect(await balanceOf(t, user, 'legal', 'USDT')).toBe('150');
    await expectBooksBalanced();
  });

  it('two staff completing at once: one wins, the other gets 409, the credit lands once', async () => {
    const user = await createUser(t);
    const id = await placed(user, { side: 'buy', currency: 'USDT', amount: '200' });
    await act(id, { action: 'paid' });
    const results = await Promise.all([act(id, { action: 'complete' }), act(id, { action: 'complete' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(t, user, 'legal', 'USDT')).toBe('200');
    await expectBooksBalanced();
  });

  it('complete racing cancel: exactly one wins and the ledger says which', async () => {
    const user = await createUser(t);
    const id = await placed(user, { side: 'buy', currency: 'USDT', amount: '120' });
    await act(id, { action: 'paid' });
    const [done, cancelled] = await Promise.all([act(id, { action: 'complete' }), act(id, { action: 'cancel' })]);
    expect([done.status, cancelled.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(t, user, 'legal', 'USDT')).toBe(done.status === 200 ? '120' : '0');
    await expectBooksBalanced();
  });

  it('completing a cancelled order is a 409 and moves nothing', async () => {
    const user = await createUser(t);
    const id = await placed(user, { side: 'buy', currency: 'USDT', amount: '100' });
    expect(await act(id, { action: 'cancel' })).toMatchObject({
      status: 200,
      body: { order: { status: 'cancelled' } },
    });
    for (const action of ['complete', 'paid', 'instructions', 'cancel'])
      expect(await act(id, { action, instructions: 'x' })).toMatchObject({
        status: 409,
        body: { error: 'This order has already been cancelled' },
      });
    expect(await balanceOf(t, user, 'legal', 'USDT')).toBe('0');
    await expectBooksBalanced();
  });

  it("a user cannot act as staff, nor see or act on another user's order", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const id = await placed(owner, { side: 'buy', currency: 'USDT', amount: '100' });
    expect((await act(id, { action: 'complete' }, other.token)).status).toBe(403);
    expect((await act(id, { action: 'complete' }, owner.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api-v3/admin/fiat-orders/', { token: other.token })).status).toBe(403);
    const mine = await call(t, 'GET', '/api-v1/fiat-orders/', { token: other.token });
    expect(mine).toMatchObject({ status: 200, body: [] });
    expect(await act(999_999_999, { action: 'cancel' })).toMatchObject({
      status: 404,
      body: { error: 'Order not found' },
    });
  });

  it('staff cannot handle their own order', async () => {
    const id = await placed(admin, { side: 'buy', currency: 'USDT', amount: '100' });
    expect(await act(id, { action: 'paid' })).toMatchObject({
      status: 403,
      body: { error: 'Staff cannot handle their own orders' },
    });
  });
});

describe('a sell holds its coins', () => {
  it('attack: the held coins spent twice, by a second sell or a transfer, are refused and nothing moves', async () => {
    const user = await createUser(t);
    await grant(t, user, 'legal', 'ETH', '0.1');
    const first = await placed(user, { side: 'sell', currency: 'ETH', amount: '0.06' });
    expect(await balanceOf(t, user, 'legal', 'ETH')).toBe('0.04');
    expect(await place(user, { side: 'sell', currency: 'ETH', amount: '0.06' })).toMatchObject({
      status: 400,
      body: { error: 'Insufficient balance in your legal currency account' },
    });
    expect((await call(t, 'GET', '/api-v1/fiat-orders/', { token: user.token })).body).toHaveLength(1);
    // Nor can they leave by a transfer while held.
    const transfer = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { transfer_from: 'legal', transfer_to: 'funding', currency: 'ETH', amount: '0.06' },
    });
    expect(transfer.status).toBe(400);
    expect(await balanceOf(t, user, 'legal', 'ETH')).toBe('0.04');
    await expectBooksBalanced();
    expect((await act(first, { action: 'cancel' })).status).toBe(200);
    expect(await balanceOf(t, user, 'legal', 'ETH')).toBe('0.1');
  });
});

describe('bad input changes nothing', () => {
  it('refuses wrong sides, currencies, amounts and orders under the limit, each with its message', async () => {
    const user = await createUser(t);
    const cases: [unknown, string][] = [
      [{ side: 'hold', currency: 'USDT', amount: '100' }, 'Please choose buy or sell'],
      [{ side: 'buy', currency: 'BTC', amount: '100' }, 'Please choose USDT or ETH'],
      [{ side: 'buy', currency: 'USDT', amount: '-5' }, 'Please enter a valid amount'],
      [{ side: 'buy', currency: 'USDT', amount: '1e3' }, 'Please enter a valid amount'],
      // The minimum order's rule is in tests/services/fiat.test.ts; here its answer.
      [{ side: 'buy', currency: 'USDT', amount: '99.99' }, 'The minimum order is 100.00 USD'],
    ];
    for (const [body, error] of cases) expect(await place(user, body)).toMatchObject({ status: 400, body: { error } });
    expect((await call(t, 'GET', '/api-v1/fiat-orders/', { token: user.token })).body).toEqual([]);
    const id = await placed(user, { side: 'buy', currency: 'USDT', amount: '100' });
    expect(await act(id, { action: 'refund' })).toMatchObject({ status: 400 });
    expect(await act(id, { action: 'instructions', instructions: 'x'.repeat(1001) })).toMatchObject({ status: 400 });
  });
});
