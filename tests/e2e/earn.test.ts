/**
 * Earn in a real browser (docs/decisions/0052-earn.md): Lock up Pro 15 from the Mining machine tab,
 * the order in the Mining order tab, its maturity (the order's start and maturity moved back in the
 * database, then the trade jobs' pass run, as the maturity job does: no test route in the app), and
 * the paid order with the funding wallet credited principal + yield; the books stay balanced.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { balanceOf, expectLedgerBalanced, grant } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const suite = webAppSuite();
afterEach(() => expectLedgerBalanced(suite.app));

describe('earn', () => {
  it('subscribes, matures and pays principal + yield to the funding wallet', async () => {
    const user = await signUp(suite.app);
    await grant(suite.app, user, 'funding', 'USDT', '1500');
    const { page, context } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/lock-up');
    await page.getByRole('button', { name: 'Lock up Pro 15' }).click();
    const sheet = page.getByRole('dialog', { name: 'Lock up Pro 15' });
    await sheet.getByLabel('Amount (USDT)').fill('100');
    await sheet.getByText(/^Enter an amount from 200 to 10,?000$/).waitFor();
    await sheet.getByLabel('Amount (USDT)').fill('1000');
    await sheet.getByText('50 USDT', { exact: true }).waitFor(); // the yield at maturity: 5 %
    await sheet.getByRole('button', { name: 'Confirm lock-up' }).click();
    await sheet.waitFor({ state: 'detached' });

    // The Mining order tab opens on the new order.
    const order = page.getByTestId('lockup-order');
    await order.getByText('Locked', { exact: true }).waitFor();
    await order.getByText(/^1,?000 USDT$/).waitFor();
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('500');

    await suite.app.db.execute(sql`update lockup_orders set started_at = started_at - interval '15 days',
      matures_at = matures_at - interval '15 days' where user_id = ${user.id}`);
    expect((await runTradeJobsOnce(suite.app.ctx)).earnPaid).toBe(1);
    await page.reload();
    await order.getByText('Paid', { exact: true }).waitFor();
    await order.getByText('Yield paid').waitFor();
    await order.getByText('50 USDT', { exact: true }).waitFor();
    expect(await balanceOf(suite.app, user, 'funding', 'USDT')).toBe('1550');
    await context.close();
  });
});
