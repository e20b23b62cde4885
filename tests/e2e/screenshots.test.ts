/**
 * Screenshots of the account and market screens at phone size, light and dark, for a person to look at.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e screenshots
 */
import { it } from 'vitest';
import { createAdmin, signUp, uniqueEmail } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`account screens (${scheme})`, async () => {
      const { page, context } = await suite.phone(screenOptions(scheme));
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await shot(page, `${scheme}-login`);
      await page.getByLabel('Email').fill('ada@example.com');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await shot(page, `${scheme}-login-keyboard-focus`);
      await page.getByLabel('Email').fill('');
      await page.getByRole('button', { name: 'Log in' }).click();
      await shot(page, `${scheme}-login-errors`);

      await page.goto('/signup');
      const email = uniqueEmail('shot');
      await page.getByLabel('Email').fill(email);
      await shot(page, `${scheme}-signup-1`);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm password').fill('shorter');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Verification code').fill('123456');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await shot(page, `${scheme}-signup-2`);

      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, `${scheme}-forgot-sheet`);

      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await logInThroughUi(page, user);
      await page.getByRole('table', { name: 'Gainers' }).locator('tbody tr').first().waitFor();
      await shot(page, `${scheme}-home`);
      await shot(page, `${scheme}-home-full`, { fullPage: true });
      await page.getByRole('button', { name: 'Notifications' }).click();
      await page.getByRole('dialog', { name: 'Bonus schedule' }).waitFor();
      await shot(page, `${scheme}-home-bonus`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Language/ }).click();
      await page.getByRole('dialog', { name: 'Language' }).waitFor();
      await shot(page, `${scheme}-home-language`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByText('Grace Hopper').waitFor();
      await shot(page, `${scheme}-home-drawer`);

      await page.goto('/safety-center');
      await page.getByText('Not set yet').waitFor();
      await shot(page, `${scheme}-safety-center`);
      await page.goto('/safety/login-password');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByRole('button', { name: 'OTP Sent' }).waitFor();
      await shot(page, `${scheme}-login-password`);
      await page.goto('/safety/transaction-password');
      await page.getByLabel('New transaction password').fill('123');
      await shot(page, `${scheme}-transaction-password`);
      await page.goto('/deposit');
      await page.getByText('Current currency').waitFor();
      await shot(page, `${scheme}-deposit`);
      await page.goto('/markets');
      await page.getByRole('list', { name: 'Pairs' }).waitFor();
      await shot(page, `${scheme}-markets`);
      await page.getByRole('tab', { name: 'BTC' }).click();
      await shot(page, `${scheme}-markets-btc`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, `${scheme}-desktop-markets`);
      await context.close();

      const staff = await suite.phone(screenOptions(scheme));
      await logInThroughUi(staff.page, await createAdmin(suite.app));
      await staff.page.getByRole('tab', { name: 'Chats' }).waitFor();
      await shot(staff.page, `${scheme}-admin`);
      await staff.page.getByRole('button', { name: 'Open menu' }).click();
      await staff.page.getByRole('dialog').waitFor();
      await shot(staff.page, `${scheme}-admin-drawer`);
      await staff.context.close();
    });
  }
});
