/**
 * See docs/decisions/0029-withdrawal-networks.md: the owner cancels their pending withdrawal (`POST /api-v1/withdraw/cancel/
 * { transaction_id }`): the hold comes back through the ledger as staff's Reject returns it; another
 * user's or an unknown one is 404, a decided one 409; a cancel racing staff's approve has exactly one
 * winner (docs/decisions/0029).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ADDRESSES } from '../helpers/addresses.js';
import { balanceOf, expectLedgerBalanced, fundWallet, setTransactionPassword, staff } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = '135791';

async function trader(usdt = '1000'): Promise<TestUser> {
  const user = await signUp(t);
  await setTransactionPassword(t, user, PASSWORD);
  await fundWallet(t, user, usdt);
  return user;
}

async function withdraw(user: TestUser, amount = '100'): Promise<number> {
  const res = await call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { address: ADDRESSES.TRC20, amount, currency: 'USDT', transaction_password: PASSWORD },
  });
  expect(res.status).toBe(201);
  return res.body.transaction.transaction_id;
}

const cancel = (user: TestUser, id: unknown, key?: string) =>
  call(t, 'POST', '/api-v1/withdraw/cancel/', {
    token: user.token,
    body: { transaction_id: id },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const review = async (id: number, action: 'approve' | 'cancel') =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
    token: (await staff(t)).token,
    body: { action },
  });

const history = async (user: TestUser) =>
  (await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token })).body as {
    transaction_id: number;
    status: string;
    cancelled_by: string | null;
  }[];

describe('the owner cancels a pending withdrawal', () => {
  it('refunds the held amount through the ledger, once, and history shows it cancelled by its owner', async () => {
    const user = await trader('500');
    const id = await withdraw(user, '120');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('380');

    const res = await cancel(user, id);
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: 'Your withdrawal has been cancelled and the amount returned to your funding account.',
        transaction: { transaction_id: id, status: 'cancel', cancelled_by: 'owner', network: 'TRC20' },
      },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('500');
    // The refund is a ledger movement like staff's Reject: house withdrawals -> the owner's funding.
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'transaction'), eq(ledgerEntries.refId, id)));
    expect(entries.map((e) => [e.reason, e.amount]).sort()).toEqual(
      [
        ['withdrawal_hold', '-120'],
        ['withdrawal_hold', '120'],
        ['withdrawal_refund', '-120'],
        ['withdrawal_refund', '120'],
      ].sort(),
    );
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit).toContainEqual(expect.objectContaining({ action: 'transaction.owner_cancel', actorId: user.id }));

    expect((await history(user)).find((h) => h.transaction_id === id)).toMatchObject({
      status: 'cancel',
      cancelled_by: 'owner',
    });
    const revoked = await call(t, 'GET', '/api-v1/transcations-history/?status=cancel', { token: user.token });
    expect(revoked.body.map((h: { transaction_id: number }) => h.transaction_id)).toContain(id);
    // It leaves the staff queue.
    const queue = await call(t, 'GET', '/api-v3/admin/pending-transactions/?limit=200', {
      token: (await staff(t)).token,
    });
    expect(queue.body.map((q: { transaction_id: number }) => q.transaction_id)).not.toContain(id);

    // Cancelling again is a conflict and refunds nothing more.
    expect(await cancel(user, id)).toMatchObject({
      status: 409,
      body: { error: 'This withdrawal has already been cancelled' },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('500');
    await expectLedgerBalanced(t);
  });

  it('replays a retried cancel with the same Idempotency-Key instead of answering 409', async () => {
    const user = await trader('300');
    const id = await withdraw(user);
    const first = await cancel(user, id, 'cancel-1');
    const again = await cancel(user, id, 'cancel-1');
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('300');
  });

  it("staff's Reject shows as cancelled by staff", async () => {
    const user = await trader('300');
    const id = await withdraw(user);
    expect(await review(id, 'cancel')).toMatchObject({ status: 200, body: { transaction: { cancelled_by: 'staff' } } });
    expect((await history(user)).find((h) => h.transaction_id === id)).toMatchObject({ cancelled_by: 'staff' });
  });
});

describe('refusals change nothing', () => {
  it("another user's withdrawal, an unknown one and a deposit are 404", async () => {
    const owner = await trader('500');
    const other = await trader('500');
    const id = await withdraw(owner);
    expect(await cancel(other, id)).toMatchObject({ status: 404, body: { error: 'Withdrawal not found' } });
    expect(await cancel(owner, 9_999_999)).toMatchObject({ status: 404, body: { error: 'Withdrawal not found' } });
    const deposit = await call(t, 'POST', '/api-v1/recharge/', {
      token: owner.token,
      body: { amount: '60', payment_address: ADDRESSES.TRC20 },
    });
    expect(await cancel(owner, deposit.body.transaction.transaction_id)).toMatchObject({ status: 404 });
    expect(await balanceOf(t, owner, 'funding', 'USDT')).toBe('400');
    expect(await balanceOf(t, other, 'funding', 'USDT')).toBe('500');
    expect((await history(owner)).find((h) => h.transaction_id === id)).toMatchObject({ status: 'pending' });
  });

  it('an approved or rejected withdrawal is 409', async () => {
    const user = await trader('500');
    const approved = await withdraw(user);
    const rejected = await withdraw(user);
    await review(approved, 'approve');
    await review(rejected, 'cancel');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('400');
    expect(await cancel(user, approved)).toMatchObject({
      status: 409,
      body: { error: 'This withdrawal has already been approved' },
    });
    expect(await cancel(user, rejected)).toMatchObject({
      status: 409,
      body: { error: 'This withdrawal has already been cancelled' },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('400');
  });

  it('a bad transaction_id is 400, and it needs a login', async () => {
    const user = await trader('100');
    expect((await cancel(user, 'abc')).status).toBe(400);
    expect((await cancel(user, -1)).status).toBe(400);
    expect((await call(t, 'POST', '/api-v1/withdraw/cancel/', { body: { transaction_id: 1 } })).status).toBe(401);
  });
});

describe('cancel racing staff', () => {
  it('owner cancel vs staff approve, in parallel: exactly one wins each time, and the money agrees', async () => {
    const user = await trader('2000');
    const ids = await Promise.all(Array.from({ length: 8 }, () => withdraw(user, '100')));
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('1200');

    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const [cancelled, approved] = await Promise.all([cancel(user, id), review(id, 'approve')]);
        return { id, cancelled: cancelled.status, approved: approved.status };
      }),
    );
    let refunds = 0;
    for (const o of outcomes) {
      // One 200 and one 409, never both 200 (that would pay out and refund the same money).
      expect([o.cancelled, o.approved].sort()).toEqual([200, 409]);
      if (o.cancelled === 200) refunds += 1;
      const row = (await history(user)).find((h) => h.transaction_id === o.id)!;
      expect(row.status).toBe(o.cancelled === 200 ? 'cancel' : 'successful');
    }
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe(String(1200 + 100 * refunds));
    await expectLedgerBalanced(t);
  });

  it('two cancels of one withdrawal in parallel refund it once', async () => {
    const user = await trader('500');
    const id = await withdraw(user, '200');
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => cancel(user, id)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('500');
    await expectLedgerBalanced(t);
  });
});
