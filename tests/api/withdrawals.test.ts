import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema.js';
import { MSG } from '../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, fundWallet, grant, setTransactionPassword, staff } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let market: FakeMarket;
beforeAll(async () => {
  market = createFakeMarket({ BTC: '60000', ETH: '3000', USDO: '1' });
  t = await createTestApp({ market });
});
afterAll(() => t.close());

const PASSWORD = '135791';
const ADDRESS = '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063';
/** Bitcoin goes to a Bitcoin address (docs/decisions/0029-withdrawal-networks.md checks the address for the coin's network). */
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const withdraw = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'POST', '/api-v1/withdraw/', { token: user.token, body });

/** The newer spelling of docs/product.md 3. */
const modern = (fields: Record<string, unknown> = {}) => ({
  address: ADDRESS,
  amount: '100',
  transaction_password: PASSWORD,
  all_amount: false,
  currency: 'USDT',
  arrival_amount: '99',
  handling_fee: '1',
  usdt_value: '100',
  ...fields,
});

/** The older spelling of docs/product.md 3. */
const legacy = (fields: Record<string, unknown> = {}) => ({
  ticket_address: ADDRESS,
  password: PASSWORD,
  amount: '100',
  all_amount: false,
  handling_fee: '1',
  usdt_value: '100',
  currency: 'usdt',
  ...fields,
});

/** A trader with a transaction password and `usdt` USDT in funding (through a real approved deposit). */
async function trader(usdt = '1000'): Promise<TestUser> {
  const user = await createUser(t);
  await setTransactionPassword(t, user, PASSWORD);
  if (usdt !== '0') await fundWallet(t, user, usdt);
  return user;
}

describe('withdrawal validation (docs/product.md 5 "Withdrawal"), in both spellings', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await trader();
  });

  it.each([
    ['modern, missing', modern({ address: undefined })],
    ['modern, blank', modern({ address: '  ' })],
    ['legacy, missing', legacy({ ticket_address: undefined })],
    ['legacy, with spaces inside', legacy({ ticket_address: '0x8f3C f7ad' })],
  ])("'Please enter a valid address' (%s)", async (_label, body) => {
    const res = await withdraw(user, body);
    expect(res).toMatchObject({ status: 400, body: { error: 'Please enter a valid address' } });
  });

  it.each([
    ['modern, zero', modern({ amount: '0' })],
    ['modern, missing', modern({ amount: undefined })],
    ['legacy, negative', legacy({ amount: '-100' })],
    ['legacy, not a number', legacy({ amount: 'ten' })],
  ])("'Please enter a valid amount' (%s)", async (_label, body) => {
    const res = await withdraw(user, body);
    expect(res).toMatchObject({ status: 400, body: { error: 'Please enter a valid amount' } });
  });

  it.each([
    ['modern', modern({ transaction_password: undefined })],
    ['modern, empty', modern({ transaction_password: '' })],
    ['legacy', legacy({ password: undefined })],
  ])("'Please enter your transaction password' (%s)", async (_label, body) => {
    const res = await withdraw(user, body);
    expect(res).toMatchObject({ status: 400, body: { error: 'Please enter your transaction password' } });
  });

  it('reports the problems in the order of the form: address first', async () => {
    const res = await withdraw(user, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.enterValidAddress);
    expect(res.body.fields).toMatchObject({
      address: MSG.enterValidAddress,
      amount: MSG.enterValidAmount,
      transaction_password: MSG.enterTransactionPassword,
    });
  });

  it("'Minimum withdrawal value is 50 USDT ({equivalent} {currency})' for USDT and for a priced coin", async () => {
    const usdt = await withdraw(user, modern({ amount: '49.99' }));
    expect(usdt).toMatchObject({ status: 400, body: { error: 'Minimum withdrawal value is 50 USDT (50 USDT)' } });
    await grant(t, user, 'funding', 'BTC', '0.01');
    // 0.0008 BTC x 60000 = 48 USDT; 50 USDT is 0.00083334 BTC (rounded up).
    const btc = await withdraw(user, legacy({ currency: 'btc', amount: '0.0008', ticket_address: BTC_ADDRESS }));
    expect(btc).toMatchObject({ status: 400, body: { error: 'Minimum withdrawal value is 50 USDT (0.00083334 BTC)' } });
  });

  it("with all, a balance worth under 50 USDT: 'Insufficient balance. Minimum withdrawal value is 50 USDT (...)'", async () => {
    const poor = await trader('0');
    await grant(t, poor, 'funding', 'ETH', '0.01'); // 30 USDT at 3000
    const res = await withdraw(poor, modern({ currency: 'ETH', amount: undefined, all_amount: true }));
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Insufficient balance. Minimum withdrawal value is 50 USDT (0.01666667 ETH)' },
    });
    expect(await balanceOf(t, poor, 'funding', 'ETH')).toBe('0.01');
  });

  it("'Withdrawal amount exceeds available balance', and nothing is held", async () => {
    const res = await withdraw(user, modern({ amount: '1000.00000001' }));
    expect(res).toMatchObject({ status: 400, body: { error: 'Withdrawal amount exceeds available balance' } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('1000');
  });

  it('withdraws only from the funding wallet', async () => {
    const user2 = await trader('0');
    await grant(t, user2, 'lever', 'USDT', '1000');
    const res = await withdraw(user2, modern());
    expect(res).toMatchObject({ status: 400, body: { error: MSG.withdrawalExceedsBalance } });
  });

  it('needs a transaction password that has been set, and the right one', async () => {
    const noPassword = await createUser(t);
    await fundWallet(t, noPassword, '500');
    const unset = await withdraw(noPassword, modern());
    expect(unset).toMatchObject({ status: 400, body: { error: 'Please set a transaction password first' } });
    const wrong = await withdraw(user, modern({ transaction_password: '000000' }));
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Incorrect transaction password' } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('1000');
  });

  it('refuses when the price is stale or the coin has none', async () => {
    await grant(t, user, 'funding', 'SOL', '10');
    const unknown = await withdraw(user, modern({ currency: 'SOL', amount: '5' }));
    expect(unknown).toMatchObject({ status: 400, body: { error: 'SOL cannot be withdrawn' } });
    market.set('BTC', '60000', { stale: true });
    try {
      const stale = await withdraw(user, modern({ currency: 'BTC', amount: '0.005', address: BTC_ADDRESS }));
      expect(stale).toMatchObject({
        status: 503,
        body: { error: 'The price of BTC is not available right now. Please try again shortly.' },
      });
    } finally {
      market.set('BTC', '60000');
    }
  });

  it('needs a login', async () => {
    expect((await call(t, 'POST', '/api-v1/withdraw/', { body: modern() })).status).toBe(401);
  });
});

describe('a withdrawal holds the amount until staff decide', () => {
  it('recomputes fee, arrival and USDT value on the server (modern spelling) and holds the amount', async () => {
    const user = await trader();
    const res = await withdraw(
      user,
      modern({ amount: '200', handling_fee: '0', arrival_amount: '200', usdt_value: '1' }),
    );
    expect(res).toMatchObject({
      status: 201,
      body: {
        transaction: {
          type: 'withdrawal',
          status: 'pending',
          currency: 'USDT',
          amount: '200',
          fee: '2',
          arrival_amount: '198',
          usdt_value: '200',
          address: ADDRESS,
          transfer_from: 'funding',
        },
      },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('800');
    await expectLedgerBalanced(t);
  });

  it('accepts the legacy spelling with a lower-case coin, valued at the mark price', async () => {
    const user = await trader('0');
    await grant(t, user, 'funding', 'BTC', '0.01');
    const res = await withdraw(
      user,
      legacy({ currency: 'btc', amount: '0.005', usdt_value: '1', ticket_address: BTC_ADDRESS }),
    );
    expect(res).toMatchObject({
      status: 201,
      body: {
        transaction: { currency: 'BTC', amount: '0.005', fee: '0.00005', arrival_amount: '0.00495', usdt_value: '300' },
      },
    });
    expect(await balanceOf(t, user, 'funding', 'BTC')).toBe('0.005');
  });

  it('all_amount withdraws the whole funding balance', async () => {
    const user = await trader('150');
    const res = await withdraw(user, modern({ amount: undefined, all_amount: true }));
    expect(res).toMatchObject({
      status: 201,
      body: { transaction: { amount: '150', fee: '1.5', arrival_amount: '148.5' } },
    });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
  });

  it('staff approve completes it: the held amount stays out, and it leaves the queue', async () => {
    const user = await trader('500');
    const admin = await staff(t);
    const { body } = await withdraw(user, modern({ amount: '100' }));
    const id: number = body.transaction.transaction_id;
    const queue = await call(t, 'GET', '/api-v3/admin/pending-transactions/', { token: admin.token });
    expect(queue.body).toContainEqual(
      expect.objectContaining({
        transaction_id: id,
        transaction_type: 'withdrawal',
        amount: '100',
        user_email: user.email,
        payment_address: ADDRESS,
        fee: '1',
        arrival_amount: '99',
      }),
    );
    const approved = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
      token: admin.token,
      body: { action: 'approve' },
    });
    expect(approved).toMatchObject({ status: 200, body: { transaction: { status: 'successful' } } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('400');
    const again = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
      token: admin.token,
      body: { action: 'cancel' },
    });
    expect(again.status).toBe(409);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('400');
    await expectLedgerBalanced(t);
  });

  it('staff cancel refunds the held amount once, with an audit entry', async () => {
    const user = await trader('500');
    const admin = await staff(t);
    const { body } = await withdraw(user, modern({ amount: '120' }));
    const id: number = body.transaction.transaction_id;
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('380');
    const cancelled = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
      token: admin.token,
      body: { action: 'cancel' },
    });
    expect(cancelled).toMatchObject({ status: 200, body: { transaction: { status: 'cancel' } } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('500');
    const twice = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
      token: admin.token,
      body: { action: 'cancel' },
    });
    expect(twice).toMatchObject({ status: 409, body: { error: 'This transaction has already been cancelled' } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('500');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'transaction.cancel',
      before: { status: 'pending', type: 'withdrawal', amount: '120' },
      after: { status: 'cancel', credited: '120', balance_after: '500' },
    });
    const history = await call(t, 'GET', '/api-v1/transcations-history/?status=cancel', { token: user.token });
    expect(history.body).toMatchObject([{ transaction_id: id, type: 'withdrawal' }]);
    await expectLedgerBalanced(t);
  });

  it('another user never sees the withdrawal', async () => {
    const user = await trader('500');
    await withdraw(user, modern({ amount: '100' }));
    const other = await createUser(t);
    const history = await call(t, 'GET', '/api-v1/transcations-history/', { token: other.token });
    expect(history).toMatchObject({ status: 200, body: [] });
  });
});
