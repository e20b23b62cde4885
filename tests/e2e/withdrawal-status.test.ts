/**
 * Money screens that tell the truth (docs/decisions/0062-money-screens.md) in a real browser at phone size:
 * after Confirm the withdrawal's status screen (under review, then sent with its transaction hash); staff's
 * Reject asks for a reason, and the owner reads "Rejected" with it on the records and the status screen, in
 * English and in German; the notification opens its withdrawal. axe finds nothing serious on the new
 * screens. Screenshots in both themes when SCREENSHOTS is set.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { ADDRESSES } from '../helpers/addresses.js';
import { balanceOf, expectLedgerBalanced, grant, setTransactionPassword } from '../helpers/money.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { SCHEMES, describeScreenshots, inLanguage, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite, type WebAppSuite } from './helpers/suite.js';
import { signIn, storeSession } from './helpers/ui.js';

const PASSWORD = '246810';
const REASON = 'The address belongs to a mixer';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function trader(suite: WebAppSuite): Promise<TestUser> {
  const user = await signUp(suite.app);
  await setTransactionPassword(suite.app, user, PASSWORD);
  await grant(suite.app, user, 'funding', 'USDT', '500');
  return user;
}

async function apiWithdrawal(suite: WebAppSuite, user: TestUser): Promise<number> {
  const sent = await call(suite.app, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { address: ADDRESSES.TRC20, amount: '120', currency: 'USDT', transaction_password: PASSWORD },
  });
  expect(sent.status).toBe(201);
  return sent.body.transaction.transaction_id as number;
}

/** No serious or critical axe violation (the rules of a11y.test.ts). */
async function expectAxeClean(page: Page) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>)
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  expect(violations).toEqual([]);
}

/** Staff's Reject on the phone console, with the reason it asks for. */
async function rejectWithReason(page: Page, email: string) {
  await page.getByRole('tab', { name: 'Requests' }).click();
  const item = page.getByRole('listitem', { name: `Withdrawal of 120 USDT by ${email}` });
  await item.getByRole('button', { name: 'Reject' }).click();
  const ask = page.getByRole('dialog', { name: 'Reject transaction' });
  // Without a reason nothing is sent.
  await ask.getByRole('button', { name: 'Reject' }).click();
  await ask.getByText('Please write the reason for rejecting; the user will read it').waitFor();
  await ask.getByLabel('Reason for rejecting').fill(REASON);
  await ask.getByRole('button', { name: 'Reject' }).click();
  await item.waitFor({ state: 'detached' });
}

describe('withdrawal status, a rejected withdrawal with its reason, a notification opening its withdrawal', () => {
  const suite = webAppSuite();

  it('after Confirm the status screen shows it under review, then sent with its transaction hash', async () => {
    const user = await trader(suite);
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/withdrawal/USDT');
    await page.getByText('Available: 500 USDT').waitFor();
    await page.getByLabel('Withdrawal address').fill(ADDRESSES.TRC20);
    await page.getByLabel('Amount').fill('100');
    await page.getByLabel('Transaction password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm withdrawal' })
      .getByRole('button', { name: 'Confirm withdrawal' })
      .click();
    await page.waitForURL(/\/withdrawal-status\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const steps = page.getByRole('list', { name: 'Progress of the withdrawal' });
    await expect.poll(() => steps.locator('[aria-current="step"]').textContent()).toContain('Under review');
    await page.getByText('Staff check every withdrawal before it is sent.').waitFor();
    await expectAxeClean(page);
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('400');

    // Staff approve it and the chain work records its hash: the screen says sent, with the hash.
    const admin = await createAdmin(suite.app);
    const approved = await call(suite.app, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
      token: admin.token,
      body: { action: 'approve' },
    });
    expect(approved.status).toBe(200);
    const hash = 'a'.repeat(64);
    await suite.app.db.update(transactions).set({ txHash: hash }).where(eq(transactions.id, id));
    await page.reload();
    await expect.poll(() => steps.locator('[aria-current="step"]').textContent()).toContain('Sent');
    await steps.getByText(hash).waitFor();
    await page.getByText('Arrives once the network confirms the transfer.').waitFor();

    // The records open it too.
    await page.goto('/entrustment-history');
    await page.getByRole('listitem').filter({ hasText: 'Withdrawal' }).getByRole('link', { name: 'Status' }).click();
    await page.waitForURL(`**/withdrawal-status/${id}`);
    await steps.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("staff's Reject asks a reason; the owner reads Rejected with it, in English and in German, and the notification opens it", async () => {
    const user = await trader(suite);
    const id = await apiWithdrawal(suite, user);
    const staff = await suite.phone();
    await signIn(staff.page, await createAdmin(suite.app));
    await rejectWithReason(staff.page, user.email);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('500');
    await expectLedgerBalanced(suite.app);

    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/entrustment-history?tab=revoked');
    const record = page.getByRole('listitem').filter({ hasText: 'Withdrawal' });
    await record.getByText('Rejected', { exact: true }).waitFor();
    await record.getByText(`Reason: ${REASON}`).waitFor();
    expect(await record.textContent()).not.toContain('Cancelled');

    // The notification opens its withdrawal.
    await page.goto('/home');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    await sheet.getByText(`Your withdrawal of 120 USDT was rejected: ${REASON}.`, { exact: false }).waitFor();
    await sheet.getByRole('link', { name: 'Withdrawal rejected' }).click();
    await page.waitForURL(`**/withdrawal-status/${id}`);
    await page.getByRole('heading', { name: 'Rejected' }).waitFor();
    await page.getByText(`Reason: ${REASON}`).waitFor();
    await page.getByText('120 USDT is back in your funding account.').waitFor();
    await expectAxeClean(page);
    expect(errors).toEqual([]);
    await context.close();

    const german = await suite.phone();
    await inLanguage(german.context, 'de');
    // Signed in by its stored session: the German login screen is not what this reads (its labels are German).
    await storeSession(german.page, user.login);
    await german.page.goto(`/withdrawal-status/${id}`);
    await german.page.getByRole('heading', { name: 'Abgelehnt' }).waitFor();
    await german.page.getByText(`Grund: ${REASON}`).waitFor();
    await german.page.goto('/entrustment-history?tab=revoked');
    await german.page
      .getByRole('listitem')
      .filter({ hasText: `Grund: ${REASON}` })
      .getByText('Abgelehnt')
      .waitFor();
    expect(german.errors).toEqual([]);
    await german.context.close();
  });

  it("Home's balance card: the total across the wallets and today's P/L, behind the eye; Assets the total of all wallets", async () => {
    const user = await trader(suite);
    await grant(suite.app, user, 'lever', 'USDT', '25.5');
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/home');
    const card = page.getByRole('region', { name: 'Total balance (USDT)' });
    await expect.poll(() => card.getByTestId('home-total').textContent(), { timeout: 15_000 }).toBe('525.50 USDT');
    expect(await card.getByTestId('home-today').textContent()).toBe('0.00 USDT (0.00%)');
    await card.getByRole('button', { name: 'Hide balances' }).click();
    expect(await card.getByTestId('home-total').textContent()).toBe('******');
    await expectAxeClean(page);
    await page.goto('/assets');
    await expect
      .poll(() => page.getByTestId('all-wallets-total').textContent(), { timeout: 15_000 })
      .toBe('All wallets: $525.50');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("another user's withdrawal link shows only Transaction not found", async () => {
    const owner = await trader(suite);
    const id = await apiWithdrawal(suite, owner);
    const other = await signUp(suite.app);
    const { page, context } = await suite.phone();
    await storeSession(page, other.login);
    await page.goto(`/withdrawal-status/${id}`);
    await page.getByText('Transaction not found').waitFor();
    expect(await page.content()).not.toContain(ADDRESSES.TRC20);
    await context.close();
  });
});

describeScreenshots('withdrawal status screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`status under review, reject with reason, rejected status and record (${scheme})`, async () => {
      const user = await trader(suite);
      const id = await apiWithdrawal(suite, user);
      const { page, context } = await suite.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      await page.goto(`/withdrawal-status/${id}`);
      await page.getByText('Staff check every withdrawal before it is sent.').waitFor();
      await shot(page, `${scheme}-withdrawal-status-review`, { fullPage: true });

      const staff = await suite.phone(screenOptions(scheme));
      await signIn(staff.page, await createAdmin(suite.app));
      await staff.page.getByRole('tab', { name: 'Requests' }).click();
      const item = staff.page.getByRole('listitem', { name: `Withdrawal of 120 USDT by ${user.email}` });
      await item.getByRole('button', { name: 'Reject' }).click();
      const ask = staff.page.getByRole('dialog', { name: 'Reject transaction' });
      await ask.getByLabel('Reason for rejecting').fill(REASON);
      await shot(staff.page, `${scheme}-admin-reject-reason`);
      await ask.getByRole('button', { name: 'Reject' }).click();
      await item.waitFor({ state: 'detached' });
      await staff.context.close();

      await page.reload();
      await page.getByRole('heading', { name: 'Rejected' }).waitFor();
      await shot(page, `${scheme}-withdrawal-status-rejected`, { fullPage: true });
      await page.goto('/entrustment-history?tab=revoked');
      await page.getByText(`Reason: ${REASON}`).waitFor();
      await shot(page, `${scheme}-history-rejected-withdrawal`, { fullPage: true });
      await page.goto('/home');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page
        .getByRole('dialog', { name: 'Notifications' })
        .getByRole('link', { name: 'Withdrawal rejected' })
        .waitFor();
      await shot(page, `${scheme}-notification-links-withdrawal`);
      await page.keyboard.press('Escape');
      await page.getByTestId('home-total').waitFor();
      await shot(page, `${scheme}-home-balance-card`);
      await page.goto('/assets');
      await page.getByText('All wallets: $').waitFor();
      await shot(page, `${scheme}-assets-all-wallets`);
      await context.close();
    });
  }
});
