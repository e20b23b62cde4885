/**
 * A trader's tools on the Lever screen in a real browser (docs/decisions/0025-trade-protection.md):
 * open a long, set its take-profit and stop-loss in the edit sheet (a wrong-side one refused with
 * the server's text), close half of it from the Close sheet, and see the rest still open with its
 * TP/SL; the take-profit then fires on the server's risk pass. Screenshots of the sheets at phone
 * size in both themes when SCREENSHOTS names a folder.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { activeTradesOf, finishAllTrades, openedTradeId, tradeHistoryOf } from '../helpers/trades.js';
import { signUp } from '../helpers/users.js';
import { SCHEMES, describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });

describe('position tools', () => {
  const suite = webAppSuite({ market, tradingRates: 'default' });
  afterEach(async () => {
    await finishAllTrades(suite.app);
    market.set('BTC', '60000');
  });

  it('sets TP/SL on a position, closes half of it, and the rest keeps its TP/SL until it fires', async () => {
    const user = await signUp(suite.app);
    await grant(suite.app, user, 'lever', 'USDT', '1000');
    const id = await openedTradeId(suite.app, user, { leverage: 10 }); // 0.1 BTC at 60000: margin 600, fee 3

    const { page, errors, context } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/lever');
    const row = page.getByRole('list', { name: 'Positions' }).getByRole('listitem', { name: /BTC\/USDT long/ });
    await row.getByTestId('tpsl').getByText('TP -- · SL --').waitFor();

    // Take-profit and stop-loss: a stop-loss above the mark is refused with the server's text.
    await row.getByRole('button', { name: /^TP\/SL of BTC\/USDT/ }).click();
    const tpsl = page.getByRole('dialog', { name: 'Take-profit / stop-loss' });
    await tpsl.getByLabel('Take-profit (USDT)').fill('62000');
    await tpsl.getByLabel('Stop-loss (USDT)').fill('60500');
    await tpsl.getByText("A long's stop-loss must be below the current price (60000 USDT)").waitFor();
    await tpsl.getByLabel('Stop-loss (USDT)').fill('58000');
    await tpsl.getByRole('button', { name: 'Save' }).click();
    await tpsl.waitFor({ state: 'detached' });
    await row.getByTestId('tpsl').getByText('TP 62,000.00 · SL 58,000.00').waitFor();
    expect((await activeTradesOf(suite.app, user))[0]).toMatchObject({ take_profit: '62000', stop_loss: '58000' });

    // Close 50 %: 0.05 hands at 60000 pay back 300 of margin - 1.5 of closing fee.
    await row.getByRole('button', { name: /^Close BTC\/USDT long/ }).click();
    const closing = page.getByRole('dialog', { name: 'Close position' });
    await closing.getByLabel('Hands to close (BTC)').fill('0.2');
    await closing.getByText('You can close at most 0.1 hands: the position holds 0.1').waitFor();
    await closing.getByRole('button', { name: '50%' }).click();
    await closing.getByRole('button', { name: 'Close part' }).click();
    await closing.waitFor({ state: 'detached' });
    const half = page.getByRole('list', { name: 'Positions' }).getByRole('listitem', { name: /0\.05 hands/ });
    await half.getByTestId('tpsl').getByText('TP 62,000.00 · SL 58,000.00').waitFor();
    await expect.poll(() => page.getByTestId('lever-balance').textContent()).toBe('695.50 USDT'); // 397 + 298.5

    // The Closed tab shows the closed part with its close reason, fee and P/L after fees.
    const [part] = await tradeHistoryOf(suite.app, user, '?status=closed,liquidated');
    expect(part).toMatchObject({ parent_trade_id: id, hands: '0.05', fee: '3', realized_profit_loss: '-3' });

    // The rest closes on the server's take-profit.
    market.set('BTC', '62100');
    await runTradeJobsOnce(suite.app.ctx);
    await page.getByText('no record').waitFor();
    await page.goto('/entrustment-history?tab=closed');
    await page.getByRole('listitem').filter({ hasText: 'Take-profit' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Partial close' }).waitFor();
    await expectLedgerBalanced(suite.app);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describeScreenshots(
  'position tools screenshots',
  (suite) => {
    for (const scheme of SCHEMES) {
      it(`the sheets (${scheme})`, async () => {
        const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
        await grant(suite.app, user, 'lever', 'USDT', '2500');
        await openedTradeId(suite.app, user, { leverage: 10, take_profit: '63000', stop_loss: '57500' });
        const { page, context } = await suite.phone(screenOptions(scheme));
        await storeSession(page, user.login);
        await page.goto('/lever');
        const row = page.getByRole('list', { name: 'Positions' }).getByRole('listitem').first();
        await row.getByTestId('tpsl').getByText('TP 63,000.00 · SL 57,500.00').waitFor();
        await row.scrollIntoViewIfNeeded();
        await shot(page, `${scheme}-lever-position-tools`);
        await row.getByRole('button', { name: /^Close BTC/ }).click();
        await page.getByRole('button', { name: '25%' }).click();
        await shot(page, `${scheme}-lever-close-sheet`);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await row.getByRole('button', { name: /^TP\/SL of/ }).click();
        await page.getByLabel('Stop-loss (USDT)').fill('61000');
        await shot(page, `${scheme}-lever-tpsl-sheet`);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await row.getByRole('button', { name: /^Margin of/ }).click();
        await page.getByLabel('Amount (USDT)').fill('150');
        await shot(page, `${scheme}-lever-margin-sheet`);
        await page.goto('/entrustment-history?tab=closed');
        await context.close();
      });
    }
  },
  { market, tradingRates: 'default' },
);
