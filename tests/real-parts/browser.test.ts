/**
 * Proven with real parts (docs/decisions/0038-operations.md): a trader's sign-up, deposit, trade and chat in Debian's chromium,
 * through HAProxy in front of three instances (scripts/real-parts.sh). Every request of the page is
 * balanced round robin, so the steps are served by different instances on the one database; the
 * sign-up code is read from the outbox all instances share. Staff act over the API.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingTransaction } from '../../src/shared/api/wallet.js';
import { MSG } from '../../src/shared/messages.js';
import { launchBrowser, newPhonePage } from '../e2e/helpers/browser.js';
import { expectPath, logInThroughUi } from '../e2e/helpers/ui.js';
import { call, env, expectStatus, mailedCode, staff, uniqueEmail } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe(`the trader's flow through the balancer (${env.transport} transport)`, () => {
  it('signs up with the mailed code, deposits, opens a trade and chats with staff', async () => {
    const { page, context, errors } = await newPhonePage(browser, env.balancer);
    const servedBy = new Set<string>();
    page.on('response', (response) => {
      const instance = response.headers()['x-served-by'];
      if (instance) servedBy.add(instance);
    });
    const email = uniqueEmail();
    const password = 'correct horse 1';

    // Sign-up: the code comes from whichever instance sent it, through the shared outbox.
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(MSG.otpSent).waitFor();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Verification code').fill(await mailedCode(email));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Account created successfully').waitFor();
    await expectPath(page, '/login');
    await logInThroughUi(page, { email, password });
    await expectPath(page, '/home');

    // Deposit, approved by staff.
    await page.goto('/deposit');
    await page.getByLabel('Quantity (USDT)').fill('200');
    await page.getByLabel('Payment address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(MSG.depositSent).waitFor();
    const admin = await staff();
    const queue = expectStatus(
      await call<PendingTransaction[] | { results: PendingTransaction[] }>(
        'GET',
        '/api-v3/admin/pending-transactions/',
        {
          token: admin.token,
        },
      ),
      200,
      'pending transactions',
    ).body;
    const deposit = (Array.isArray(queue) ? queue : queue.results).find((row) => row.user_email === email);
    expect(deposit).toMatchObject({ transaction_type: 'deposit', amount: '200' });
    expectStatus(
      await call('POST', `/api-v3/admin/transactions-verification/?transaction_id=${deposit!.transaction_id}`, {
        token: admin.token,
        body: { action: 'approve' },
      }),
      200,
      'approve',
    );

    // 100 to the lever wallet, and a long opened there.
    await page.goto('/transfer/USDT');
    await page.getByText('Available: 200 USDT').waitFor();
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Transfer' }).click();
    await page.waitForURL((url) => url.pathname !== '/transfer/USDT');
    await page.goto('/lever');
    await page
      .getByTestId('lever-balance')
      .filter({ hasText: /^100\.00 USDT$/ })
      .waitFor();
    await page.getByLabel('Hands', { exact: true }).fill('0.01');
    await page.getByRole('button', { name: 'Buy (long)' }).click();
    await page.getByRole('dialog', { name: 'Confirm a 100X order' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').getByText('Trade opened').waitFor();
    await page
      .getByRole('list', { name: 'Positions' })
      .getByRole('listitem', { name: /BTC\/USDT long 0\.01 hands/ })
      .waitFor();

    // Chat: the user writes, staff answer, the user sees the answer.
    await page.goto('/support');
    await page.getByRole('button', { name: 'Transfer to manual service' }).click();
    await page.getByRole('button', { name: 'Connect to Human Support' }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from behind the balancer');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('[data-testid="chat-message"][data-mine="true"]')
      .getByText('Hello from behind the balancer')
      .waitFor();
    expectStatus(
      await call('POST', '/api-v2/messages/', {
        token: admin.token,
        body: { session_id: sessionId, text: 'Hello Grace, all three of us see you' },
      }),
      201,
      'staff reply',
    );
    await page
      .locator('[data-testid="chat-message"][data-mine="false"]')
      .getByText('Hello Grace, all three of us see you')
      .waitFor();

    // The page was served by every instance, not pinned to one.
    expect(servedBy).toEqual(new Set(['instance-1', 'instance-2', 'instance-3']));
    expect(errors).toEqual([]);
    await context.close();
  });
});
