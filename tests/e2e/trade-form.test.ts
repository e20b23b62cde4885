/**
 * Trading without arithmetic on the Lever screen, in a real browser (docs/decisions/0061-trade-form.md):
 * a size typed in USDT becomes the order's hands in coin (rounded down, the margin within what was typed),
 * in English and in German; the leverage slider and the leverage remembered per coin; the form empty
 * after an order; the Close sheet's estimated P/L and fee equal to what the close then settles; the
 * positions summary at the top; USDO in the coin drawer and its search; axe clean on the screen and the sheet.
 * With SHOTS set to a folder it also writes the screens, light and dark, at 390 x 844.
 */
import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { dec } from '../../src/shared/money.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { activeTradesOf, finishAllTrades, tradeHistoryOf } from '../helpers/trades.js';
import { signUp, type TestUser } from '../helpers/users.js';
import type { PhonePage } from './helpers/browser.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });
// The server's default rates (a fee on open and close), so the Close sheet's fee is not 0.
const suite = webAppSuite({ market, tradingRates: 'default' });
afterEach(async () => {
  await finishAllTrades(suite.app);
  market.set('BTC', '60000');
});

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_RUN = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } };

/** axe's serious and critical findings on the page as it stands (as tests/e2e/a11y.test.ts runs it). */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { ...options, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, AXE_RUN);
}

const SHOTS = process.env.SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

async function trader(usdt = '1000'): Promise<TestUser> {
  const user = await signUp(suite.app);
  await grant(suite.app, user, 'lever', 'USDT', usdt);
  return user;
}

async function openLever(user: TestUser, options: { language?: string; scheme?: 'light' | 'dark' } = {}) {
  const phone: PhonePage = await suite.phone({
    colorScheme: options.scheme ?? 'light',
    deviceScaleFactor: SHOTS ? 2 : 1,
  });
  // Straight to /lever: a landing on Home first would only be one more load of the app (docs/decisions/0074-e2e-cpu.md).
  await storeSession(phone.page, user.login);
  if (options.language)
    await phone.page.evaluate((code) => window.localStorage.setItem('language', code), options.language);
  await phone.page.goto('/lever');
  await expect
    .poll(() => phone.page.getByTestId('lever-balance').textContent(), { timeout: 15_000 })
    .not.toContain('--');
  return phone;
}

const size = (page: Page) => page.getByTestId('order-size');

describe('trading without arithmetic', () => {
  for (const language of ['en', 'de'] as const) {
    it(`sizes an order in USDT: the API gets the coin amount, rounded down so the margin stays within it (${language})`, async () => {
      const user = await trader();
      const { page, context, errors } = await openLever(user, { language });
      const german = language === 'de';
      await page.getByRole('radio', { name: '10X' }).click();
      await page.getByRole('radio', { name: 'USDT', exact: true }).click();
      await size(page).fill('100');
      // 100 USDT of margin at 10X and 60000: 1000 USDT of BTC = 0.01666666 BTC (rounded down).
      const hint = page.locator(`#${await size(page).getAttribute('aria-describedby')}`);
      await expect
        .poll(() => hint.textContent())
        // (thousands separators or not: the number format is another change's)
        .toMatch(
          german
            ? /0,01666666 BTC zu 60\.?000,00 USDT, abgerundet/
            : /0\.01666666 BTC at 60,?000\.00 USDT, rounded down/,
        );
      await expect
        .poll(() => page.locator(`dt:text-is("${german ? 'Größe' : 'Size'}") + dd`).textContent())
        .toBe(german ? '0,01666666 BTC' : '0.01666666 BTC');
      await page.getByRole('button', { name: german ? 'Kaufen (Long)' : 'Buy (long)' }).click();
      await expect.poll(async () => (await activeTradesOf(suite.app, user)).length).toBe(1);
      const [trade] = await activeTradesOf(suite.app, user);
      expect(trade).toMatchObject({ coin: 'BTC', hands: '0.01666666', leverage: 10 });
      expect(dec(trade!.margin).lte(100)).toBe(true);

      // The form is empty again, with no stale reason under the button (docs/decisions/0061-trade-form.md).
      await expect.poll(() => size(page).inputValue()).toBe('');
      expect(await page.locator('#order-block-reason:not(.sr-only)').count()).toBe(0);
      if (language === 'en') {
        await size(page).fill('100');
        await page.waitForTimeout(300);
        await shot(page, 'lever-usdt-size-light');
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('moves the leverage with the slider, remembers it per coin, and empties TP/SL and size after an order', async () => {
    const user = await trader();
    const { page, context, errors } = await openLever(user);
    const slider = page.getByTestId('leverage-slider');
    await expect.poll(() => page.getByRole('radio', { name: '100X' }).getAttribute('aria-checked')).toBe('true');
    await slider.focus();
    await page.keyboard.press('Home'); // 10X
    await page.keyboard.press('ArrowRight'); // 30X
    await expect.poll(() => page.getByRole('radio', { name: '30X' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('30X');
    // Another coin keeps its own (the default), and BTC comes back at 30X, after a reload too.
    await page.goto('/lever?coin=ETH');
    await expect.poll(() => page.getByRole('radio', { name: '100X' }).getAttribute('aria-checked')).toBe('true');
    await page.goto('/lever');
    await expect.poll(() => page.getByRole('radio', { name: '30X' }).getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByRole('radio', { name: '30X' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => page.getByTestId('leverage-slider').getAttribute('aria-valuetext')).toBe('30X');

    // The size slider, TP and SL are filled; a placed order empties them.
    await expect.poll(() => page.getByLabel('Current price').inputValue()).toMatch(/^60,?000\.00$/);
    await size(page).fill('0.1');
    await page.getByLabel('Take-profit (optional)').fill('65000');
    await page.getByLabel('Stop-loss (optional)').fill('59000');
    await page.getByRole('button', { name: 'Buy (long)' }).click();
    await page.getByRole('status').getByText('Trade opened').waitFor();
    await expect.poll(() => size(page).inputValue()).toBe('');
    expect(await page.getByLabel('Take-profit (optional)').inputValue()).toBe('');
    expect(await page.getByLabel('Stop-loss (optional)').inputValue()).toBe('');
    expect(await page.getByRole('slider', { name: 'Size, share of what the margin allows' }).inputValue()).toBe('0');
    expect(await page.locator('#order-block-reason:not(.sr-only)').count()).toBe(0);
    const [trade] = await activeTradesOf(suite.app, user);
    expect(trade).toMatchObject({ leverage: 30, hands: '0.1', take_profit: '65000', stop_loss: '59000' });

    // The positions are reachable from the top: the summary opens them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('jump-positions').click();
    await page.getByRole('list', { name: 'Positions' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Positions' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`shows the estimated P/L and fee in the Close sheet, and the close settles them (${scheme})`, async () => {
      const user = await trader();
      const { page, context, errors } = await openLever(user, { scheme });
      await page.getByRole('radio', { name: '10X' }).click();
      await size(page).fill('0.1');
      await page.getByRole('button', { name: 'Buy (long)' }).click();
      await page.getByRole('status').getByText('Trade opened').waitFor();
      market.set('BTC', '61000');
      const row = page.getByRole('list', { name: 'Positions' }).getByRole('listitem').first();
      await row.getByText('+100.00').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await shot(page, `lever-top-${scheme}`);
      await row.getByRole('button', { name: /^Close BTC\/USDT long/ }).click();
      const sheet = page.getByRole('dialog');
      // 0.1 BTC from 60000 to 61000: +100 before fees; closing fee 0.1 x 61000 x 0.05 % = 3.05;
      // the opening fee was 3.00, so +93.95 after both; 600 + 100 - 3.05 back to the wallet.
      await expect.poll(() => sheet.getByTestId('close-est-pl').textContent()).toBe('+100.00 USDT');
      expect(await sheet.getByTestId('close-est-fee').textContent()).toBe('3.05 USDT');
      expect(await sheet.getByTestId('close-est-net').textContent()).toBe('+93.95 USDT');
      expect(await sheet.getByTestId('close-est-payout').textContent()).toBe('696.95 USDT');
      expect(await axeFindings(page)).toEqual([]);
      await shot(page, `lever-close-sheet-${scheme}`);
      // Half of it: its share of margin and fees.
      await sheet.getByRole('button', { name: '50%' }).click();
      await expect.poll(() => sheet.getByTestId('close-est-fee').textContent()).toBe('1.53 USDT');
      await sheet.getByRole('button', { name: '100%' }).click();
      await sheet.getByRole('button', { name: 'Close all' }).click();
      await expect.poll(async () => (await tradeHistoryOf(suite.app, user)).length).toBe(1);
      const [closed] = await tradeHistoryOf(suite.app, user);
      expect(closed).toMatchObject({ prfit_loss: '100', close_fee: '3.05', realized_profit_loss: '93.95' });

      // The history's headline is that number, after fees, and says so.
      await page.goto('/entrustment-history?tab=closed');
      await expect.poll(() => page.getByTestId('trade-headline-pl').textContent()).toBe('+93.95 USDT');
      await page.getByText('after fees').waitFor();
      await shot(page, `history-closed-${scheme}`);
      expect(await axeFindings(page)).toEqual([]);
      await expectLedgerBalanced(suite.app);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('finds a coin in the drawer by symbol or name, and trades USDO at 1X from it', async () => {
    const user = await trader();
    const { page, context, errors } = await openLever(user);
    await page
      .getByRole('button', { name: /BTC\/USDT/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('coin-search').fill('ether');
    await drawer.getByRole('button', { name: /ETH\/USDT/ }).waitFor();
    expect(await drawer.getByRole('button', { name: /BTC\/USDT/ }).count()).toBe(0);
    await drawer.getByTestId('coin-search').fill('zzzz');
    await drawer.getByText('No pairs match your search.').waitFor();
    await drawer.getByTestId('coin-search').fill('usdo');
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'lever-coin-drawer-light');
    await drawer.getByRole('button', { name: /USDO\/USDT/ }).click();
    await expect.poll(() => page.url()).toContain('coin=USDO');
    await expect.poll(() => page.getByLabel('Current price').inputValue()).toBe('1.00');
    await size(page).fill('50');
    await page.getByRole('button', { name: 'Buy (long)' }).click();
    await page.getByRole('status').getByText('Trade opened').waitFor();
    const [trade] = await activeTradesOf(suite.app, user);
    expect(trade).toMatchObject({ coin: 'USDO', leverage: 1, hands: '50' });
    expect(await axeFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
