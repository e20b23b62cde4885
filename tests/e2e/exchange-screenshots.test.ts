/**
 * Screenshots of the Exchange screen's spot orders at phone size, light and dark, on the simulated
 * market (docs/decisions/0026-spot-orders.md): the form with a limit order's preview, the open orders, the order history, the
 * coin selector over the spot pairs and a coin's asset record with its spot trades.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e exchange-screenshots
 */
import { it } from 'vitest';
import { grant } from '../helpers/money.js';
import { call, signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('exchange screenshots', (suite) => {
  const mark = async (coin: string) => (await suite.app.ctx.market.markPrice(coin))!.price;

  for (const scheme of SCHEMES) {
    it(`exchange (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(suite.app, user, 'funding', 'USDT', '5000');
      await grant(suite.app, user, 'funding', 'ETH', '2');
      const place = async (body: Record<string, unknown>) => {
        const res = await call(suite.app, 'POST', '/api-v1/spot-orders/', { token: user.token, body });
        if (res.status !== 201) throw new Error(`spot-orders: ${res.status} ${JSON.stringify(res.body)}`);
      };
      await place({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
      await place({ symbol: 'ETHUSDT', side: 'sell', type: 'market', quantity: '0.5' });
      const btcBelow = Math.floor(Number(await mark('BTC')) * 0.95).toString();
      await place({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.005', price: btcBelow });
      const ethAbove = Math.floor(Number(await mark('ETH')) * 1.05).toString();
      await place({ symbol: 'ETHUSDT', side: 'sell', type: 'limit', quantity: '0.25', price: ethAbove });

      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);
      await page.goto('/exchange');
      await page.getByRole('list', { name: 'Open spot orders' }).waitFor();
      await page.getByRole('radio', { name: 'Limit' }).click();
      await page.getByLabel('Limit price').fill(btcBelow);
      await page.getByRole('button', { name: '25%' }).click();
      await page.waitForTimeout(1200);
      await shot(page, `${scheme}-exchange-spot`);
      await shot(page, `${scheme}-exchange-spot-full`, { fullPage: true });
      await page.getByRole('tab', { name: 'Order history' }).click();
      await page.getByRole('list', { name: 'Spot order history' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shot(page, `${scheme}-exchange-history`);
      await page.getByRole('button', { name: /choose a coin/ }).click();
      await page.getByRole('dialog').getByText('TON/USDT').waitFor();
      await page.waitForTimeout(300);
      await shot(page, `${scheme}-exchange-coins`);
      await page.keyboard.press('Escape');
      await page.goto('/asset/funding/BTC');
      await page.getByRole('list', { name: 'Spot orders' }).waitFor();
      await page.waitForTimeout(300);
      await shot(page, `${scheme}-asset-spot`, { fullPage: true });
      await context.close();
    });
  }
});
