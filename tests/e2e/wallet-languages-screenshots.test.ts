/**
 * The wallet screens in German and Japanese at phone size (docs/decisions/0043-languages.md), for a person to look
 * at: no English left, no text running out of its box. Runs only when SCREENSHOTS names a folder:
 * SCREENSHOTS=.tmp npx vitest run --project e2e wallet-languages-screenshots
 */
import { it } from 'vitest';
import { call, signUp } from '../helpers/users.js';
import { fundWallet, setTransactionPassword } from '../helpers/money.js';
import { describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('wallet screens in other languages', (suite) => {
  for (const language of ['de', 'ja'] as const) {
    it(`deposit, withdrawal and history (${language})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await fundWallet(suite.app, user, '1250.5');
      await setTransactionPassword(suite.app, user);
      await call(suite.app, 'POST', '/api-v1/withdraw/', {
        token: user.token,
        body: {
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          amount: '100.5',
          all_amount: false,
          transaction_password: '246810',
          currency: 'USDT',
          network: 'TRC20',
        },
      });
      const { page, context } = await suite.phone(screenOptions('light'));
      await logInThroughUi(page, user);
      await page.evaluate((code) => window.localStorage.setItem('language', code), language);

      await page.goto('/deposit');
      await page.getByTestId('deposit-address').waitFor();
      await page.locator('input[name="amount"]').fill('20');
      await shot(page, `${language}-deposit`, { fullPage: true });

      await page.goto('/withdrawal/USDT');
      await page.locator('input[name="address"]').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
      await page.locator('input[name="amount"]').fill('20');
      await page.locator('input[name="transaction-password"]').fill('246810');
      await page.waitForTimeout(500);
      await shot(page, `${language}-withdrawal`, { fullPage: true });

      await page.goto('/entrustment-history?tab=entrustment');
      await page.getByRole('listitem').first().waitFor();
      await shot(page, `${language}-history`, { fullPage: true });
      await page.getByRole('listitem').first().getByRole('button').click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
      await shot(page, `${language}-cancel-sheet`);
      await context.close();
    });
  }
});
