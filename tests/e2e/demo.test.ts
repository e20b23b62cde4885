/**
 * "Try demo" in a real browser (docs/decisions/0063-demo-accounts.md): from /login to an open demo position in
 * well under a minute of clicks, marked DEMO on every screen on the way; the position's fee and margin
 * never reach the house's books. With SCREENSHOTS set, /login and the demo Lever screen, light and dark.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { expectLedgerBalanced } from '../helpers/money.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { finishAllTrades } from '../helpers/trades.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath } from './helpers/ui.js';
import type { Page } from 'playwright-core';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });

/** /login -> Try demo -> Home -> Lever -> 0.1 BTC long at 100X, confirmed: the path a newcomer takes. */
async function tryDemoToPosition(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try demo' }).click();
  await expectPath(page, '/home');
  await page.getByTestId('demo-badge').getByText('DEMO').waitFor();
  await page.getByRole('link', { name: 'Lever' }).first().click();
  await expectPath(page, '/lever');
  await page.getByTestId('demo-badge').waitFor();
  await expect.poll(() => page.getByTestId('lever-balance').textContent(), { timeout: 15_000 }).toBe('10,000.00 USDT');
  await page.getByLabel('Hands', { exact: true }).fill('0.1');
  await page.getByRole('button', { name: 'Buy (long)' }).click();
  await page.getByRole('dialog', { name: 'Confirm a 100X order' }).getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('status').getByText('Trade opened').waitFor();
  await page
    .getByRole('list', { name: 'Positions' })
    .getByRole('listitem', { name: /BTC\/USDT long 0\.1 hands/ })
    .waitFor();
}

describe('Try demo', () => {
  const suite = webAppSuite({ market, tradingRates: 'default' });
  afterEach(async () => {
    await finishAllTrades(suite.app);
    await expectLedgerBalanced(suite.app);
  });

  it('goes from /login to an open demo position in under a minute, marked DEMO, outside the books', async () => {
    const before = await readBooks(suite.app.db);
    const { page, errors } = await suite.phone();
    const started = Date.now();
    await tryDemoToPosition(page);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await readBooks(suite.app.db)).toEqual(before);
    expect(errors).toEqual([]);
  });
});

describeScreenshots(
  'demo screenshots',
  (suite) => {
    for (const scheme of SCHEMES) {
      it(`/login and the demo Lever screen, ${scheme}`, async () => {
        const { page } = await suite.phone(screenOptions(scheme));
        await page.goto('/login');
        await page.getByRole('button', { name: 'Try demo' }).waitFor();
        await shot(page, `demo-login-${scheme}`);
        await tryDemoToPosition(page);
        await shot(page, `demo-lever-${scheme}`);
        await page.getByRole('link', { name: 'Home' }).first().click();
        await page.getByTestId('demo-badge').waitFor();
        await page.getByRole('heading').first().waitFor();
        await shot(page, `demo-home-${scheme}`);
        await finishAllTrades(suite.app);
      });
    }
  },
  { market, tradingRates: 'default' },
);
