/**
 * Screenshots of bonuses (docs/decisions/0030) at phone size, light and dark: the bell's
 * schedule read from the live tiers, a history and an asset record with bonus rows, and the staff's
 * bonus settings. Runs only when SCREENSHOTS names a folder:
 * SCREENSHOTS=.tmp npx vitest run --project e2e bonuses-screenshots
 */
import { it } from 'vitest';
import { fundWallet, staff } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi, storeSession } from './helpers/ui.js';

describeScreenshots(
  'bonus screenshots',
  (suite) => {
    for (const scheme of SCHEMES) {
      it(`bell schedule, history with bonuses, staff settings (${scheme})`, async () => {
        const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
        await fundWallet(suite.app, user, '5000'); // new-user 100 + membership 1000

        const { page, context } = await suite.phone(screenOptions(scheme));
        await logInThroughUi(page, user);
        await page.getByRole('region', { name: 'Recharge bonus' }).waitFor();
        await page.getByRole('button', { name: 'Notifications' }).click();
        const popup = page.getByRole('dialog', { name: 'Bonus schedule' });
        await popup.getByRole('heading', { name: 'New-user recharge bonus' }).waitFor();
        await shot(page, `${scheme}-bonus-schedule`);
        await page.keyboard.press('Escape');

        await page.goto('/entrustment-history');
        await page.getByRole('tab', { name: 'transaction' }).click();
        await page.getByText('Membership bonus').waitFor();
        await shot(page, `${scheme}-history-bonus`, { fullPage: true });
        await page.goto('/asset/funding/USDT');
        await page.getByText('New-user recharge bonus').waitFor();
        await shot(page, `${scheme}-asset-detail-bonus`, { fullPage: true });
        await context.close();

        const admin = await staff(suite.app);
        const staffPage = await suite.phone(screenOptions(scheme));
        await storeSession(staffPage.page, admin.login);
        await staffPage.page.goto('/admin/dashboard?view=settings');
        const form = staffPage.page.getByRole('form', { name: 'Bonuses' });
        await form.waitFor();
        await form.scrollIntoViewIfNeeded();
        await shot(staffPage.page, `${scheme}-admin-bonus-settings`);
        await staffPage.context.close();
      });
    }
  },
  { config: { bonusesDefault: true } },
);
