/**
 * Home and Markets in a real browser against the real server, whose simulator moves every price
 * each second: live tiles, the gainers rule, the bonus popup, Markets loading, tabs and refresh.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticker24h } from '../../src/shared/api/market.js';
import { HOME_SYMBOLS, QUOTE_ASSETS } from '../../src/shared/market.js';
import { MSG } from '../../src/shared/messages.js';
import { signUp } from '../helpers/users.js';
import { closeContexts, newPhonePage, workerBrowser } from './helpers/browser.js';
import { startWebApp, type WebApp } from './helpers/server.js';
import { storeSession } from './helpers/ui.js';

let t: WebApp;
let browser: Browser;
beforeAll(async () => {
  // The bell's schedule shows docs/product.md section 9's tiers, which test apps switch off unless asked.
  [t, browser] = await Promise.all([startWebApp({ config: { bonusesDefault: true } }), workerBrowser()]);
});
afterAll(async () => {
  if (browser) await closeContexts(browser);
  await t?.close();
});

async function loggedInPage(colorScheme: 'light' | 'dark' = 'light') {
  const user = await signUp(t);
  const phone = await newPhonePage(browser, t.baseUrl, { colorScheme });
  await storeSession(phone.page, { access: user.token, user: user.login.user });
  return phone;
}

const tilePrice = (page: Page, pair: string) =>
  page.getByRole('listitem', { name: pair }).getByTestId('tile-price').textContent();

/** The gainers rows as shown, read in one go so a re-sort cannot fall between two reads. */
const gainerRows = (page: Page) =>
  page.getByRole('table', { name: 'Gainers' }).evaluate((table) =>
    [...table.querySelectorAll('tbody tr')].map((row) => ({
      symbol: row.getAttribute('data-symbol')!,
      change: row.querySelector('td:last-child')!.textContent!,
    })),
  );

describe('home', () => {
  it('shows BTC, ETH and XRP with 5 decimals, and the prices move with the stream', async () => {
    const { page, context, errors } = await loggedInPage();
    // The REST list answers every refresh with its first answer: a price that moves came from the stream.
    const firstAnswers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
    await page.route('**/api/v3/ticker/24hr**', async (route) => {
      const url = route.request().url();
      if (!firstAnswers.has(url)) {
        const response = await route.fetch();
        firstAnswers.set(url, { status: response.status(), headers: response.headers(), body: await response.body() });
      }
      await route.fulfill(firstAnswers.get(url)!);
    });
    await page.goto('/home');
    // 5 decimals, and a real price: the tiles show the default '0.00000' until the data arrives.
    const pricePattern = /^(?!0\.00000$)\d{1,3}(,\d{3})*\.\d{5}$/;
    for (const pair of ['BTC/USDT', 'ETH/USDT', 'XRP/USDT']) {
      await expect.poll(() => tilePrice(page, pair), { timeout: 10_000 }).toMatch(pricePattern);
    }

    // The simulator walks every second; REST repeats itself, so only the stream can move the tile.
    // Twice: the first move may be the stream's opening frame, the second is a tick.
    for (let move = 0; move < 2; move++) {
      const shown = await tilePrice(page, 'BTC/USDT');
      await expect.poll(() => tilePrice(page, 'BTC/USDT'), { timeout: 15_000, interval: 250 }).not.toBe(shown);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists only gainers, biggest first, and leaves out coins that fell or stood still', async () => {
    const { page, context, errors } = await loggedInPage();
    // A chosen market instead of the simulator's moment: the real REST answer with each coin's
    // change set by its place in the list (down, up, flat in turn), and a stream that says nothing.
    const chosenChange = (index: number) =>
      index % 3 === 0 ? `-${index + 1}.250` : index % 3 === 1 ? `${((index * 7) % 23) + 0.5}00` : '0.000';
    await page.routeWebSocket(/\/(ws|stream)\b/, () => {
      // Accepted and never answered: no tick may move a change away from the chosen one.
    });
    await page.route('**/api/v3/ticker/24hr**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Ticker24h[] | Ticker24h;
      const choose = (ticker: Ticker24h) => ({
        ...ticker,
        priceChangePercent: chosenChange(HOME_SYMBOLS.indexOf(ticker.symbol)),
      });
      await route.fulfill({ response, json: Array.isArray(body) ? body.map(choose) : choose(body) });
    });
    const expected = HOME_SYMBOLS.map((symbol, index) => ({ symbol, change: Number(chosenChange(index)) }))
      .filter(({ change }) => change > 0)
      .sort((a, b) => b.change - a.change || HOME_SYMBOLS.indexOf(a.symbol) - HOME_SYMBOLS.indexOf(b.symbol));

    await page.goto('/home');
    await expect.poll(async () => (await gainerRows(page)).length, { timeout: 15_000 }).toBe(expected.length);
    const rows = await gainerRows(page);
    const changes = rows.map((row) => Number(row.change.replace(/[+%]/g, '')));
    expect(changes).toEqual(expected.map(({ change }) => change));
    expect(new Set(rows.map((row) => row.symbol))).toEqual(new Set(expected.map(({ symbol }) => symbol)));
    expect(rows.every((row) => row.change.startsWith('+'))).toBe(true);
    // Every coin that fell or stood still is left out.
    const shown = new Set(rows.map((row) => row.symbol));
    HOME_SYMBOLS.forEach((symbol, index) => {
      if (Number(chosenChange(index)) <= 0) expect(shown.has(symbol)).toBe(false);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the bonus schedule from the bell (its list of notifications, none yet: no badge)', async () => {
    const { page, context, errors } = await loggedInPage();
    await page.goto('/home');
    // The badge is the real unread count (docs/decisions/0034-notifications.md, docs/product.md "As built" under Home).
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.waitFor();
    expect(await page.getByTestId('notifications-badge').count()).toBe(0);
    await bell.click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Bonus schedule' }).click();
    const popup = page.getByRole('dialog', { name: 'Bonus schedule' });
    await popup.getByRole('heading', { name: 'New-user recharge bonus' }).waitFor();
    for (const text of ['Membership bonus', 'VIP bonus', '200,000 or more', '+50,000', '+35,000', '+5']) {
      expect(await popup.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    }
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('radio', { name: 'Japanese' }).click();
    // The texts switch: the picker (the language now named in Japanese), the bottom navigation and Home itself; <html lang> follows.
    await page.getByRole('button', { name: '言語：日本語, JA' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'メイン' });
    await nav.getByRole('link', { name: 'ホーム' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Markets' }).count()).toBe(0);
    await page.getByRole('heading', { name: '値上がり' }).waitFor();
    await page.getByText('重要なお知らせ').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ja');
    // And the choice survives a reload.
    await page.reload();
    await page.getByRole('navigation', { name: 'メイン' }).getByRole('link', { name: 'マーケット' }).waitFor();
    await page.getByRole('heading', { name: '値上がり' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('markets', () => {
  it("shows 'Loading coins...' until the tickers arrive, then the USDT pairs", async () => {
    const { page, context, errors } = await loggedInPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v3/ticker/24hr', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/markets');
    await page.getByText(MSG.loadingCoins).waitFor();
    release();

    const pairs = page.getByRole('list', { name: 'Pairs' });
    await pairs.locator('[data-symbol="BTCUSDT"]').waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Favourites', ...QUOTE_ASSETS]);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('USDT');
    const symbols = await pairs
      .locator('[data-symbol]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));
    expect(symbols.every((symbol) => symbol!.endsWith('USDT'))).toBe(true);
    expect(symbols).toHaveLength(HOME_SYMBOLS.length + 2);
    // 4 decimals, 8 below 0.0001 (SHIB, PEPE). The price is the row's second cell: read alone, since
    // the row's whole text runs it into an unsigned change ("70034.2300" + "0.00%").
    const priceOf = (symbol: string) =>
      pairs.locator(`[data-symbol="${symbol}"] > * > span:nth-child(2)`).textContent();
    expect(await priceOf('BTCUSDT')).toMatch(/^\d{1,3}(,\d{3})*\.\d{4}$/);
    expect(await priceOf('SHIBUSDT')).toMatch(/^0\.\d{8}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches the list with the quote tabs and refreshes every 5 s', async () => {
    const { page, context, errors } = await loggedInPage();
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v3/ticker/24hr') requests += 1;
    });
    // The page's clock is the test's: 5 s of it pass when the test says, however slow the machine.
    await page.clock.install();
    await page.goto('/markets');
    const pairs = page.getByRole('list', { name: 'Pairs' });
    await pairs.locator('[data-symbol="BTCUSDT"]').waitFor();

    await page.getByRole('tab', { name: 'BTC' }).click();
    await pairs.locator('[data-symbol="ETHBTC"]').waitFor();
    expect(await pairs.locator('[data-symbol="BTCUSDT"]').count()).toBe(0);
    const btcSymbols = await pairs
      .locator('[data-symbol]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));
    expect(btcSymbols.every((symbol) => symbol!.endsWith('BTC'))).toBe(true);

    await page.getByRole('tab', { name: 'TRY' }).click();
    await pairs.locator('[data-symbol="USDTTRY"]').waitFor();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('TRY');

    const before = requests;
    await page.clock.runFor(5_000);
    await expect.poll(() => requests, { timeout: 10_000, interval: 100 }).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
