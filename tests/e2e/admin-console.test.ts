/**
 * The staff console's Users and Settings views in a real browser (docs/decisions/0009-pages-staff-console-pwa.md): the menu switches the
 * view (kept in the address), staff find a user and read their wallets, edit the USDO price and an
 * FAQ answer, users get the change, and the audit log shows who did it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../helpers/money.js';
import { createAdmin, signUp, uniqueEmail, type TestUser } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const suite = webAppSuite();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(suite.app);
});

async function staffPage() {
  const phone = await suite.phone();
  await storeSession(phone.page, admin.login);
  await phone.page.goto('/admin/dashboard');
  await phone.page.getByRole('button', { name: 'Open menu' }).waitFor();
  return phone;
}

async function openFromMenu(page: Page, item: 'Dashboard' | 'Users' | 'Settings') {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Support Dashboard' }).getByRole('button', { name: item }).click();
}

/** What a logged-in user's browser gets from the API with their own token. */
function asUser(page: Page, user: TestUser, path: string, body?: unknown) {
  return page.evaluate(
    async ({ path, token, body }) => {
      const res = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json() as Promise<Record<string, unknown>>;
    },
    { path, token: user.token, body },
  );
}

describe('staff console', () => {
  it('switches between Dashboard, Users and Settings from the menu, kept in the address', async () => {
    const { page, errors } = await staffPage();
    await openFromMenu(page, 'Users');
    await page.waitForURL((url) => url.searchParams.get('view') === 'users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByLabel('Search users').waitFor();

    await openFromMenu(page, 'Settings');
    await page.waitForURL((url) => url.searchParams.get('view') === 'settings');
    await page.getByRole('form', { name: 'USDO price' }).waitFor();
    await page.reload();
    await page.getByRole('form', { name: 'USDO price' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const settingsItem = page.getByRole('dialog').getByRole('button', { name: 'Settings' });
    await expect.poll(() => settingsItem.getAttribute('aria-current')).toBe('page');
    await page.getByRole('dialog').getByRole('button', { name: 'Dashboard' }).click();
    await page.getByRole('tab', { name: 'Chats' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.goBack();
    await page.getByRole('form', { name: 'USDO price' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("finds a user, pages through the list, and reads the user's wallets read only", async () => {
    const tag = `e2epage${Date.now().toString(36)}`;
    for (let batch = 0; batch < 3; batch++) {
      await Promise.all(
        Array.from({ length: 7 }, (_, i) => signUp(suite.app, { email: uniqueEmail(`${tag}-${batch}-${i}`) })),
      );
    }
    const trader = await signUp(suite.app, {
      email: uniqueEmail(`${tag}-rich`),
      first_name: 'Rita',
      last_name: 'Rich',
    });
    await grant(suite.app, trader, 'lever', 'USDT', '1234.5');
    await grant(suite.app, trader, 'second', 'BTC', '0.75');

    const { page, errors } = await staffPage();
    await page.goto('/admin/dashboard?view=users');
    await page.getByLabel('Search users').fill(tag);
    await page.getByText('22 users').waitFor();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(2);
    await page.reload();
    await page.getByText('Page 2 of 2').waitFor();

    await page.getByLabel('Search users').fill(trader.email);
    await page.getByText('1 user', { exact: true }).waitFor();
    await page.getByRole('button', { name: /Rita Rich/ }).click();
    await page.waitForURL((url) => url.searchParams.get('user') === String(trader.id));
    await page.getByRole('heading', { name: 'Rita Rich' }).waitFor();
    const lever = page.locator('div', { has: page.getByRole('heading', { name: 'Leverage Account' }) }).last();
    await lever.getByText('1,234.5').waitFor();
    const contract = page.locator('div', { has: page.getByRole('heading', { name: 'Contract Account' }) }).last();
    await contract.getByText('0.75').waitFor();
    await expect(page.getByRole('textbox').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'All users' }).click();
    await page.getByText('1 user', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('edits the USDO price and an FAQ answer; users get both, and the audit log names the staff member', async () => {
    const user = await signUp(suite.app);
    const { page: userPage } = await suite.phone();
    await storeSession(userPage, user.login);
    expect(await asUser(userPage, user, '/api-v1/default-currency/')).toEqual({ currency: 'USDO', price: '1' });

    const { page, errors } = await staffPage();
    await page.goto('/admin/dashboard?view=settings');
    const priceForm = page.getByRole('form', { name: 'USDO price' });
    const priceField = priceForm.getByLabel('Price of 1 USDO in USDT');
    await priceField.fill('-2');
    await priceForm.getByRole('button', { name: 'Save price' }).click();
    await priceForm.getByText('Price must be a positive number').waitFor();
    await priceField.fill('1.0750');
    await priceForm.getByRole('button', { name: 'Save price' }).click();
    await priceForm.getByText('USDO price set to 1.075 USDT').waitFor();
    expect(await asUser(userPage, user, '/api-v1/default-currency/')).toEqual({ currency: 'USDO', price: '1.075' });

    const newAnswer = 'Open Assets to see every balance. Updated by staff in the console.';
    const faqForm = page.getByRole('form', { name: 'Where is my balance?' });
    await faqForm.getByLabel('Answer').fill(newAnswer);
    await faqForm.getByRole('button', { name: 'Save answer' }).click();
    await faqForm.getByText('FAQ entry saved').waitFor();
    const answered = await asUser(userPage, user, '/api-v2/question-answer/', { question: 'Where is my balance?' });
    expect(answered).toMatchObject({ answers: [{ answer: newAnswer }] });

    // The recharge-address answer must keep its address marker.
    const recharge = page.getByRole('form', { name: 'Platform recharge address' });
    await recharge.getByLabel('Answer').fill('Ask customer service.');
    await recharge.getByRole('button', { name: 'Save answer' }).click();
    await recharge.getByText('must keep {{deposit_addresses}}').first().waitFor();

    await page.goto('/admin/dashboard?view=users&section=audit');
    const entries = page.getByRole('listitem');
    await entries.first().getByText('faq.update').waitFor();
    await entries.first().getByText(admin.email, { exact: false }).waitFor();
    await entries.first().getByText(newAnswer, { exact: false }).waitFor();
    await entries.nth(1).getByText('settings.usdo_price').waitFor();
    await entries.nth(1).getByText('price: 1.075').waitFor();
    expect(errors).toEqual([]);
  });
});
