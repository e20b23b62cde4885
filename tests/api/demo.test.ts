/**
 * Demo accounts (docs/decisions/0063-demo-accounts.md): "Try demo" opens an account with 10,000 USDT in Lever
 * and in Funding that trades like any other; every money route refuses demo money with a clear message and
 * changes nothing (deposit, withdrawal, fiat, API keys, deposit address, staff approval, bonus, a move to a
 * real account); the house's books and the proof of reserves never see it while the ledger check proves it
 * balances apart; a demo account resets, a real one has one twin, idle ones retire. And the common-password
 * rule: a login password on zxcvbn-ts's common list is refused before the code is used up.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, transactions, users } from '../../src/server/db/schema.js';
import { payBonuses } from '../../src/server/modules/bonuses/award.js';
import { expireIdleDemos } from '../../src/server/modules/demo/index.js';
import { house, move, readBooks } from '../../src/server/modules/ledger/index.js';
import { insertTransaction } from '../../src/server/modules/wallets/transactions.js';
import type { LoginResponse } from '../../src/shared/api/auth.js';
import { DEMO_IDLE_DAYS, DEMO_MSG } from '../../src/shared/api/demo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, grant, setTransactionPassword, staff } from '../helpers/money.js';
import { closeTrade, openedTradeId } from '../helpers/trades.js';
import { call, signUp, uniqueEmail, type TestUser } from '../helpers/users.js';
import { tronAddress } from '../helpers/addresses.js';

let t: TestApp;
let market: FakeMarket;
beforeAll(async () => {
  market = createFakeMarket();
  market.set('BTC', '60000');
  // The production fees: a demo trade's fees would land in the house's `fees` if demo money were not apart.
  t = await createTestApp({ market, tradingRates: 'default' });
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerBalanced(t);
  expect((await readBooks(t.db)).balanced).toBe(true);
});

async function openDemo(): Promise<TestUser & { session: LoginResponse }> {
  const res = await call<LoginResponse>(t, 'POST', '/api-v1/demo/');
  expect(res.status).toBe(201);
  return {
    id: res.body.user.user_id,
    email: res.body.user.email,
    password: '',
    token: res.body.access,
    login: res.body,
    session: res.body,
  };
}

const booksNow = () => readBooks(t.db);

describe('Try demo', () => {
  it('opens a demo account with 10,000 USDT in Lever and in Funding, marked demo, that trades on the same prices', async () => {
    const before = await booksNow();
    const demo = await openDemo();
    expect(demo.session.user.is_demo).toBe(true);
    expect(demo.email).toMatch(/@demo\.invalid$/);
    expect(await balanceOf(t, demo, 'lever', 'USDT')).toBe('10000');
    expect(await balanceOf(t, demo, 'funding', 'USDT')).toBe('10000');
    const info = await call(t, 'GET', '/api-v1/info/', { token: demo.token });
    expect(info.body.is_demo).toBe(true);

    // A position opened and closed at a profit, with fees: none of it reaches the house's books.
    const tradeId = await openedTradeId(t, demo, { hands: '0.1' });
    market.set('BTC', '61000');
    const closed = await closeTrade(t, demo, tradeId, '61000');
    expect(closed.status).toBe(200);
    market.set('BTC', '60000');
    expect(await booksNow()).toEqual(before);
    // The demo house carries the other side: the ledger check (afterEach) proves demo sums to zero apart.
    const [demoHouse] = await t.db.select().from(accounts).where(eq(accounts.wallet, 'demo'));
    expect(demoHouse!.userId).toBeNull();
  });

  it('leaves demo accounts out of the proof of reserves', async () => {
    const admin = await staff(t);
    const real = await signUp(t);
    await grant(t, real, 'funding', 'USDT', '5');
    const demo = await openDemo();
    const published = await call(t, 'POST', '/api-v3/admin/proof-of-reserves/', { token: admin.token });
    expect(published.status).toBe(200);
    const mine = await call(t, 'GET', '/api-v1/proof-of-reserves/mine/', { token: demo.token });
    expect(mine.status).toBe(404);
    expect((await call(t, 'GET', '/api-v1/proof-of-reserves/mine/', { token: real.token })).status).toBe(200);
    // The published USDT total has the real 5 and none of the demo 20,000.
    const usdt = published.body.currencies.find((c: { currency: string }) => c.currency === 'USDT');
    expect(Number(usdt.total_liabilities)).toBeLessThan(20_000);
  });
});

describe('every money route refuses demo money, changing nothing', () => {
  const refused = async (demo: TestUser, method: 'GET' | 'POST', url: string, body: unknown, message: string) => {
    const res = await call(t, method, url, { token: demo.token, ...(body === undefined ? {} : { body }) });
    expect(res.status, url).toBe(400);
    expect(res.body.error, url).toBe(message);
  };

  it('deposit, withdrawal, fiat, API keys, deposit address, security code, identity', async () => {
    const demo = await openDemo();
    const txBefore = await t.db.select().from(transactions).where(eq(transactions.userId, demo.id));
    await refused(
      demo,
      'POST',
      '/api-v1/recharge/',
      { amount: '100', payment_address: tronAddress(7) },
      DEMO_MSG.noDeposits,
    );
    await refused(
      demo,
      'POST',
      '/api-v1/withdraw/',
      { address: tronAddress(777), amount: '50', currency: 'USDT', transaction_password: '246810' },
      DEMO_MSG.noWithdrawals,
    );
    await refused(
      demo,
      'POST',
      '/api-v1/fiat-orders/',
      { side: 'sell', currency: 'USDT', amount: '500' },
      DEMO_MSG.noFiat,
    );
    await refused(demo, 'POST', '/api-v1/lockup-orders/', { product_id: 1, amount: '500' }, DEMO_MSG.noEarn);
    await refused(
      demo,
      'POST',
      '/api-v1/api-keys/',
      { label: 'bot', permissions: ['read', 'spot'], code: '123456' },
      DEMO_MSG.noApiKeys,
    );
    await refused(demo, 'POST', '/api-v1/transcation-password-otp/', {}, DEMO_MSG.noMail);
    await refused(demo, 'GET', '/api-v1/deposit-addresses/?currency=USDT', undefined, DEMO_MSG.noDeposits);
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, demo.id))).toEqual(txBefore);
    expect(await balanceOf(t, demo, 'funding', 'USDT')).toBe('10000');
    expect(await balanceOf(t, demo, 'legal', 'USDT')).toBe('0');
  });

  it('staff cannot approve a demo account deposit planted past the route, and no bonus is paid', async () => {
    const demo = await openDemo();
    const admin = await staff(t);
    // An attacker who got a pending deposit row in (a route bug, a script): staff approval still refuses it.
    const row = await t.db.transaction((tx) =>
      insertTransaction(tx, {
        userId: demo.id,
        type: 'deposit',
        status: 'pending',
        currency: 'USDT',
        amount: '100000',
        address: 'TXplanted',
        transferTo: 'funding',
      }),
    );
    const approve = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${row.id}`, {
      token: admin.token,
      body: { action: 'approve' },
    });
    expect(approve.status).toBe(400);
    expect(approve.body.error).toBe(DEMO_MSG.staffNotForDemo);
    expect(await balanceOf(t, demo, 'funding', 'USDT')).toBe('10000');
    const [still] = await t.db.select().from(transactions).where(eq(transactions.id, row.id));
    expect(still!.status).toBe('pending');
    await t.db.update(transactions).set({ status: 'cancel' }).where(eq(transactions.id, row.id));
    // The bonus ladder never pays a demo account, whatever it is handed.
    const paid = await t.db.transaction((tx) =>
      payBonuses(tx, t.ctx, { userId: demo.id, currency: 'USDT', amount: '100000', transactionId: row.id } as never),
    );
    expect(paid).toBeNull();
  });

  it('demo money never moves to a real account, even through the ledger itself', async () => {
    const demo = await openDemo();
    const real = await signUp(t);
    await expect(
      t.db.transaction((tx) =>
        move(
          tx,
          { userId: demo.id, wallet: 'funding', currency: 'USDT' },
          { userId: real.id, wallet: 'funding', currency: 'USDT' },
          '100',
          { reason: 'attack', refType: 'test', refId: 1 },
        ),
      ),
    ).rejects.toMatchObject({ message: DEMO_MSG.demoMoneyStaysDemo });
    // Nor into a real house account by name: the ledger sends it to the demo house.
    const before = await booksNow();
    await t.db.transaction((tx) =>
      move(tx, { userId: demo.id, wallet: 'funding', currency: 'USDT' }, house('fees', 'USDT'), '100', {
        reason: 'attack',
        refType: 'test',
        refId: 2,
      }),
    );
    expect(await booksNow()).toEqual(before);
    expect(await balanceOf(t, real, 'funding', 'USDT')).toBe('0');
    // Moving between its own wallets is what a demo account may do.
    const transfer = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: demo.token,
      body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '100' },
    });
    expect(transfer.status).toBe(201);
  });
});

describe('reset, twin, expiry', () => {
  it('a demo account resets to its starting money once nothing is open; a real one cannot reset', async () => {
    const demo = await openDemo();
    const tradeId = await openedTradeId(t, demo, { hands: '0.1' });
    const busy = await call(t, 'POST', '/api-v1/demo/reset/', { token: demo.token });
    expect(busy.status).toBe(400);
    expect(busy.body.error).toBe(DEMO_MSG.resetBusy);
    market.set('BTC', '59000');
    expect((await closeTrade(t, demo, tradeId, '59000')).status).toBe(200);
    market.set('BTC', '60000');
    expect(await balanceOf(t, demo, 'lever', 'USDT')).not.toBe('10000');
    const reset = await call(t, 'POST', '/api-v1/demo/reset/', { token: demo.token });
    expect(reset.status).toBe(200);
    expect(await balanceOf(t, demo, 'lever', 'USDT')).toBe('10000');
    expect(await balanceOf(t, demo, 'funding', 'USDT')).toBe('10000');
    const real = await signUp(t);
    const refused = await call(t, 'POST', '/api-v1/demo/reset/', { token: real.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(DEMO_MSG.onlyDemoResets);
  });

  it('a real account has one demo twin, and its own token keeps working', async () => {
    const real = await signUp(t);
    const first = await call<LoginResponse>(t, 'POST', '/api-v1/demo/twin/', { token: real.token });
    expect(first.status).toBe(200);
    expect(first.body.user.is_demo).toBe(true);
    expect(first.body.user.user_id).not.toBe(real.id);
    expect(first.body.user.first_name).toBe('Ada');
    const again = await call<LoginResponse>(t, 'POST', '/api-v1/demo/twin/', { token: real.token });
    expect(again.body.user.user_id).toBe(first.body.user.user_id);
    const [twin] = await t.db.select().from(users).where(eq(users.id, first.body.user.user_id));
    expect(twin!.demoOf).toBe(real.id);
    // The twin's token opens the twin only: no twin of a twin, and the real account is not reachable from it.
    const nested = await call(t, 'POST', '/api-v1/demo/twin/', { token: first.body.access });
    expect(nested.status).toBe(400);
    expect(nested.body.error).toBe(DEMO_MSG.demoHasNoTwin);
    const info = await call(t, 'GET', '/api-v1/info/', { token: first.body.access });
    expect(info.body.email).not.toBe(real.email);
    expect((await call(t, 'GET', '/api-v1/info/', { token: real.token })).body.is_demo).toBe(false);
  });

  it(`retires demo accounts idle for ${DEMO_IDLE_DAYS} days: sessions end, money back to the demo house`, async () => {
    const idle = await openDemo();
    t.clock.advance((DEMO_IDLE_DAYS + 1) * 86_400_000);
    const fresh = await openDemo();
    const before = await booksNow();
    expect(await expireIdleDemos(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await call(t, 'GET', '/api-v1/info/', { token: idle.token })).status).toBe(401);
    const held = await t.db.select().from(accounts).where(eq(accounts.userId, idle.id));
    expect(held.every((a) => a.balance === '0')).toBe(true);
    expect((await call(t, 'GET', '/api-v1/info/', { token: fresh.token })).status).toBe(200);
    expect(await booksNow()).toEqual(before);
  });
});

describe('common passwords', () => {
  it('refuses "password" and "12345678" at sign-up with a clear message, and the same code works after', async () => {
    const email = uniqueEmail('common');
    expect((await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } })).status).toBe(200);
    const otp = t.mailbox.lastCode(email);
    for (const password of ['password', '12345678', 'P@ssw0rd']) {
      const res = await call(t, 'POST', '/api-v1/signup/', {
        body: { email, password, otp, first_name: 'Ada', last_name: 'Trader' },
      });
      expect(res.status, password).toBe(400);
      expect(res.body.error).toBe(DEMO_MSG.commonPassword);
    }
    const ok = await call(t, 'POST', '/api-v1/signup/', {
      body: { email, password: 'correct horse 1', otp, first_name: 'Ada', last_name: 'Trader' },
    });
    expect(ok.status).toBe(201);
  });

  it('refuses a common password as a new login password', async () => {
    const user = await signUp(t);
    await setTransactionPassword(t, user);
    t.clock.advance(61_000);
    await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
    const res = await call(t, 'POST', '/api-v1/update-password/', {
      token: user.token,
      body: { new_password: 'qwertyuiop', otp: t.mailbox.lastCode(user.email) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(DEMO_MSG.commonPassword);
  });
});
