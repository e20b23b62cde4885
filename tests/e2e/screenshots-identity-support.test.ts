/**
 * Screenshots of the identity and support screens at phone size, light and dark, for a person to
 * look at. Runs only when SCREENSHOTS names a folder:
 * SCREENSHOTS=.tmp npx vitest run --project e2e tests/e2e/screenshots-identity-support.test.ts
 */
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/shared/constants.js';
import { padTo, png } from '../helpers/images.js';
import { call, createAdmin, signUp } from '../helpers/users.js';
import { tempFiles } from './helpers/files.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

/** A real, decodable PNG: a diagonal gradient between two colours, so previews look like photos. */
function gradientPng(width: number, height: number, from: number[], to: number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const f = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * f);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeScreenshots('screenshots of identity and support', (suite) => {
  const files = tempFiles();
  afterAll(async () => {
    files.remove();
  });

  for (const scheme of SCHEMES) {
    it(`identity and support (${scheme})`, async () => {
      const front = files.write('front.png', gradientPng(320, 200, [30, 111, 255], [120, 200, 255]));
      const back = files.write('back.png', gradientPng(320, 200, [14, 160, 120], [200, 240, 200]));
      const selfie = files.write('selfie.png', gradientPng(200, 260, [240, 185, 11], [250, 120, 60]));
      const user = await signUp(suite.app, { first_name: 'Ada', last_name: 'Lovelace' });
      const admin = await createAdmin(suite.app);
      const trader = await suite.phone(screenOptions(scheme));
      const staff = await suite.phone(screenOptions(scheme));
      const { page } = trader;
      await trader.context.grantPermissions(['clipboard-read', 'clipboard-write']);

      await logInThroughUi(page, user);
      await page.goto('/identity-verification');
      await page.getByRole('link', { name: 'Fill in' }).waitFor();
      await shot(page, `${scheme}-identity-none`);
      await page.getByRole('link', { name: 'Fill in' }).click();
      await page.getByRole('button', { name: 'confirm' }).click();
      await shot(page, `${scheme}-identity-form-errors`, { fullPage: true });
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('ID card front', { exact: true }).setInputFiles(front);
      await page.getByLabel('ID card back', { exact: true }).setInputFiles(back);
      await page
        .getByLabel('Photo holding your ID', { exact: true })
        .setInputFiles(files.write('huge.png', padTo(png(), MAX_IMAGE_BYTES + 1)));
      await shot(page, `${scheme}-identity-form-filled`, { fullPage: true });
      await page.getByLabel('Photo holding your ID', { exact: true }).setInputFiles(selfie);
      await page.getByRole('button', { name: 'confirm' }).click();
      await page.getByText('Verification submitted successfully!').waitFor();
      await shot(page, `${scheme}-identity-submitted`);
      await page.waitForURL((url) => url.pathname === '/identity-verification');
      await page.getByText('Under Review').first().waitFor();
      await shot(page, `${scheme}-identity-under-review`);

      await logInThroughUi(staff.page, admin);
      await staff.page.getByText('No active chats').waitFor();
      await shot(staff.page, `${scheme}-admin-chats-empty`);
      await staff.page.getByRole('tab', { name: 'Requests' }).click();
      await staff.page.getByRole('button', { name: 'Details' }).first().waitFor();
      await shot(staff.page, `${scheme}-admin-requests`);
      await staff.page.getByRole('button', { name: 'Details' }).first().click();
      await staff.page.getByRole('img', { name: 'Selfie' }).waitFor();
      await staff.page.waitForTimeout(300);
      await shot(staff.page, `${scheme}-admin-verification-details`);
      await staff.page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
      await staff.page.getByLabel('Reason').fill('The photo of the ID back is blurred');
      await shot(staff.page, `${scheme}-admin-reject`);
      await staff.page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
      await staff.page.getByText('No unverified users').waitFor();
      await shot(staff.page, `${scheme}-admin-requests-empty`);

      await page.reload();
      await page.getByText('The photo of the ID back is blurred').waitFor();
      await shot(page, `${scheme}-identity-rejected`);

      // Support.
      await page.goto('/support');
      await page.getByRole('button', { name: 'Platform recharge address' }).click();
      await page.getByRole('button', { name: 'Copy ERC20 address' }).click();
      await page.getByRole('button', { name: 'Copied!' }).waitFor();
      await shot(page, `${scheme}-support-faq`);
      await page.getByRole('button', { name: 'Where is my balance?' }).click();
      await page.getByRole('button', { name: 'Transfer to manual service' }).click();
      await page.getByText(/Support hours are/).waitFor();
      await page.waitForTimeout(500);
      await shot(page, `${scheme}-support-faq-more`);

      await page.getByRole('button', { name: 'Connect to Human Support' }).click();
      await page.waitForURL(/\/chat\//);
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('Hello, my recharge of 200 USDT has not arrived yet.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Hello, my recharge').waitFor();
      await page.getByLabel('Image file').setInputFiles(front);
      await message.fill('Here is the receipt <b>not bold</b>');
      await shot(page, `${scheme}-chat-attach`);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('img', { name: 'Sent image' }).waitFor();
      await page.getByRole('button', { name: 'Emoji' }).click();
      await shot(page, `${scheme}-chat-emoji`);
      await page.getByRole('dialog', { name: 'Emoji' }).getByRole('button', { name: '🙏' }).click();
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByLabel('Image file').setInputFiles(files.write('huge.png', padTo(png(), MAX_IMAGE_BYTES + 1)));
      await page.getByRole('alert').waitFor();
      await shot(page, `${scheme}-chat-user`);

      // Staff: the card, the chat, an answer.
      await staff.page.getByRole('tab', { name: 'Chats' }).click();
      const other = await signUp(suite.app, { first_name: 'Bob', last_name: 'Stone' });
      const { body } = await call(suite.app, 'POST', '/api-v2/chats/', { token: other.token, body: {} });
      await call(suite.app, 'POST', '/api-v2/messages/', {
        token: other.token,
        body: { session_id: body.session_id, text: 'How long does a withdrawal take? I sent it an hour ago.' },
      });
      await staff.page.getByRole('link').filter({ hasText: 'Ada Lovelace' }).waitFor();
      await staff.page.waitForTimeout(5_500);
      await shot(staff.page, `${scheme}-admin-chats`);
      await staff.page.getByRole('link').filter({ hasText: 'Ada Lovelace' }).click();
      await staff.page.getByText('Active Chat Session').waitFor();
      await staff.page.getByRole('textbox', { name: 'Message' }).fill('Hi Ada, I am checking your recharge now 🙂');
      await staff.page.getByRole('button', { name: 'Send' }).click();
      await staff.page.getByText('Hi Ada, I am checking').waitFor();
      await staff.page.waitForTimeout(500);
      await shot(staff.page, `${scheme}-admin-chat`);

      await page.getByText('Hi Ada, I am checking').waitFor({ timeout: 8_000 });
      await page.getByRole('button', { name: 'Enlarge image' }).click();
      await page.waitForTimeout(300);
      await shot(page, `${scheme}-chat-image`);
      await page.keyboard.press('Escape');
      await staff.page.getByRole('button', { name: 'End Chat' }).click();
      await page.getByText('This chat has ended').waitFor({ timeout: 8_000 });
      await shot(page, `${scheme}-chat-ended`);

      // The next colour scheme starts from an empty chat desk.
      const open = await call(suite.app, 'GET', '/api-v2/support/latest-messages/', { token: admin.token });
      for (const messages of Object.values(open.body as Record<string, Array<{ session: string }>>)) {
        await call(suite.app, 'POST', '/api-v2/close-chat/', {
          token: admin.token,
          body: { session_id: messages[0]!.session },
        });
      }
      await trader.context.close();
      await staff.context.close();
    });
  }
});
