/**
 * Screenshots of the Safety Center in German and Japanese at phone size (docs/decisions/0043-languages.md):
 * the center with a lock in force, the API keys screen and the two-factor setup, to look for overflow
 * and English left over. Runs only when SCREENSHOTS names a folder:
 * SCREENSHOTS=.tmp npx vitest run --project e2e safety-language-screenshots
 */
import { it } from 'vitest';
import { accountLocks, userSecuritySettings } from '../../src/server/modules/security/schema.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

/** A text of each screen in each language, to wait for before the shot. */
const WAIT_FOR = {
  de: { center: 'Sicherheitscenter', apiKeys: 'API-Schlüssel erstellen', twoFactor: 'Schützen Sie Ihr Konto' },
  ja: { center: 'セキュリティセンター', apiKeys: 'APIキーを作成', twoFactor: 'アカウントを保護' },
} as const;

describeScreenshots('safety center screenshots in German and Japanese', (suite) => {
  for (const language of ['de', 'ja'] as const) {
    it(`safety center, API keys, two-factor (${language})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await suite.app.db
        .insert(userSecuritySettings)
        .values({ userId: user.id, whitelistEnabled: true, antiPhishingCode: 'Tulip42' });
      await suite.app.db.insert(accountLocks).values({
        userId: user.id,
        reason: 'password-changed',
        scope: 'withdrawal',
        lockedUntil: new Date(suite.app.clock.now().getTime() + 24 * 3_600_000),
      });
      const { page, context } = await suite.phone(screenOptions('light'));
      await logInThroughUi(page, user);
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      const texts = WAIT_FOR[language];
      await page.goto('/safety-center');
      await page.getByText(texts.center).first().waitFor();
      await shot(page, `${language}-safety-center`, { fullPage: true });
      await page.goto('/safety/api-keys');
      await page.getByText(texts.apiKeys).first().waitFor();
      await shot(page, `${language}-api-keys`, { fullPage: true });
      await page.goto('/safety/two-factor');
      await page.getByText(texts.twoFactor).first().waitFor();
      await shot(page, `${language}-two-factor`, { fullPage: true });
      await context.close();
    });
  }
});
