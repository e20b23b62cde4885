/**
 * The profile (docs/decisions/0040-profile.md) in a real browser: the profile screen from the drawer (edit the name, see it
 * saved and shown), and a logged-out visitor's way in: the drawer on the sign-in screen, and a
 * support button on a public page that leads through sign-in to support.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import { PROFILE_MSG } from '../../src/shared/messages.js';
import { signUp } from '../helpers/users.js';
import { localStorageOf } from './helpers/browser.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, signIn } from './helpers/ui.js';

const suite = webAppSuite();

describe('the profile screen', () => {
  it('opens from the drawer, refuses a bad name, saves a good one and shows it there and in the drawer', async () => {
    const user = await signUp(suite.app, { first_name: 'Grace', last_name: 'Hopper' });
    const { page, context, errors } = await suite.phone();
    await signIn(page, user);
    await expectPath(page, '/home');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/profile');
    await page.getByTestId('profile-name').getByText('Grace Hopper').waitFor();
    await page.getByText(user.email).waitFor();

    const first = page.getByLabel('First name');
    const last = page.getByLabel('Last name');
    await expect(first.inputValue()).resolves.toBe('Grace');
    await first.fill('R2D2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(PROFILE_MSG.firstNameCharacters).waitFor();

    await first.fill('  Grace  Brewster ');
    await last.fill("O'Hopper");
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(PROFILE_MSG.updated).waitFor();
    await page.getByTestId('profile-name').getByText("Grace Brewster O'Hopper").waitFor();
    const [row] = await suite.app.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ first: 'Grace Brewster', last: "O'Hopper" });

    // The drawer and the stored user show the new name at once, without signing in again.
    await page.getByRole('button', { name: 'Back' }).click();
    await expectPath(page, '/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('drawer-name').getByText("Grace Brewster O'Hopper").waitFor();
    expect(JSON.parse((await localStorageOf(page)).user!)).toMatchObject({
      first_name: 'Grace Brewster',
      last_name: "O'Hopper",
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a logged-out visitor', () => {
  it('opens the logged-out drawer from the sign-in screen, and clear cache wipes local storage', async () => {
    const { page, context, errors } = await suite.phone();
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('walletCache', '{}'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Please log in' }).waitFor();
    await drawer.getByText('Welcome to Coinfront').waitFor();
    await drawer.getByRole('switch', { name: 'Night mode' }).waitFor();
    await drawer.getByRole('link', { name: 'Online service' }).waitFor();
    await drawer.getByRole('button', { name: 'Clear cache' }).click();
    await page.waitForFunction(() => window.localStorage.getItem('walletCache') === null);
    expect(await localStorageOf(page)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });

  it("taps a public page's order button, signs in and lands back on the page", async () => {
    const user = await signUp(suite.app, { first_name: 'Vera', last_name: 'Visitor' });
    const { page, context, errors } = await suite.phone();
    await page.goto('/legal-currency');
    await page.getByRole('button', { name: 'Buy USDT' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/legal-currency');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/legal-currency');
    await page.getByRole('button', { name: 'Buy USDT' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
