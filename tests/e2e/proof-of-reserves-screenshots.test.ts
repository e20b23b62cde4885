/**
 * Screenshots of the proof of reserves (docs/proof-of-reserves.md), light and dark: the Safety Center
 * screen that verifies the user's path in the browser (phone), and the Books view's publishing panel with
 * the reserve addresses (desk).
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e proof-of-reserves-screenshots
 */
import { it } from 'vitest';
import { grant } from '../helpers/money.js';
import { call, createAdmin, signUp } from '../helpers/users.js';
import { DESK } from './helpers/browser.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi, storeSession } from './helpers/ui.js';

describeScreenshots('proof of reserves screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`proof of reserves screen and staff panel (${scheme})`, async () => {
      const admin = await createAdmin(suite.app);
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(suite.app, user, 'funding', 'USDT', '1250.5');
      await grant(suite.app, user, 'second', 'BTC', '0.042');
      for (const amount of ['300', '75.25', '12000'])
        await grant(suite.app, await signUp(suite.app), 'funding', 'USDT', amount);
      await call(suite.app, 'PUT', '/api-v3/admin/proof-of-reserves/reserve-addresses/', {
        token: admin.token,
        body: {
          addresses: [
            { currency: 'USDT', network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
            { currency: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
          ],
        },
      });
      await call(suite.app, 'POST', '/api-v3/admin/proof-of-reserves/', { token: admin.token });

      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);
      await page.goto('/safety-center');
      await page.getByText('Proof of reserves').waitFor();
      await shot(page, `${scheme}-safety-center-reserves`, { fullPage: true });
      await page.goto('/safety/proof-of-reserves');
      await page.getByText('Verified: your balances are included in the published totals').waitFor();
      await shot(page, `${scheme}-proof-of-reserves`, { fullPage: true });
      await context.close();

      const desk = await suite.phone({ ...screenOptions(scheme), viewport: DESK });
      await storeSession(desk.page, admin.login);
      await desk.page.goto('/admin/dashboard?view=books');
      await desk.page.getByRole('button', { name: 'Publish snapshot' }).waitFor();
      await shot(desk.page, `${scheme}-staff-proof-of-reserves`, { fullPage: true });
      await desk.context.close();
    });
  }
});
