/**
 * Support in two browsers (docs/decisions/0004-support-chat-and-faq.md): a user asks the FAQ bot, copies a deposit address, connects
 * to a person and writes text, an emoji and a picture; staff see the chat card, answer, and end the
 * chat; the user sees the answer and that the chat ended. Text that looks like HTML stays text.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import { padTo, png } from '../helpers/images.js';
import { createAdmin, signUp } from '../helpers/users.js';
import { tempFiles } from './helpers/files.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, signIn, storeSession } from './helpers/ui.js';

const suite = webAppSuite();
const files = tempFiles();
afterAll(async () => {
  files.remove();
});

const HTML_TEXT = '<script>window.__injected = true</script><b>bold?</b> <img src=x onerror="window.__injected=true">';

describe('support', () => {
  it('takes a user from the FAQ bot to a conversation with staff, until staff end it', async () => {
    const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
    const trader = await suite.phone();
    const staff = await suite.phone();
    await trader.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { page } = trader;

    // The FAQ bot: the question and its answer as bubbles, addresses with a copy button.
    await storeSession(page, user.login);
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Customer Support' }).waitFor();
    await page.getByRole('button', { name: 'Platform recharge address' }).click();
    const answer = page.getByTestId('bot-answer');
    await answer.getByText('ERC20').waitFor();
    await answer.getByText('TRC20').waitFor();
    // Only the networks the Deposit screen offers for USDT (docs/decisions/0054-fiat-orders.md).
    expect(await answer.getByText('BTC', { exact: true }).count()).toBe(0);
    await answer.getByText(suite.app.config.depositAddresses.TRC20).waitFor();
    await answer.getByRole('button', { name: 'Copy TRC20 address' }).click();
    await answer.getByRole('button', { name: MSG.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(suite.app.config.depositAddresses.TRC20);
    // 'Copied!' lasts two seconds.
    await answer.getByRole('button', { name: 'Copy TRC20 address' }).waitFor({ timeout: 4_000 });

    await page.getByRole('button', { name: 'Transfer to manual service' }).click();
    await page.getByText(/Support hours are 10:00am-10:00pm EST/).waitFor();

    // A person: the chat opens on its own address.
    await page.getByRole('button', { name: 'Connect to Human Support' }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatPath = new URL(page.url()).pathname;
    const message = page.getByRole('textbox', { name: 'Message' });
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send.isDisabled()).resolves.toBe(true);

    await message.fill('Hello, my recharge has not arrived');
    await send.click();
    const mine = page.locator('[data-testid="chat-message"][data-mine="true"]');
    await mine.getByText('Hello, my recharge has not arrived').waitFor();
    await expect(message.inputValue()).resolves.toBe('');

    // An emoji from the picker; it closes after the pick and goes into the text.
    await page.getByRole('button', { name: 'Emoji' }).click();
    const picker = page.getByRole('dialog', { name: 'Emoji' });
    await expect(picker.boundingBox()).resolves.toMatchObject({ width: 350, height: 450 });
    await picker.getByRole('button', { name: '👍' }).click();
    await picker.waitFor({ state: 'detached' });
    await expect(message.inputValue()).resolves.toBe('👍');
    await send.click();
    await mine.getByText('👍', { exact: true }).waitFor();
    // It is remembered as recent.
    await page.getByRole('button', { name: 'Emoji' }).click();
    await picker.getByRole('region', { name: 'Recent' }).getByRole('button', { name: '👍' }).waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });

    // A picture: too big is refused at once; a good one is previewed, removable, and sent.
    const imageInput = page.getByLabel('Image file');
    await imageInput.setInputFiles(files.write('big.png', padTo(png(), MAX_IMAGE_BYTES + 1)));
    await page.getByRole('alert').getByText(MSG.fileTooLarge).waitFor();
    await imageInput.setInputFiles(files.write('receipt.png', png(48, 48)));
    await page.getByRole('img', { name: 'Image to send' }).waitFor();
    await page.getByRole('button', { name: 'Remove image' }).click();
    await page.getByRole('img', { name: 'Image to send' }).waitFor({ state: 'detached' });
    await imageInput.setInputFiles(files.write('receipt.png', png(48, 48)));
    await expect(send.isDisabled()).resolves.toBe(false);
    await send.click();
    await mine.getByRole('img', { name: 'Sent image' }).waitFor();
    await mine.getByRole('button', { name: 'Enlarge image' }).click();
    await page.getByRole('dialog', { name: 'Image' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Image' }).waitFor({ state: 'detached' });

    // Text that looks like HTML is shown as it was typed, and nothing runs.
    await message.fill(HTML_TEXT);
    await send.click();
    await mine.getByText(HTML_TEXT, { exact: true }).waitFor();

    // Staff: the chat card, then the conversation with the user's messages on the left.
    await signIn(staff.page, await createAdmin(suite.app));
    const card = staff.page.getByRole('link').filter({ hasText: 'Grace Hopper' });
    await card.getByText('4', { exact: true }).waitFor();
    await card.getByText('bold?', { exact: false }).waitFor();
    await card.click();
    await staff.page.waitForURL(/\/admin\/chat\//);
    await staff.page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await staff.page.getByText('Active Chat Session').waitFor();
    const theirs = staff.page.locator('[data-testid="chat-message"][data-mine="false"]');
    await theirs.getByText('Hello, my recharge has not arrived').waitFor();
    await theirs.getByText(HTML_TEXT, { exact: true }).waitFor();
    await theirs.getByRole('img', { name: 'Sent image' }).waitFor();

    await staff.page.getByRole('textbox', { name: 'Message' }).fill('Hi Grace, I am checking your recharge now.');
    await staff.page.getByRole('button', { name: 'Send' }).click();
    const staffSide = staff.page.locator('[data-testid="chat-message"][data-mine="true"]');
    await staffSide.getByText('Hi Grace, I am checking your recharge now.').waitFor();

    // The user sees the answer on the left within a poll.
    const fromStaff = page.locator('[data-testid="chat-message"][data-mine="false"]');
    await fromStaff.getByText('Hi Grace, I am checking your recharge now.').waitFor({ timeout: 8_000 });

    // Staff end the chat: back to an empty dashboard; the user sees it ended and cannot send.
    await staff.page.getByRole('button', { name: 'End Chat' }).click();
    await expectPath(staff.page, '/admin/dashboard');
    await staff.page.getByText(MSG.noActiveChats).waitFor();
    await page.getByText(MSG.chatEnded).waitFor({ timeout: 8_000 });
    await expect(message.isDisabled()).resolves.toBe(true);
    await expect(send.isDisabled()).resolves.toBe(true);

    for (const p of [page, staff.page]) {
      expect(await p.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
      expect(await p.locator('[data-testid="chat-message"] b, [data-testid="chat-message"] script').count()).toBe(0);
    }
    // Back goes to Support.
    expect(new URL(page.url()).pathname).toBe(chatPath);
    await page.getByRole('button', { name: 'Back' }).click();
    await expectPath(page, '/support');

    expect(trader.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await trader.context.close();
    await staff.context.close();
  });
});
