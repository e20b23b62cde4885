/** What a person does through the screens, reused by every browser test. */
import type { Page } from 'playwright-core';

/** Log in on /login and wait until the app has left it. */
export async function logInThroughUi(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Store a session the way the app does, without going through the login screen. */
export async function storeSession(page: Page, session: { access: string; user: unknown }): Promise<void> {
  await page.goto('/login');
  await page.evaluate(({ access, user }) => {
    window.localStorage.setItem('token', access);
    window.localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

/** The path the page shows once the router has settled on `expected`. */
export async function expectPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === expected);
}
