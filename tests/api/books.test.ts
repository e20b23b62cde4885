/**
 * The house's books (docs/architecture.md section 4) with the production trading rates (fee 0.05 %,
 * maintenance margin 0.5 %): every movement a customer sees has its house side, the fees reach
 * `fees`, a liquidation happens at the shown price and leaves its remainder to `insurance`, and the
 * staff's books endpoint shows it all summing to zero.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BooksReport } from '../../src/shared/api/admin.js';
import { TRADE_MSG } from '../../src/shared/api/trade.js';
import { accounts } from '../../src/server/db/schema.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import type { TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { balanceOf, expectLedgerBalanced, fundWallet, setTransactionPassword, staff } from '../helpers/money.js';
import {
  activeTradesOf,
  closeTrade,
  leverTrader,
  openTrade,
  openedTradeId,
  tradeHistoryOf,
} from '../helpers/trades.js';
import { call, signUp } from '../helpers/users.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]), { tradingRates: 'default' });

/** A house account's balance ('0' before its first use). */
async function houseBalance(name: string, currency = 'USDT'): Promise<string> {
  const [row] = await t.db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(isNull(accounts.userId), eq(accounts.wallet, name as 'fees'), eq(accounts.currency, currency)));
  return row?.balance ?? '0';
}

async function books(): Promise<BooksReport> {
  const res = await call<BooksReport>(t, 'GET', '/api-v3/admin/books/', { token: (await staff(t)).token });
  expect(res.status).toBe(200);
  return res.body;
}

const houseOf = (report: BooksReport, currency = 'USDT') =>
  Object.fromEntries(
    report.currencies.find((c) => c.currency === currency)!.house_accounts.map((a) => [a.name, a.balance]),
  );

describe('trading fees (0.05 % of the notional, on open and on close)', () => {
  it('opening takes margin + fee from the lever wallet; closing pays margin + P/L - fee; both fees are revenue', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '1000');
    const feesBefore = await houseBalance('fees');
    // 0.1 BTC at 60000, 100x: margin 60, fee 6000 x 0.0005 = 3.
    const opened = await openTrade(t, user);
    expect(opened.status).toBe(201);
    expect(opened.body.trade).toMatchObject({ margin: '60', open_fee: '3', close_fee: '0' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('937');

    market.set('BTC', '60300');
    const closed = await closeTrade(t, user, opened.body.trade.trade_id, '60300');
    // P/L 30; closing fee 6030 x 0.0005 = 3.015; paid back 60 + 30 - 3.015.
    expect(closed.body.trade).toMatchObject({ status: 'closed', profit_loss_decimal: '30', close_fee: '3.015' });
    expect(closed.body.trade.closed_balance).toBe('86.985');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1023.985');
    expect(Number(await houseBalance('fees')) - Number(feesBefore)).toBeCloseTo(6.015, 8);

    const [item] = await tradeHistoryOf(t, user);
    expect(item).toMatchObject({ open_fee: '3', close_fee: '3.015', closed_balanec: '86.985', prfit_loss: '30' });
    await expectLedgerBalanced(t);
  });

  it('refuses an order when margin + fee exceed the lever wallet, naming what is needed', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '62');
    const res = await openTrade(t, user);
    expect(res).toMatchObject({ status: 400, body: { error: TRADE_MSG.insufficientMargin('63', '62') } });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('62');
  });

  it('a resting order holds margin + fee; revoking returns both; a fill turns the fee into revenue', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '1000');
    // 0.1 at the 50000 limit: margin 50, fee 2.5.
    const order = await openTrade(t, user, { order_type: 'limit', limit_price: '50000' });
    expect(order.body.trade).toMatchObject({ status: 'pending', margin: '50', open_fee: '2.5' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('947.5');
    const revoked = await closeTrade(t, user, order.body.trade.trade_id, '60000');
    expect(revoked.body.trade).toMatchObject({ status: 'cancelled', closed_balance: '52.5' });
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('1000');

    const feesBefore = await houseBalance('fees');
    const second = await openTrade(t, user, { order_type: 'limit', limit_price: '59000' });
    expect(await houseBalance('fees')).toBe(feesBefore); // held, not yet earned
    market.set('BTC', '58990');
    expect(await runTradeJobsOnce(t.ctx)).toMatchObject({ filled: 1, liquidated: 0 });
    expect(Number(await houseBalance('fees')) - Number(feesBefore)).toBeCloseTo(2.95, 8);
    const [live] = await activeTradesOf(t, user);
    expect(live).toMatchObject({ trade_id: second.body.trade.trade_id, status: 'open', open_fee: '2.95' });
    await expectLedgerBalanced(t);
  });
});

describe('maintenance margin (0.5 % of the notional at the mark)', () => {
  it('liquidates at the shown price, before the margin is gone, and the insurance fund receives the remainder', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { hands: '0.5' }); // margin 300, fee 15
    const [position] = await activeTradesOf(t, user);
    // (60000 - 600) / 0.995, rounded down.
    expect(position!.liquidation_price).toBe('59698.49246231');
    const insuranceBefore = await houseBalance('insurance');

    market.set('BTC', '59698.5'); // just above: equity is still above the maintenance margin
    expect(await runTradeJobsOnce(t.ctx)).toMatchObject({ liquidated: 0 });
    market.set('BTC', '59698.49246231'); // touches the shown price
    expect(await runTradeJobsOnce(t.ctx)).toMatchObject({ liquidated: 1 });

    const [item] = await tradeHistoryOf(t, user);
    expect(item).toMatchObject({
      trade_id: id,
      status: 'liquidated',
      close_price: '59698.49246231',
      prfit_loss: '-300',
      closed_balanec: '0',
    });
    // The trader loses the margin (and paid the opening fee); the fund keeps what the position still had:
    // 300 + (59698.49246231 - 60000) x 0.5 = 149.24623115.
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('685');
    expect(Number(await houseBalance('insurance')) - Number(insuranceBefore)).toBeCloseTo(149.24623115, 8);
    await expectLedgerBalanced(t);
  });

  it('a user closing a position past its liquidation price gets the liquidation, at the shown price', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '1000');
    const id = await openedTradeId(t, user, { trade_type: 'sell', hands: '0.1' });
    market.set('BTC', '60500');
    const res = await closeTrade(t, user, id, '60500');
    expect(res.body).toMatchObject({ message: TRADE_MSG.tradeLiquidated, trade: { status: 'liquidated' } });
    // (60000 + 600) / 1.005, rounded up.
    expect(res.body.trade.close_price).toBe('60298.50746269');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('937');
  });
});

describe('the books', () => {
  it('is for staff only', async () => {
    const user = await signUp(t);
    expect((await call(t, 'GET', '/api-v3/admin/books/', { token: user.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api-v3/admin/books/')).status).toBe(401);
  });

  it('a withdrawal is held by the house, then leaves the platform with its fee as revenue, or comes back', async () => {
    const user = await signUp(t);
    await fundWallet(t, user, '1000');
    await setTransactionPassword(t, user, '246810');
    const before = houseOf(await books());
    const withdraw = async () => {
      const res = await call(t, 'POST', '/api-v1/withdraw/', {
        token: user.token,
        body: {
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          currency: 'USDT',
          amount: '100',
          transaction_password: '246810',
        },
      });
      expect(res.status).toBe(201);
      return res.body.transaction.transaction_id as number;
    };
    const decide = async (id: number, action: 'approve' | 'cancel') =>
      expect(
        (
          await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
            token: (await staff(t)).token,
            body: { action },
          })
        ).status,
      ).toBe(200);

    const sent = await withdraw();
    const refunded = await withdraw();
    let now = houseOf(await books());
    expect(Number(now.withdrawals) - Number(before.withdrawals)).toBe(200);
    await decide(sent, 'approve');
    await decide(refunded, 'cancel');
    now = houseOf(await books());
    expect(now.withdrawals).toBe(before.withdrawals);
    // 99 left for the address, 1 (1 %) kept as the fee.
    expect(Number(now.deposits) - Number(before.deposits)).toBe(99);
    expect(Number(now.fees) - Number(before.fees)).toBe(1);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('900');
  });

  it('sums every customer wallet and every house account of a currency to zero', async () => {
    const report = await books();
    expect(report.balanced).toBe(true);
    for (const currency of report.currencies) expect(currency.total).toBe('0');
    const usdt = report.currencies.find((c) => c.currency === 'USDT')!;
    expect(usdt.house_accounts.map((a) => a.name)).toEqual([
      'deposits',
      'withdrawals',
      'margin',
      'fees',
      'trading',
      'insurance',
      'spot',
      'spot_holds',
      'promotions',
      'earn_yield',
    ]);
    expect(Number(usdt.customer_balances)).toBeGreaterThan(0);
    // What customers hold came in through deposits: the deposits account is its negative, less what left.
    expect(Number(houseOf(report).fees)).toBeGreaterThan(0);
    expect(Number(houseOf(report).insurance)).toBeGreaterThan(0);
    await expectLedgerBalanced(t);
  });

  it('shows money created outside the ledger as unbalanced', async () => {
    const user = await leverTrader(t, '100');
    const [row] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.wallet, 'lever')));
    await t.db.update(accounts).set({ balance: '101' }).where(eq(accounts.id, row!.id));
    try {
      const report = await books();
      expect(report.balanced).toBe(false);
      expect(report.currencies.find((c) => c.currency === 'USDT')!.total).toBe('1');
    } finally {
      await t.db.update(accounts).set({ balance: '100' }).where(eq(accounts.id, row!.id));
    }
  });
});
