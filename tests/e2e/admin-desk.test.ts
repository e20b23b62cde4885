/**
 * The staff console at a desk (docs/architecture.md "Staff console at a desk") in a real
 * browser: at 1280x800 the side navigation stays visible, the console uses the width, the users
 * table sorts and pages, a deposit is approved from the pending transactions table, and the chat
 * list sits beside the open conversation. At 390x844 the phone layout is unchanged.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import { balanceOf, grant } from '../helpers/money.js';
import { postForm } from '../helpers/multipart.js';
import { call, createAdmin, signUp, uniqueEmail, type TestUser } from '../helpers/users.js';
import { DESK } from './helpers/browser.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const suite = webAppSuite();
let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(suite.app);
});

async function staffAt(viewport?: typeof DESK, path = '/admin/dashboard') {
  const opened = await suite.phone(viewport ? { viewport } : {});
  await storeSession(opened.page, admin.login);
  await opened.page.goto(path);
  return opened;
}

/** The texts of a table column, top to bottom. */
const columnTexts = (page: Page, table: string, column: number) =>
  page
    .getByRole('table', { name: table })
    .locator(`tbody tr td:nth-child(${column})`)
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()));

describe('at a desk (1280x800)', () => {
  it('keeps the side navigation visible, uses the width, and the users table sorts, filters and pages', async () => {
    const tag = `desk${Date.now().toString(36)}`;
    // Straight into the database: signing 22 people up through the API costs seconds for nothing here.
    await suite.app.db.insert(users).values(
      Array.from({ length: 22 }, (_, i) => ({
        uniqueid: `U${tag}${i}`,
        email: `${tag}-${String.fromCharCode(97 + i)}@example.com`,
        passwordHash: 'x',
        firstName: `N${i}`,
        lastName: 'Desk',
        promotionCode: `P${tag}${i}`,
      })),
    );
    const { page, errors } = await staffAt(DESK);
    const nav = page.getByRole('navigation', { name: 'Staff menu' });
    await nav.getByRole('button', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    const panel = await page.getByRole('tabpanel').boundingBox();
    expect(panel!.width).toBeGreaterThan(900);

    await nav.getByRole('button', { name: 'Users' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'users');
    // The address changes before the menu re-renders: polled, not read once.
    await expect.poll(() => nav.getByRole('button', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    await page.getByLabel('Search users').fill(tag);
    await page.getByText('22 users').waitFor();
    await page.getByText('Page 1 of 2').waitFor();

    // Sorting by email: ascending, then descending; kept in the address.
    const emailHeader = page.getByRole('columnheader', { name: 'Email' });
    await emailHeader.getByRole('button').click();
    await expect.poll(() => emailHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => columnTexts(page, 'Users', 2).then((t) => t[0])).toBe(`${tag}-a@example.com`);
    await emailHeader.getByRole('button').click();
    await expect.poll(() => emailHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => columnTexts(page, 'Users', 2).then((t) => t[0])).toBe(`${tag}-v@example.com`);
    expect(new URL(page.url()).searchParams.get('order')).toBe('desc');

    // The second page holds the last two of the sorted list.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => columnTexts(page, 'Users', 2)).toEqual([`${tag}-b@example.com`, `${tag}-a@example.com`]);

    // The role filter: no staff among them.
    await page.getByLabel('Role').selectOption('staff');
    await page.getByText('No users found').waitFor();
    expect(errors).toEqual([]);
  });

  it('approves a deposit from the pending transactions table', async () => {
    const user = await signUp(suite.app, { email: uniqueEmail('deskdeposit-with-a-long-address') });
    const asked = await call(suite.app, 'POST', '/api-v1/recharge/', {
      token: user.token,
      // The longest details a row shows: an ERC20 sender and its transaction hash.
      body: {
        amount: '150',
        payment_address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
        network: 'ERC20',
        tx_hash: `0x${'ab'.repeat(32)}`,
      },
    });
    expect(asked.status).toBe(201);

    const { page, errors } = await staffAt(DESK, '/admin/dashboard?tab=requests');
    const table = page.getByRole('table', { name: 'Pending Transactions' });
    await page.getByLabel('User email').fill(user.email);
    const row = table.getByRole('row').filter({ hasText: user.email });
    await row.getByText(/0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063/).waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(2); // the header and this deposit
    // At 1280 px Approve is in sight as the page opens, not only after scrolling the table sideways
    // (a click would scroll to it, so the box is read first).
    const approve = await row.getByRole('button', { name: 'Approve' }).boundingBox();
    expect(approve!.x + approve!.width).toBeLessThanOrEqual(DESK.width);
    expect(await table.evaluate((el) => el.parentElement!.scrollLeft)).toBe(0);
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve transaction' }).getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });
    await table.getByText('No pending transactions').waitFor();
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('150');
    // The unverified users are a table too.
    await page.getByRole('table', { name: 'Unverified Users' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the chat list beside the open conversation', async () => {
    const user = await signUp(suite.app, { first_name: 'Desk', last_name: 'Chatter' });
    const sessionId = (await call(suite.app, 'POST', '/api-v2/chats/', { token: user.token })).body.session_id;
    const sent = await postForm(
      suite.app,
      '/api-v2/messages/',
      { session_id: sessionId, text: 'Hello from the desk test' },
      { token: user.token },
    );
    expect(sent.status).toBe(201);
    await grant(suite.app, user, 'funding', 'USDT', '1234.5');

    const { page, errors } = await staffAt(DESK);
    const list = page.getByRole('list', { name: 'Active chats' });
    // The message in the conversation (its words are also the card's preview).
    const message = page.locator('[data-testid="chat-message"]', { hasText: 'Hello from the desk test' });
    await page.getByText('Choose a chat to open the conversation here.').waitFor();
    await list.getByRole('link', { name: /Desk Chatter/ }).click();
    await page.waitForURL((url) => url.searchParams.has('chat'));
    await message.waitFor();
    await page.getByRole('heading', { name: 'Desk Chatter', level: 1 }).waitFor();
    // Both panes at once, the list on the left.
    const listBox = (await list.boundingBox())!;
    const conversationBox = (await page.getByRole('textbox').boundingBox())!;
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(conversationBox.x);
    await expect.poll(() => list.getByRole('link', { name: /Desk Chatter/ }).getAttribute('aria-current')).toBe('page');
    // Beside the conversation, who it is: verification, what they hold, their latest transactions.
    const about = page.getByRole('complementary', { name: 'About this user' });
    await about.getByText(user.email).waitFor();
    await about.getByText('Unverified').waitFor();
    await about.getByText(/^1,?234\.5$/).waitFor();
    expect((await about.boundingBox())!.x).toBeGreaterThanOrEqual(conversationBox.x + conversationBox.width);
    await about.getByRole('link', { name: 'Open the whole profile' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('view') === 'users' && url.searchParams.get('user') === String(user.id),
    );
    await page.goBack();

    // A chat's own address opens the same two panes at a desk.
    const chatKey = new URL(page.url()).searchParams.get('chat')!;
    await page.goto(`/admin/chat/${encodeURIComponent(chatKey)}`);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard' && url.searchParams.get('chat') === chatKey);
    await message.waitFor();
    await list.waitFor();
    expect(errors).toEqual([]);
  });
});

describe('on a phone (390x844)', () => {
  it('keeps the phone layout: menu button and drawer, bottom tabs, cards, no tables', async () => {
    const { page, errors } = await staffAt(undefined, '/admin/dashboard?tab=requests');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByRole('heading', { name: 'Pending Requests' }).waitFor();
    await page.getByRole('heading', { name: 'Unverified Users' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Staff menu' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    const tabs = (await page.getByRole('navigation', { name: 'Dashboard' }).boundingBox())!;
    expect(tabs.y + tabs.height).toBeCloseTo(844, 0);

    await page.goto('/admin/dashboard?view=users');
    await page.getByLabel('Search users').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Support Dashboard' }).getByRole('button', { name: 'Settings' }).waitFor();
    expect(errors).toEqual([]);
  });
});
