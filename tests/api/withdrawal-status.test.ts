/**
 * Money screens that tell the truth (docs/decisions/0062-money-screens.md): staff's Reject carries a
 * reason that its owner reads on the record and in the notification, a withdrawal's status is read
 * by its owner alone, and a notification's link opens only its owner's object
 * (docs/security.md "### Withdrawal status and notification links").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions } from '../../src/server/db/schema.js';
import { WALLET_MSG } from '../../src/shared/api/wallet.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { balanceOf, expectLedgerBalanced, fundWallet, setTransactionPassword, staff } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = '135791';
const ADDRESS = '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063';

async function trader(): Promise<TestUser> {
  const user = await signUp(t);
  await setTransactionPassword(t, user, PASSWORD);
  await fundWallet(t, user, '500');
  return user;
}

async function withdrawal(user: TestUser): Promise<number> {
  const sent = await call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { address: ADDRESS, amount: '120', currency: 'USDT', transaction_password: PASSWORD },
  });
  expect(sent.status).toBe(201);
  return sent.body.transaction.transaction_id as number;
}

const review = (admin: TestUser, id: number, body: Record<string, unknown>) =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, { token: admin.token, body });

const statusOf = async (id: number) =>
  (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.status;

describe("staff's Reject with a reason", () => {
  it('keeps the reason on the record, in the notification and in the audit log; the status stays cancel', async () => {
    const user = await trader();
    const admin = await staff(t);
    const id = await withdrawal(user);
    const reason = 'The address belongs to a sanctioned exchange';
    const rejected = await review(admin, id, { action: 'cancel', reason: `  ${reason} ` });
    expect(rejected).toMatchObject({
      status: 200,
      body: { transaction: { status: 'cancel', cancelled_by: 'staff', reject_reason: reason } },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('500');

    const record = await call(t, 'GET', `/api-v1/transactions/${id}/`, { token: user.token });
    expect(record).toMatchObject({
      status: 200,
      body: { transaction_id: id, status: 'cancel', reject_reason: reason },
    });
    const history = await call(t, 'GET', '/api-v1/transcations-history/?status=cancel', { token: user.token });
    expect(history.body[0]).toMatchObject({ transaction_id: id, reject_reason: reason });

    const notes = await call(t, 'GET', '/api-v1/notifications/', { token: user.token });
    expect(notes.body.results[0]).toMatchObject({
      kind: 'withdrawal_rejected',
      body: `Your withdrawal of 120 USDT was rejected: ${reason}. The amount is back in your funding wallet.`,
      params: { reason, transaction_id: String(id) },
      target: `/withdrawal-status/${id}`,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit).toMatchObject({ action: 'transaction.cancel', after: { status: 'cancel', reason } });
    await expectLedgerBalanced(t);
  });

  it("SPEC's {action} alone still rejects, without a reason", async () => {
    const user = await trader();
    const admin = await staff(t);
    const id = await withdrawal(user);
    const rejected = await review(admin, id, { action: 'cancel' });
    expect(rejected).toMatchObject({ status: 200, body: { transaction: { status: 'cancel', reject_reason: null } } });
    const notes = await call(t, 'GET', '/api-v1/notifications/', { token: user.token });
    expect(notes.body.results[0].body).toBe(
      'Your withdrawal of 120 USDT was rejected; the amount is back in your funding wallet.',
    );
  });

  it('refuses a reason too long, or one given with Approve, and changes nothing', async () => {
    const user = await trader();
    const admin = await staff(t);
    const id = await withdrawal(user);
    const long = await review(admin, id, { action: 'cancel', reason: 'x'.repeat(501) });
    expect(long).toMatchObject({ status: 400, body: { error: WALLET_MSG.rejectReasonTooLong } });
    const withApprove = await review(admin, id, { action: 'approve', reason: 'looks fine' });
    expect(withApprove).toMatchObject({ status: 400, body: { error: WALLET_MSG.reasonOnlyForReject } });
    const notText = await review(admin, id, { action: 'cancel', reason: 42 });
    expect(notText.status).toBe(400);
    expect(await statusOf(id)).toBe('pending');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('380');
  });
});

describe("a withdrawal's status and a notification's link, as an attacker tries them", () => {
  it("another user cannot read someone's withdrawal by its id, nor by guessing ids", async () => {
    const victim = await trader();
    const attacker = await signUp(t);
    const id = await withdrawal(victim);
    const own = await call(t, 'GET', `/api-v1/transactions/${id}/`, { token: victim.token });
    expect(own).toMatchObject({ status: 200, body: { transaction_id: id, type: 'withdrawal', status: 'pending' } });
    for (const guess of [id, id - 1, id + 1]) {
      const stolen = await call(t, 'GET', `/api-v1/transactions/${guess}/`, { token: attacker.token });
      expect(stolen).toMatchObject({ status: 404, body: { error: WALLET_MSG.transactionNotFound } });
    }
    // Staff read the queue, not a user's record through the user's route.
    const admin = await staff(t);
    expect((await call(t, 'GET', `/api-v1/transactions/${id}/`, { token: admin.token })).status).toBe(404);
    expect((await call(t, 'GET', '/api-v1/transactions/abc/', { token: attacker.token })).status).toBe(400);
    expect((await call(t, 'GET', `/api-v1/transactions/${id}/`)).status).toBe(401);
  });

  it("a notification links its owner's own withdrawal, and that link shows nothing to anyone else", async () => {
    const victim = await trader();
    const attacker = await trader();
    const admin = await staff(t);
    const victimId = await withdrawal(victim);
    const attackerId = await withdrawal(attacker);
    await review(admin, victimId, { action: 'approve' });
    await review(admin, attackerId, { action: 'cancel', reason: 'Wrong network' });

    const victimNotes = await call(t, 'GET', '/api-v1/notifications/', { token: victim.token });
    expect(victimNotes.body.results[0]).toMatchObject({
      kind: 'withdrawal_approved',
      target: `/withdrawal-status/${victimId}`,
    });
    const attackerNotes = await call(t, 'GET', '/api-v1/notifications/', { token: attacker.token });
    const targets: unknown[] = attackerNotes.body.results.map((n: { target: unknown }) => n.target);
    expect(targets).toContain(`/withdrawal-status/${attackerId}`);
    expect(targets).not.toContain(`/withdrawal-status/${victimId}`);
    // Following the victim's link with the attacker's session: as if it did not exist.
    const followed = await call(t, 'GET', `/api-v1/transactions/${victimId}/`, { token: attacker.token });
    expect(followed.status).toBe(404);
    expect(JSON.stringify(followed.body)).not.toContain(ADDRESS);
  });
});
