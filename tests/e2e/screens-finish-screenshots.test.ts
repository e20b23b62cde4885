/**
 * Screenshots of docs/decisions/0068-screens-finish.md at 390x844 in both themes (only with SCREENSHOTS
 * set): the Deposit form refusing a sender of the wrong format as it is typed, the bell's list with a
 * rejected withdrawal carrying staff's reason, and the records screen with the deposit its
 * notification opened.
 */
import { randomBytes } from 'node:crypto';
import { ADDRESSES } from '../helpers/addresses.js';
import { grant, setTransactionPassword, staff } from '../helpers/money.js';
import { call, signUp } from '../helpers/users.js';
import { SCHEMES, describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';
import { expect, it } from 'vitest';

const PASSWORD = '246810';

describeScreenshots('screens-finish screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`deposit sender refused, rejected withdrawal's reason, deposit record opened (${scheme})`, async () => {
      const user = await signUp(suite.app);
      const admin = await staff(suite.app);
      await setTransactionPassword(suite.app, user, PASSWORD);
      await grant(suite.app, user, 'funding', 'USDT', '500');
      const decide = (id: number, body: object) =>
        call(suite.app, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
          token: admin.token,
          body,
        });
      const deposit = await call(suite.app, 'POST', '/api-v1/recharge/', {
        token: user.token,
        body: {
          amount: '150',
          payment_address: ADDRESSES.TRC20,
          network: 'TRC20',
          tx_hash: randomBytes(32).toString('hex'),
        },
      });
      expect((await decide(deposit.body.transaction.transaction_id, { action: 'approve' })).status).toBe(200);
      const withdrawal = await call(suite.app, 'POST', '/api-v1/withdraw/', {
        token: user.token,
        body: { address: ADDRESSES.ERC20, amount: '120', currency: 'USDT', transaction_password: PASSWORD },
      });
      const reason = 'The address belongs to an exchange that does not accept USDT on ERC20';
      expect((await decide(withdrawal.body.transaction.transaction_id, { action: 'cancel', reason })).status).toBe(200);

      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);

      // The Deposit form: a made-up TRC20 sender is refused under the field as it is typed.
      await page.goto('/deposit');
      await page.getByTestId('deposit-address').waitFor();
      await page.getByRole('radio', { name: 'TRC20' }).click();
      await page.getByLabel('Quantity (USDT)').fill('150');
      await page.getByLabel('Payment address').fill('TXmyWalletAddress');
      const refused = page.getByText('This is not a valid TRC20 address');
      await refused.waitFor();
      await refused.scrollIntoViewIfNeeded();
      await shot(page, `${scheme}-deposit-sender-invalid`);
      await shot(page, `${scheme}-deposit-sender-invalid-full`, { fullPage: true });

      // The bell: the rejected withdrawal says why.
      await page.goto('/home');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Notifications' });
      await sheet.getByText(reason, { exact: false }).waitFor();
      await shot(page, `${scheme}-notifications-rejected-reason`);

      // The deposit's notification opens its record.
      await sheet.getByRole('link', { name: 'Deposit approved' }).click();
      await page.waitForURL(
        (url) => url.searchParams.get('record') === String(deposit.body.transaction.transaction_id),
      );
      await page.locator('li[aria-current="true"]').getByText('Transaction hash').waitFor();
      await shot(page, `${scheme}-records-deposit-opened`);
      await context.close();
    });
  }
});
