import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_KINDS } from '../../src/shared/constants.js';
import { WALLET_MSG } from '../../src/shared/api/wallet.js';
import { MSG } from '../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { balanceOf, expectLedgerBalanced, fundWallet, grant } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const transfer = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'POST', '/api-v1/transfer-to-wallet/', { token: user.token, body: { all_amount: false, ...body } });

describe('wallet lists', () => {
  it.each(WALLET_KINDS)('a new user sees the default currencies with 0 in the %s wallet', async (wallet) => {
    const user = await createUser(t);
    const res = await call(t, 'GET', `/api-v1/${wallet}-wallet-list/`, { token: user.token });
    expect(res).toMatchObject({
      status: 200,
      body: [
        { currency: 'USDT', balance: '0' },
        { currency: 'BTC', balance: '0' },
        { currency: 'ETH', balance: '0' },
        { currency: 'USDO', balance: '0' },
      ],
    });
  });

  it('shows balances as canonical decimal strings, other held currencies after the defaults', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    await grant(t, user, 'funding', 'SOL', '2.5');
    await grant(t, user, 'funding', 'ADA', '0.00000001');
    await grant(t, user, 'lever', 'BTC', '0.125');
    const funding = await call(t, 'GET', '/api-v1/funding-wallet-list/', { token: user.token });
    expect(funding.body).toEqual([
      { currency: 'USDT', balance: '100' },
      { currency: 'BTC', balance: '0' },
      { currency: 'ETH', balance: '0' },
      { currency: 'USDO', balance: '0' },
      { currency: 'ADA', balance: '0.00000001' },
      { currency: 'SOL', balance: '2.5' },
    ]);
    expect(await balanceOf(t, user, 'lever', 'BTC')).toBe('0.125');
  });

  it('shows only the caller’s balances, and needs a login', async () => {
    const rich = await createUser(t);
    await fundWallet(t, rich, '1000');
    const other = await createUser(t);
    expect(await balanceOf(t, other, 'funding', 'USDT')).toBe('0');
    expect((await call(t, 'GET', '/api-v1/funding-wallet-list/')).status).toBe(401);
  });

  it('answers lists asked at the same moment (one query for all) each with its own user’s balances', async () => {
    const users = [await createUser(t), await createUser(t), await createUser(t)];
    await fundWallet(t, users[0]!, '100');
    await fundWallet(t, users[2]!, '300');
    await transfer(users[2]!, { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '5' });
    const lists = await Promise.all(
      users.flatMap((user) =>
        (['funding', 'lever'] as const).map((wallet) =>
          call(t, 'GET', `/api-v1/${wallet}-wallet-list/`, { token: user.token }),
        ),
      ),
    );
    const usdt = lists.map((res) => (res.body as { currency: string; balance: string }[])[0]);
    expect(usdt).toEqual([
      { currency: 'USDT', balance: '100' },
      { currency: 'USDT', balance: '0' },
      { currency: 'USDT', balance: '0' },
      { currency: 'USDT', balance: '0' },
      { currency: 'USDT', balance: '295' },
      { currency: 'USDT', balance: '5' },
    ]);
  });
});

describe('transfer between wallets', () => {
  it('moves the amount at once and records a successful transfer', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    const res = await transfer(user, {
      transfer_from: 'funding',
      transfer_to: 'lever',
      currency: 'USDT',
      amount: '30.5',
    });
    expect(res).toMatchObject({
      status: 201,
      body: {
        message: 'Transfer successful',
        transaction: {
          type: 'transfer',
          status: 'successful',
          amount: '30.5',
          currency: 'USDT',
          transfer_from: 'funding',
          transfer_to: 'lever',
        },
      },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('69.5');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('30.5');
    const history = await call(t, 'GET', '/api-v1/transcations-history/?status=successful', { token: user.token });
    expect(history.body[0]).toEqual(res.body.transaction);
    await expectLedgerBalanced(t);
  });

  it('accepts any currency case and the legal-currency wallet name', async () => {
    const user = await createUser(t);
    await grant(t, user, 'second', 'BTC', '1');
    const res = await transfer(user, {
      transfer_from: 'second',
      transfer_to: 'legal-currency',
      currency: 'btc',
      amount: 0.25,
    });
    expect(res).toMatchObject({
      status: 201,
      body: { transaction: { currency: 'BTC', transfer_to: 'legal', amount: '0.25' } },
    });
    expect(await balanceOf(t, user, 'legal', 'BTC')).toBe('0.25');
    expect(await balanceOf(t, user, 'second', 'BTC')).toBe('0.75');
  });

  it('all_amount moves the whole balance, whatever amount says', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    await grant(t, user, 'funding', 'USDT', '0.123456789012');
    const res = await transfer(user, {
      transfer_from: 'funding',
      transfer_to: 'second',
      currency: 'USDT',
      amount: '1',
      all_amount: true,
    });
    expect(res).toMatchObject({ status: 201, body: { transaction: { amount: '100.123456789012' } } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    expect(await balanceOf(t, user, 'second', 'USDT')).toBe('100.123456789012');
    await expectLedgerBalanced(t);
  });

  it("refuses more than the balance with 'Transfer amount exceeds available balance' and moves nothing", async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    const res = await transfer(user, {
      transfer_from: 'funding',
      transfer_to: 'lever',
      currency: 'USDT',
      amount: '100.00000001',
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'Transfer amount exceeds available balance' } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('100');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('0');
    const history = await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token });
    expect(history.body.map((i: { type: string }) => i.type)).toEqual(['deposit']);
  });

  it('refuses a transfer from a wallet to itself', async () => {
    const user = await createUser(t);
    await fundWallet(t, user, '100');
    const res = await transfer(user, {
      transfer_from: 'funding',
      transfer_to: 'FUNDING',
      currency: 'USDT',
      amount: '1',
    });
    expect(res).toMatchObject({ status: 400, body: { error: WALLET_MSG.sameWallet } });
  });

  it.each([
    ['missing', undefined],
    ['zero', '0'],
    ['negative', '-1'],
    ['not a number', '1e3'],
  ])('refuses an amount that is %s', async (_label, amount) => {
    const user = await createUser(t);
    const res = await transfer(user, { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount });
    expect(res).toMatchObject({ status: 400, body: { error: MSG.enterValidAmount } });
  });

  it('refuses an unknown wallet and a missing currency', async () => {
    const user = await createUser(t);
    const wallet = await transfer(user, {
      transfer_from: 'savings',
      transfer_to: 'lever',
      currency: 'USDT',
      amount: '1',
    });
    expect(wallet).toMatchObject({ status: 400, body: { error: MSG.invalidWalletType } });
    const currency = await transfer(user, { transfer_from: 'funding', transfer_to: 'lever', amount: '1' });
    expect(currency).toMatchObject({ status: 400, body: { error: WALLET_MSG.chooseCurrency } });
  });

  it('refuses all_amount from an empty wallet', async () => {
    const user = await createUser(t);
    const res = await transfer(user, {
      transfer_from: 'lever',
      transfer_to: 'funding',
      currency: 'USDT',
      all_amount: true,
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'No available balance to transfer' } });
  });
});

describe('transaction history', () => {
  it('lists only the caller’s transactions, newest first, filtered by status', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await fundWallet(t, other, '300');
    await fundWallet(t, user, '200');
    await transfer(user, { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '50' });
    await call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount: '60', payment_address: ADDRESSES.TRC20 },
    });

    const all = await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.body.map((i: { type: string; status: string }) => `${i.type}:${i.status}`)).toEqual([
      'deposit:pending',
      'transfer:successful',
      'deposit:successful',
    ]);
    for (const item of all.body) {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining([
          'transaction_id',
          'amount',
          'currency',
          'status',
          'transfer_from',
          'transfer_to',
          'created_at',
        ]),
      );
    }
    const successful = await call(t, 'GET', '/api-v1/transcations-history/?status=successful', { token: user.token });
    expect(successful.body).toHaveLength(2);
    const pending = await call(t, 'GET', '/api-v1/transcations-history/?status=pending', { token: user.token });
    expect(pending.body).toMatchObject([{ type: 'deposit', amount: '60' }]);
    const older = await call(t, 'GET', `/api-v1/transcations-history/?before=${all.body[0].transaction_id}&limit=1`, {
      token: user.token,
    });
    expect(older.body).toEqual([all.body[1]]);
  });

  it('refuses an unknown status and needs a login', async () => {
    const user = await createUser(t);
    const res = await call(t, 'GET', '/api-v1/transcations-history/?status=done', { token: user.token });
    expect(res).toMatchObject({ status: 400, body: { error: WALLET_MSG.invalidStatus } });
    expect((await call(t, 'GET', '/api-v1/transcations-history/')).status).toBe(401);
  });
});
