/**
 * Withdrawal protection in a real browser (docs/security.md "## Withdrawal protection and
 * anti-phishing"): save an address in the Safety Center's address book with the emailed code, turn
 * the whitelist on, then withdraw to the address picked from the saved list on the withdrawal screen.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { PROTECTION_MSG } from '../../src/shared/api/protection.js';
import { grant, setTransactionPassword } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const suite = webAppSuite();
const SAVED = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('address book and whitelist in the browser', () => {
  it('adds an address with the emailed code, turns the whitelist on, and withdraws to the picked address', async () => {
    const user = await signUp(suite.app);
    await setTransactionPassword(suite.app, user, '246810');
    await grant(suite.app, user, 'funding', 'USDT', '500');
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);

    await page.goto('/safety-center');
    await page.getByRole('link', { name: /Address book/ }).click();
    await page.getByText('No saved addresses yet.').waitFor();
    await page.getByLabel('Address', { exact: true }).fill(SAVED);
    await page.getByLabel('Label').fill('Cold wallet');
    suite.app.clock.advance(60_000); // the code of setTransactionPassword above was just sent
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByRole('button', { name: 'OTP Sent' }).waitFor();
    await page.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText(PROTECTION_MSG.addressSaved).waitFor();
    const saved = page.getByRole('region', { name: 'Saved addresses' }).getByRole('listitem');
    await saved.filter({ hasText: 'Cold wallet' }).filter({ hasText: SAVED }).waitFor();

    await page.getByRole('switch', { name: 'Address whitelist' }).click();
    await page.getByText('On: withdrawals go only to the addresses saved below.').waitFor();
    expect(await page.getByRole('switch', { name: 'Address whitelist' }).getAttribute('aria-checked')).toBe('true');

    await page.goto('/safety-center');
    await page.getByText('Whitelist on · withdrawals only to saved addresses').waitFor();

    await page.goto('/withdrawal/USDT');
    await page.getByText('Available: 500 USDT').waitFor();
    await page.getByRole('button', { name: /Cold wallet/ }).click();
    expect(await page.getByLabel('Withdrawal address').inputValue()).toBe(SAVED);
    await page.getByLabel('Amount').fill('100');
    await page.getByLabel('Transaction password').fill('246810');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm withdrawal' })
      .getByRole('button', { name: 'Confirm withdrawal' })
      .click();
    await page.waitForURL((url) => !url.pathname.startsWith('/withdrawal/'));

    const rows = await suite.app.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((r) => r.type === 'withdrawal').map((r) => [r.address, r.amount, r.status])).toEqual([
      [SAVED, '100', 'pending'],
    ]);
    const mail = suite.app.mailbox.messages.filter((m) => m.to === user.email).at(-1)!;
    expect(mail.subject).toBe('Coinfront withdrawal requested: 100 USDT');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a lock in the Safety Center and the refusal on the withdrawal screen', async () => {
    const user = await signUp(suite.app);
    await setTransactionPassword(suite.app, user, '246810');
    await grant(suite.app, user, 'funding', 'USDT', '500');
    const { page, context } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/withdrawal/USDT');
    await page.getByText('Available: 500 USDT').waitFor();
    await page.getByLabel('Withdrawal address').fill(SAVED);
    await page.getByLabel('Amount').fill('100');
    await page.getByLabel('Transaction password').fill('000000');
    // Five wrong transaction passwords; each click waits for the previous answer (the button is busy until then).
    // Sent from the confirmation sheet (docs/decisions/0029-withdrawal-networks.md), which stays open with the refusal.
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const sheet = page.getByRole('dialog', { name: 'Confirm withdrawal' });
    for (let i = 0; i < 5; i++) {
      await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await sheet.getByRole('alert').first().waitFor();
      await sheet.getByRole('button', { name: 'Confirm withdrawal', disabled: false }).waitFor();
    }
    await page
      .getByRole('alert')
      .filter({ hasText: /Withdrawals are locked until .* UTC after too many/ })
      .waitFor();
    await page.goto('/safety-center');
    await page
      .getByRole('region', { name: 'Locks' })
      .getByText(/Withdrawals locked until .* UTC/)
      .waitFor();
    await context.close();
  });
});
