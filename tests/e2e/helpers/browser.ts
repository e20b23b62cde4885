/**
 * Headless Debian chromium through playwright-core (never a downloaded browser), and pages at a
 * phone's size. One browser per vitest worker, kept from file to file; a fresh context (empty
 * storage) per page, and a file's contexts are closed when it ends (helpers/suite.ts).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { width: 390, height: 844 } as const;

/**
 * The features playwright-core turns off itself (its chromiumSwitches, version 1.65): chromium reads
 * only the last `--disable-features`, so ours must repeat them. tests/e2e/browser.test.ts fails when
 * playwright's list gains a feature this one lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * The address bar's suggestion popup, which chromium 156 builds as a web page of its own
 * (chrome://omnibox-popup.top-chrome) in a renderer process for every window, so for every context a
 * test opens, headless too, where no address bar is ever typed in: a second renderer per test page
 * (docs/decisions/0074-e2e-cpu.md).
 */
export const NO_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_BROWSER_UI_FEATURES].join(',')}`,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

/** The worker's browser, kept on globalThis: the e2e project runs a worker's files in one process (isolate false). */
const WORKER_BROWSER = Symbol.for('coinfront.e2e-browser');
const holder = globalThis as { [WORKER_BROWSER]?: Promise<Browser> };

/**
 * The worker's chromium: launched by its first file and reused by the files after it, since a launch
 * costs about a second per file under load (docs/decisions/0069-e2e-speed.md). One that crashed
 * or was closed is launched anew. It ends with the worker: playwright closes what it launched on exit.
 */
export async function workerBrowser(): Promise<Browser> {
  // A launch that failed failed the file that asked for it; the next file tries again.
  const kept = await holder[WORKER_BROWSER]?.catch(() => undefined);
  if (kept?.isConnected()) return kept;
  const launched = launchBrowser();
  holder[WORKER_BROWSER] = launched;
  return launched;
}

/** Closes the contexts still open in `browser` (a file's pages, also those a failed test left behind). */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

export interface PhonePageOptions {
  colorScheme?: 'light' | 'dark';
  /** 2 for crisp screenshots; 1 keeps tests light. */
  deviceScaleFactor?: number;
  /**
   * The offline shell's service worker. Blocked unless a test is about it: installing it
   * downloads every asset in each fresh context, and requests it answers bypass page.route.
   */
  serviceWorkers?: 'allow' | 'block';
  /** Another screen than the phone's, e.g. a desk's 1280x800 (docs/decisions/0043-languages.md): a mouse, not touch. */
  viewport?: { width: number; height: number };
}

/** A desktop screen (the staff console at a desk, docs/decisions/0043-languages.md). */
export const DESK = { width: 1280, height: 800 } as const;

export interface PhonePage {
  page: Page;
  context: BrowserContext;
  /** Everything the page logged as an error, and uncaught exceptions: tests assert it stays empty. */
  errors: string[];
}

export async function newPhonePage(
  browser: Browser,
  baseUrl: string,
  options: PhonePageOptions = {},
): Promise<PhonePage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? PHONE,
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    isMobile: !options.viewport,
    hasTouch: !options.viewport,
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed request (an expected 401 or 400) is logged by the browser itself; the app's own errors are what count.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console: ${message.text()}`);
  });
  return { page, context, errors };
}

/** The page's local storage as a plain object. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
}
