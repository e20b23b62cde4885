/**
 * Screenshots of the API keys screen (docs/security.md "API keys") at phone size, light and
 * dark: the list with an active, a disabled and an ended key; the create form filled in; the secret
 * shown once after creating a key through the form with the emailed code.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e api-keys-screenshots
 */
import { expect, it } from 'vitest';
import { apiKeys } from '../../src/server/modules/api-keys/schema.js';
import { MSG } from '../../src/shared/messages.js';
import { sealApiSecret } from '../../src/server/modules/api-keys/keys.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('API keys screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`safety center, API keys list, create form, secret shown once (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Ada', last_name: 'Bot' });
      const key = (n: number) => `Ab3${scheme}${n}`.padEnd(64, 'k');
      const now = suite.app.clock.now();
      await suite.app.db.insert(apiKeys).values(
        [
          ['Grid bot', ['read', 'spot'], ['203.0.113.7'], true, null],
          ['Portfolio tracker', ['read'], [], false, null],
          ['Old bot', ['read', 'spot'], [], true, 'password-reset'],
        ].map(([label, permissions, ipAllowlist, enabled, ended], i) => ({
          userId: user.id,
          apiKey: key(i),
          secretCiphertext: sealApiSecret(suite.app.config.jwtSecret, user.id, key(i), 'secret'),
          label: label as string,
          permissions: permissions as string[],
          ipAllowlist: ipAllowlist as string[],
          enabled: enabled as boolean,
          endedAt: ended ? now : null,
          endedReason: ended as string | null,
        })),
      );

      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);
      await page.goto('/safety-center');
      await page.getByText('API keys').waitFor();
      await shot(page, `${scheme}-safety-center-api-keys`, { fullPage: true });

      await page.getByText('API keys').click();
      await page.getByRole('switch', { name: 'Grid bot enabled' }).waitFor();
      await page.getByText('ended by a password reset').waitFor();
      await shot(page, `${scheme}-api-keys-list`);

      await page.getByLabel('Label').fill('Market maker');
      await page.getByRole('checkbox', { name: /Spot trading/ }).check();
      await page.getByLabel('IP allowlist (optional)').fill('198.51.100.4');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByText(MSG.otpSent).waitFor();
      await page
        .getByLabel(/code|OTP/i)
        .last()
        .fill(suite.app.mailbox.lastCode(user.email));
      await shot(page, `${scheme}-api-keys-create`, { fullPage: true });

      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Secret key').waitFor();
      const secret = await page.locator('p.font-mono').nth(1).textContent();
      expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
      await shot(page, `${scheme}-api-keys-secret-once`, { fullPage: true });
      // Once: after it is put away, the page never shows it again.
      await page.getByRole('button', { name: 'I have saved the secret' }).click();
      await page.getByRole('switch', { name: 'Market maker enabled' }).waitFor();
      expect(await page.content()).not.toContain(secret);
      await context.close();
    });
  }
});
