/**
 * A price alert in a real browser (docs/decisions/0055-alerts-statements.md): set with the bell on
 * the Lever screen, fired when the market crosses it, the Home bell shows the notification, which
 * opens the pair; the list shows it fired. With SCREENSHOTS set, the sheet, the list, the fired
 * notification and the statement export in both themes at 390x844.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createFakeMarket } from '../helpers/fake-market.js';
import { fundWallet } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { SCHEMES, describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import type { WebAppSuite } from './helpers/suite.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, storeSession } from './helpers/ui.js';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** On the Lever screen: the bell's sheet, an alert at `price` set. */
async function setAlertOnLever(page: Page, price: string) {
  await page.goto('/lever');
  await expect.poll(() => page.getByLabel('Current price').inputValue()).toBe('60000.00');
  await page.getByRole('button', { name: 'Price alert for BTC/USDT' }).click();
  const sheet = page.getByRole('dialog', { name: 'Price alert for BTC/USDT' });
  await sheet.getByText('Now 60,000 USDT').waitFor();
  await sheet.getByLabel('Price (USDT)').fill(price);
  return sheet;
}

async function fire(suite: WebAppSuite, user: TestUser, market: ReturnType<typeof createFakeMarket>) {
  market.set('BTC', '61250.5');
  const kinds = async () =>
    ((await call(suite.app, 'GET', '/api-v1/notifications/', { token: user.token })).body.results as { kind: string }[])
      .map((n) => n.kind)
      .filter((kind) => kind === 'price_alert');
  await expect.poll(kinds, { timeout: 10_000 }).toEqual(['price_alert']);
}

describe('a price alert', () => {
  const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });
  const suite = webAppSuite({ market });

  it('set on Lever -> the market crosses -> the bell shows it -> it opens the pair; the list shows it fired', async () => {
    const user = await signUp(suite.app);
    const { page, context, errors } = await suite.phone();
    await storeSession(page, user.login);

    // A price already passed is refused with the server's reason, and nothing is kept.
    const sheet = await setAlertOnLever(page, '59000');
    await sheet.getByRole('button', { name: 'Set alert' }).click();
    await sheet.getByText('The price is already at or above this value').waitFor();
    await sheet.getByLabel('Price (USDT)').fill('61000');
    await sheet.getByRole('button', { name: 'Set alert' }).click();
    await sheet.getByText('Price alert set').waitFor();
    await sheet.getByRole('link', { name: 'All my price alerts' }).click();
    await expectPath(page, '/price-alerts');
    await page.getByText('Rises to 61,000 USDT').waitFor();
    await page.getByText('Waiting').waitFor();

    await fire(suite, user, market);
    await page.goto('/home');
    await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 1 new');
    await bell(page).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.getByText('BTC/USDT rose to 61000 USDT or above: it is at 61250.5 USDT now.').waitFor();
    await list.getByRole('link', { name: 'Price alert: BTC/USDT' }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/lever?coin=BTC');

    await page.goto('/price-alerts');
    await page.getByText('Fired at 61,250.5 USDT').waitFor();
    expect(errors).toEqual([]);
    await context.close();
    market.set('BTC', '60000');
  });
});

describeScreenshots(
  'price alert and statement screenshots',
  (suite) => {
    it.each(SCHEMES)('%s', async (scheme) => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await fundWallet(suite.app, user, '250');
      const market = suite.app.ctx.market as ReturnType<typeof createFakeMarket>;
      market.set('BTC', '60000');
      const { page, context } = await suite.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      const sheet = await setAlertOnLever(page, '61000');
      await shot(page, `${scheme}-alert-sheet`);
      await sheet.getByRole('button', { name: 'Set alert' }).click();
      await sheet.getByText('Price alert set').waitFor();
      await call(suite.app, 'POST', '/api-v1/price-alerts/', {
        token: user.token,
        body: { symbol: 'ETHUSDT', condition: 'move', value: '5' },
      });
      await fire(suite, user, market);
      await page.goto('/price-alerts');
      await page.getByText('Fired at 61,250.5 USDT').waitFor();
      await shot(page, `${scheme}-alert-list`);
      await page.getByRole('button', { name: 'Edit' }).first().click();
      await page.getByRole('dialog', { name: /Edit .* alert/ }).waitFor();
      await shot(page, `${scheme}-alert-edit`);
      await page.goto('/home');
      await bell(page).click();
      await page.getByRole('dialog', { name: 'Notifications' }).getByText('Price alert: BTC/USDT').waitFor();
      await shot(page, `${scheme}-alert-notification`);
      await page.goto('/entrustment-history');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.getByRole('dialog', { name: 'Export a statement' }).waitFor();
      await shot(page, `${scheme}-statement-history`);
      await page.goto('/asset/funding/USDT');
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      await page.waitForTimeout(500);
      await shot(page, `${scheme}-statement-asset`);
      await context.close();
      market.set('BTC', '60000');
    });
  },
  { market: createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' }) },
);
