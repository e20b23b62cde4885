import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema.js';
import { WALLET_MSG } from '../../src/shared/api/wallet.js';
import { MSG } from '../../src/shared/messages.js';
import type { TestApp } from '../helpers/app.js';
import { appWithStaff, balanceOf, expectLedgerBalanced, fundWallet } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => ({ t, admin } = await appWithStaff()));
afterAll(() => t.close());

const recharge = (user: TestUser, body: unknown) => call(t, 'POST', '/api-v1/recharge/', { token: user.token, body });
const verify = (id: number | string, action: string, token = admin.token) =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, { token, body: { action } });
const pending = (token = admin.token) => call(t, 'GET', '/api-v3/admin/pending-transactions/', { token });

describe('staff queue', () => {
  // First in the file: nothing has been requested yet.
  it('answers an empty queue with 200 and an empty list', async () => {
    expect(await pending()).toMatchObject({ status: 200, body: [] });
  });
});

describe('deposit request validation (docs/product.md 5 "Deposit")', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a number', 'abc'],
    ['zero', '0'],
    ['negative', '-60'],
    ['more than 8 decimals', '60.123456789'],
  ])('refuses an amount that is %s', async (_label, amount) => {
    const res = await recharge(user, { amount, payment_address: ADDRESSES.TRC20 });
    expect(res).toMatchObject({
      status: 400,
      body: { error: MSG.enterValidAmount, fields: { amount: MSG.enterValidAmount } },
    });
  });

  it('refuses less than the 50 USDT minimum recharge, so nothing under it can ever be credited', async () => {
    const res = await recharge(user, { amount: '49.99999999', payment_address: ADDRESSES.TRC20 });
    expect(res).toMatchObject({ status: 400, body: { error: 'Minimum recharge is 50 USDT' } });
    expect((await recharge(user, { amount: '50', payment_address: ADDRESSES.TRC20 })).status).toBe(201);
  });

  it.each([
    ['missing', undefined],
    ['blank', '   '],
  ])('requires the payment address (%s)', async (_label, payment_address) => {
    const res = await recharge(user, { amount: '100', payment_address });
    expect(res).toMatchObject({ status: 400, body: { error: WALLET_MSG.enterPaymentAddress } });
  });

  it('needs a login', async () => {
    const res = await call(t, 'POST', '/api-v1/recharge/', { body: { amount: '100', payment_address: 'x' } });
    expect(res.status).toBe(401);
  });
});

describe('a deposit awaits staff approval', () => {
  it('creates a pending USDT deposit to the funding wallet and credits nothing', async () => {
    const user = await createUser(t);
    const res = await recharge(user, { amount: 250.5, payment_address: ` ${ADDRESSES.TRC20} ` });
    expect(res).toMatchObject({
      status: 201,
      body: {
        message: 'Your deposit request has been sent for approval. We will process it shortly.',
        transaction: {
          type: 'deposit',
          status: 'pending',
          amount: '250.5',
          currency: 'USDT',
          transfer_to: 'funding',
          address: ADDRESSES.TRC20,
        },
      },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');

    const history = await call(t, 'GET', '/api-v1/transcations-history/?status=pending', { token: user.token });
    expect(history.body).toEqual([res.body.transaction]);

    const queue = await pending();
    expect(queue.body).toContainEqual({
      transaction_id: res.body.transaction.transaction_id,
      transaction_type: 'deposit',
      amount: '250.5',
      currency: 'USDT',
      created_at: res.body.transaction.created_at,
      user_id: user.id,
      user_email: user.email,
      payment_address: ADDRESSES.TRC20,
    });
  });

  it('approve credits the funding wallet once, records the audit, and leaves the queue', async () => {
    const user = await createUser(t);
    const { body } = await recharge(user, { amount: '120', payment_address: ADDRESSES.TRC20 });
    const id: number = body.transaction.transaction_id;

    const approved = await verify(id, 'approve');
    expect(approved).toMatchObject({
      status: 200,
      body: { message: 'Transaction approved', transaction: { transaction_id: id, status: 'successful' } },
    });
    expect(approved.body.transaction.decided_at).toEqual(expect.any(String));
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('120');

    const again = await verify(id, 'approve');
    expect(again).toMatchObject({ status: 409, body: { error: 'This transaction has already been approved' } });
    const cancelLater = await verify(id, 'cancel');
    expect(cancelLater).toMatchObject({ status: 409, body: { error: 'This transaction has already been approved' } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('120');

    expect((await pending()).body.map((p: { transaction_id: number }) => p.transaction_id)).not.toContain(id);
    const history = await call(t, 'GET', '/api-v1/transcations-history/?status=successful', { token: user.token });
    expect(history.body).toMatchObject([{ transaction_id: id, status: 'successful', amount: '120' }]);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'transaction'), eq(auditLog.targetId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'transaction.approve',
      before: { status: 'pending', type: 'deposit', user_id: user.id, amount: '120', currency: 'USDT' },
      after: { status: 'successful', credited: '120', balance_after: '120' },
    });
    await expectLedgerBalanced(t);
  });

  it('cancel (Reject) marks the deposit cancel and credits nothing', async () => {
    const user = await createUser(t);
    const { body } = await recharge(user, { amount: '75', payment_address: ADDRESSES.TRC20 });
    const id: number = body.transaction.transaction_id;
    const cancelled = await verify(id, 'cancel');
    expect(cancelled).toMatchObject({
      status: 200,
      body: { message: 'Transaction cancelled', transaction: { status: 'cancel' } },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    expect(await verify(id, 'approve')).toMatchObject({
      status: 409,
      body: { error: 'This transaction has already been cancelled' },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit).toMatchObject({
      action: 'transaction.cancel',
      before: { status: 'pending' },
      after: { status: 'cancel' },
    });
    const history = await call(t, 'GET', '/api-v1/transcations-history/?status=cancel', { token: user.token });
    expect(history.body).toMatchObject([{ transaction_id: id, status: 'cancel' }]);
    await expectLedgerBalanced(t);
  });

  it('fundWallet (the helper for later features) ends with the approved amount in funding', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '500');
    await fundWallet(t, user, '60.25');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('560.25');
  });
});

describe('staff review rules', () => {
  it('answers an unknown transaction with 404', async () => {
    expect(await verify(987654321, 'approve')).toMatchObject({ status: 404, body: { error: 'Transaction not found' } });
  });

  it('refuses a missing or malformed transaction_id and an unknown action with 400', async () => {
    const noId = await call(t, 'POST', '/api-v3/admin/transactions-verification/', {
      token: admin.token,
      body: { action: 'approve' },
    });
    expect(noId.status).toBe(400);
    expect((await verify('abc', 'approve')).status).toBe(400);
    const user = await createUser(t);
    const { body } = await recharge(user, { amount: '80', payment_address: ADDRESSES.TRC20 });
    expect(await verify(body.transaction.transaction_id, 'reject')).toMatchObject({
      status: 400,
      body: { error: 'Action must be approve or cancel' },
    });
  });

  it('does not let staff review their own transaction', async () => {
    const { body } = await recharge(admin, { amount: '90', payment_address: ADDRESSES.TRC20 });
    const res = await verify(body.transaction.transaction_id, 'approve');
    expect(res).toMatchObject({ status: 403, body: { error: 'Staff cannot review their own transactions' } });
    expect(await balanceOf(t, admin, 'funding', 'USDT')).toBe('0');
  });

  it('is for staff only: 403 for a trader, 401 without a token', async () => {
    const user = await createUser(t);
    const { body } = await recharge(user, { amount: '100', payment_address: ADDRESSES.TRC20 });
    const id = body.transaction.transaction_id;
    expect((await pending(user.token)).status).toBe(403);
    expect((await verify(id, 'approve', user.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api-v3/admin/pending-transactions/')).status).toBe(401);
    expect(
      (
        await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(401);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
  });
});
