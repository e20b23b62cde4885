/**
 * The chat desk shows what the user asked the FAQ bot before staff joined, above the conversation and
 * beside the user's context (docs/decisions/0064-staff-desk-and-language-fit.md), at 1280x800, in
 * English and in German staff, light and dark, axe clean. SHOTS=<folder> also writes screenshots.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../helpers/multipart.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { DESK } from './helpers/browser.js';
import { inLanguage } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// The rules of tests/e2e/a11y.test.ts: structure in light, colours in both themes.
const AXE_RUN = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } };
const AXE_RUN_DARK = { runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] } };

async function seriousAxeFindings(page: Page, options: object): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run(document, { ...options, resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n: { target: string[] }) => n.target.join(' ')).join(', ')}`);
  }, options);
}

const suite = webAppSuite();
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  admin = await createAdmin(suite.app);
  user = await signUp(suite.app, { first_name: 'Bot', last_name: 'Asker' });
  // The user reads the app in German: the bot answered in German, and that is what staff see.
  await call(suite.app, 'POST', '/api-v1/user/language/', { token: user.token, body: { language: 'de' } });
  for (const question of ['Where is my balance?', 'Frozen balance cannot transfer', 'qwertyuiop'])
    await call(suite.app, 'POST', '/api-v2/question-answer/', { token: user.token, body: { question } });
  const sessionId = (await call(suite.app, 'POST', '/api-v2/chats/', { token: user.token })).body.session_id;
  const sent = await postForm(
    suite.app,
    '/api-v2/messages/',
    { session_id: sessionId, text: 'Hallo, mein Guthaben ist eingefroren.' },
    { token: user.token },
  );
  expect(sent.status).toBe(201);
});

async function openDesk(language: 'en' | 'de', colorScheme: 'light' | 'dark') {
  const opened = await suite.phone({ viewport: DESK, colorScheme });
  await inLanguage(opened.context, language);
  await storeSession(opened.page, admin.login);
  await opened.page.goto('/admin/dashboard');
  await opened.page
    .getByRole('list')
    .getByRole('link', { name: /Bot Asker/ })
    .click();
  await opened.page.waitForURL((url) => url.searchParams.has('chat'));
  return opened;
}

describe('the bot’s conversation on the chat desk (1280x800)', () => {
  for (const [language, scheme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['de', 'light'],
    ['de', 'dark'],
  ] as const) {
    it(`shows what the user asked the bot before the chat (${language}, ${scheme})`, async () => {
      const { page, context, errors } = await openDesk(language, scheme);
      const bot = page.getByRole('region', {
        name: language === 'en' ? 'Before this chat, with the FAQ bot' : 'Vor diesem Chat, mit dem FAQ-Bot',
      });
      await bot.waitFor();
      const exchanges = bot.getByTestId('bot-exchange');
      await expect.poll(() => exchanges.count()).toBe(3);
      // The questions as asked, the answers as the user read them (German), the unanswered one marked.
      await exchanges.nth(0).getByText('Where is my balance?').waitFor();
      await exchanges
        .nth(0)
        .getByText(/^Ihre Guthaben finden Sie auf der Seite Vermögen/)
        .waitFor();
      await exchanges
        .nth(1)
        .getByText(/^Ein eingefrorenes Guthaben/)
        .waitFor();
      await exchanges
        .nth(2)
        .getByText(language === 'en' ? 'No answer found' : 'Keine Antwort gefunden')
        .waitFor();
      // Before the chat itself, in the conversation pane beside the user's context.
      const message = page.locator('[data-testid="chat-message"]', { hasText: 'mein Guthaben ist eingefroren' });
      await message.waitFor();
      expect((await bot.boundingBox())!.y).toBeLessThan((await message.boundingBox())!.y);
      const about = page.getByRole('complementary');
      await about.getByText(user.email).waitFor();
      expect((await about.boundingBox())!.x).toBeGreaterThan((await bot.boundingBox())!.x);

      expect(await seriousAxeFindings(page, scheme === 'dark' ? AXE_RUN_DARK : AXE_RUN)).toEqual([]);
      if (process.env.SHOTS) {
        mkdirSync(process.env.SHOTS, { recursive: true });
        await page.screenshot({
          path: path.join(process.env.SHOTS, `desk-bot-conversation-${language}-${scheme}.png`),
          animations: 'disabled',
        });
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
