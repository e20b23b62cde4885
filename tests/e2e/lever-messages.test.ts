/**
 * The Lever screen tells the trader what happened (docs/decisions/0031-lever-results.md), in a
 * real browser on a market whose prices the test sets: a result message that the next one replaces
 * (open, then the close's realized P/L, then the cancel) and that goes by itself; positions and open
 * orders in tabs with counts; a tapped book price in the limit field; the question before a first
 * order at 50X or more, skipped after "Don't ask again"; the chart's intervals loading candles.
 * Screenshots (SCREENSHOTS=.tmp): the positions tab, the orders tab and the question, light and dark.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Kline } from '../../src/shared/api/market.js';
import { KLINE_INTERVALS } from '../../src/shared/market.js';
import { candleOpens } from '../../src/server/modules/market/intervals.js';
import { grant } from '../helpers/money.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { finishAllTrades, openedTradeId } from '../helpers/trades.js';
import { signUp, type TestUser } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });
// Candles for every interval, opened where the server's own interval arithmetic opens them.
market.exchange.klines = async (query) =>
  candleOpens(query.interval, query, Date.now()).map((open): Kline => [
    open,
    '60000',
    '60100',
    '59900',
    '60050',
    '1',
    open + KLINE_INTERVALS[query.interval] - 1,
    '60000',
    1,
    '0',
    '0',
    '0',
  ]);
// The default 0.05 % fee on open and close, so the close's message has fees to show.
const suite = webAppSuite({ market, tradingRates: 'default' });
afterEach(async () => {
  await finishAllTrades(suite.app);
  market.set('BTC', '60000');
  market.setBook('BTC', null);
});

const message = (page: Page) => page.getByRole('status').textContent();
const positions = (page: Page) => page.getByRole('list', { name: 'Positions' });
const tabNames = (page: Page) => page.getByRole('tab').allTextContents();

async function openLever(user: TestUser) {
  const phone = await suite.phone();
  await storeSession(phone.page, user.login);
  await phone.page.goto('/lever');
  await expect.poll(() => phone.page.getByLabel('Current price').inputValue()).toBe('60000.00');
  return phone;
}

describe('the Lever screen tells the trader what happened', () => {
  it('replaces "Trade opened" with the close’s realized P/L, counts a limit order in its tab, and says when it is cancelled', async () => {
    const user = await signUp(suite.app);
    await grant(suite.app, user, 'lever', 'USDT', '500');
    market.setBook('BTC', { bids: ['59000', '58990'], asks: ['60010', '60020'] });
    const { page, context, errors } = await openLever(user);
    expect(await tabNames(page)).toEqual(['Positions (0)', 'Open orders (0)']);

    // The first order at 100X asks; "Don't ask again" is remembered.
    await page.getByLabel('Hands', { exact: true }).fill('0.1');
    await page.getByRole('button', { name: 'Buy (long)' }).click();
    const question = page.getByRole('dialog', { name: 'Confirm a 100X order' });
    await question.getByText('At 100X a price move of 1 % against this position takes its whole margin.').waitFor();
    await question.getByRole('checkbox', { name: "Don't ask again" }).check();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => message(page)).toBe('Trade opened');
    const row = positions(page).getByRole('listitem', { name: /BTC\/USDT long 0\.1 hands/ });
    await expect.poll(() => tabNames(page)).toEqual(['Positions (1)', 'Open orders (0)']);

    // +15 on 60 of margin: ROE +25.00 %.
    market.set('BTC', '60150');
    await row.getByLabel('ROE +25.00%').waitFor();
    await row.getByRole('button', { name: /^Close BTC\/USDT long/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close all' }).click();
    // 15 of P/L less 3 of opening fee and 3.0075 of closing fee.
    await expect.poll(() => message(page)).toBe('Trade closed. Realized P/L +8.99 USDT (fees 6.01 USDT)');
    expect(await page.getByText('Trade opened').count()).toBe(0);
    await expect.poll(() => tabNames(page)).toEqual(['Positions (0)', 'Open orders (0)']);

    // Another visit: no question any more. A tapped bid is the limit price of a limit order.
    await page.reload();
    await expect.poll(() => page.getByLabel('Current price').inputValue()).toBe('60150.00');
    await page.getByRole('button', { name: 'Use 59,000.00 as the limit price' }).click();
    expect(await page.getByRole('radio', { name: 'Limit price' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Limit price', { exact: true }).inputValue()).toBe('59000');
    await page.getByLabel('Hands', { exact: true }).fill('0.1');
    await page.getByRole('button', { name: 'Buy (long)' }).click();
    await expect.poll(() => message(page)).toBe('Limit order placed');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => tabNames(page)).toEqual(['Positions (0)', 'Open orders (1)']);
    await page.getByRole('tab', { name: 'Open orders (1)' }).click();
    const order = page.getByRole('list', { name: 'Open orders' }).getByRole('listitem', { name: /0\.1 hands/ });
    await order.getByText('Pending limit').waitFor();

    await order.getByRole('button', { name: /^Cancel BTC\/USDT long/ }).click();
    await expect.poll(() => message(page)).toBe('Limit order cancelled and its margin refunded');
    await expect.poll(() => tabNames(page)).toEqual(['Positions (0)', 'Open orders (0)']);
    // A success goes by itself after a few seconds.
    await expect.poll(() => message(page), { timeout: 8000 }).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers 1m to 1W candles and loads the chosen interval', async () => {
    const user = await signUp(suite.app);
    const { page, context, errors } = await openLever(user);
    const intervals = page.getByRole('radiogroup', { name: 'Chart interval' }).getByRole('radio');
    expect(await intervals.allTextContents()).toEqual(['1m', '5m', '15m', '1h', '4h', '1D', '1W']);
    for (const interval of ['4h', '1D', '1W']) {
      const answer = page.waitForResponse(
        (r) => r.url().includes('/api/v3/klines') && r.url().includes(`interval=${interval.toLowerCase()}`),
      );
      await page.getByRole('radio', { name: interval, exact: true }).click();
      const response = await answer;
      expect(response.status()).toBe(200);
      const candles = (await response.json()) as Kline[];
      // 200 candles: MA 99 and RSI 14 need the history before the first one drawn (docs/decisions/0060).
      expect(candles).toHaveLength(200);
      expect(candles[1]![0] - candles[0]![0]).toBe(KLINE_INTERVALS[interval.toLowerCase() as '4h' | '1d' | '1w']);
      await page.getByRole('figure', { name: `BTCUSDT candlesticks, ${interval.toLowerCase()} interval` }).waitFor();
      expect(await page.getByText('No chart data yet').count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describeScreenshots('lever results screenshots', (suite) => {
  const mark = async (coin: string) => (await suite.app.ctx.market.markPrice(coin))!.price;

  for (const scheme of SCHEMES) {
    it(`positions, open orders and the 100X question (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(suite.app, user, 'lever', 'USDT', '2500');
      await openedTradeId(suite.app, user, { coin: 'BTC', hands: '0.2', starting_price: await mark('BTC') });
      await openedTradeId(suite.app, user, {
        coin: 'ETH',
        hands: '1.5',
        trade_type: 'sell',
        leverage: 50,
        starting_price: await mark('ETH'),
      });
      await openedTradeId(suite.app, user, {
        coin: 'SOL',
        hands: '10',
        order_type: 'limit',
        limit_price: (Number(await mark('SOL')) * 0.95).toFixed(2),
        leverage: 10,
        starting_price: await mark('SOL'),
      });
      const { page, context } = await suite.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      await page.goto('/lever');
      await positions(page).waitFor();
      await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
      await page.getByRole('tablist').scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 300);
      await shot(page, `${scheme}-lever-positions-tab`);
      await page.getByRole('tab', { name: /Open orders/ }).click();
      await page.getByRole('list', { name: 'Open orders' }).waitFor();
      await shot(page, `${scheme}-lever-orders-tab`);

      await page.getByRole('tab', { name: /Positions/ }).click();
      await page.getByLabel('Hands', { exact: true }).scrollIntoViewIfNeeded();
      await page.getByRole('slider', { name: /Size/ }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await shot(page, `${scheme}-lever-slider`);
      await page.getByRole('button', { name: 'Buy (long)' }).click();
      await page.getByRole('dialog', { name: 'Confirm a 100X order' }).waitFor();
      await shot(page, `${scheme}-lever-confirm`);
      await page.getByRole('dialog').getByRole('checkbox').check();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').getByText('Trade opened').waitFor();
      await shot(page, `${scheme}-lever-message`);
      await context.close();
    });
  }
});
