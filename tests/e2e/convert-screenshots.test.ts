/**
 * Screenshots of the Convert screen at phone size, light and dark (docs/decisions/0053-convert.md):
 * a quote with its countdown, and the done message. Runs only when SCREENSHOTS names a folder.
 */
import { it } from 'vitest';
import { grant } from '../helpers/money.js';
import { signUp } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { logInThroughUi } from './helpers/ui.js';

describeScreenshots('convert screenshots', (suite) => {
  for (const scheme of SCHEMES) {
    it(`convert (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
      await grant(suite.app, user, 'funding', 'USDT', '2500');
      const { page, context } = await suite.phone(screenOptions(scheme));
      await logInThroughUi(page, user);
      await page.goto('/convert');
      await page.getByLabel('Amount').fill('1000');
      await page.getByText(/Quote refreshes in \d+ s/).waitFor();
      await shot(page, `${scheme}-convert-quote`);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(/^Converted /).waitFor();
      await shot(page, `${scheme}-convert-done`);
      await page.goto('/home');
      await page.getByRole('link', { name: /Convert/ }).waitFor();
      await page.waitForTimeout(800);
      await shot(page, `${scheme}-home-convert-link`, { fullPage: true });
      await page.goto('/assets');
      await page.waitForTimeout(800);
      await shot(page, `${scheme}-assets-convert-link`);
      await context.close();
    });
  }
});
