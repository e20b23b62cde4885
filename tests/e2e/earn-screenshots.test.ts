/**
 * Screenshots of Earn (docs/decisions/0052-earn.md): the products, the subscribe sheet and the Mining
 * order tab at phone size, and the staff Earn view at a desk, light and dark. Runs only when
 * SCREENSHOTS names a folder.
 */
import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { grant } from '../helpers/money.js';
import { call, createAdmin, signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi, storeSession } from './helpers/ui.js';

const DESK = { width: 1280, height: 800 };

describeScreenshots('earn screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`earn (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(suite.app, user, 'funding', 'USDT', '5000');
      for (const [product_id, amount] of [
        [1, '1000'],
        [2, '2000'],
      ] as const)
        await call(suite.app, 'POST', '/api-v1/lockup-orders/', { token: user.token, body: { product_id, amount } });
      await suite.app.db.execute(
        sql`update lockup_orders set started_at = started_at - interval '4 days' where user_id = ${user.id}`,
      );
      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);
      await page.goto('/lock-up');
      await page.getByTestId('lockup-product').first().waitFor();
      await shot(page, `${scheme}-lockup-products`);
      await page.getByRole('button', { name: 'Lock up Pro 60' }).click();
      await page.getByRole('dialog').getByLabel('Amount (USDT)').fill('1500');
      await page.waitForTimeout(500);
      await shot(page, `${scheme}-lockup-sheet`);
      await page.goto('/lock-up?tab=order');
      await page.getByTestId('lockup-order').first().waitFor();
      await page.getByTestId('lockup-order').first().getByRole('button', { name: 'Redeem early' }).click();
      await shot(page, `${scheme}-lockup-orders`);
      await context.close();

      const admin = await createAdmin(suite.app);
      const desk = await suite.phone({ ...screenOptions(scheme), viewport: DESK });
      await storeSession(desk.page, admin.login);
      await desk.page.goto('/admin/dashboard?view=earn');
      await desk.page.getByTestId('staff-earn-product').first().waitFor();
      await shot(desk.page, `${scheme}-staff-earn`);
      await desk.context.close();
    });
  }
});
