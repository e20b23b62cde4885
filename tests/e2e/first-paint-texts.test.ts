/**
 * /login and /home paint their texts from the English bundled with the entry
 * (src/web/locales/en/first-paint.ts, decision 0085 step 1): with the rest of English never
 * arriving, neither page shows a text's key, in English or in another language. With SCREENSHOTS
 * set, both pages are shot in light and dark, in English and German.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../helpers/users.js';
import { inLanguage, SCHEMES, screenOptions, screenshotsWanted, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { signIn } from './helpers/ui.js';

const suite = webAppSuite();

const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
/** The chunk of the whole English catalog, which these pages must not need. */
const ENGLISH_CATALOG = `/${manifest['locales/en/index.ts']!.file}`;
const NAMESPACES = readdirSync('src/web/locales/en')
  .filter((name) => name.endsWith('.json') && !name.startsWith('messages.'))
  .map((name) => name.slice(0, -'.json'.length));
/** 'home.title', 'auth.login.password': a key where a text should be. */
const KEY = new RegExp(`(^|[^\\w.@/-])(${NAMESPACES.join('|')})\\.[a-zA-Z][\\w.]*`);

/** Every text a person or a screen reader gets: the visible text, labels, placeholders, titles. */
const textsOf = (page: Page) =>
  page.evaluate(() => [
    document.body.innerText,
    document.title,
    ...[...document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ]);

describe("the first paint's texts without the rest of English", () => {
  const schemes = screenshotsWanted ? SCHEMES : (['light'] as const);
  for (const language of ['en', 'de'] as const)
    for (const scheme of schemes)
      it(`/login and /home show texts, not keys (${language}, ${scheme})`, async () => {
        const user = await signUp(suite.app);
        const { page, context } = await suite.phone(screenOptions(scheme));
        if (language !== 'en') await inLanguage(context, language);
        const englishAsked: string[] = [];
        await context.route(
          (url) => url.pathname === ENGLISH_CATALOG,
          (route) => {
            englishAsked.push(route.request().url());
            return route.abort();
          },
        );

        await page.goto('/login');
        await page.locator(`html[lang="${language}"]`).waitFor();
        await page.locator('input[name="password"]').waitFor();
        expect((await textsOf(page)).filter((text) => KEY.test(text))).toEqual([]);
        if (screenshotsWanted) await shot(page, `${language}-login-${scheme}`);

        await signIn(page, user, '/home');
        await page.getByTestId('home-total').waitFor();
        await page.locator(`html[lang="${language}"]`).waitFor();
        expect((await textsOf(page)).filter((text) => KEY.test(text))).toEqual([]);
        if (screenshotsWanted) await shot(page, `${language}-home-${scheme}`);
        // The bell's list and the drawer, both loaded on the first tap, speak too.
        const popups = page.locator('header button[aria-haspopup="dialog"]');
        for (const opener of [popups.last(), popups.first()]) {
          await opener.click();
          await page.getByRole('dialog').waitFor();
          expect((await textsOf(page)).filter((text) => KEY.test(text))).toEqual([]);
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        }
        await context.close();
        // The page asked for the catalog only when idle after loading, never before its first paint.
        expect(englishAsked.length).toBeLessThanOrEqual(2);
      });
});
