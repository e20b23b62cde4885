/**
 * Numbers as a reader of each language expects them (docs/decisions/0066-number-display.md), in a real
 * browser at 390 px: Home shows a coin below 0.0001 USDT with its significant digits as Markets does,
 * a German user reads balances and prices grouped ('1.234.567,5'), and an asset row with a 12-digit
 * balance still shows the whole coin name.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Ticker24h } from '../../src/shared/api/market.js';
import { grant } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { inLanguage } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const suite = webAppSuite();

/** A phone page signed in as a new user (funded by `funds`), in `language`. */
async function signedIn(language: 'en' | 'de', funds: Array<[currency: string, amount: string]> = []) {
  const user = await signUp(suite.app);
  for (const [currency, amount] of funds) await grant(suite.app, user, 'funding', currency, amount);
  const phone = await suite.phone();
  await inLanguage(phone.context, language);
  await storeSession(phone.page, { access: user.token, user: user.login.user });
  return phone;
}

/**
 * The market as chosen here instead of the simulator's moment: the real REST answer with `choose`
 * applied to each ticker, and a stream that says nothing (no tick moves a chosen price).
 */
async function chosenMarket(page: Page, choose: (ticker: Ticker24h) => Ticker24h): Promise<void> {
  await page.routeWebSocket(/\/(ws|stream)\b/, () => {});
  await page.route('**/api/v3/ticker/24hr**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Ticker24h[] | Ticker24h;
    await route.fulfill({ response, json: Array.isArray(body) ? body.map(choose) : choose(body) });
  });
}

const gainerPrice = (page: Page, symbol: string) =>
  page.locator(`tr[data-symbol="${symbol}"] td`).first().textContent();

/** The asset row of `currency` on /assets, and how its name and balance sit in it. */
const assetRow = (page: Page, currency: string) =>
  page
    .getByRole('link')
    .filter({ has: page.getByText(currency, { exact: true }) })
    .evaluate((row, name) => {
      const label = [...row.querySelectorAll('span')].find(
        (span) => span.textContent === name && !span.closest('[aria-hidden="true"]'),
      )!;
      const rowBox = row.getBoundingClientRect();
      const box = (element: Element) => element.getBoundingClientRect();
      return {
        text: row.textContent,
        // A cut name is wider inside than its box (text-overflow: ellipsis) or runs out of the row.
        nameCut: label.scrollWidth > label.clientWidth || box(label).right > rowBox.right,
        anythingOutside: [...row.querySelectorAll('span')].some(
          (span) => box(span).right > rowBox.right + 0.5 || box(span).left < rowBox.left - 0.5,
        ),
        rowOverflows: row.scrollWidth > row.clientWidth,
      };
    }, currency);

describe('numbers on the screens', () => {
  it("Home shows a coin below 0.0001 with Markets' significant digits, not 0.00001", async () => {
    const { page, context, errors } = await signedIn('en');
    await chosenMarket(page, (ticker) =>
      ticker.symbol === 'SHIBUSDT'
        ? { ...ticker, lastPrice: '0.00001812', priceChangePercent: '9.500' }
        : ticker.symbol === 'PEPEUSDT'
          ? { ...ticker, lastPrice: '0.00001105', priceChangePercent: '8.250' }
          : { ...ticker, priceChangePercent: '-1.000' },
    );
    await page.goto('/home');
    await expect.poll(() => gainerPrice(page, 'SHIBUSDT'), { timeout: 15_000 }).toBe('0.00001812');
    expect(await gainerPrice(page, 'PEPEUSDT')).toBe('0.00001105');

    // Markets shows the same digits for the same coin.
    await page.goto('/markets');
    await expect
      .poll(() => page.locator('[data-symbol="SHIBUSDT"]').first().textContent(), { timeout: 15_000 })
      .toContain('0.00001812');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a German user reads balances and prices grouped with points and a decimal comma', async () => {
    const { page, context, errors } = await signedIn('de', [['USDT', '1234567.5']]);
    await chosenMarket(page, (ticker) =>
      ticker.symbol === 'BTCUSDT' ? { ...ticker, lastPrice: '67234.5', priceChangePercent: '2.000' } : ticker,
    );
    await page.goto('/home');
    await expect
      .poll(() => page.getByRole('listitem', { name: 'BTC/USDT' }).getByTestId('tile-price').textContent(), {
        timeout: 15_000,
      })
      .toBe('67.234,50000');

    await page.goto('/assets');
    await expect.poll(async () => (await assetRow(page, 'USDT')).text, { timeout: 15_000 }).toContain('1.234.567,5');
    expect((await assetRow(page, 'USDT')).text).toContain('$1.234.567,50');
    expect(await page.getByTestId('wallet-total').textContent()).toBe('$1.234.567,50');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const language of ['en', 'de'] as const) {
    it(`an asset row with a 12-digit balance shows the whole coin name at 390 px (${language})`, async () => {
      const { page, context, errors } = await signedIn(language, [
        ['USDT', '123456789012.12345678'],
        ['BTC', '987654321098.87654321'],
      ]);
      await page.goto('/assets');
      for (const currency of ['USDT', 'BTC']) {
        await expect
          .poll(async () => (await assetRow(page, currency)).text, { timeout: 15_000 })
          .toMatch(/\d{3}[.,]\d{3}[.,]\d{3}/);
        const row = await assetRow(page, currency);
        expect(row, currency).toMatchObject({ nameCut: false, anythingOutside: false, rowOverflows: false });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
