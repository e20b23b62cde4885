/**
 * The Lever and Exchange screens in German and Japanese at phone size (docs/decisions/0043-languages.md), for a
 * person to check that the translated texts fit 390 px and no English is left.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e trade-languages-screenshots
 */
import { it } from 'vitest';
import { grant } from '../helpers/money.js';
import { openedTradeId } from '../helpers/trades.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('trade screens in other languages', (suite) => {
  const mark = async (coin: string) => (await suite.app.ctx.market.markPrice(coin))!.price;

  for (const language of ['de', 'ja'] as const) {
    it(`lever and exchange (${language})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(suite.app, user, 'lever', 'USDT', '2500');
      await grant(suite.app, user, 'funding', 'USDT', '1200');
      await openedTradeId(suite.app, user, { coin: 'BTC', hands: '0.2', starting_price: await mark('BTC') });
      await openedTradeId(suite.app, user, {
        coin: 'SOL',
        hands: '10',
        order_type: 'limit',
        limit_price: (Number(await mark('SOL')) * 0.95).toFixed(2),
        leverage: 10,
        starting_price: await mark('SOL'),
      });

      const { page, context } = await suite.phone(screenOptions('light'));
      await logInThroughUi(page, user);
      await page.evaluate((code) => window.localStorage.setItem('language', code), language);
      await page.goto('/lever');
      await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
      await page.waitForTimeout(2000);
      await shot(page, `${language}-lever`);
      await page.mouse.wheel(0, 500);
      await page.waitForTimeout(300);
      await shot(page, `${language}-lever-orders`);
      await page
        .getByRole('button', { name: /TP\/SL|利確/ })
        .first()
        .click();
      await page.waitForTimeout(500);
      await shot(page, `${language}-lever-tpsl`);
      await page.keyboard.press('Escape');

      await page.goto('/exchange');
      await page.waitForTimeout(2500);
      await shot(page, `${language}-exchange`, { fullPage: true });
      await context.close();
    });
  }
});
