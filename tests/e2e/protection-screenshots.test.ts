/**
 * Screenshots of the withdrawal-protection screens at phone size, light and dark: the Safety Center
 * with a lock in force, the address book with the whitelist on, the anti-phishing code page and the
 * withdrawal screen offering saved addresses.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e protection-screenshots
 */
import { it } from 'vitest';
import { accountLocks, userSecuritySettings, withdrawalAddresses } from '../../src/server/modules/security/schema.js';
import { grant, setTransactionPassword } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('withdrawal protection screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`safety center, address book, anti-phishing code, withdrawal (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await setTransactionPassword(suite.app, user, '246810');
      await grant(suite.app, user, 'funding', 'USDT', '1250.5');
      await suite.app.db.insert(withdrawalAddresses).values([
        { userId: user.id, currency: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', label: 'Cold wallet' },
        { userId: user.id, currency: 'USDT', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', label: 'Exchange' },
        { userId: user.id, currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', label: 'Ledger' },
      ]);
      await suite.app.db
        .insert(userSecuritySettings)
        .values({ userId: user.id, whitelistEnabled: true, antiPhishingCode: 'Tulip42' });
      const now = suite.app.clock.now().getTime();
      await suite.app.db.insert(accountLocks).values({
        userId: user.id,
        reason: 'password-changed',
        scope: 'withdrawal',
        lockedUntil: new Date(now + 24 * 3_600_000),
      });

      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);
      await page.goto('/safety-center');
      await page.getByText(/Withdrawals locked until/).waitFor();
      await shot(page, `${scheme}-safety-center-protection`, { fullPage: true });
      await page.goto('/safety/withdrawal-addresses');
      await page.getByText('Cold wallet').waitFor();
      await shot(page, `${scheme}-address-book`, { fullPage: true });
      await page.goto('/safety/anti-phishing-code');
      await page.getByText('T*****2').waitFor();
      await shot(page, `${scheme}-anti-phishing-code`, { fullPage: true });
      await page.goto('/withdrawal/USDT');
      await page.getByRole('button', { name: /Cold wallet/ }).click();
      await shot(page, `${scheme}-withdrawal-saved-addresses`, { fullPage: true });
      await context.close();
    });
  }
});
