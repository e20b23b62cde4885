/**
 * A fiat order through staff in a real browser (docs/decisions/0054-fiat-orders.md): the user places a
 * buy on /legal-currency, staff post the instructions and complete it from the Fiat orders view, the
 * user sees the instructions and the completed status, and the legal wallet holds the coins.
 * Screenshots in both themes when SCREENSHOTS is set (phone 390 px; the staff queue at 1280x800).
 */
import { describe, expect, it } from 'vitest';
import { balanceOf, expectLedgerBalanced } from '../helpers/money.js';
import { createAdmin, signUp } from '../helpers/users.js';
import { DESK } from './helpers/browser.js';
import { SCHEMES, describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite, type WebAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

async function placeBuy(suite: WebAppSuite, options = {}) {
  const user = await signUp(suite.app);
  const phone = await suite.phone(options);
  await storeSession(phone.page, user.login);
  await phone.page.goto('/legal-currency');
  await phone.page.getByRole('button', { name: 'Buy USDT' }).click();
  const sheet = phone.page.getByRole('dialog', { name: 'Confirm your order' });
  await sheet.getByRole('button', { name: 'Place order' }).click();
  await phone.page.getByTestId('fiat-order').getByText('Pending').waitFor();
  return { user, ...phone };
}

describe('a fiat order through staff', () => {
  const suite = webAppSuite();

  it('is placed on Legal currency, handled in the staff queue, and credited to the legal wallet', async () => {
    const { user, page, context, errors } = await placeBuy(suite);
    const staff = await suite.phone({ viewport: DESK });
    await storeSession(staff.page, (await createAdmin(suite.app)).login);
    await staff.page.goto('/admin/dashboard?view=fiat');
    const row = staff.page.getByTestId('staff-fiat-order').filter({ hasText: user.email });
    await row.getByRole('textbox').fill('Bank: Example Bank\nIBAN: DE00 1234 5678 9000');
    await row.getByRole('button', { name: 'Post instructions' }).click();
    await row.getByText('Instructions posted').waitFor();
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Complete' }).click();
    await row.waitFor({ state: 'detached' });

    await page.reload();
    const card = page.getByTestId('fiat-order');
    await card.getByText('Completed').waitFor();
    expect(await card.textContent()).toContain('IBAN: DE00 1234 5678 9000');
    expect(await balanceOf(suite.app, user, 'legal', 'USDT')).toBe('100');
    await expectLedgerBalanced(suite.app);

    // "Contact customer service" opens the chat with the order's reference typed.
    const reference = (await card.locator('.font-mono').textContent())!.trim();
    await card.getByRole('button', { name: 'Contact customer service' }).click();
    await page.waitForURL(/\/chat\//);
    expect(await page.getByPlaceholder('Type your message...').inputValue()).toContain(reference);
    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await context.close();
    await staff.context.close();
  });
});

describeScreenshots('fiat order screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`legal currency with an order, and the staff queue (${scheme})`, async () => {
      const { page, context } = await placeBuy(suite, screenOptions(scheme));
      await shot(page, `${scheme}-legal-currency-orders`, { fullPage: true });
      const staff = await suite.phone({ ...screenOptions(scheme), viewport: DESK });
      await storeSession(staff.page, (await createAdmin(suite.app)).login);
      await staff.page.goto('/admin/dashboard?view=fiat');
      await staff.page.getByTestId('staff-fiat-order').first().waitFor();
      await shot(staff.page, `${scheme}-staff-fiat-orders`);
      await context.close();
      await staff.context.close();
    });
  }
});
