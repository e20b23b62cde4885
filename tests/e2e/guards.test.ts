/** docs/product.md section 2 access rules, checked in a real browser against the real server. */
import { describe, expect, it } from 'vitest';
import { createAdmin, signUp } from '../helpers/users.js';
import { localStorageOf } from './helpers/browser.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, logInThroughUi, signIn, storeSession } from './helpers/ui.js';

const suite = webAppSuite();

/** A JWT-shaped token whose `exp` is in the past (the signature does not matter to the browser). */
const expiredToken = () => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.c2ln`;
};

describe('logged out', () => {
  it.each(['/', '/home', '/assets', '/safety/login-password', '/admin/dashboard', '/no-such-page'])(
    'is sent from %s to /login',
    async (path) => {
      const { page, context } = await suite.phone();
      await page.goto(path);
      await expectPath(page, '/login');
      await context.close();
    },
  );

  it('can open the public pages', async () => {
    const { page, context } = await suite.phone();
    for (const [path, title] of [
      ['/signup', 'Create your account'],
      ['/forgot-password', 'Reset your password'],
      ['/legal-currency', 'Legal Currency'],
      ['/important-notice', 'Important Notice'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: title }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await context.close();
  });

  it('with an expired token has local storage cleared and lands on /login', async () => {
    const user = await signUp(suite.app);
    const { page, context } = await suite.phone();
    await storeSession(page, { access: expiredToken(), user: user.login.user });
    await page.evaluate(() => window.localStorage.setItem('walletCache', '{}'));
    await page.goto('/markets');
    await expectPath(page, '/login');
    expect(await localStorageOf(page)).toEqual({});
    await context.close();
  });
});

describe('a logged-in user', () => {
  it('lands on /home from the root and from unknown paths', async () => {
    const user = await signUp(suite.app);
    const { page, context } = await suite.phone();
    await signIn(page, user);
    await expectPath(page, '/home');
    await page.goto('/no-such-page');
    await expectPath(page, '/home');
    await context.close();
  });

  it('is sent from admin pages to /support', async () => {
    const user = await signUp(suite.app);
    const { page, context } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/admin/dashboard');
    await expectPath(page, '/support');
    await page.goto('/admin/chat/1');
    await expectPath(page, '/support');
    await context.close();
  });

  it('whose token the server no longer accepts is logged out on the next API call', async () => {
    const user = await signUp(suite.app);
    const { page, context } = await suite.phone();
    await logInThroughUi(page, user);
    // "Sign out all other sessions" from another device ends the browser's session.
    const other = await fetch(`${suite.app.baseUrl}/api-v1/sessions/revoke-others/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(other.status).toBe(200);
    await page.goto('/safety-center');
    await expectPath(page, '/login');
    expect(await localStorageOf(page)).toEqual({});
    await context.close();
  });

  it('moves between the five tabs with the bottom navigation', async () => {
    const user = await signUp(suite.app);
    const { page, context, errors } = await suite.phone();
    await signIn(page, user);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['Markets', '/markets'],
      ['Exchange', '/exchange'],
      ['Lever', '/lever'],
      ['Assets', '/assets'],
      ['Home', '/home'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expectPath(page, path);
      // The tab turns blue once its screen has loaded (the route change waits for the lazy chunk).
      await nav.locator('a[aria-current="page"]', { hasText: label }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an admin', () => {
  it('lands on the dashboard and is kept away from user pages', async () => {
    const admin = await createAdmin(suite.app);
    const { page, context, errors } = await suite.phone();
    await signIn(page, admin);
    await expectPath(page, '/admin/dashboard');
    for (const path of ['/home', '/assets', '/support', '/', '/no-such-page']) {
      await page.goto(path);
      await expectPath(page, '/admin/dashboard');
    }
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByRole('heading', { name: 'Pending Requests' }).first().waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Support Dashboard' });
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    expect(await localStorageOf(page)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });
});
