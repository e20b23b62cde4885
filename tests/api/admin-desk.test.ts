/**
 * The staff console at a desk (docs/architecture.md "Staff console at a desk"): the optional
 * sort, filter and page parameters of the users, audit log and pending transactions lists. Sorting is
 * by allow-listed columns only, bad parameters answer 400, and the lists stay staff only.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions, users } from '../../src/server/db/schema.js';
import type { AdminUsersPage, AuditLogPage } from '../../src/shared/api/admin.js';
import type { PendingTransaction } from '../../src/shared/api/wallet.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
let trader: TestUser;
/** Every row this file makes carries the tag, so searches and filters see only them. */
const tag = `desk${Date.now().toString(36)}${randomInt(1e6)}`;

const ok = async <T>(url: string, token = admin.token) => {
  const res = await call<T>(t, 'GET', url, { token });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** Users made straight in the database: `[first name, last name, email local part, staff]`. */
async function insertUsers(rows: Array<[string, string, string, boolean]>) {
  const made = await t.db
    .insert(users)
    .values(
      rows.map(([firstName, lastName, local, isAdmin], i) => ({
        uniqueid: `D${tag}${i}`,
        email: `${local}.${tag}@example.com`,
        passwordHash: 'x',
        firstName,
        lastName,
        isAdmin,
        promotionCode: `P${tag}${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    )
    .returning({ id: users.id, email: users.email });
  return made;
}

let people: Array<{ id: number; email: string }>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  trader = await signUp(t);
  // Created in this order (a day apart): carol, alice, dave (staff), bob.
  people = await insertUsers([
    ['Carol', 'Cole', 'carol', false],
    ['Alice', 'Zed', 'alice', false],
    ['Dave', 'Young', 'dave', true],
    ['Bob', 'Baker', 'bob', false],
  ]);
});
afterAll(() => t.close());

const localParts = (page: AdminUsersPage) => page.items.map((u) => u.email.split('.')[0]);

describe('users: sort, filter and page', () => {
  it('keeps the newest first without a sort', async () => {
    expect(localParts(await ok(`/api-v3/admin/users/?q=${tag}`))).toEqual(['bob', 'dave', 'alice', 'carol']);
  });

  it('sorts by email, name, unique id and sign-up date, ascending unless told desc', async () => {
    const sorted = async (query: string) => localParts(await ok(`/api-v3/admin/users/?q=${tag}&${query}`));
    expect(await sorted('sort=email')).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(await sorted('sort=email&order=desc')).toEqual(['dave', 'carol', 'bob', 'alice']);
    expect(await sorted('sort=name&order=asc')).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(await sorted('sort=uniqueid&order=desc')).toEqual(['bob', 'dave', 'alice', 'carol']);
    expect(await sorted('sort=created_at')).toEqual(['carol', 'alice', 'dave', 'bob']);
  });

  it('filters staff or traders, the total counting the filter', async () => {
    const staff = await ok<AdminUsersPage>(`/api-v3/admin/users/?q=${tag}&role=staff`);
    expect(localParts(staff)).toEqual(['dave']);
    expect(staff.total).toBe(1);
    const traders = await ok<AdminUsersPage>(`/api-v3/admin/users/?q=${tag}&role=trader&sort=email`);
    expect(localParts(traders)).toEqual(['alice', 'bob', 'carol']);
    expect(traders.total).toBe(3);
  });

  it('pages a sorted list without overlap', async () => {
    const page = (n: number) => ok<AdminUsersPage>(`/api-v3/admin/users/?q=${tag}&sort=email&page_size=3&page=${n}`);
    const [first, second] = await Promise.all([page(1), page(2)]);
    expect(localParts(first)).toEqual(['alice', 'bob', 'carol']);
    expect(localParts(second)).toEqual(['dave']);
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
  });
});

describe('audit log: sort, filter and page', () => {
  beforeAll(async () => {
    // Two staff members' actions on the tagged targets, oldest first.
    const at = (minutes: number) => new Date(Date.UTC(2026, 1, 1, 0, minutes));
    await t.db.insert(auditLog).values([
      { actorId: admin.id, action: `zeta.${tag}`, targetType: `t1${tag}`, targetId: '1', createdAt: at(1) },
      { actorId: people[2]!.id, action: `alpha.${tag}`, targetType: `t2${tag}`, targetId: '2', createdAt: at(2) },
      { actorId: admin.id, action: `alpha.${tag}`, targetType: `t1${tag}`, targetId: '3', createdAt: at(3) },
      { actorId: people[2]!.id, action: `mid.${tag}`, targetType: `t1${tag}`, targetId: '4', createdAt: at(4) },
    ]);
  });
  const targets = (page: AuditLogPage) => page.items.map((e) => e.target_id);

  it('filters by action, target type and part of the actor email; the total counts the filter', async () => {
    const alpha = await ok<AuditLogPage>(`/api-v3/admin/audit-log/?action=alpha.${tag}`);
    expect(targets(alpha)).toEqual(['3', '2']);
    expect(alpha.total).toBe(2);
    expect(targets(await ok(`/api-v3/admin/audit-log/?target_type=t1${tag}`))).toEqual(['4', '3', '1']);
    const byDave = await ok<AuditLogPage>(`/api-v3/admin/audit-log/?actor=${encodeURIComponent(`DAVE.${tag}`)}`);
    expect(targets(byDave)).toEqual(['4', '2']);
    expect(byDave.items[0]!.actor_email).toBe(people[2]!.email);
    // Filters combine, and % in a filter is a plain character.
    expect(targets(await ok(`/api-v3/admin/audit-log/?target_type=t1${tag}&actor=dave.${tag}`))).toEqual(['4']);
    expect((await ok<AuditLogPage>(`/api-v3/admin/audit-log/?actor=%25`)).total).toBe(0);
  });

  it('sorts by action, actor and date, and pages the sorted list', async () => {
    const sorted = async (query: string) => targets(await ok(`/api-v3/admin/audit-log/?target_type=t1${tag}&${query}`));
    expect(await sorted('sort=action')).toEqual(['3', '4', '1']);
    expect(await sorted('sort=action&order=desc')).toEqual(['1', '4', '3']);
    expect(await sorted('sort=created_at')).toEqual(['1', '3', '4']);
    // staff.… after dave.…; equal keys follow the direction too (newest first when descending).
    expect(await sorted('sort=actor_email&order=desc')).toEqual(['3', '1', '4']);
    expect(await sorted('sort=target_type&page_size=2&page=2')).toEqual(['4']);
  });
});

describe('pending transactions: sort, filter and page', () => {
  let ids: number[];
  beforeAll(async () => {
    const pending = (userId: number, type: 'deposit' | 'withdrawal', currency: string, amount: string) => ({
      userId,
      type,
      status: 'pending' as const,
      currency,
      amount,
      address: `TX${tag}`,
      ...(type === 'deposit' ? { transferTo: 'funding' as const } : { transferFrom: 'funding' as const, fee: '1' }),
    });
    const [carol, alice, , bob] = people.map((p) => p.id);
    const rows = await t.db
      .insert(transactions)
      .values([
        pending(carol!, 'deposit', 'USDT', '100'),
        pending(alice!, 'withdrawal', 'BTC', '0.5'),
        pending(bob!, 'deposit', 'USDT', '25.5'),
        pending(alice!, 'deposit', 'ETH', '1000'),
        { ...pending(bob!, 'deposit', 'USDT', '7'), status: 'successful' as const },
      ])
      .returning({ id: transactions.id });
    ids = rows.map((r) => r.id);
  });
  /** The ids of the answer, as positions in `ids` (only this file's rows, by the user filter). */
  const positions = async (query: string, user = tag) => {
    const list = await ok<PendingTransaction[]>(`/api-v3/admin/pending-transactions/?user=${user}&${query}`);
    return list.map((item) => ids.indexOf(item.transaction_id));
  };

  it('keeps the queue oldest first without a sort, pending only', async () => {
    expect(await positions('')).toEqual([0, 1, 2, 3]);
  });

  it('sorts by amount as a number, by user, currency, type and date', async () => {
    expect(await positions('sort=amount')).toEqual([1, 2, 0, 3]);
    expect(await positions('sort=amount&order=desc')).toEqual([3, 0, 2, 1]);
    expect(await positions('sort=user_email')).toEqual([1, 3, 2, 0]);
    expect(await positions('sort=currency&order=desc')).toEqual([2, 0, 3, 1]);
    expect(await positions('sort=transaction_type&order=desc')).toEqual([1, 3, 2, 0]);
    expect(await positions('sort=created_at&order=desc')).toEqual([3, 2, 1, 0]);
  });

  it('filters by type, currency (any case) and part of the email', async () => {
    expect(await positions('transaction_type=withdrawal')).toEqual([1]);
    expect(await positions('currency=usdt')).toEqual([0, 2]);
    expect(await positions('transaction_type=deposit', `ALICE.${tag}`)).toEqual([3]);
  });

  it('pages by page and limit', async () => {
    expect(await positions('sort=amount&limit=3&page=1')).toEqual([1, 2, 0]);
    expect(await positions('sort=amount&limit=3&page=2')).toEqual([3]);
    expect(await positions('limit=3&page=3')).toEqual([]);
  });
});

describe('bad parameters and access', () => {
  it('answers 400 to an unknown sort column, order, role, filter or page, with a message', async () => {
    for (const url of [
      '/api-v3/admin/users/?sort=password_hash',
      `/api-v3/admin/users/?sort=${encodeURIComponent('email; drop table users')}`,
      '/api-v3/admin/users/?sort=email&order=sideways',
      '/api-v3/admin/users/?role=root',
      '/api-v3/admin/users/?page=0',
      '/api-v3/admin/audit-log/?sort=before',
      '/api-v3/admin/audit-log/?order=up',
      `/api-v3/admin/audit-log/?action=${'x'.repeat(101)}`,
      '/api-v3/admin/pending-transactions/?sort=tx_hash',
      '/api-v3/admin/pending-transactions/?order=random',
      '/api-v3/admin/pending-transactions/?transaction_type=transfer',
      `/api-v3/admin/pending-transactions/?currency=${encodeURIComponent("USDT' or 1=1")}`,
      '/api-v3/admin/pending-transactions/?page=-1',
      // `after` is the cursor of the queue's own order: not with a page or a sort.
      '/api-v3/admin/pending-transactions/?after=1&page=2',
      '/api-v3/admin/pending-transactions/?after=1&sort=amount',
    ]) {
      const res = await call<{ error: string }>(t, 'GET', url, { token: admin.token });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toEqual(expect.any(String));
    }
    // The tables are still there.
    expect((await ok<AdminUsersPage>(`/api-v3/admin/users/?q=${tag}`)).total).toBe(4);
  });

  it('keeps the lists staff only, with or without the new parameters', async () => {
    for (const url of [
      '/api-v3/admin/users/?sort=email&role=staff',
      '/api-v3/admin/audit-log/?sort=action&actor=a',
      '/api-v3/admin/pending-transactions/?sort=amount&page=1',
    ]) {
      expect((await call(t, 'GET', url)).status, url).toBe(401);
      expect((await call(t, 'GET', url, { token: trader.token })).status, url).toBe(403);
    }
  });
});
