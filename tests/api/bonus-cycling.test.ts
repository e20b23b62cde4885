/**
 * Bonuses cannot be farmed by cycling the same money (docs/decisions/0047-bonus-cycling.md,
 * docs/security.md "Bonus cycling"): the VIP ladder counts net deposits (approved deposits less
 * withdrawals), and a bonus is locked on the user's `bonus` account until the user has traded
 * BONUS_TURNOVER_MULTIPLE times it; a locked bonus cannot be withdrawn or moved out of funding.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BooksReport } from '../../src/shared/api/admin.js';
import { BONUS_MSG, type BonusLock } from '../../src/shared/api/bonuses.js';
import { BONUS_TURNOVER_MULTIPLE } from '../../src/shared/constants.js';
import { add, canonical } from '../../src/shared/money.js';
import { accounts, transactions } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, setTransactionPassword, staff } from '../helpers/money.js';
import { createUser, call, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
let market: FakeMarket;
let admin: TestUser;
beforeAll(async () => {
  market = createFakeMarket();
  // Test apps leave bonuses off unless asked (tests/helpers/app.ts); this file asks for them on.
  t = await createTestApp({ market, config: { bonusesDefault: true } });
  admin = await staff(t);
});
afterAll(() => t.close());
beforeEach(() => {
  market.set('BTC', '60000');
  market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
});
afterEach(() => expectLedgerBalanced(t));

const PASSWORD = '135791';
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const decide = (id: number, action: 'approve' | 'cancel') =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
    token: admin.token,
    body: { action },
  });
async function deposit(user: TestUser, amount: string): Promise<void> {
  const res = await call(t, 'POST', '/api-v1/recharge/', {
    token: user.token,
    body: { amount, payment_address: ADDRESSES.TRC20 },
  });
  expect(res.status).toBe(201);
  expect((await decide(res.body.transaction.transaction_id, 'approve')).status).toBe(200);
}
const withdraw = (user: TestUser, fields: Record<string, unknown>) =>
  call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: {
      address: ADDRESS,
      network: 'TRC20',
      transaction_password: PASSWORD,
      currency: 'USDT',
      all_amount: false,
      ...fields,
    },
  });
/** Withdraw everything withdrawable and let staff send it. */
async function withdrawAll(user: TestUser): Promise<string> {
  const res = await withdraw(user, { all_amount: true });
  expect(res.status).toBe(201);
  expect((await decide(res.body.transaction.transaction_id, 'approve')).status).toBe(200);
  return res.body.transaction.amount as string;
}
const bonusTotal = async (user: TestUser) => {
  const rows = await t.db
    .select({ amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'bonus')));
  return rows.reduce((sum, r) => sum + Number(r.amount), 0);
};
const lockOf = async (user: TestUser) => {
  const res = await call(t, 'GET', '/api-v1/bonus-lock/', { token: user.token });
  expect(res.status).toBe(200);
  return res.body as BonusLock;
};
async function cyclist(): Promise<TestUser> {
  const user = await createUser(t);
  await setTransactionPassword(t, user, PASSWORD);
  return user;
}

describe('the attack: deposit, withdraw, deposit the same money again', () => {
  it('four cycles of 20,000 pay what one deposit of 20,000 pays, and the bonus cannot leave at once', async () => {
    const user = await cyclist();
    for (let cycle = 0; cycle < 4; cycle++) {
      await deposit(user, '20000');
      await withdrawAll(user);
    }
    // One deposit of 20,000: new-user 500 + membership 2,500 + VIP 20,000's 3,000.
    expect(await bonusTotal(user)).toBe(6000);
    // Every withdrawal took only the free money; the bonus is still locked, none of it left.
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    expect(await lockOf(user)).toMatchObject({ currency: 'USDT', locked: '6000' });
  });

  it('withdrawing the deposit and its bonus at once is refused with what is withdrawable, and changes nothing', async () => {
    const user = await cyclist();
    await deposit(user, '20000');
    const res = await withdraw(user, { amount: '26000' });
    const required = String(6000 * Number(BONUS_TURNOVER_MULTIPLE));
    const message = BONUS_MSG.bonusLocked('6000', required, '20000');
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(message).toBe(
      `6000 USDT of bonus is locked until you trade ${required} USDT more; you can withdraw 20000 USDT.`,
    );
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('20000');
    const rows = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'withdrawal')));
    expect(rows).toEqual([]);
  });

  it('transfers and spot orders cannot move a locked bonus out of funding', async () => {
    const user = await cyclist();
    await deposit(user, '1000'); // new-user 40, locked
    const transfer = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { currency: 'USDT', amount: '1040', transfer_from: 'funding', transfer_to: 'lever', all_amount: false },
    });
    expect(transfer.status).toBe(400);
    const all = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { currency: 'USDT', transfer_from: 'funding', transfer_to: 'lever', all_amount: true },
    });
    expect(all.status).toBe(201);
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1000');
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    const spot = await call(t, 'POST', '/api-v1/spot-orders/', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.0005' },
    });
    expect(spot.status).toBe(400);
    expect(await lockOf(user)).toMatchObject({ locked: '40' });
  });
});

describe('an honest user', () => {
  it('who trades the turnover can withdraw the bonus', async () => {
    const user = await cyclist();
    await deposit(user, '1000'); // new-user 40, locked until 40 x k is traded
    const required = 40 * Number(BONUS_TURNOVER_MULTIPLE);
    expect(await lockOf(user)).toEqual({
      currency: 'USDT',
      locked: '40',
      turnover: '0',
      turnover_required: String(required),
      withdrawable: '1000',
    });
    // Spot fills count their USDT value: buy and sell back 0.01 BTC (about 600 USDT each way).
    const fills = Math.ceil(required / 600 / 2);
    for (let i = 0; i < fills; i++) {
      for (const side of ['buy', 'sell']) {
        const res = await call(t, 'POST', '/api-v1/spot-orders/', {
          token: user.token,
          body: { symbol: 'BTCUSDT', side, type: 'market', quantity: '0.01' },
        });
        expect(res.status).toBe(201);
      }
    }
    const lock = await lockOf(user);
    expect(Number(lock.turnover)).toBeGreaterThanOrEqual(required);
    const free = await balanceOf(t, user, 'funding', 'USDT');
    // Still on the bonus account, but withdrawable: the withdrawal releases it first.
    expect(lock).toMatchObject({ locked: '40', withdrawable: canonical(add(free, '40')) });
    const amount = await withdrawAll(user);
    // The withdrawal took the free balance and the bonus it unlocked.
    expect(Number(amount)).toBeCloseTo(Number(free) + 40, 8);
    expect(await lockOf(user)).toMatchObject({ locked: '0' });
  });

  it('whose net deposits reach a VIP level is paid it once', async () => {
    const user = await cyclist();
    await deposit(user, '15000');
    await deposit(user, '5000'); // net 20,000: VIP 3,000
    expect(await bonusTotal(user)).toBe(500 + 2500 + 3000);
  });
});

describe('cycling through bought coins', () => {
  it('a withdrawal in BTC counts its USDT value against the ladder', async () => {
    const user = await cyclist();
    for (let cycle = 0; cycle < 3; cycle++) {
      await deposit(user, '20000');
      // All the free USDT into BTC, and the BTC out: the same money leaves as a coin.
      const buy = await call(t, 'POST', '/api-v1/spot-orders/', {
        token: user.token,
        body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.33' },
      });
      expect(buy.status).toBe(201);
      const out = await withdraw(user, {
        currency: 'BTC',
        network: 'BTC',
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        all_amount: true,
      });
      expect(out.status).toBe(201);
      expect((await decide(out.body.transaction.transaction_id, 'approve')).status).toBe(200);
    }
    // 60,000 gross but never more than about 20,000 net: no VIP 50,000 (7,000 more).
    expect(await bonusTotal(user)).toBe(6000);
  });
});

describe('concurrency', () => {
  it('two withdrawals at once after the turnover release the bonus once', async () => {
    const user = await cyclist();
    await deposit(user, '1000'); // 40 locked
    // A leveraged position counts its notional: 0.1 BTC at 60,000 is 6,000 >= 800.
    const moved = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { currency: 'USDT', amount: '100', transfer_from: 'funding', transfer_to: 'lever', all_amount: false },
    });
    expect(moved.status).toBe(201);
    const opened = await call(t, 'POST', '/api-v1/trade-creation/', {
      token: user.token,
      body: { trade_type: 'buy', starting_price: '60000', coin: 'BTC', hands: '0.1' },
    });
    expect(opened.status).toBe(201);
    expect(await lockOf(user)).toMatchObject({ locked: '40', turnover: '6000', withdrawable: '940' });
    const answers = await Promise.all([withdraw(user, { all_amount: true }), withdraw(user, { all_amount: true })]);
    const sent = answers.filter((a) => a.status === 201);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.transaction.amount).toBe('940');
    expect(answers.find((a) => a.status !== 201)?.status).toBe(400);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    expect(await lockOf(user)).toMatchObject({ locked: '0', withdrawable: '0' });
  });
});

describe('the books', () => {
  it('show locked bonuses apart from free customer balances, and balance', async () => {
    const user = await cyclist();
    await deposit(user, '200');
    const res = await call<BooksReport>(t, 'GET', '/api-v3/admin/books/', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.balanced).toBe(true);
    const usdt = res.body.currencies.find((c) => c.currency === 'USDT')!;
    const [locked] = await t.db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.wallet, 'bonus'), eq(accounts.userId, user.id)));
    expect(locked?.balance).toBe('5');
    expect(Number(usdt.locked_bonuses)).toBeGreaterThanOrEqual(5);
  });
});
