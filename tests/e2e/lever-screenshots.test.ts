/**
 * Screenshots of the Lever and Exchange screens at phone size, light and dark, on the simulated
 * market (moving prices, a real order book and candles), for a person to look at.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e lever-screenshots
 */
import { it } from 'vitest';
import { grant } from '../helpers/money.js';
import { openedTradeId } from '../helpers/trades.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('lever screenshots', (suite) => {
  const mark = async (coin: string) => (await suite.app.ctx.market.markPrice(coin))!.price;

  for (const scheme of SCHEMES) {
    it(`lever and exchange (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(suite.app, user, 'lever', 'USDT', '2500');
      await grant(suite.app, user, 'funding', 'USDT', '1200');
      await openedTradeId(suite.app, user, { coin: 'BTC', hands: '0.2', starting_price: await mark('BTC') });
      await openedTradeId(suite.app, user, {
        coin: 'ETH',
        hands: '1.5',
        trade_type: 'sell',
        leverage: 50,
        starting_price: await mark('ETH'),
      });
      const below = (Number(await mark('SOL')) * 0.95).toFixed(2);
      await openedTradeId(suite.app, user, {
        coin: 'SOL',
        hands: '10',
        order_type: 'limit',
        limit_price: below,
        leverage: 10,
        starting_price: await mark('SOL'),
      });

      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);
      await page.goto('/lever');
      await page.getByRole('list', { name: 'Positions' }).waitFor();
      await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
      await page.waitForTimeout(1500);
      await shot(page, `${scheme}-lever`);
      await page.getByRole('tablist', { name: 'Positions and open orders' }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(300);
      await shot(page, `${scheme}-lever-orders`);
      await page.getByLabel('Hands', { exact: true }).fill('0.05');
      await page.getByRole('radio', { name: 'Limit price' }).click();
      await page.getByLabel('Limit price', { exact: true }).fill(await mark('BTC'));
      await shot(page, `${scheme}-lever-form`);
      await shot(page, `${scheme}-lever-full`, { fullPage: true });
      await page.getByLabel('Hands', { exact: true }).fill('5');
      await page.getByRole('list', { name: 'Positions' }).scrollIntoViewIfNeeded();
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
