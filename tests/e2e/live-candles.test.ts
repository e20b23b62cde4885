/**
 * The chart's candles over `<symbol>@kline_<interval>` in a real browser on the simulated market
 * (docs/decisions/0071-lever-screen-push.md, "The candles"): the Lever and Exchange screens read their
 * 200 candles once, then the market socket's kline frames move the last candle (the legend follows),
 * with no re-read of the candles and nothing thrown by the chart library while it applies them.
 * Screenshots (SCREENSHOTS=.tmp): the top of the Exchange screen with its chart, light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const suite = webAppSuite();

/** `page` at `path`, counting its reads of the candles; resolves once the chart has drawn them. */
async function openChart(page: Page, path: string) {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v3/klines')) reads.push(request.url());
  });
  await page.goto(path);
  await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
  const legend = page.getByTestId('chart-legend');
  await expect.poll(() => legend.textContent()).toMatch(/MA\(7\) \d/);
  return { reads, legend };
}

describe('the chart over the kline stream', () => {
  for (const path of ['/lever', '/exchange']) {
    it(`${path}: reads the candles once, then follows the kline frames`, async () => {
      const user = await signUp(suite.app);
      const { page, context, errors } = await suite.phone();
      await storeSession(page, user.login);
      const { reads, legend } = await openChart(page, path);
      const first = await legend.textContent();
      // The simulated market ticks every second: a frame moves the last close, so MA(7) and VOL.
      await expect.poll(() => legend.textContent(), { timeout: 10_000 }).not.toBe(first);
      expect(reads).toHaveLength(1);
      expect(reads[0]).toContain('interval=1m&limit=200');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describeScreenshots('exchange chart screenshots', (shots) => {
  for (const scheme of SCHEMES) {
    it(`the Exchange screen's chart (${scheme})`, async () => {
      const user = await signUp(shots.app);
      const { page, context } = await shots.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      await openChart(page, '/exchange');
      await page.waitForTimeout(2500);
      await shot(page, `${scheme}-exchange-chart`);
      await context.close();
    });
  }
});
