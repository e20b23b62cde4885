/**
 * Withdrawal networks (docs/decisions/0029-withdrawal-networks.md) in a real browser at phone size: the withdrawal screen checks the address for its network
 * as it is typed and sends only from its confirmation sheet (network, address, amount, fee, arrival);
 * the owner cancels a pending withdrawal from the records after a confirmation; staff's Approve asks
 * first, naming the user, the amount and the action. Screenshots of the new screens in both themes
 * when SCREENSHOTS is set (docs/security.md "## Withdrawal addresses and networks").
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { ADDRESSES } from '../helpers/addresses.js';
import { balanceOf, expectLedgerBalanced, grant, setTransactionPassword } from '../helpers/money.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { SCHEMES, describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite, type WebAppSuite } from './helpers/suite.js';
import { signIn, storeSession } from './helpers/ui.js';

const PASSWORD = '246810';

async function trader(suite: WebAppSuite): Promise<TestUser> {
  const user = await signUp(suite.app);
  await setTransactionPassword(suite.app, user, PASSWORD);
  await grant(suite.app, user, 'funding', 'USDT', '500');
  return user;
}

/** Fill the form with a typo first (refused as typed), then the right address, and open the sheet. */
async function fillAndOpenSheet(page: Page) {
  await page.goto('/withdrawal/USDT');
  await page.getByText('Available: 500 USDT').waitFor();
  await page.getByLabel('Withdrawal address').fill(ADDRESSES.TRC20.replace('jLj6t', 'jLj6T'));
  await page.getByText('This is not a valid TRC20 address').waitFor();
  await page.getByLabel('Withdrawal address').fill(ADDRESSES.TRC20);
  await page.getByText('This is not a valid TRC20 address').waitFor({ state: 'detached' });
  expect(await page.getByRole('radio', { name: 'TRC20' }).getAttribute('aria-checked')).toBe('true');
  await page.getByLabel('Amount').fill('100');
  await page.getByLabel('Transaction password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Withdraw' }).click();
  return page.getByRole('dialog', { name: 'Confirm withdrawal' });
}

describe('withdrawal confirmation, owner cancel and staff confirmation', () => {
  const suite = webAppSuite();

  it('confirms in a sheet, sends from it, then the owner cancels the pending withdrawal and gets the money back', async () => {
    const user = await trader(suite);
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);

    const sheet = await fillAndOpenSheet(page);
    const figure = async (label: string) =>
      (await sheet.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent())?.trim();
    expect(await figure('Network')).toBe('TRC20');
    expect(await figure('Withdrawal address')).toBe(ADDRESSES.TRC20);
    expect(await figure('Amount')).toBe('100 USDT');
    expect(await figure('Handling fee (1%)')).toBe('1 USDT');
    expect(await figure('Arrival amount')).toBe('99 USDT');
    // Nothing has left yet: the form only opened the sheet.
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('500');
    await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/withdrawal/'));
    const [row] = await suite.app.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(row).toMatchObject({ type: 'withdrawal', status: 'pending', network: 'TRC20', address: ADDRESSES.TRC20 });
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('400');

    await page.goto('/entrustment-history?tab=entrustment');
    const pending = page.getByRole('listitem').filter({ hasText: 'Withdrawal' }).filter({ hasText: 'Pending' });
    await pending.getByRole('button', { name: 'Cancel withdrawal' }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    await ask.getByText(ADDRESSES.TRC20).waitFor();
    await ask.getByRole('button', { name: 'Yes, cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await pending.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'revoked' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Withdrawal' })
      .filter({ hasText: 'Cancelled by you' })
      .waitFor();
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('500');
    await expectLedgerBalanced(suite.app);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff approve asks to confirm, naming the user, the amount and the action', async () => {
    const user = await trader(suite);
    const sent = await call(suite.app, 'POST', '/api-v1/withdraw/', {
      token: user.token,
      body: { address: ADDRESSES.ERC20, amount: '120', currency: 'USDT', transaction_password: PASSWORD },
    });
    expect(sent.status).toBe(201);
    const staff = await suite.phone();
    await signIn(staff.page, await createAdmin(suite.app));
    await staff.page.getByRole('tab', { name: 'Requests' }).click();
    const item = staff.page.getByRole('listitem', { name: `Withdrawal of 120 USDT by ${user.email}` });
    await item.getByRole('button', { name: 'Approve' }).click();
    const ask = staff.page.getByRole('dialog', { name: 'Approve transaction' });
    await ask.getByText(`Approve the withdrawal of 120 USDT by ${user.email}?`).waitFor();
    // Back decides nothing.
    await ask.getByRole('button', { name: 'Back' }).click();
    await ask.waitFor({ state: 'detached' });
    const id: number = sent.body.transaction.transaction_id;
    const statusOf = async () =>
      (await suite.app.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.status;
    expect(await statusOf()).toBe('pending');
    await item.getByRole('button', { name: 'Approve' }).click();
    await ask.getByRole('button', { name: 'Approve' }).click();
    await item.waitFor({ state: 'detached' });
    expect(await statusOf()).toBe('successful');
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});

describeScreenshots('withdrawal confirmation screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`withdrawal form, confirmation sheet, cancel sheet, staff confirmation (${scheme})`, async () => {
      const user = await trader(suite);
      const { page, context } = await suite.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      await page.goto('/withdrawal/USDT');
      await page.getByText('Available: 500 USDT').waitFor();
      await page.getByLabel('Withdrawal address').fill(ADDRESSES.TRC20.replace('jLj6t', 'jLj6T'));
      await page.getByText('This is not a valid TRC20 address').waitFor();
      await shot(page, `${scheme}-withdrawal-network-invalid`, { fullPage: true });
      const sheet = await fillAndOpenSheet(page);
      await sheet.getByText('Arrival amount').waitFor();
      await shot(page, `${scheme}-withdrawal-confirm-sheet`);
      await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/withdrawal/'));
      await page.goto('/entrustment-history?tab=entrustment');
      await page.getByRole('button', { name: 'Cancel withdrawal' }).waitFor();
      await shot(page, `${scheme}-history-pending-withdrawal`, { fullPage: true });
      await page.getByRole('button', { name: 'Cancel withdrawal' }).click();
      await page.getByRole('dialog', { name: 'Cancel this withdrawal?' }).waitFor();
      await shot(page, `${scheme}-withdrawal-cancel-sheet`);
      await context.close();

      const staff = await suite.phone(screenOptions(scheme));
      await signIn(staff.page, await createAdmin(suite.app));
      await staff.page.getByRole('tab', { name: 'Requests' }).click();
      await staff.page.getByRole('button', { name: 'Reject' }).first().click();
      await staff.page.getByRole('dialog', { name: 'Reject transaction' }).waitFor();
      await shot(staff.page, `${scheme}-admin-reject-confirm`);
      await staff.context.close();
    });
  }
});
