/**
 * Bonuses' HTTP contract (docs/product.md section 9, docs/decisions/0030): the approval's bonus fields,
 * its notification and mail, the history's label; staff switch them off and edit the tiers (audited,
 * checked, staff only); the bell's schedule reads them live; the books. The tiers' rules (each level
 * once per user, the programs adding up, races, a rejected deposit) are tested on the services in
 * tests/services/bonuses.test.ts (docs/architecture.md section 9 "Test layers").
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_BONUS_TIERS, type BonusSettingsBody } from '../../src/shared/api/bonuses.js';
import { canonical } from '../../src/shared/money.js';
import { auditLog, notifications, transactions } from '../../src/server/db/schema.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { balanceOf, expectLedgerBalanced, staff } from '../helpers/money.js';
import { createUser, call, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // Test apps leave bonuses off unless asked (tests/helpers/app.ts); this file asks for the default: on.
  t = await createTestApp({ config: { bonusesDefault: true } });
  admin = await staff(t);
});
afterAll(() => t.close());

const request = async (user: TestUser, amount: string): Promise<number> => {
  const res = await call(t, 'POST', '/api-v1/recharge/', {
    token: user.token,
    body: { amount, payment_address: ADDRESSES.TRC20 },
  });
  expect(res.status).toBe(201);
  return res.body.transaction.transaction_id;
};
const decide = (id: number, action: 'approve' | 'cancel') =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
    token: admin.token,
    body: { action },
  });
const deposit = async (user: TestUser, amount: string) => {
  const id = await request(user, amount);
  expect((await decide(id, 'approve')).status).toBe(200);
  return id;
};

/** The user's bonus transactions as their history shows them, oldest first: [program, amount]. */
async function bonusesOf(user: TestUser): Promise<[string, string][]> {
  const res = await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token });
  expect(res.status).toBe(200);
  return (res.body as { type: string; bonus_program: string; amount: string }[])
    .filter((item) => item.type === 'bonus')
    .reverse()
    .map((item) => [item.bonus_program, item.amount]);
}

const putSettings = (body: unknown, token = admin.token) =>
  call(t, 'PUT', '/api-v3/admin/settings/bonuses/', { token, body });
const SPEC: BonusSettingsBody = { enabled: true, ...SPEC_BONUS_TIERS };

describe('an approved deposit with bonuses', () => {
  it('says so in the approval, a notification and a mail, and the history labels it', async () => {
    const user = await createUser(t);
    const approved = await decide(await request(user, '5000'), 'approve');
    expect(approved.body.bonuses).toMatchObject([
      { type: 'bonus', status: 'successful', bonus_program: 'new_user', amount: '100', transfer_to: 'funding' },
      { type: 'bonus', status: 'successful', bonus_program: 'membership', amount: '1000', transfer_to: 'funding' },
    ]);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'bonus')));
    expect(notes).toMatchObject([
      {
        kind: 'bonus',
        title: 'Bonus received: 1100 USDT',
        body: 'Your recharge of 5000 USDT earned New-user recharge bonus 100 USDT, Membership bonus 1000 USDT. It is locked until you have traded 20 times it, then it moves to your funding account.',
      },
    ]);
    const mails = t.mailbox.messages.filter((m) => m.to === user.email.toLowerCase());
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('Coinfront bonus received: 1100 USDT');
    // One mail for the bonus (its notification is not mailed again), one for the deposit's approval.
    expect(mails.filter((m) => /bonus/i.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => m.subject === 'Coinfront: Deposit approved')).toHaveLength(1);
    expect(mail?.text).toContain('Membership bonus: 1000 USDT');
    const history = await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token });
    expect(history.body[0]).toMatchObject({
      type: 'bonus',
      status: 'successful',
      currency: 'USDT',
      transfer_to: 'funding',
      bonus_program: 'membership',
      amount: '1000',
    });
  });
});

describe('staff switch bonuses and edit the tiers (audited)', () => {
  it('off: no bonus is paid and the schedule promises none', async () => {
    expect((await putSettings({ ...SPEC, enabled: false })).status).toBe(200);
    try {
      const offer = await call(t, 'GET', '/api-v1/bonus-tiers/');
      expect(offer).toMatchObject({
        status: 200,
        body: { enabled: false, currency: 'USDT', new_user: [], membership: [], vip: [], top: [] },
      });
      const user = await createUser(t);
      await deposit(user, '20000');
      expect(await bonusesOf(user)).toEqual([]);
      expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('20000');
    } finally {
      expect((await putSettings(SPEC)).status).toBe(200);
    }
  });

  it('on by default with the SPEC tiers, public to anyone', async () => {
    const offer = await call(t, 'GET', '/api-v1/bonus-tiers/');
    expect(offer.body).toEqual({ enabled: true, currency: 'USDT', ...SPEC_BONUS_TIERS });
    expect(offer.body.top).toEqual([
      { recharge: '150000', bonus: '35000' },
      { recharge: '200000', bonus: '50000' },
    ]);
  });

  it('edited tiers apply to the next approval and show in the schedule', async () => {
    const edited = { ...SPEC, new_user: [{ recharge: '100', bonus: '7.5' }], membership: [] };
    const saved = await putSettings(edited);
    try {
      expect(saved).toMatchObject({ status: 200, body: { message: 'Bonus settings saved' } });
      expect((await call(t, 'GET', '/api-v1/bonus-tiers/')).body.new_user).toEqual([{ recharge: '100', bonus: '7.5' }]);
      const user = await createUser(t);
      await deposit(user, '5000');
      expect(await bonusesOf(user)).toEqual([['new_user', '7.5']]);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.bonuses'), eq(auditLog.actorId, admin.id)))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      expect(entry).toMatchObject({
        targetType: 'setting',
        targetId: 'bonuses',
        before: { enabled: true, new_user: SPEC_BONUS_TIERS.new_user },
        after: { enabled: true, new_user: [{ recharge: '100', bonus: '7.5' }], membership: [] },
      });
    } finally {
      expect((await putSettings(SPEC)).status).toBe(200);
    }
  });

  it.each([
    [
      'thresholds that do not increase',
      {
        new_user: [
          { recharge: '500', bonus: '5' },
          { recharge: '500', bonus: '6' },
        ],
      },
    ],
    [
      'bonuses that do not increase',
      {
        membership: [
          { recharge: '3000', bonus: '500' },
          { recharge: '5000', bonus: '500' },
        ],
      },
    ],
    ['a bonus of zero', { new_user: [{ recharge: '200', bonus: '0' }] }],
    ['a negative recharge', { new_user: [{ recharge: '-200', bonus: '5' }] }],
    ['more than 8 decimals', { new_user: [{ recharge: '200', bonus: '5.123456789' }] }],
    ['top tiers below the VIP ladder', { top: [{ recharge: '90000', bonus: '35000' }] }],
    ['no switch', { enabled: undefined }],
  ])('refuses %s', async (_label, change) => {
    // The settings, not the whole response: its Date header moves on a second boundary (a flaky failure under load).
    const before = (await call(t, 'GET', '/api-v3/admin/settings/bonuses/', { token: admin.token })).body;
    const res = await putSettings({ ...SPEC, ...change });
    expect(res.status).toBe(400);
    expect((await call(t, 'GET', '/api-v3/admin/settings/bonuses/', { token: admin.token })).body).toEqual(before);
  });

  it('only staff read and change them', async () => {
    const user = await createUser(t);
    expect((await call(t, 'GET', '/api-v3/admin/settings/bonuses/', { token: user.token })).status).toBe(403);
    expect((await putSettings({ ...SPEC, enabled: false }, user.token)).status).toBe(403);
  });
});

describe('the books', () => {
  // Last in the file: every bonus above has been paid.
  it('stay balanced, and promotions holds minus every bonus paid', async () => {
    await expectLedgerBalanced(t);
    const [{ paid }] = (
      await t.db.execute<{ paid: string }>(
        sql`select coalesce(sum(amount), 0)::text as paid from ${transactions} where type = 'bonus'`,
      )
    ).rows as [{ paid: string }];
    expect(Number(paid)).toBeGreaterThan(0);
    const usdt = (await readBooks(t.db)).currencies.find((c) => c.currency === 'USDT')!;
    const promotions = usdt.house_accounts.find((a) => a.name === 'promotions')!;
    expect(promotions.balance).toBe(`-${canonical(paid)}`);
  });
});
