/**
 * Home, Markets and Assets with grouped numbers (docs/decisions/0066-number-display.md) in English and
 * German, light and dark, at 390 x 844, for a person to look at: big balances, a coin below 0.0001 on
 * Home, nothing cut. Runs only when SCREENSHOTS names a folder:
 * SCREENSHOTS=.tmp npx vitest run --project e2e number-display-screenshots
 */
import { it } from 'vitest';
import type { Ticker24h } from '../../src/shared/api/market.js';
import { grant } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, inLanguage, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { storeSession } from './helpers/ui.js';

/** Tiny coins up on the day, so Home's gainers show them; the rest as the simulator has them. */
const choose = (ticker: Ticker24h): Ticker24h =>
  ticker.symbol === 'SHIBUSDT'
    ? { ...ticker, lastPrice: '0.00001812', priceChangePercent: '9.500' }
    : ticker.symbol === 'PEPEUSDT'
      ? { ...ticker, lastPrice: '0.00001105', priceChangePercent: '8.250' }
      : ticker;

describeScreenshots('numbers in English and German', (suite) => {
  for (const language of ['en', 'de'] as const) {
    it(`Home, Markets and Assets (${language})`, async () => {
      const user = await signUp(suite.app);
      await grant(suite.app, user, 'funding', 'USDT', '123456789012.12345678');
      await grant(suite.app, user, 'funding', 'BTC', '1234.5');
      await grant(suite.app, user, 'funding', 'ETH', '0.75');
      for (const scheme of SCHEMES) {
        const { page, context } = await suite.phone(screenOptions(scheme));
        await inLanguage(context, language);
        await storeSession(page, { access: user.token, user: user.login.user });
        await page.routeWebSocket(/\/(ws|stream)\b/, () => {});
        await page.route('**/api/v3/ticker/24hr**', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Ticker24h[] | Ticker24h;
          await route.fulfill({ response, json: Array.isArray(body) ? body.map(choose) : choose(body) });
        });

        await page.goto('/home');
        await page.locator('tr[data-symbol="SHIBUSDT"]').waitFor();
        await page.waitForTimeout(500);
        await shot(page, `home-${language}-${scheme}`, { fullPage: true });

        await page.goto('/markets');
        await page.locator('[data-symbol="SHIBUSDT"]').first().waitFor();
        await page.waitForTimeout(500);
        await shot(page, `markets-${language}-${scheme}`);

        await page.goto('/assets');
        await page.getByTestId('wallet-total').filter({ hasText: /\d/ }).waitFor();
        await page.waitForTimeout(500);
        await shot(page, `assets-${language}-${scheme}`);
        await context.close();
      }
    });
  }
});
