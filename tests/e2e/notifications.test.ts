/**
 * The Home bell in a real browser (docs/decisions/0034-notifications.md): staff approve a deposit, the bell's
 * badge shows 1 without a reload, opening the list shows the notification and marks it read, and the
 * badge is gone; the bonus schedule is still one tap away. With SCREENSHOTS set, the list in both
 * themes at 390x844.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staff } from '../helpers/money.js';
import { postForm } from '../helpers/multipart.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { SCHEMES, describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import type { WebAppSuite } from './helpers/suite.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';
import { ADDRESSES } from '../helpers/addresses.js';

async function approvedDeposit(suite: WebAppSuite, user: TestUser, amount: string) {
  const deposit = await call(suite.app, 'POST', '/api-v1/recharge/', {
    token: user.token,
    body: { amount, payment_address: ADDRESSES.TRC20 },
  });
  expect(deposit.status).toBe(201);
  const approve = await call(
    suite.app,
    'POST',
    `/api-v3/admin/transactions-verification/?transaction_id=${deposit.body.transaction.transaction_id}`,
    { token: (await staff(suite.app)).token, body: { action: 'approve' } },
  );
  expect(approve.status).toBe(200);
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notifications-badge');
/** The badge's number, or null while there is none (no badge at 0). */
const badgeText = async (page: Page) => ((await badge(page).count()) === 0 ? null : badge(page).textContent());

describe('the Home bell', () => {
  // Bonuses on, so the schedule the list opens shows docs/product.md section 9's tiers (a deposit
  // of 150 earns none: the only notification is the approval).
  const suite = webAppSuite({ config: { bonusesDefault: true } });

  it('deposit approved by staff -> badge 1 -> open the list -> read -> badge gone', async () => {
    const user = await signUp(suite.app);
    const { page, context, errors } = await suite.phone();
    const pushed: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"notifications@user.')) pushed.push(String(payload));
      }),
    );
    await storeSession(page, user.login);
    await page.goto('/home');
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await badge(page).count()).toBe(0);
    // The stream's first frame: the push is live.
    await expect.poll(() => pushed.length, { timeout: 10_000 }).toBeGreaterThan(0);

    await approvedDeposit(suite, user, '150');
    // Pushed on the app's socket (or, were it down, the next poll): no reload.
    await expect.poll(() => badgeText(page), { timeout: 15_000 }).toBe('1');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 1 new');

    await bell(page).click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    const item = sheet.getByRole('listitem').filter({ hasText: 'Deposit approved' });
    await item.waitFor();
    await item.getByText('Your deposit of 150 USDT has been credited to your funding wallet.').waitFor();
    // Shown is read: the server says so, and the badge is gone.
    await expect
      .poll(async () => (await call(suite.app, 'GET', '/api-v1/notifications/', { token: user.token })).body.unread)
      .toBe(0);
    await badge(page).waitFor({ state: 'detached' });
    // Still marked new while the list is open.
    expect(await item.textContent()).toContain('New');

    // The bonus schedule stays one tap away.
    await sheet.getByRole('button', { name: 'Bonus schedule' }).click();
    await page.getByRole('dialog', { name: 'Bonus schedule' }).getByText('New-user recharge bonus').waitFor();
    await page.keyboard.press('Escape');

    // After a reload: no badge, the notification listed as read.
    await page.reload();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await badge(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describeScreenshots(
  'notifications screenshots',
  (suite) => {
    it.each(SCHEMES)('the bell list (%s)', async (scheme) => {
      const user = await signUp(suite.app);
      await approvedDeposit(suite, user, '250');
      const chat = await call(suite.app, 'POST', '/api-v2/chats/', { token: user.token });
      const reply = await postForm(
        suite.app,
        '/api-v2/messages/',
        { session_id: chat.body.session_id, text: 'Your deposit is credited. Anything else we can help with?' },
        { token: (await staff(suite.app)).token },
      );
      expect(reply.status).toBe(201);
      const { page, context } = await suite.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      await page.goto('/home');
      await expect.poll(() => badgeText(page), { timeout: 15_000 }).toBe('2');
      await shot(page, `notifications-bell-${scheme}`);
      await bell(page).click();
      await page.getByRole('dialog', { name: 'Notifications' }).getByText('Deposit approved').waitFor();
      await shot(page, `notifications-list-${scheme}`);
      await context.close();
    });
  },
  {},
);
