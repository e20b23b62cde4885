/**
 * Screenshots of the Lever and Exchange screens at phone size, light and dark, on the simulated
 * market (moving prices, a real order book and candles), for a person to look at.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e lever-screenshots
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { grant } from '../helpers/money.js';
import { openedTradeId } from '../helpers/trades.js';
import { signUp } from '../helpers/users.js';
import { launchBrowser, newPhonePage } from './helpers/browser.js';
import { startWebApp, type WebApp } from './helpers/server.js';
import { logInThroughUi } from './helpers/ui.js';

const folder = process.env.SCREENSHOTS;

describe.runIf(Boolean(folder))('lever screenshots', () => {
  let t: WebApp;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(folder!, { recursive: true });
    [t, browser] = await Promise.all([startWebApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shot = (page: Page, name: string, fullPage = false) =>
    page.screenshot({ path: path.join(folder!, `${name}.png`), animations: 'disabled', fullPage });

  const mark = async (coin: string) => (await t.ctx.market.markPrice(coin))!.price;

  for (const scheme of ['light', 'dark'] as const) {
    it(`lever and exchange (${scheme})`, async () => {
      const user = await signUp(t, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(t, user, 'lever', 'USDT', '2500');
      await grant(t, user, 'funding', 'USDT', '1200');
      await openedTradeId(t, user, { coin: 'BTC', hands: '0.2', starting_price: await mark('BTC') });
      await openedTradeId(t, user, {
        coin: 'ETH',
        hands: '1.5',
        trade_type: 'sell',
        leverage: 50,
        starting_price: await mark('ETH'),
      });
      const below = (Number(await mark('SOL')) * 0.95).toFixed(2);
      await openedTradeId(t, user, {
        coin: 'SOL',
        hands: '10',
        order_type: 'limit',
        limit_price: below,
        leverage: 10,
        starting_price: await mark('SOL'),
      });

      const { page, context } = await newPhonePage(browser, t.baseUrl, { colorScheme: scheme, deviceScaleFactor: 2 });
      await logInThroughUi(page, user);
      await page.goto('/lever');
      await page.getByRole('list', { name: 'Open orders' }).waitFor();
      await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
      await page.waitForTimeout(1500);
      await shot(page, `${scheme}-lever`);
      await page.getByRole('heading', { name: /Open orders/ }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(300);
      await shot(page, `${scheme}-lever-orders`);
      await page.getByLabel('Hands', { exact: true }).fill('0.05');
      await page.getByRole('radio', { name: 'Limit price' }).click();
      await page.getByLabel('Limit price').fill(await mark('BTC'));
      await shot(page, `${scheme}-lever-form`);
      await shot(page, `${scheme}-lever-full`, true);
      await page.getByLabel('Hands', { exact: true }).fill('5');
      await page.getByRole('list', { name: 'Open orders' }).scrollIntoViewIfNeeded();
      await page.getByLabel('Hands', { exact: true }).scrollIntoViewIfNeeded();
      await shot(page, `${scheme}-lever-insufficient`);
      await page.getByRole('button', { name: /choose a coin/ }).click();
      await page.getByRole('dialog').getByText('ETH/USDT').waitFor();
      await page.waitForTimeout(300);
      await shot(page, `${scheme}-lever-coins`);
      await page.keyboard.press('Escape');

      await page.goto('/exchange');
      await page.getByRole('button', { name: 'Buy BTC' }).waitFor();
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: '50%' }).click();
      await page.getByRole('button', { name: 'Buy BTC' }).click();
      await shot(page, `${scheme}-exchange`);
      await context.close();
    });
  }
});
