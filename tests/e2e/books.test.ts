/**
 * The house's books in a real browser with the production trading rates (docs/decisions/0018-house-books.md): a trader whose
 * deposit staff approved sees the opening fee, what the order takes and the liquidation price at the
 * maintenance margin before opening a long, closes it, finds its fees in the history; then a staff
 * member opens Books from the staff menu and sees the fee revenue, the house's trading P/L and a
 * total of 0. With SCREENSHOTS=<folder> it also writes phone screenshots of the preview and of Books.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced, fundWallet } from '../helpers/money.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { screenshotsWanted, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });
const suite = webAppSuite({ market, tradingRates: 'default' });
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(suite.app);
});

/** A value of the order preview ('Margin', 'Opening fee', 'Total', 'Est. liq. price'). */
const preview = (page: Page, term: string) => page.locator(`[aria-label="Order preview"] dt:text-is("${term}") + dd`);
/** A value of one currency's books ('Fee revenue', 'Total', ...). */
const bookLine = (page: Page, currency: string, term: string) =>
  page.locator(`[aria-label="${currency} books"] dt:has(> span:text-is("${term}")) + dd`);

describe('the house books', () => {
  it('shows a trade’s fees on the Lever screen and staff see them as revenue in balanced books', async () => {
    // The money comes in the real way: a deposit approved by staff, then a transfer to the lever wallet.
    const user = await signUp(suite.app);
    await fundWallet(suite.app, user, '500');
    const transfer = await call(suite.app, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '500', all_amount: false },
    });
    expect(transfer.status).toBe(201);

    const trader = await suite.phone();
    const { page } = trader;
    await storeSession(page, user.login);
    await page.goto('/lever');
    await expect.poll(() => page.getByLabel('Current price').inputValue()).toBe('60000.00');
    await page.getByLabel('Hands', { exact: true }).fill('0.1');
    // 6000 USDT of notional at 100X: 60 of margin and 3 of fee (0.05 %) taken together; liquidated
    // where equity is 0.5 % of the notional, (60000 - 600) / (1 - 0.005) = 59698.49...
    await expect.poll(() => preview(page, 'Opening fee').textContent()).toBe('3.00 USDT');
    expect(await preview(page, 'Margin').textContent()).toBe('60.00 USDT');
    expect(await preview(page, 'Total').textContent()).toBe('63.00 USDT');
    expect(await preview(page, 'Est. liq. price').textContent()).toBe('59,698.49');
    if (screenshotsWanted) {
      await page.getByLabel('Order preview').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'books-lever-preview');
    }

    // Under the 5 USDT minimum the button waits and says why.
    await page.getByLabel('Hands', { exact: true }).fill('0.00008');
    await page.getByText('The smallest order is 5 USDT (hands x price); this one is 4.80 USDT.').waitFor();
    expect(await page.getByRole('button', { name: 'Buy (long)' }).isDisabled()).toBe(true);
    await page.getByLabel('Hands', { exact: true }).fill('0.1');

    await page.getByRole('button', { name: 'Buy (long)' }).click();
    // A first order at 50X or more asks once (docs/decisions/0028-deposit-networks.md).
    await page.getByRole('dialog', { name: 'Confirm a 100X order' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').getByText('Trade opened').waitFor();
    const row = page.getByRole('list', { name: 'Positions' }).getByRole('listitem', { name: /BTC\/USDT long/ });
    await row.getByText(/Margin 60\.00 USDT · Fee 3\.00 · Liq\. 59,698\.49/).waitFor();
    await expect.poll(() => page.getByTestId('lever-balance').textContent()).toBe('437.00 USDT');
    if (screenshotsWanted) {
      await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'books-lever-position');
    }

    market.set('BTC', '60150');
    await row.getByText('+15.00').waitFor();
    await row.getByRole('button', { name: /^Close BTC\/USDT long/ }).click();
    // Close asks how much (docs/decisions/0025-trade-protection.md): all of it by default.
    await page.getByRole('dialog').getByRole('button', { name: 'Close all' }).click();
    await page.getByText('no record').waitFor();
    // 60 of margin + 15 of profit - 3.0075 of closing fee (0.05 % of 6015).
    await expect.poll(() => page.getByTestId('lever-balance').textContent()).toBe('508.99 USDT');

    await page.goto('/entrustment-history?tab=closed');
    const closed = page.getByRole('listitem').filter({ hasText: 'BTC/USDT' });
    await closed.getByText('6.01 USDT').waitFor();
    expect(trader.errors).toEqual([]);
    await trader.context.close();

    const staff = await suite.phone();
    await storeSession(staff.page, admin.login);
    await staff.page.goto('/admin/dashboard');
    await staff.page.getByRole('button', { name: 'Open menu' }).click();
    await staff.page.getByRole('dialog', { name: 'Support Dashboard' }).getByRole('button', { name: 'Books' }).click();
    await staff.page.waitForURL((url) => url.searchParams.get('view') === 'books');
    await staff.page.getByRole('heading', { name: 'Books' }).waitFor();

    const usdt = (term: string) => bookLine(staff.page, 'USDT', term).textContent();
    await expect.poll(() => usdt('Fee revenue')).toBe('6.0075');
    expect(await usdt('Customer liabilities')).toBe('508.9925');
    expect(await usdt('House trading P/L')).toBe('-15.00');
    expect(await usdt('Deposits')).toBe('-500.00');
    expect(await usdt('Margin')).toBe('0.00');
    expect(await usdt('Total')).toBe('0.00');
    await staff.page.getByText('Balanced: in every currency, customers and house accounts sum to 0.').waitFor();
    expect(await staff.page.getByText('NOT balanced').count()).toBe(0);
    if (screenshotsWanted) await shot(staff.page, 'books-view');

    await expectLedgerBalanced(suite.app);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});
