/**
 * Money builders for API tests. `fundWallet` goes through the real path (a deposit requested by the
 * user, approved by staff, both over HTTP); `grant` credits any wallet and currency through the
 * ledger itself, for balances a deposit cannot bring (deposits are USDT to funding only).
 */
import { expect } from 'vitest';
import type { WalletKind } from '../../src/shared/constants.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { credit } from './ledger.js';
import { createTestApp, type TestApp } from './app.js';
import { call, createAdmin, type TestUser } from './users.js';
import { ADDRESSES } from './addresses.js';

const staffOf = new WeakMap<TestApp, Promise<TestUser>>();

/** One staff account per test app, made on first use. */
export function staff(t: TestApp): Promise<TestUser> {
  let admin = staffOf.get(t);
  if (!admin) {
    admin = createAdmin(t);
    staffOf.set(t, admin);
  }
  return admin;
}

/** A fresh test app and its staff account (`staff`): what a file that tests staff work opens first. */
export async function appWithStaff(): Promise<{ t: TestApp; admin: TestUser }> {
  const t = await createTestApp();
  return { t, admin: await staff(t) };
}

/** Deposit `amount` USDT (at least 50) into the user's funding wallet and have staff approve it. Returns the transaction id. */
export async function fundWallet(t: TestApp, user: TestUser, amount: string): Promise<number> {
  const deposit = await call(t, 'POST', '/api-v1/recharge/', {
    token: user.token,
    body: { amount, payment_address: ADDRESSES.TRC20 },
  });
  if (deposit.status !== 201) throw new Error(`recharge: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const id: number = deposit.body.transaction.transaction_id;
  const approve = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
    token: (await staff(t)).token,
    body: { action: 'approve' },
  });
  if (approve.status !== 200) throw new Error(`approve: ${approve.status} ${JSON.stringify(approve.body)}`);
  return id;
}

let grants = 0;

/** Credit any wallet and currency directly through the ledger (entries with ref_type 'test'). */
export async function grant(
  t: Pick<TestApp, 'db'>,
  user: TestUser,
  wallet: WalletKind,
  currency: string,
  amount: string,
): Promise<void> {
  await t.db.transaction((tx) =>
    credit(tx, { userId: user.id, wallet, currency }, amount, {
      reason: 'test_grant',
      refType: 'test',
      refId: ++grants,
    }),
  );
}

/** Set the user's transaction password through the API (OTP from the test mailbox). */
export async function setTransactionPassword(t: TestApp, user: TestUser, password = '246810'): Promise<string> {
  const otp = await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  if (otp.status !== 200) throw new Error(`transaction password otp: ${otp.status} ${JSON.stringify(otp.body)}`);
  const set = await call(t, 'POST', '/api-v1/set-transcation-password/', {
    token: user.token,
    body: { new_password: password, otp: t.mailbox.lastCode(user.email) },
  });
  if (set.status !== 200) throw new Error(`set transaction password: ${set.status} ${JSON.stringify(set.body)}`);
  return password;
}

/** A balance as the wallet list shows it ('0' when the user holds none). */
export async function balanceOf(t: TestApp, user: TestUser, wallet: WalletKind, currency: string): Promise<string> {
  const res = await call<{ currency: string; balance: string }[]>(t, 'GET', `/api-v1/${wallet}-wallet-list/`, {
    token: user.token,
  });
  if (res.status !== 200) throw new Error(`${wallet}-wallet-list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.find((row) => row.currency === currency)?.balance ?? '0';
}

/** Every balance equals the sum of its entries, none is negative, every transaction moved what it says. */
export async function expectLedgerBalanced(t: Pick<TestApp, 'db'>): Promise<void> {
  const report = await checkLedger(t.db);
  expect(report.mismatches).toEqual([]);
}
