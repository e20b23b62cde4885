/** The staff console (docs/decisions/0009-pages-staff-console-pwa.md): user search and detail, the audit log, and the settings staff edit. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/server/db/schema.js';
import type { AdminSettings, AdminUserDetail, AdminUsersPage, AuditLogPage } from '../../src/shared/api/admin.js';
import { DEPOSIT_ADDRESSES_PLACEHOLDER } from '../../src/shared/api/admin.js';
import { depositAddressLines } from '../../src/shared/api/support.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fundWallet, grant } from '../helpers/money.js';
import { call, createAdmin, createUser, signUp, uniqueEmail, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { USDO_PRICE: '1' } });
  admin = await createAdmin(t);
  user = await createUser(t, { email: uniqueEmail('ursula'), first_name: 'Ursula', last_name: 'Franklin' });
});
afterAll(() => t.close());

const get = <T = any>(url: string, token = admin.token) => call<T>(t, 'GET', url, { token });
const putSettings = (body: unknown, token = admin.token) =>
  call<{ message: string; settings: AdminSettings; error?: string }>(t, 'PUT', '/api-v3/admin/settings/', {
    token,
    body,
  });
const putFaq = (id: number, body: unknown, token = admin.token) =>
  call(t, 'PUT', `/api-v3/admin/settings/faq/${id}/`, { token, body });
const latestAudit = async () => (await get<AuditLogPage>('/api-v3/admin/audit-log/?page_size=1')).body.items[0]!;

describe('access', () => {
  const routes: Array<['GET' | 'PUT', string]> = [
    ['GET', '/api-v3/admin/users/'],
    ['GET', '/api-v3/admin/users/1/'],
    ['GET', '/api-v3/admin/audit-log/'],
    ['GET', '/api-v3/admin/settings/'],
    ['PUT', '/api-v3/admin/settings/'],
    ['PUT', '/api-v3/admin/settings/faq/1/'],
  ];

  it('answers 401 without a token on every staff route', async () => {
    for (const [method, url] of routes) {
      const res = await call(t, method, url, { body: method === 'PUT' ? {} : undefined });
      expect(res.status, url).toBe(401);
    }
  });

  it('answers 403 to a user on every staff route, and changes nothing', async () => {
    for (const [method, url] of routes) {
      const res = await call(t, method, url, {
        token: user.token,
        body: method === 'PUT' ? { usdo_price: { price: '9' } } : undefined,
      });
      expect(res.status, url).toBe(403);
    }
    expect((await call(t, 'GET', '/api-v1/default-currency/')).body.price).toBe('1');
  });
});

describe('users', () => {
  it('finds a user by part of the email, by name and by unique id', async () => {
    const info = (await call(t, 'GET', '/api-v1/info/', { token: user.token })).body;
    for (const q of [user.email.slice(0, 10).toUpperCase(), 'ursula franklin', 'Frank', info.uniqueid]) {
      const res = await get<AdminUsersPage>(`/api-v3/admin/users/?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(
        res.body.items.map((u) => u.email),
        q,
      ).toContain(user.email);
    }
    const [row] = (await get<AdminUsersPage>(`/api-v3/admin/users/?q=${info.uniqueid}`)).body.items;
    expect(row).toMatchObject({
      user_id: user.id,
      email: user.email,
      name: 'Ursula Franklin',
      uniqueid: info.uniqueid,
      is_verified: 'unverified',
      is_admin: false,
    });
    expect(new Date(row!.created_at).getTime()).not.toBeNaN();
  });

  it('treats % and _ in a search as plain characters', async () => {
    const res = await get<AdminUsersPage>('/api-v3/admin/users/?q=%25');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.total).toBe(0);
  });

  it('pages through the list, newest first, with the total of the search', async () => {
    const tag = `pager${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createUser(t, { email: uniqueEmail(`${tag}-${i}`) })).email);
    const page1 = await get<AdminUsersPage>(`/api-v3/admin/users/?q=${tag}&page=1&page_size=2`);
    const page3 = await get<AdminUsersPage>(`/api-v3/admin/users/?q=${tag}&page=3&page_size=2`);
    expect(page1.body).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(page1.body.items.map((u) => u.email)).toEqual([made[4], made[3]]);
    expect(page3.body.items.map((u) => u.email)).toEqual([made[0]]);
    const beyond = await get<AdminUsersPage>(`/api-v3/admin/users/?q=${tag}&page=9&page_size=2`);
    expect(beyond.body).toMatchObject({ items: [], total: 5 });
  });

  it('refuses a bad page or page size with a 400', async () => {
    for (const query of ['page=0', 'page=abc', 'page_size=0', 'page_size=101']) {
      const res = await get(`/api-v3/admin/users/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it("shows a user's profile, the balances of all four wallets, trades and transactions", async () => {
    const referrerCode = (await call(t, 'GET', '/api-v1/info/', { token: user.token })).body.promotion_code;
    const trader = await signUp(t, { referral_code: referrerCode });
    await fundWallet(t, trader, '250');
    await grant(t, trader, 'lever', 'USDT', '40.5');
    await grant(t, trader, 'second', 'BTC', '0.25');
    await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: trader.token,
      body: { transfer_from: 'funding', transfer_to: 'legal', currency: 'USDT', amount: '50' },
    });

    const res = await get<AdminUserDetail>(`/api-v3/admin/users/${trader.id}/`);
    expect(res.status).toBe(200);
    const { profile, wallets, transactions, trades } = res.body;
    expect(profile).toMatchObject({
      user_id: trader.id,
      email: trader.email,
      is_admin: false,
      is_verified: 'unverified',
      has_transaction_password: false,
      referred_by: { user_id: user.id, email: user.email },
    });
    const balance = (kind: keyof AdminUserDetail['wallets'], currency: string) =>
      wallets[kind].find((w) => w.currency === currency)?.balance;
    expect(balance('funding', 'USDT')).toBe('200');
    expect(balance('legal', 'USDT')).toBe('50');
    expect(balance('lever', 'USDT')).toBe('40.5');
    expect(balance('second', 'BTC')).toBe('0.25');
    expect(transactions.map((x) => [x.type, x.status])).toEqual([
      ['transfer', 'successful'],
      ['deposit', 'successful'],
    ]);
    expect(trades).toEqual([]);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await get('/api-v3/admin/users/99999999/')).status).toBe(404);
    expect((await get('/api-v3/admin/users/abc/')).status).toBe(400);
  });
});

describe('settings', () => {
  it('lists the USDO price, deposit addresses and the six FAQ entries', async () => {
    const res = await get<AdminSettings>('/api-v3/admin/settings/');
    expect(res.status).toBe(200);
    expect(res.body.usdo_price.price).toBe('1');
    expect(res.body.deposit_addresses).toEqual(t.config.depositAddresses);
    expect(res.body.faq_entries).toHaveLength(6);
  });

  it('sets the USDO price, audited with before and after, and users see it at once', async () => {
    const res = await putSettings({ usdo_price: { price: '1.2500' } });
    expect(res.status).toBe(200);
    expect(res.body.settings.usdo_price.price).toBe('1.25');

    const seen = await call(t, 'GET', '/api-v1/default-currency/', { token: user.token });
    expect(seen.body).toEqual({ currency: 'USDO', price: '1.25' });

    const entry = await latestAudit();
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: 'settings.usdo_price',
      target_type: 'setting',
      target_id: 'usdo_price',
      before: { price: '1' },
      after: { price: '1.25' },
    });
  });

  it('refuses a price that is not a positive decimal, and keeps the old one', async () => {
    for (const price of ['0', '-1', 'abc', '', '1e3', '1.123456789', null]) {
      const res = await putSettings({ usdo_price: { price } });
      expect(res.status, String(price)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await call(t, 'GET', '/api-v1/default-currency/')).body.price).toBe('1.25');
  });

  it('refuses an empty change', async () => {
    const res = await putSettings({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Nothing to change');
  });

  it('sets the deposit addresses the FAQ bot gives, audited', async () => {
    const addresses = {
      ERC20: '0x1111111111111111111111111111111111111111',
      TRC20: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    };
    const before = (await get<AdminSettings>('/api-v3/admin/settings/')).body.deposit_addresses;
    expect((await putSettings({ deposit_addresses: addresses })).status).toBe(200);

    const answer = await call(t, 'POST', '/api-v2/question-answer/', {
      token: user.token,
      body: { question: 'Platform recharge address' },
    });
    expect(depositAddressLines(answer.body.answers[0].answer)).toEqual([
      { network: 'ERC20', address: addresses.ERC20 },
      { network: 'TRC20', address: addresses.TRC20 },
    ]);
    expect(await latestAudit()).toMatchObject({ action: 'settings.deposit_addresses', before, after: addresses });
  });

  it('refuses an address that does not look like one of its network', async () => {
    const good = (await get<AdminSettings>('/api-v3/admin/settings/')).body.deposit_addresses;
    for (const bad of [
      { ...good, ERC20: '0x123' },
      { ...good, TRC20: good.ERC20 },
      { ...good, BTC: 'bc1 q w508' },
      { ERC20: good.ERC20 },
    ]) {
      const res = await putSettings({ deposit_addresses: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await get<AdminSettings>('/api-v3/admin/settings/')).body.deposit_addresses).toEqual(good);
  });

  it('edits an FAQ answer, question and keywords; users get the new answer, audited', async () => {
    const entries = (await get<AdminSettings>('/api-v3/admin/settings/')).body.faq_entries;
    const balance = entries.find((e) => e.topic === 'balance')!;
    const answer = 'Your balances are under Assets. Staff wrote this.';
    const res = await putFaq(balance.id, {
      question: 'Where are my funds?',
      answer,
      keywords: ['My funds', ' my funds ', 'wallet money', ''],
    });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({
      question: 'Where are my funds?',
      answer,
      keywords: ['my funds', 'wallet money'],
    });

    // The support button still sends the shipped question; its keywords alone would now pick another topic.
    for (const question of ['Where are my funds?', 'Where is my balance?']) {
      const asked = await call(t, 'POST', '/api-v2/question-answer/', { token: user.token, body: { question } });
      expect(asked.body.answers[0].answer, question).toBe(answer);
    }
    expect(await latestAudit()).toMatchObject({
      action: 'faq.update',
      target_type: 'faq_entry',
      target_id: String(balance.id),
      before: { question: balance.question, answer: balance.answer, keywords: balance.keywords },
      after: { answer },
    });
  });

  it('keeps the address marker in the recharge-address answer', async () => {
    const entries = (await get<AdminSettings>('/api-v3/admin/settings/')).body.faq_entries;
    const recharge = entries.find((e) => e.topic === 'recharge_address')!;
    const without = await putFaq(recharge.id, {
      question: recharge.question,
      answer: 'Ask us.',
      keywords: ['address'],
    });
    expect(without.status).toBe(400);
    expect(without.body.fields.answer).toContain(DEPOSIT_ADDRESSES_PLACEHOLDER);
    const withIt = await putFaq(recharge.id, {
      question: recharge.question,
      answer: `Send USDT to:\n${DEPOSIT_ADDRESSES_PLACEHOLDER}`,
      keywords: recharge.keywords,
    });
    expect(withIt.status).toBe(200);
  });

  it('refuses an FAQ edit without question, answer or keywords, and 404s an unknown entry', async () => {
    const [entry] = (await get<AdminSettings>('/api-v3/admin/settings/')).body.faq_entries;
    const valid = { question: entry!.question, answer: entry!.answer, keywords: entry!.keywords };
    for (const body of [
      { ...valid, question: ' ' },
      { ...valid, answer: '' },
      { ...valid, keywords: [' '] },
      { ...valid, keywords: 'balance' },
      { ...valid, answer: 'x'.repeat(4001) },
    ]) {
      expect((await putFaq(entry!.id, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await putFaq(999999, valid)).status).toBe(404);
  });

  it('writes nothing, not even an audit entry, when a change is refused', async () => {
    const before = await t.db.select().from(auditLog);
    await putSettings({ usdo_price: { price: '0' }, deposit_addresses: t.config.depositAddresses });
    expect(await t.db.select().from(auditLog)).toHaveLength(before.length);
  });
});

describe('audit log', () => {
  it('lists staff actions newest first, paged, with the actor and the target', async () => {
    const other = await createAdmin(t);
    // Each within the range allowed now (docs/decisions/0049).
    await putSettings({ usdo_price: { price: '1.4' } }, other.token);
    await putSettings({ usdo_price: { price: '1.3' } });

    const page = await get<AuditLogPage>('/api-v3/admin/audit-log/?page=1&page_size=2');
    expect(page.status).toBe(200);
    expect(page.body.page_size).toBe(2);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    expect(page.body.items.map((e) => [e.actor_email, e.after])).toEqual([
      [admin.email, { price: '1.3' }],
      [other.email, { price: '1.4' }],
    ]);
    expect(page.body.items[0]!.before).toEqual({ price: '1.4' });

    const next = await get<AuditLogPage>('/api-v3/admin/audit-log/?page=2&page_size=2');
    expect(next.body.items[0]!.id).toBeLessThan(page.body.items[1]!.id);
  });

  it('records transaction reviews too (the log is every staff action)', async () => {
    const trader = await createUser(t);
    const id = await fundWallet(t, trader, '60');
    const page = await get<AuditLogPage>('/api-v3/admin/audit-log/?page_size=5');
    expect(page.body.items.some((e) => e.action === 'transaction.approve' && e.target_id === String(id))).toBe(true);
  });

  it('is kept when the admin flag of the actor is later removed', async () => {
    const other = await createAdmin(t);
    await putSettings({ usdo_price: { price: '1.2' } }, other.token);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, other.id));
    expect((await latestAudit()).actor_email).toBe(other.email);
  });
});
