/**
 * Screenshots of the screens of docs/decisions/0045-0050, light and dark, for a person to look at: the
 * second factor guarding itself (the TOTP setup's proof, the cards of TOTP on, a passkey's proof), the
 * locked bonus on the withdrawal screen (0047), and the staff's USDO price with its allowed range (0049,
 * at a desk). Runs only when SCREENSHOTS names a folder:
 * SCREENSHOTS=.tmp npx vitest run --project e2e tests/e2e/security-guards-screenshots.test.ts
 */
import { beforeAll, it } from 'vitest';
import { enableTotp } from '../helpers/totp.js';
import { setTransactionPassword, staff } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { DESK } from './helpers/browser.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { storeSession } from './helpers/ui.js';
import { ADDRESSES } from '../helpers/addresses.js';

describeScreenshots(
  'second-factor guards, locked bonus and USDO range',
  (suite) => {
    let admin: TestUser;
    let bonused: TestUser;
    let withTotp: TestUser;
    beforeAll(async () => {
      admin = await staff(suite.app);
      bonused = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await setTransactionPassword(suite.app, bonused);
      const deposit = await call(suite.app, 'POST', '/api-v1/recharge/', {
        token: bonused.token,
        body: { amount: '1000', payment_address: ADDRESSES.TRC20 },
      });
      await call(
        suite.app,
        'POST',
        `/api-v3/admin/transactions-verification/?transaction_id=${deposit.body.transaction.transaction_id}`,
        { token: admin.token, body: { action: 'approve' } },
      );
      withTotp = await signUp(suite.app, { first_name: 'Alan', last_name: 'Turing' });
      await enableTotp(suite.app, withTotp);
    });

    for (const scheme of SCHEMES) {
      it(`phone, ${scheme}`, async () => {
        const { page, context } = await suite.phone(screenOptions(scheme));
        await storeSession(page, bonused.login);
        await page.goto('/withdrawal/USDT');
        await page.getByText(/Locked bonus:/).waitFor();
        await shot(page, `guards-withdrawal-locked-bonus-${scheme}`, { fullPage: true });

        await page.goto('/safety/two-factor');
        await page
          .getByLabel(/password/i)
          .first()
          .waitFor();
        await shot(page, `guards-two-factor-setup-proof-${scheme}`, { fullPage: true });

        await page.goto('/safety/passkeys');
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        await page.getByRole('dialog', { name: 'Add a passkey' }).waitFor();
        await shot(page, `guards-passkey-add-proof-${scheme}`);
        await context.close();

        const second = await suite.phone(screenOptions(scheme));
        await storeSession(second.page, withTotp.login);
        await second.page.goto('/safety/two-factor');
        await second.page.getByTestId('renew-recovery-codes').waitFor();
        await shot(second.page, `guards-two-factor-on-${scheme}`, { fullPage: true });
        await second.context.close();
      });

      it(`desk, ${scheme}`, async () => {
        const { page, context } = await suite.phone({ ...screenOptions(scheme), viewport: DESK });
        await storeSession(page, admin.login);
        await page.goto('/admin/dashboard?view=settings');
        await page.getByRole('form', { name: 'USDO price' }).waitFor();
        await shot(page, `guards-staff-usdo-range-${scheme}`);
        await context.close();
      });
    }
  },
  { config: { bonusesDefault: true } },
);
