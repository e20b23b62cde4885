/**
 * The browser the e2e files share (helpers/browser.ts): chromium launched with the features that cost
 * CPU in every test turned off, and playwright's own turned off still (docs/decisions/0074-e2e-cpu.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeContexts, NO_BROWSER_UI_FEATURES, workerBrowser } from './helpers/browser.js';

/** The command lines of the chromium browsers this worker launched (its direct children). */
function launchedCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes('--remote-debugging-pipe')) lines.push(args);
    } catch {
      // A process that ended while the list was read.
    }
  }
  return lines;
}

describe('the shared chromium', () => {
  afterAll(async () => closeContexts(await workerBrowser()));

  it('opens no page of its own UI beside a test page (the address bar popup)', async () => {
    const browser = await workerBrowser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('data:text/html,<title>test</title><h1>test</h1>');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    await cdp.detach();
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);
    expect(targetInfos.filter((target) => target.type === 'page').map((target) => target.url)).toEqual([page.url()]);
  });

  it('keeps every feature playwright turns off: chromium reads only the last --disable-features', async () => {
    await workerBrowser();
    const lines = launchedCommandLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const args of lines) {
      const lists = args
        .filter((arg) => arg.startsWith('--disable-features='))
        .map((arg) => arg.slice('--disable-features='.length).split(','));
      const last = new Set(lists.at(-1));
      expect([...new Set(lists.flat())].filter((feature) => !last.has(feature))).toEqual([]);
      expect(NO_BROWSER_UI_FEATURES.filter((feature) => !last.has(feature))).toEqual([]);
    }
  });
});
