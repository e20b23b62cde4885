/**
 * The setup every browser test file shares: the real app on a fresh database, started before the
 * file's tests and closed after them, and the worker's headless chromium (helpers/browser.ts), whose
 * contexts the file opened are closed after them. Call `webAppSuite()` once at
 * the top of a file (or a describe) and read `app` and `browser` inside tests and hooks.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TestAppOptions } from '../../helpers/app.js';
import { closeContexts, newPhonePage, workerBrowser, type PhonePage, type PhonePageOptions } from './browser.js';
import { startWebApp, type WebApp } from './server.js';

export interface WebAppSuiteOptions extends Omit<TestAppOptions, 'web'> {
  /** false when the file only talks HTTP to the app (no chromium is started). */
  browser?: boolean;
}

export class WebAppSuite {
  #app: WebApp | undefined;
  #browser: Browser | undefined;
  /** Tests of this file running now (more than one in a describe.concurrent), and the contexts they opened. */
  #running = 0;
  #opened = new Set<BrowserContext>();

  constructor(options: WebAppSuiteOptions = {}) {
    const { browser: wantsBrowser = true, ...appOptions } = options;
    beforeAll(async () => {
      // Both start at once; whichever did start is kept, so afterAll closes it even when the other failed.
      const [app, browser] = await Promise.allSettled([
        startWebApp(appOptions),
        wantsBrowser ? workerBrowser() : Promise.resolve(undefined),
      ]);
      if (app.status === 'fulfilled') this.#app = app.value;
      if (browser.status === 'fulfilled') this.#browser = browser.value;
      if (app.status === 'rejected') throw app.reason;
      if (browser.status === 'rejected') throw browser.reason;
    });
    // A test's pages close when it ends (the last of concurrent tests closes them all), not when the
    // file ends: a page left open keeps drawing the market's ticks, 0.02-0.05 s of chromium's CPU per
    // second, for the rest of the file (docs/decisions/0069-e2e-speed.md). Pages a beforeAll opened stay.
    beforeEach(() => {
      this.#running++;
    });
    afterEach(async () => {
      if (--this.#running > 0) return;
      const opened = [...this.#opened];
      this.#opened.clear();
      await Promise.all(opened.map((context) => context.close()));
    });
    afterAll(async () => {
      if (this.#browser) await closeContexts(this.#browser);
      await this.#app?.close();
    });
  }

  /** The app under test, with its base URL. */
  get app(): WebApp {
    if (!this.#app) throw new Error('The app starts in beforeAll: use it inside a test or a hook.');
    return this.#app;
  }

  get browser(): Browser {
    if (!this.#browser)
      throw new Error('No browser: it starts in beforeAll, unless the suite was made with browser: false.');
    return this.#browser;
  }

  /** A fresh phone-sized page (empty storage) on the app. */
  async phone(options: PhonePageOptions = {}): Promise<PhonePage> {
    const phone = await newPhonePage(this.browser, this.app.baseUrl, options);
    if (this.#running > 0) this.#opened.add(phone.context);
    return phone;
  }
}

export function webAppSuite(options: WebAppSuiteOptions = {}): WebAppSuite {
  return new WebAppSuite(options);
}
