/**
 * Money under concurrency, against real PostgreSQL (the app's pool has 20 connections, so requests
 * also queue on it). After each scenario every balance must still equal the sum of its entries.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { add, mul } from '../../src/shared/money.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, fundWallet, grant, setTransactionPassword, staff } from '../helpers/money.js';
import { call, createAdmin, createUser, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket({ ETH: '10', BTC: '60000' }) });
});
afterAll(() => t.close());

const statusCounts = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});

describe('concurrent money movement', () => {
  it('100 concurrent withdrawals of 10 against a balance of 500 succeed exactly 50 times', async () => {
    const user = await createUser(t);
    await setTransactionPassword(t, user, '112233');
    // ETH at 10 USDT here: each withdrawal of 10 ETH is worth 100 USDT, above the 50 USDT minimum.
    await grant(t, user, 'funding', 'ETH', '500');
    const body = {
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amount: '10',
      transaction_password: '112233',
      currency: 'ETH',
      all_amount: false,
    };

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => call(t, 'POST', '/api-v1/withdraw/', { token: user.token, body })),
    );

    expect(statusCounts(responses)).toEqual({ 201: 50, 400: 50 });
    for (const refused of responses.filter((r) => r.status === 400)) {
      expect(refused.body.error).toBe('Withdrawal amount exceeds available balance');
    }
    expect(await balanceOf(t, user, 'funding', 'ETH')).toBe('0');
    const rows = await t.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((r) => r.type === 'withdrawal' && r.status === 'pending')).toHaveLength(50);
    await expectLedgerBalanced(t);
  });

  it('concurrent transfers in every direction between three wallets never deadlock and never go negative', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '900');
    const wallets = ['funding', 'lever', 'second'] as const;
    for (const to of ['lever', 'second'] as const) {
      const setup = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
        token: user.token,
        body: { transfer_from: 'funding', transfer_to: to, currency: 'USDT', amount: '300', all_amount: false },
      });
      expect(setup.status).toBe(201);
    }

    // Every ordered pair of wallets, many times over, all at once: cycles that would deadlock without one lock order.
    const requests = Array.from({ length: 150 }, (_, i) => {
      const from = wallets[i % 3]!;
      const to = wallets[(i + 1 + (Math.floor(i / 3) % 2)) % 3]!;
      return call(t, 'POST', '/api-v1/transfer-to-wallet/', {
        token: user.token,
        body: { transfer_from: from, transfer_to: to, currency: 'USDT', amount: '45', all_amount: false },
      });
    });
    const responses = await Promise.all(requests);

    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((status) => status === '201' || status === '400')).toBe(true);
    for (const refused of responses.filter((r) => r.status === 400)) {
      expect(refused.body.error).toBe('Transfer amount exceeds available balance');
    }
    const balances = await Promise.all(wallets.map((w) => balanceOf(t, user, w, 'USDT')));
    for (const balance of balances) expect(balance.startsWith('-')).toBe(false);
    expect(balances.reduce((sum, b) => add(sum, b), add(0, 0)).toFixed()).toBe('900');
    await expectLedgerBalanced(t);
  });

  it('the same Idempotency-Key sent 20 times in parallel moves the money once', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    const body = { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '25', all_amount: false };

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'POST', '/api-v1/transfer-to-wallet/', {
          token: user.token,
          body,
          headers: { 'idempotency-key': 'one-click' },
        }),
      ),
    );

    expect(statusCounts(responses)).toEqual({ 201: 20 });
    const ids = new Set(responses.map((r) => r.body.transaction.transaction_id));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('75');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('25');
    await expectLedgerBalanced(t);
  });

  it('approving a deposit twice in parallel credits it once', async () => {
    const admin = await staff(t);
    const otherAdmin = await createAdmin(t);
    const users: TestUser[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await createUser(t);
      const res = await call(t, 'POST', '/api-v1/recharge/', {
        token: user.token,
        body: { amount: '100', payment_address: ADDRESSES.TRC20 },
      });
      users.push(user);
      ids.push(res.body.transaction.transaction_id);
    }

    const approve = (id: number, token: string) =>
      call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
        token,
        body: { action: 'approve' },
      });
    const responses = await Promise.all(ids.flatMap((id) => [approve(id, admin.token), approve(id, otherAdmin.token)]));

    for (let i = 0; i < ids.length; i++) {
      expect([responses[2 * i]!.status, responses[2 * i + 1]!.status].sort()).toEqual([200, 409]);
      expect(await balanceOf(t, users[i]!, 'funding', 'USDT')).toBe('100');
    }
    await expectLedgerBalanced(t);
  });

  it('approve and cancel racing on one withdrawal: exactly one wins, the refund happens at most once', async () => {
    const admin = await staff(t);
    const user = await createUser(t);
    await setTransactionPassword(t, user, '445566');
    await grant(t, user, 'funding', 'BTC', '0.01');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(t, 'POST', '/api-v1/withdraw/', {
        token: user.token,
        body: {
          address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
          amount: '0.001',
          transaction_password: '445566',
          currency: 'BTC',
          all_amount: false,
        },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.transaction.transaction_id);
    }

    const decide = (id: number, action: string) =>
      call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
        token: admin.token,
        body: { action },
      });
    const responses = await Promise.all(
      ids.flatMap((id) => [decide(id, 'approve'), decide(id, 'cancel'), decide(id, 'cancel')]),
    );

    let refunded = 0;
    for (let i = 0; i < ids.length; i++) {
      const three = responses.slice(3 * i, 3 * i + 3);
      expect(three.filter((r) => r.status === 200)).toHaveLength(1);
      expect(three.filter((r) => r.status === 409)).toHaveLength(2);
      if (three.find((r) => r.status === 200)!.body.transaction.status === 'cancel') refunded++;
    }
    expect(await balanceOf(t, user, 'funding', 'BTC')).toBe(add('0.006', mul('0.001', refunded)).toFixed());
    await expectLedgerBalanced(t);
  });
});
