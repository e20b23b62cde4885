/**
 * Screenshots of the wallet screens at phone size, light and dark, for a person to look at.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e wallet-screenshots
 * Market prices are served by the page's own route handler, so USD values show without the market API.
 */
import type { Page } from 'playwright-core';
import { it } from 'vitest';
import { call, createAdmin, signUp } from '../helpers/users.js';
import { fundWallet, grant } from '../helpers/money.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';
import { ADDRESSES } from '../helpers/addresses.js';

describeScreenshots('wallet screenshots', (suite) => {
  const fakePrices = (page: Page) =>
    page.route('**/api/v3/ticker/price**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify([
          { symbol: 'BTCUSDT', price: '64210.55000000' },
          { symbol: 'ETHUSDT', price: '3120.10000000' },
        ]),
      }),
    );

  for (const scheme of SCHEMES) {
    it(`wallet screens (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await fundWallet(suite.app, user, '1250.5');
      await grant(suite.app, user, 'funding', 'BTC', '0.01234567');
      await grant(suite.app, user, 'lever', 'USDT', '80');
      await call(suite.app, 'POST', '/api-v1/transfer-to-wallet/', {
        token: user.token,
        body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '100' },
      });
      await call(suite.app, 'POST', '/api-v1/recharge/', {
        token: user.token,
        body: { amount: '300', payment_address: ADDRESSES.TRC20 },
      });

      const { page, context } = await suite.phone(screenOptions(scheme));
      await fakePrices(page);
      await logInThroughUi(page, user);
      await page.goto('/assets');
      await page.getByText('1,150.5', { exact: true }).waitFor();
      await shot(page, `${scheme}-assets`, { fullPage: true });
      await page.getByRole('button', { name: 'Hide balances' }).click();
      await shot(page, `${scheme}-assets-hidden`, { fullPage: true });
      await page.getByRole('button', { name: 'Show balances' }).click();
      await page.getByRole('tab', { name: 'lever' }).click();
      await page.getByText('180', { exact: true }).waitFor();
      await shot(page, `${scheme}-assets-lever`, { fullPage: true });

      await page.goto('/asset/funding/USDT');
      await page.getByText('Financial record').waitFor();
      await page.getByText('Pending').first().waitFor();
      await shot(page, `${scheme}-asset-detail`, { fullPage: true });
      await page.goto('/asset/lever/BTC');
      await page.getByText('no record').waitFor();
      await shot(page, `${scheme}-asset-detail-lever`, { fullPage: true });
      await page.goto('/asset/savings/BTC');
      await page.getByText('Invalid wallet type').waitFor();
      await shot(page, `${scheme}-asset-invalid-wallet`, { fullPage: true });

      await page.goto('/transfer/USDT');
      await page.getByText('Available: 1,150.5 USDT').waitFor();
      await page.getByLabel('Amount').fill('2000');
      await shot(page, `${scheme}-transfer`, { fullPage: true });

      await page.goto('/withdrawal/USDT');
      await page.getByText('Available: 1,150.5 USDT').waitFor();
      await page.getByLabel('Amount').fill('20');
      await page.getByRole('button', { name: 'Withdraw' }).click();
      await shot(page, `${scheme}-withdrawal-errors`, { fullPage: true });
      await page.getByLabel('Withdrawal address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
      await page.getByLabel('Amount').fill('120');
      await page.getByLabel('Transaction password').fill('246810');
      await shot(page, `${scheme}-withdrawal-filled`, { fullPage: true });

      await page.goto('/deposit');
      await page.getByRole('button', { name: 'Submit' }).click();
      await shot(page, `${scheme}-deposit-errors`, { fullPage: true });
      await page.getByLabel('Quantity (USDT)').fill('100');
      await page.getByLabel('Payment address').fill(ADDRESSES.ERC20);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('sent for approval').waitFor();
      await shot(page, `${scheme}-deposit-sent`, { fullPage: true });

      await page.goto('/entrustment-history');
      await page.getByRole('tab', { name: 'transaction' }).waitFor();
      await page.getByText('Transfer').first().waitFor();
      await shot(page, `${scheme}-history`, { fullPage: true });
      await page.getByRole('tab', { name: 'entrustment' }).click();
      await page.getByText('Pending').first().waitFor();
      await shot(page, `${scheme}-history-entrustment`, { fullPage: true });
      await page.getByRole('tab', { name: 'Closed' }).click();
      await page.getByText('no record').waitFor();
      await shot(page, `${scheme}-history-closed`, { fullPage: true });

      await page.route('**/api-v1/*-wallet-list/', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.evaluate(() => window.localStorage.removeItem('walletCache'));
      await page.goto('/assets');
      await page.getByText('No assets found').waitFor();
      await shot(page, `${scheme}-assets-failed`, { fullPage: true });
      await context.close();

      const staff = await suite.phone(screenOptions(scheme));
      await logInThroughUi(staff.page, await createAdmin(suite.app));
      await staff.page.getByRole('tab', { name: 'Requests' }).click();
      await staff.page.getByRole('button', { name: 'Approve' }).first().waitFor();
      await shot(staff.page, `${scheme}-admin-requests`, { fullPage: true });
      await staff.context.close();
    });
  }
});
