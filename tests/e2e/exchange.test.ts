/**
 * A trader on the Exchange screen in a real browser (docs/decisions/0026-spot-orders.md), on a market whose
 * prices and book the test sets: place a spot limit order (its USDT held), cancel it (given back); a
 * market buy at the ask that changes the balance and shows in the history and the coin's asset
 * record; and the Markets list opening a lever coin on the Lever screen and another spot pair on the
 * Exchange screen, with the one `?coin=` parameter.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, fundWallet } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import type { SpotOrders } from '../../src/shared/api/spot.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', TON: '6.45', USDO: '1' });
const suite = webAppSuite({ market });
afterEach(async () => {
  await expectLedgerBalanced(suite.app);
  market.set('BTC', '60000');
  market.setBook('BTC', null);
});

async function trader(usdt: string): Promise<TestUser> {
  const user = await signUp(suite.app);
  await fundWallet(suite.app, user, usdt);
  return user;
}

async function ordersOf(user: TestUser, status: string): Promise<SpotOrders> {
  const res = await call<SpotOrders>(suite.app, 'GET', `/api-v1/spot-orders/?status=${status}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}

const available = (page: Page) => page.getByTestId('spot-available').textContent();
/** A value of the order preview ('Value', 'Total to pay'). */
const preview = (page: Page, term: string | RegExp) =>
  page
    .getByLabel('Order preview')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');

describe('the Exchange screen', () => {
  it('places a spot limit buy that holds its USDT, and cancels it', async () => {
    const user = await trader('1200');
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/exchange');
    await page.getByRole('button', { name: 'BTC/USDT: choose a coin' }).waitFor();
    await expect.poll(() => available(page)).toBe('1,200.00 USDT');

    await page.getByRole('radio', { name: 'Limit' }).click();
    await page.getByLabel('Limit price').fill('59000');
    await page.getByLabel('Quantity').fill('0.01');
    // 0.01 x 59000 = 590, and 0.1 % of it.
    await expect.poll(() => preview(page, 'Value').textContent()).toBe('590.00 USDT');
    await expect.poll(() => preview(page, 'Fee 0.1%').textContent()).toBe('0.59 USDT');
    await expect.poll(() => preview(page, 'Total').textContent()).toBe('590.59 USDT');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await page.getByRole('status').getByText('Limit order placed').waitFor();

    const row = page.getByRole('list', { name: 'Open spot orders' }).getByRole('listitem');
    await row.getByText('Limit · Open').waitFor();
    await page.getByRole('tab', { name: 'Open orders (1)' }).waitFor();
    await expect.poll(() => available(page)).toBe('609.41 USDT');
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('609.41');

    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Open orders (0)' }).waitFor();
    await expect.poll(() => available(page)).toBe('1,200.00 USDT');
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('1200');
    expect((await ordersOf(user, 'cancelled')).map((o) => o.status)).toEqual(['cancelled']);

    await page.getByRole('tab', { name: 'Order history' }).click();
    await page.getByRole('list', { name: 'Spot order history' }).getByText('Limit · Cancelled').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a market buy at the ask changes the balance, and the coin shows it in its record', async () => {
    market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
    const user = await trader('1200');
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/exchange');
    await expect.poll(() => page.getByLabel('Market price (ask)').inputValue()).toBe('60010.00');
    await expect.poll(() => available(page)).toBe('1,200.00 USDT');

    // Half of 1200 USDT at the ask with the fee on top: 600 / (60010 x 1.001) = 0.00998.. BTC, down to 5 decimals.
    await page.getByRole('button', { name: '50%' }).click();
    expect(await page.getByLabel('Quantity').inputValue()).toBe('0.00998');
    // 0.00998 x 60010 = 598.8998, fee 0.5988998: 599.4986998 to pay, shown rounded up.
    await expect.poll(() => preview(page, 'Total').textContent()).toBe('599.50 USDT');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await page.getByRole('status').getByText('Order filled').waitFor();
    await expect.poll(() => available(page)).toBe('600.50 USDT');
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('600.5013002');
    expect(await balanceOf(suite.app, user, 'funding', 'BTC')).toBe('0.00998');

    await page.getByRole('radio', { name: 'Sell' }).click();
    await expect.poll(() => available(page)).toBe('0.00998 BTC');
    await page.getByRole('tab', { name: 'Order history' }).click();
    await page.getByRole('list', { name: 'Spot order history' }).getByText('Market · Filled').waitFor();

    await page.goto('/asset/funding/BTC');
    const record = page.getByRole('list', { name: 'Spot orders' });
    await record.getByText('Buy 0.00998 BTC').waitFor();
    await record.getByText('+0.00998 BTC').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the Markets link', () => {
  it('opens a lever coin on the Lever screen and another spot pair on the Exchange screen', async () => {
    const user = await trader('100');
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/markets');

    await page.locator('li[data-symbol="ETHUSDT"] a').click();
    await expectPath(page, '/lever');
    expect(new URL(page.url()).search).toBe('?coin=ETH');
    await page.getByRole('button', { name: 'ETH/USDT: choose a coin' }).waitFor();

    await page.goto('/markets');
    await page.locator('li[data-symbol="TONUSDT"] a').click();
    await expectPath(page, '/exchange');
    expect(new URL(page.url()).search).toBe('?coin=TON');
    await page.getByRole('button', { name: 'TON/USDT: choose a coin' }).waitFor();
    await expect.poll(() => page.getByLabel('Market price (ask)').inputValue()).toBe('6.45');
    expect(errors).toEqual([]);
    await context.close();
  });
});
