/**
 * Screenshots of the informational screens and the staff console's Users and Settings views, light
 * and dark, for a person to look at. Runs only when SCREENSHOTS names a folder (npm run screenshots).
 */
import { beforeAll, it } from 'vitest';
import { fundWallet, grant } from '../helpers/money.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { storeSession } from './helpers/ui.js';

describeScreenshots('screenshots of pages and the staff console', (suite) => {
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
    admin = await createAdmin(suite.app);
    await fundWallet(suite.app, user, '500');
    await grant(suite.app, user, 'lever', 'USDT', '120.5');
    await call(suite.app, 'PUT', '/api-v3/admin/settings/', {
      token: admin.token,
      body: { usdo_price: { price: '1.02' } },
    });
  });

  for (const scheme of SCHEMES) {
    it(`user pages (${scheme})`, async () => {
      const { page } = await suite.phone(screenOptions(scheme));
      await page.goto('/legal-currency');
      await page.getByRole('button', { name: 'Buy USDT' }).waitFor();
      await shot(page, `${scheme}-legal-currency`);
      await page.getByRole('tab', { name: 'ETH' }).click();
      await page.getByRole('button', { name: 'sell', exact: true }).click();
      await page
        .getByTestId('unit-price')
        .getByText(/ETH [1-9]/)
        .waitFor();
      await shot(page, `${scheme}-legal-currency-eth-sell`);
      await page.getByRole('button', { name: 'Sell ETH' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, `${scheme}-legal-currency-sheet`);

      await page.goto('/important-notice');
      await page.getByRole('heading', { name: 'Investments are supervised' }).waitFor();
      await shot(page, `${scheme}-important-notice`, { fullPage: true });

      await storeSession(page, user.login);
      await page.goto('/sharing-link');
      await page.getByTestId('sharing-qr').waitFor();
      await shot(page, `${scheme}-sharing-link`);
      await page.getByRole('button', { name: 'Copy Code' }).click();
      await shot(page, `${scheme}-sharing-link-copied`);

      await page.goto('/about-us');
      await page.getByText('Version 1.0.0').waitFor();
      await shot(page, `${scheme}-about-us`, { fullPage: true });

      await page.goto('/lock-up');
      await page.getByRole('heading', { name: 'Pro 60' }).waitFor();
      await shot(page, `${scheme}-lock-up`);
      await page.getByRole('button', { name: 'Lock up Pro 15' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, `${scheme}-lock-up-sheet`);
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Mining order' }).click();
      await page.getByText('There is no more data').waitFor();
      await shot(page, `${scheme}-lock-up-orders`);
    });

    it(`staff console (${scheme})`, async () => {
      const { page } = await suite.phone(screenOptions(scheme));
      await storeSession(page, admin.login);
      await page.goto('/admin/dashboard?view=users');
      await page.getByText(/\d+ users/).waitFor();
      await shot(page, `${scheme}-admin-users`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, `${scheme}-admin-menu-users`);
      await page.keyboard.press('Escape');

      await page.getByLabel('Search users').fill('zzz-nobody');
      await page.getByText('No users found').waitFor();
      await shot(page, `${scheme}-admin-users-empty`);
      await page.getByLabel('Search users').fill(user.email);
      await page.getByText('1 user', { exact: true }).waitFor();
      await page.getByRole('button', { name: /Grace Hopper/ }).click();
      await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
      await shot(page, `${scheme}-admin-user-detail`, { fullPage: true });

      await page.goto('/admin/dashboard?view=users&section=audit');
      await page.getByText('settings.usdo_price').waitFor();
      await shot(page, `${scheme}-admin-audit-log`);

      await page.goto('/admin/dashboard?view=settings');
      await page.getByRole('form', { name: 'USDO price' }).waitFor();
      await page.getByLabel('Price of 1 USDO in USDT').fill('0');
      await page.getByRole('button', { name: 'Save price' }).click();
      await shot(page, `${scheme}-admin-settings`);
      await page.getByRole('heading', { name: 'FAQ answers' }).scrollIntoViewIfNeeded();
      await shot(page, `${scheme}-admin-settings-faq`);
    });
  }
});
