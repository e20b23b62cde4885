/**
 * Home does not move when its bonus offer arrives (docs/performance.md "Home's banner"): the banner's box
 * is drawn at its final size while the tiers load, its texts hidden, so the tiles, shortcuts and gainers
 * below it never move for it (before, the banner came with the answer and pushed them down: a layout
 * shift of 0.15 in Lighthouse). Where the last read offered nothing, no box is kept while they load.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/web/lib/storage.js';
import { createUser } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

// Bonuses on, as a new operator starts (the tests' default is off).
const suite = webAppSuite({ config: { bonusesDefault: true } });

/** Home with the tiers' answer held until `release`. */
async function homeWithTiersHeld(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api-v1/bonus-tiers/', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home');
  await page.locator('section[aria-labelledby="gainers-title"]').waitFor();
  return release;
}

/** The banner's box, shown or held for the offer (its name is there either way). */
const bannerBox = (page: Page) => page.locator('section[aria-label="Recharge bonus"]');
const offer = (page: Page) =>
  page.getByRole('region', { name: 'Recharge bonus' }).getByText(/^Up to .* USDT on your recharge$/);

it('draws the banner box at its final size before the bonus offer arrives', async () => {
  const user = await createUser(suite.app);
  const { page, errors } = await suite.phone();
  await storeSession(page, user.login);
  const release = await homeWithTiersHeld(page);
  const held = await bannerBox(page).boundingBox();
  expect(held).not.toBeNull();
  expect(await offer(page).count()).toBe(0);

  release();
  await offer(page).waitFor();
  // Its height, not its top: the balance card above it may still be taking its own (a fresh user's
  // first load, without the wallet cache).
  expect((await bannerBox(page).boundingBox())?.height).toBe(held?.height);
  expect(errors).toEqual([]);
});

it('keeps no banner box while the tiers load where the last read offered nothing', async () => {
  const user = await createUser(suite.app);
  const { page, errors } = await suite.phone();
  await storeSession(page, user.login);
  await page.addInitScript((key) => localStorage.setItem(key, 'off'), STORAGE_KEYS.homeBonusBanner);
  const release = await homeWithTiersHeld(page);
  expect(await bannerBox(page).count()).toBe(0);

  // Bonuses are on now: the banner comes, and the next visit keeps its box.
  release();
  await offer(page).waitFor();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.homeBonusBanner)).toBeNull();
  expect(errors).toEqual([]);
});
