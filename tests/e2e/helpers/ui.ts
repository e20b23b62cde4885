/** What a person does through the screens, reused by every browser test. */
import type { Page, Route } from 'playwright-core';

/** Log in on /login and wait until the app has left it. */
export async function logInThroughUi(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Store a session the way the app does (src/web/lib/session.ts saveSession), without going through the
 * login screen. The page ends on the app's origin at /login, on a blank document: storage belongs to
 * the origin, and loading the app itself there only to leave it again cost a page load per sign-in
 * (docs/decisions/0069-e2e-speed.md). The caller's next `goto` starts the app with the session.
 */
export async function storeSession(page: Page, session: { access: string; user: unknown }): Promise<void> {
  const blank = (route: Route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title></title>' });
  const isLogin = (url: URL) => url.pathname === '/login';
  await page.route(isLogin, blank);
  try {
    await page.goto('/login');
  } finally {
    await page.unroute(isLogin, blank);
  }
  await page.evaluate(({ access, user }) => {
    window.localStorage.setItem('token', access);
    window.localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

/**
 * Signed in by a stored session where signing in is not what a test is about: what
 * logInThroughUi leaves (the app opened at `path`, by default the root, which sends a user home and
 * staff to the dashboard), without the login screen's two page loads.
 */
export async function signIn(
  page: Page,
  user: { login: { access: string; user: unknown } },
  path = '/',
): Promise<void> {
  await storeSession(page, user.login);
  await page.goto(path);
  if (path === '/') await page.waitForURL((url) => url.pathname !== '/');
}

/** The path the page shows once the router has settled on `expected`. */
export async function expectPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === expected);
}
