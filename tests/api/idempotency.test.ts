import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { IDEMPOTENCY_MSG } from '../../src/shared/api/idempotency.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { balanceOf, expectLedgerBalanced, fundWallet, setTransactionPassword } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keyed = (key: string) => ({ 'idempotency-key': key });
const transferBody = {
  transfer_from: 'funding',
  transfer_to: 'lever',
  currency: 'USDT',
  amount: '10',
  all_amount: false,
};
const transfer = (user: TestUser, key: string, body: Record<string, unknown> = transferBody) =>
  call(t, 'POST', '/api-v1/transfer-to-wallet/', { token: user.token, body, headers: keyed(key) });
const transactionCount = async (user: TestUser) =>
  (await t.db.select().from(transactions).where(eq(transactions.userId, user.id))).length;

describe('Idempotency-Key on money-moving POSTs', () => {
  it('answers a retry with the first response and moves the money once', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    const first = await transfer(user, 'retry-1');
    const second = await transfer(user, 'retry-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('90');
    expect(await transactionCount(user)).toBe(2); // the deposit and one transfer
  });

  it('runs again under a new key', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    await transfer(user, 'a');
    await transfer(user, 'b');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('80');
  });

  it('refuses the same key with a different body or on another route (422)', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    await transfer(user, 'reused');
    const otherAmount = await transfer(user, 'reused', { ...transferBody, amount: '11' });
    expect(otherAmount).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_MSG.reusedKey } });
    const otherRoute = await call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount: '60', payment_address: ADDRESSES.TRC20 },
      headers: keyed('reused'),
    });
    expect(otherRoute).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_MSG.reusedKey } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('90');
  });

  it('treats bodies that differ only in key order or spelling of the same amount as the same request', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    await transfer(user, 'same', { amount: 10, currency: 'usdt', transfer_to: 'lever', transfer_from: 'funding' });
    const again = await transfer(user, 'same', { ...transferBody, amount: '10' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('90');
  });

  it('keeps keys per user: two users may use the same key', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await fundWallet(t, a, '100');
    await fundWallet(t, b, '100');
    expect((await transfer(a, 'shared-key')).status).toBe(201);
    const res = await transfer(b, 'shared-key');
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(t, b, 'lever', 'USDT')).toBe('10');
  });

  it('stores nothing for a refused request, so a retry after fixing the cause runs', async () => {
    const user = await createUser(t);
    const refused = await transfer(user, 'too-early');
    expect(refused).toMatchObject({ status: 400, body: { error: 'Transfer amount exceeds available balance' } });
    await fundWallet(t, user, '100');
    const retried = await transfer(user, 'too-early');
    expect(retried.status).toBe(201);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('10');
  });

  it('refuses a malformed key', async () => {
    const user = await createUser(t);
    const res = await transfer(user, 'x'.repeat(256));
    expect(res).toMatchObject({ status: 400, body: { error: IDEMPOTENCY_MSG.invalidKey } });
  });

  it('replays a withdrawal without storing the transaction password', async () => {
    const user = await createUser(t);
    await setTransactionPassword(t, user, '975310');
    await fundWallet(t, user, '500');
    const body = {
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      amount: '100',
      transaction_password: '975310',
      currency: 'USDT',
      all_amount: false,
    };
    const first = await call(t, 'POST', '/api-v1/withdraw/', { token: user.token, body, headers: keyed('w-1') });
    const second = await call(t, 'POST', '/api-v1/withdraw/', { token: user.token, body, headers: keyed('w-1') });
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 201, body: first.body });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('400');
    const stored = await t.db.execute<{ row: string }>(
      sql`select row_to_json(k)::text as row from idempotency_keys k where key = 'w-1'`,
    );
    expect(stored.rows[0]!.row).not.toContain('975310');
    await expectLedgerBalanced(t);
  });

  it('also covers deposit requests', async () => {
    const user = await createUser(t);
    const body = { amount: '70', payment_address: ADDRESSES.TRC20 };
    const first = await call(t, 'POST', '/api-v1/recharge/', { token: user.token, body, headers: keyed('d-1') });
    const second = await call(t, 'POST', '/api-v1/recharge/', { token: user.token, body, headers: keyed('d-1') });
    expect(second.body).toEqual(first.body);
    expect(await transactionCount(user)).toBe(1);
  });
});
