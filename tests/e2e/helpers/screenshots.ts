/**
 * The one fixture of the screenshot files (`npm run screenshots`): they run only when SCREENSHOTS
 * names a folder, start the app and a browser, open crisp phone pages in each colour scheme and
 * write `<name>.png` into that folder.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe } from 'vitest';
import type { PhonePageOptions } from './browser.js';
import { webAppSuite, type WebAppSuite, type WebAppSuiteOptions } from './suite.js';

const folder = process.env.SCREENSHOTS;

/** Whether this run takes screenshots: the files are skipped otherwise. */
export const screenshotsWanted = Boolean(folder);

export const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** The languages the route tour is shot in: English, a language of other glyphs, a long-worded one. */
export const SCREENSHOT_LANGUAGES = ['en', 'zh', 'de'] as const;

/** Pages of `context` open in `code`, as if picked on Home before the first load (lib/language.ts). */
export async function inLanguage(context: BrowserContext, code: string): Promise<void> {
  await context.addInitScript((language) => window.localStorage.setItem('language', language), code);
}

/** Phone pages at device scale 2, for screenshots a person reads. */
export function screenOptions(scheme: Scheme): PhonePageOptions {
  return { colorScheme: scheme, deviceScaleFactor: 2 };
}

/**
 * Writes `<name>.png`: the viewport, or the whole page with fullPage. Animations are finished
 * first, so sheets and drawers are shown where they come to rest.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!folder) throw new Error('shot() is for the screenshot files, which run only when SCREENSHOTS is set.');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), animations: 'disabled', ...options });
}

/** A describe block that runs only when SCREENSHOTS is set, with the app and a browser started for it. */
export function describeScreenshots(
  name: string,
  body: (suite: WebAppSuite) => void,
  options: WebAppSuiteOptions = {},
): void {
  describe.runIf(screenshotsWanted)(name, () => body(webAppSuite(options)));
}
