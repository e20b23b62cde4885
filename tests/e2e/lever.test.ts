/**
 * A trader on the Lever screen in a real browser, on a market whose prices the test sets: fund the
 * lever wallet, open a long with the margin shown first, watch its P/L follow the price, close it
 * and find it in the trade history; open a short; place a limit order and cancel it (the result
 * messages, tabs and book of docs/decisions/0031-lever-results.md are in lever-messages.test.ts); see why an
 * order cannot go, and the server's reason when it is refused.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { balanceOf, expectLedgerBalanced, fundWallet } from '../helpers/money.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { finishAllTrades, tradeHistoryOf } from '../helpers/trades.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { type PhonePage } from './helpers/browser.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });
const suite = webAppSuite({ market });
afterEach(async () => {
  await finishAllTrades(suite.app);
  market.set('BTC', '60000');
});

/** A trader whose lever wallet holds `usdt`, brought there the real way: a deposit approved by staff, then a transfer. */
async function leverTrader(usdt: string): Promise<TestUser> {
  const user = await signUp(suite.app);
  await fundWallet(suite.app, user, usdt);
  const transfer = await call(suite.app, 'POST', '/api-v1/transfer-to-wallet/', {
    token: user.token,
    body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: usdt, all_amount: false },
  });
  expect(transfer.status).toBe(201);
  return user;
}

async function openLever(user: TestUser): Promise<PhonePage> {
  const phone = await suite.phone();
  await storeSession(phone.page, user.login);
  await phone.page.goto('/lever');
  await expect.poll(() => phone.page.getByLabel('Current price').inputValue()).toBe('60000.00');
  return phone;
}

const orders = (page: Page) => page.getByRole('list', { name: 'Positions' });
/** A first order at 50X or more asks once (docs/decisions/0031-lever-results.md): say yes. */
const confirmHighLeverage = (page: Page, leverage: number) =>
  page
    .getByRole('dialog', { name: `Confirm a ${leverage}X order` })
    .getByRole('button', { name: 'Confirm' })
    .click();
const balanceText = (page: Page) => page.getByTestId('lever-balance').textContent();
/** A value of the order preview ('Margin', 'Est. liq. price'). */
const preview = (page: Page, term: string) => page.locator(`[aria-label="Order preview"] dt:text-is("${term}") + dd`);

describe('the Lever screen', () => {
  it('opens a long after showing its margin, follows its P/L, closes it and finds it in the history', async () => {
    const user = await leverTrader('500');
    const { page, context, errors } = await openLever(user);
    await expect.poll(() => balanceText(page)).toBe('500.00 USDT');
    await page.getByText('no record').waitFor();

    await page.getByLabel('Hands', { exact: true }).fill('0.1');
    // 0.1 BTC at 60000 with the default 100X: 60 USDT of margin, liquidated 600 USDT lower.
    await expect.poll(() => preview(page, 'Margin').textContent()).toBe('60.00 USDT');
    await expect.poll(() => preview(page, 'Est. liq. price').textContent()).toBe('59,400.00');
    await page.getByRole('button', { name: 'Buy (long)' }).click();
    await confirmHighLeverage(page, 100);
    await page.getByRole('status').getByText('Trade opened').waitFor();

    const row = orders(page).getByRole('listitem', { name: /BTC\/USDT long 0\.1 hands/ });
    await row.getByText('Long 100X').waitFor();
    await row.getByText('0.00', { exact: true }).waitFor();
    await expect.poll(() => balanceText(page)).toBe('440.00 USDT');

    market.set('BTC', '60150');
    await row.getByText('+15.00').waitFor();
    market.set('BTC', '59925.5');
    await row.getByText('-7.45').waitFor();
    market.set('BTC', '60150');
    await row.getByText('+15.00').waitFor();

    await row.getByRole('button', { name: /^Close BTC\/USDT long/ }).click();
    // Close asks how much (docs/decisions/0025-trade-protection.md): all of it by default.
    await page.getByRole('dialog').getByRole('button', { name: 'Close all' }).click();
    await page.getByText('no record').waitFor();
    // Margin 60 back plus 15 of profit.
    await expect.poll(() => balanceText(page)).toBe('515.00 USDT');
    expect(await balanceOf(suite.app, user, 'lever', 'USDT')).toBe('515');

    // The history screen belongs to the wallet screens (not in this branch yet): its data is checked here.
    const [closed] = await tradeHistoryOf(suite.app, user);
    expect(closed).toMatchObject({
      coin: 'BTC',
      trade_type: 'buy',
      status: 'closed',
      prfit_loss: '15',
      starting_price: '60000',
    });
    await page.getByRole('link', { name: 'History' }).click();
    await expectPath(page, '/entrustment-history');

    await expectLedgerBalanced(suite.app);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a short, places a limit order and cancels it with its margin back', async () => {
    const user = await leverTrader('500');
    const { page, context, errors } = await openLever(user);

    await page.getByRole('radio', { name: 'Sell' }).click();
    await page.getByRole('radio', { name: '50X' }).click();
    await page.getByLabel('Hands', { exact: true }).fill('0.1');
    // A short of 0.1 at 50X: 120 USDT of margin, liquidated 1200 USDT higher.
    await expect.poll(() => preview(page, 'Margin').textContent()).toBe('120.00 USDT');
    await expect.poll(() => preview(page, 'Est. liq. price').textContent()).toBe('61,200.00');
    await page.getByRole('button', { name: 'Sell (short)' }).click();
    await confirmHighLeverage(page, 50);
    const short = orders(page).getByRole('listitem', { name: /BTC\/USDT short 0\.1 hands/ });
    await short.getByText('Short 50X').waitFor();
    market.set('BTC', '59900');
    await short.getByText('+10.00').waitFor();

    await page.getByRole('radio', { name: 'Buy' }).click();
    await page.getByRole('radio', { name: 'Limit price' }).click();
    await page.getByLabel('Limit price', { exact: true }).fill('59000');
    await page.getByLabel('Hands', { exact: true }).fill('0.2');
    await expect.poll(() => preview(page, 'Margin').textContent()).toBe('236.00 USDT');
    await page.getByRole('button', { name: 'Buy (long)' }).click();
    await page.getByRole('status').getByText('Limit order placed').waitFor();
    // The resting order is in the Open orders tab, not among the positions (docs/decisions/0031-lever-results.md).
    await page.getByRole('tab', { name: 'Open orders (1)' }).click();
    const order = page
      .getByRole('list', { name: 'Open orders' })
      .getByRole('listitem', { name: /BTC\/USDT long 0\.2 hands/ });
    await order.getByText('Pending limit').waitFor();
    // 500 - 120 (short) - 236 (order).
    await expect.poll(() => balanceText(page)).toBe('144.00 USDT');

    await order.getByRole('button', { name: /^Cancel BTC\/USDT long/ }).click();
    await expect.poll(() => order.count()).toBe(0);
    await expect.poll(() => balanceText(page)).toBe('380.00 USDT');
    await page.getByRole('tab', { name: 'Positions (1)' }).click();
    expect(await short.count()).toBe(1);

    const history = await tradeHistoryOf(suite.app, user);
    expect(history.map((item) => [item.status, item.order_type])).toEqual([['cancelled', 'limit']]);
    await expectLedgerBalanced(suite.app);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says why an order cannot go, and shows the server’s reason when one is refused', async () => {
    const user = await leverTrader('50');
    const { page, context, errors } = await openLever(user);
    const buy = page.getByRole('button', { name: 'Buy (long)' });

    expect(await buy.isDisabled()).toBe(true);
    await page.getByLabel('Hands', { exact: true }).fill('0.1');
    await page
      .getByText('Not enough margin: this order needs 60.00 USDT and your lever account has 50.00 USDT.')
      .waitFor();
    expect(await buy.isDisabled()).toBe(true);
    await page.getByLabel('Hands', { exact: true }).fill('0.08');
    expect(await buy.isDisabled()).toBe(false);

    market.set('BTC', '60000', { stale: true });
    await buy.click();
    await confirmHighLeverage(page, 100);
    await page
      .getByRole('alert')
      .getByText('The price of BTC is not available right now. Please try again shortly.')
      .waitFor();
    expect(await orders(page).count()).toBe(0);

    market.set('BTC', '60000');
    await page.getByLabel('Hands', { exact: true }).fill('1');
    await page.getByRole('link', { name: 'Transfer USDT to lever account' }).click();
    await expectPath(page, '/transfer/USDT');
    expect(await balanceOf(suite.app, user, 'lever', 'USDT')).toBe('50');
    expect(errors).toEqual([]);
    await context.close();
  });
});
