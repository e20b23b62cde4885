/**
 * A convert in a real browser (docs/decisions/0053-convert.md): from Assets to the Convert screen,
 * BTC to USDT with Max, the quote with its countdown, Confirm; the balances move by the quoted numbers
 * and the books stay balanced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, grant } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });
const suite = webAppSuite({ market });
afterEach(() => expectLedgerBalanced(suite.app));

describe('convert', () => {
  it('converts all of the BTC to USDT at the quote shown', async () => {
    market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
    const user = await signUp(suite.app);
    await grant(suite.app, user, 'funding', 'BTC', '0.01');
    const { page, context } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/assets');
    await page.getByRole('link', { name: 'Convert' }).click();
    await expectPath(page, '/convert');

    // USDT -> BTC by default: the swap button turns it round.
    await page.getByRole('button', { name: 'Swap the coins' }).click();
    expect(await page.getByLabel('From').inputValue()).toBe('BTC');
    expect(await page.getByLabel('To').inputValue()).toBe('USDT');
    await page.getByText('Available: 0.01 BTC').waitFor();
    await page.getByRole('button', { name: 'Max' }).click();
    expect(await page.getByLabel('Amount').inputValue()).toBe('0.01');

    // 0.01 x 59990 = 599.9, less 0.5 %: 596.9005 USDT.
    await page.getByText('596.9005 USDT').waitFor();
    await page.getByText('1 BTC = 59,990 USDT').waitFor();
    await page.getByText(/Quote refreshes in \d+ s/).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Converted 0.01 BTC to 596.9005 USDT').waitFor();

    expect(await balanceOf(suite.app, user, 'funding', 'BTC')).toBe('0');
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('596.9005');
    await context.close();
  });

  it('is one tap from Home', async () => {
    const user = await signUp(suite.app);
    const { page, context } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/home');
    await page.getByRole('link', { name: /Convert/ }).click();
    await expectPath(page, '/convert');
    await context.close();
  });
});
