/**
 * The transaction-password screen returns to where it was opened from (docs/decisions/0068-screens-finish.md):
 * a trader with no transaction password opens it from the Withdraw form's notice, sets one with the
 * emailed code, and is back on the Withdraw form with the address, network and amount they had typed;
 * the password field is empty (it is never kept), and the withdrawal goes through with the new password.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { MSG } from '../../src/shared/messages.js';
import { ADDRESSES } from '../helpers/addresses.js';
import { grant } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, logInThroughUi } from './helpers/ui.js';

const PASSWORD = '135790';

describe('the transaction-password screen opened from the Withdraw form', () => {
  const suite = webAppSuite();

  it('returns to the Withdraw form after success, with what was typed kept', async () => {
    const user = await signUp(suite.app);
    await grant(suite.app, user, 'funding', 'USDT', '500');
    const { page, context, errors } = await suite.phone();
    await logInThroughUi(page, user);

    await page.goto('/withdrawal/USDT');
    await page.getByText('Available: 500 USDT').waitFor();
    await page.getByRole('radio', { name: 'ERC20' }).click();
    await page.getByLabel('Withdrawal address').fill(ADDRESSES.ERC20);
    await page.getByLabel('Amount').fill('120');
    await page.getByRole('link', { name: 'Set a transaction password' }).click();

    await expectPath(page, '/safety/transaction-password');
    await page.getByLabel('New transaction password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByRole('button', { name: MSG.otpSentLabel }).waitFor();
    await page.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    // Back where it was opened from, by itself, with the form as it was left.
    await expectPath(page, '/withdrawal/USDT');
    await page.getByText('Available: 500 USDT').waitFor();
    await page.getByRole('link', { name: 'Set a transaction password' }).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Withdrawal address').inputValue()).toBe(ADDRESSES.ERC20);
    expect(await page.getByLabel('Amount').inputValue()).toBe('120');
    expect(await page.getByRole('radio', { name: 'ERC20' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Transaction password').inputValue()).toBe('');

    await page.getByLabel('Transaction password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm withdrawal' })
      .getByRole('button', { name: 'Confirm withdrawal' })
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/withdrawal-status/'));
    const [row] = await suite.app.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(row).toMatchObject({ type: 'withdrawal', status: 'pending', network: 'ERC20', address: ADDRESSES.ERC20 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
