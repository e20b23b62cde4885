/**
 * Screenshots of the profile screen (docs/decisions/0040-profile.md) (saved, and a refused name) and the logged-out drawer on
 * the sign-in screen, at phone size, light and dark.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e profile-screenshots
 */
import { it } from 'vitest';
import { PROFILE_MSG } from '../../src/shared/messages.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { storeSession } from './helpers/ui.js';

describeScreenshots('profile screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`profile screen and the logged-out drawer on sign-in (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      const { page, context } = await suite.phone(screenOptions(scheme));

      await page.goto('/login');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByText('Welcome to Coinfront').waitFor();
      await shot(page, `${scheme}-login-drawer`);

      await storeSession(page, user.login);
      await page.goto('/profile');
      await page.getByTestId('profile-name').getByText('Grace Hopper').waitFor();
      await page.getByLabel('Last name').fill('Hopper 2');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PROFILE_MSG.lastNameCharacters).waitFor();
      await shot(page, `${scheme}-profile-refused`);
      await page.getByLabel('Last name').fill('Brewster Hopper');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PROFILE_MSG.updated).waitFor();
      await shot(page, `${scheme}-profile-saved`);

      await page.goto('/home');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('drawer-name').getByText('Grace Brewster Hopper').waitFor();
      await shot(page, `${scheme}-drawer-profile-link`);
      await context.close();
    });
  }
});
