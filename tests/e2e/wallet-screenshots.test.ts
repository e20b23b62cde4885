/**
 * Screenshots of the wallet screens at phone size, light and dark, for a person to look at.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e wallet-screenshots
 * Market prices are served by the page's own route handler, so USD values show without the market API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { call, createAdmin, signUp } from '../helpers/users.js';
import { fundWallet, grant } from '../helpers/money.js';
import { launchBrowser, newPhonePage } from './helpers/browser.js';
import { startWebApp, type WebApp } from './helpers/server.js';
import { logInThroughUi } from './helpers/ui.js';

const folder = process.env.SCREENSHOTS;

describe.runIf(Boolean(folder))('wallet screenshots', () => {
  let t: WebApp;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(folder!, { recursive: true });
    [t, browser] = await Promise.all([startWebApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(folder!, `${name}.png`), animations: 'disabled', fullPage: true });

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

  for (const scheme of ['light', 'dark'] as const) {
    it(`wallet screens (${scheme})`, async () => {
      const user = await signUp(t, { first_name: 'Grace', last_name: 'Hopper' });
      await fundWallet(t, user, '1250.5');
      await grant(t, user, 'funding', 'BTC', '0.01234567');
      await grant(t, user, 'lever', 'USDT', '80');
      await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
        token: user.token,
        body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '100' },
      });
      await call(t, 'POST', '/api-v1/recharge/', {
        token: user.token,
        body: { amount: '300', payment_address: 'TQ7cXq9WqG1vB4m8sYxNf3kPzR2hLdE6Ua' },
      });

      const { page, context } = await newPhonePage(browser, t.baseUrl, { colorScheme: scheme, deviceScaleFactor: 2 });
      await fakePrices(page);
      await logInThroughUi(page, user);
      await page.goto('/assets');
      await page.getByText('1150.5', { exact: true }).waitFor();
      await shot(page, `${scheme}-assets`);
      await page.getByRole('button', { name: 'Hide balances' }).click();
      await shot(page, `${scheme}-assets-hidden`);
      await page.getByRole('button', { name: 'Show balances' }).click();
      await page.getByRole('tab', { name: 'lever' }).click();
      await page.getByText('180', { exact: true }).waitFor();
      await shot(page, `${scheme}-assets-lever`);

      await page.goto('/asset/funding/USDT');
      await page.getByText('Financial record').waitFor();
      await page.getByText('Pending').first().waitFor();
      await shot(page, `${scheme}-asset-detail`);
      await page.goto('/asset/lever/BTC');
      await page.getByText('no record').waitFor();
      await shot(page, `${scheme}-asset-detail-lever`);
      await page.goto('/asset/savings/BTC');
      await page.getByText('Invalid wallet type').waitFor();
      await shot(page, `${scheme}-asset-invalid-wallet`);

      await page.goto('/transfer/USDT');
      await page.getByText('Available: 1150.5 USDT').waitFor();
      await page.getByLabel('Amount').fill('2000');
      await shot(page, `${scheme}-transfer`);

      await page.goto('/withdrawal/USDT');
      await page.getByText('Available: 1150.5 USDT').waitFor();
      await page.getByLabel('Amount').fill('20');
      await page.getByRole('button', { name: 'Withdraw' }).click();
      await shot(page, `${scheme}-withdrawal-errors`);
      await page.getByLabel('Withdrawal address').fill('TQ7cXq9WqG1vB4m8sYxNf3kPzR2hLdE6Ua');
      await page.getByLabel('Amount').fill('120');
      await page.getByLabel('Transaction password').fill('246810');
      await shot(page, `${scheme}-withdrawal-filled`);

      await page.goto('/deposit');
      await page.getByRole('button', { name: 'Submit' }).click();
      await shot(page, `${scheme}-deposit-errors`);
      await page.getByLabel('Quantity (USDT)').fill('100');
      await page.getByLabel('Payment address').fill('TQ7cXq9WqG1vB4m8sYxNf3kPzR2hLdE6Ua');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('sent for approval').waitFor();
      await shot(page, `${scheme}-deposit-sent`);

      await page.goto('/entrustment-history');
      await page.getByRole('tab', { name: 'transaction' }).waitFor();
      await page.getByText('Transfer').first().waitFor();
      await shot(page, `${scheme}-history`);
      await page.getByRole('tab', { name: 'entrustment' }).click();
      await page.getByText('Pending').first().waitFor();
      await shot(page, `${scheme}-history-entrustment`);
      await page.getByRole('tab', { name: 'Closed' }).click();
      await page.getByText('no record').waitFor();
      await shot(page, `${scheme}-history-closed`);

      await page.route('**/api-v1/*-wallet-list/', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.evaluate(() => window.localStorage.removeItem('walletCache'));
      await page.goto('/assets');
      await page.getByText('No assets found').waitFor();
      await shot(page, `${scheme}-assets-failed`);
      await context.close();

      const staff = await newPhonePage(browser, t.baseUrl, { colorScheme: scheme, deviceScaleFactor: 2 });
      await logInThroughUi(staff.page, await createAdmin(t));
      await staff.page.getByRole('tab', { name: 'Requests' }).click();
      await staff.page.getByRole('button', { name: 'Approve' }).first().waitFor();
      await shot(staff.page, `${scheme}-admin-requests`);
      await staff.context.close();
    });
  }
});
