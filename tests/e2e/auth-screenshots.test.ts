/**
 * Screenshots of the sign-in screens in German and Japanese (docs/decisions/0043-languages.md): the login with a
 * refused password, the first sign-up step and the forgot-password screen, at phone size, to look for
 * overflow and English left over.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e auth-screenshots
 */
import { it } from 'vitest';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, screenOptions, shot } from './helpers/screenshots.js';

describeScreenshots('sign-in screenshots in German and Japanese', (suite) => {
  for (const language of ['de', 'ja'] as const) {
    it(`login, sign-up and forgot password (${language})`, async () => {
      const user = await signUp(suite.app);
      const { page, context } = await suite.phone(screenOptions('light'));
      await page.addInitScript((code) => localStorage.setItem('language', code), language);

      await page.goto('/login');
      await page.locator('html[lang="' + language + '"]').waitFor();
      await page.locator('input[type="email"]').fill(user.email);
      await page.locator('input[name="password"]').fill('not the password');
      await page.locator('button[type="submit"]').click();
      await page.getByRole('alert').waitFor();
      await shot(page, `${language}-login-refused`);

      await page.goto('/signup');
      await page.locator('input[type="email"]').waitFor();
      await shot(page, `${language}-signup`);

      await page.goto('/forgot-password');
      await page.locator('input[type="email"]').waitFor();
      await shot(page, `${language}-forgot-password`);
      await context.close();
    });
  }
});
