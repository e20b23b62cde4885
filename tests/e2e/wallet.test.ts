/**
 * Money in a real browser against the real server: every validation message of docs/product.md 5 for
 * deposit, transfer and withdrawal, and a user's deposit -> approval -> transfer -> withdrawal ->
 * rejection, with staff acting in the dashboard. Balances only: the market API is not needed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WALLET_MSG } from '../../src/shared/api/wallet.js';
import { MSG, insufficientForMinWithdrawalMessage, minWithdrawalMessage } from '../../src/shared/messages.js';
import { balanceOf, expectLedgerBalanced, fundWallet } from '../helpers/money.js';
import { call, createAdmin, signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, signIn, storeSession } from './helpers/ui.js';
import { ADDRESSES } from '../helpers/addresses.js';

const suite = webAppSuite();

const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();
const balanceShown = (page: Page, text: string) =>
  page
    .getByTestId('asset-balance')
    .filter({ hasText: new RegExp(`^${text} USDT$`) })
    .waitFor();

describe('wallet forms in the browser', () => {
  it('show every validation message of docs/product.md 5 for deposit, transfer and withdrawal', async () => {
    const user = await signUp(suite.app);
    await fundWallet(suite.app, user, '100');
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);

    await page.goto('/deposit');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(MSG.enterValidAmount).waitFor();
    await page.getByText(WALLET_MSG.enterPaymentAddress).waitFor();
    await page.getByLabel('Quantity (USDT)').fill('10');
    await page.getByText(WALLET_MSG.minRecharge).waitFor();

    await page.goto('/withdrawal/USDT');
    await page.getByText('Available: 100 USDT').waitFor();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(MSG.enterValidAddress).waitFor();
    await page.getByText(MSG.enterValidAmount).waitFor();
    await page.getByText(MSG.enterTransactionPassword).waitFor();
    await page.getByLabel('Amount').fill('20');
    await page.getByText(minWithdrawalMessage('50', 'USDT')).waitFor();
    await page.getByLabel('Amount').fill('100.5');
    await page.getByText(MSG.withdrawalExceedsBalance).waitFor();

    await page.goto('/transfer/USDT');
    await page.getByText('Available: 100 USDT').waitFor();
    await page.getByLabel('Amount').fill('150');
    await page.getByText(MSG.amountExceedsBalance).waitFor();
    expect(await page.getByRole('button', { name: 'Transfer' }).isDisabled()).toBe(true);
    // Money left the wallet elsewhere after the page loaded: the submit-time rule catches it.
    const drain = await call(suite.app, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { transfer_from: 'funding', transfer_to: 'second', currency: 'USDT', amount: '80' },
    });
    expect(drain.status).toBe(201);
    await page.getByLabel('Amount').fill('50');
    await page.getByRole('button', { name: 'Transfer' }).click();
    await alertWith(page, MSG.transferExceedsBalance);

    await page.goto('/withdrawal/USDT');
    await page.getByText('Available: 20 USDT').waitFor();
    await page.getByRole('button', { name: 'All' }).click();
    await page.getByText(insufficientForMinWithdrawalMessage('50', 'USDT')).waitFor();

    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('20');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('money through the screens', () => {
  it('deposit approved by staff, transfer to lever, withdrawal rejected by staff and refunded', async () => {
    const user = await signUp(suite.app);
    const admin = await createAdmin(suite.app);
    const trader = await suite.phone();
    const staff = await suite.phone();
    const page = trader.page;
    await storeSession(page, user.login);
    await signIn(staff.page, admin);

    // The user asks for a deposit.
    await page.goto('/deposit');
    await page.getByLabel('Quantity (USDT)').fill('200');
    await page.getByLabel('Payment address').fill(ADDRESSES.ERC20);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(MSG.depositSent).waitFor();
    expect(await page.getByLabel('Quantity (USDT)').inputValue()).toBe('');

    // Staff approve it in the dashboard.
    await staff.page.getByRole('tab', { name: 'Requests' }).click();
    const deposit = staff.page.getByRole('listitem', { name: `Deposit of 200 USDT by ${user.email}` });
    await deposit.getByText(ADDRESSES.ERC20).waitFor();
    await deposit.getByRole('button', { name: 'Approve' }).click();
    await staff.page
      .getByRole('dialog', { name: 'Approve transaction' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await deposit.waitFor({ state: 'detached' });
    await staff.page.getByText(MSG.noPendingTransactions).waitFor();

    // The user sees the balance, opens it and transfers 50 to lever.
    await page.goto('/assets');
    const usdt = page.getByRole('link', { name: /^USDT/ });
    await usdt.filter({ hasText: '200' }).waitFor();
    await usdt.click();
    await expectPath(page, '/asset/funding/USDT');
    await balanceShown(page, '200');
    await page.getByRole('link', { name: 'Transfer' }).click();
    await expectPath(page, '/transfer/USDT');
    await page.getByLabel('Amount').fill('50');
    await page.getByRole('button', { name: 'Transfer' }).click();
    await expectPath(page, '/asset/funding/USDT');
    await balanceShown(page, '150');
    await page.goto('/assets?wallet=lever');
    await page.getByRole('link', { name: /^USDT/ }).filter({ hasText: '50' }).waitFor();

    // A withdrawal needs a transaction password: the form links to setting one.
    await page.goto('/asset/funding/USDT');
    await page.getByRole('link', { name: 'Withdraw' }).click();
    await page.getByRole('link', { name: 'Set a transaction password' }).click();
    await expectPath(page, '/safety/transaction-password');
    await page.getByLabel('New transaction password').fill('246810');
    await page.getByLabel('Confirm password').fill('246810');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByRole('button', { name: MSG.otpSentLabel }).waitFor();
    await page.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectPath(page, '/withdrawal/USDT');
    await page.getByText('Available: 150 USDT').waitFor();
    await page.getByRole('link', { name: 'Set a transaction password' }).waitFor({ state: 'detached' });

    // The user withdraws 100: held at once, pending review.
    await page.getByLabel('Withdrawal address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await page.getByLabel('Amount').fill('100');
    expect(await page.getByLabel('USDT value').inputValue()).toBe('100.00');
    await page.getByText('99 USDT').waitFor();
    await page.getByLabel('Transaction password').fill('246810');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    // See docs/decisions/0029-withdrawal-networks.md: sent only from the confirmation sheet.
    await page
      .getByRole('dialog', { name: 'Confirm withdrawal' })
      .getByRole('button', { name: 'Confirm withdrawal' })
      .click();
    // After Confirm, the withdrawal's status screen (docs/decisions/0062-money-screens.md); back to the asset.
    await page.waitForURL((url) => url.pathname.startsWith('/withdrawal-status/'));
    await page.goto('/asset/funding/USDT');
    await balanceShown(page, '50');
    await page.getByRole('listitem').filter({ hasText: 'Withdrawal' }).filter({ hasText: 'Pending' }).waitFor();

    // Staff reject it; the funds come back.
    await staff.page.reload();
    const withdrawal = staff.page.getByRole('listitem', { name: `Withdrawal of 100 USDT by ${user.email}` });
    await withdrawal.getByText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t').waitFor();
    await withdrawal.getByRole('button', { name: 'Reject' }).click();
    // Reject asks for the reason the user reads (docs/decisions/0062-money-screens.md).
    const reject = staff.page.getByRole('dialog', { name: 'Reject transaction' });
    await reject.getByLabel('Reason for rejecting').fill('Unknown destination');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await staff.page.getByText(MSG.noPendingTransactions).waitFor();

    await page.reload();
    await balanceShown(page, '150');
    await page.goto('/entrustment-history?tab=revoked');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Withdrawal' })
      .filter({ hasText: 'Rejected' })
      .filter({ hasText: 'Reason: Unknown destination' })
      .waitFor();

    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('150');
    expect(await balanceOf(suite.app, user, 'lever', 'USDT')).toBe('50');
    await expectLedgerBalanced(suite.app);
    expect(trader.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await trader.context.close();
    await staff.context.close();
  });
});
