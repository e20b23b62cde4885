/**
 * Every route of SPEC.md section 2 as a concrete address, with who opens it, so the accessibility
 * check, the no-overflow check and the screenshot tour visit the same screens. A funded trader,
 * an open chat and a staff member make the pages show data rather than only empty states.
 */
import type { Browser, Page } from 'playwright-core';
import { call, createAdmin, signUp, type TestUser } from '../../helpers/users.js';
import { fundWallet, setTransactionPassword } from '../../helpers/money.js';
import { newPhonePage, type PhonePageOptions } from './browser.js';
import type { WebApp } from './server.js';
import { storeSession } from './ui.js';

export type Visitor = 'guest' | 'user' | 'admin';

export interface Stop {
  /** A short file-friendly name. */
  name: string;
  path: string;
  visitor: Visitor;
}

export interface TourCast {
  user: TestUser;
  admin: TestUser;
  sessionId: string;
}

export async function castForTour(t: WebApp): Promise<TourCast> {
  const user = await signUp(t, { first_name: 'Grace', last_name: 'Hopper' });
  await fundWallet(t, user, '1500');
  await setTransactionPassword(t, user);
  const chat = await call<{ session_id: string }>(t, 'POST', '/api-v2/chats/', { token: user.token, body: {} });
  if (chat.status >= 300) throw new Error(`chats: ${chat.status}`);
  const admin = await createAdmin(t);
  return { user, admin, sessionId: chat.body.session_id };
}

export function tourStops(cast: TourCast): Stop[] {
  const guest = (name: string, path: string): Stop => ({ name, path, visitor: 'guest' });
  const user = (name: string, path: string): Stop => ({ name, path, visitor: 'user' });
  return [
    guest('login', '/login'),
    guest('signup', '/signup'),
    guest('forgot-password', '/forgot-password'),
    guest('legal-currency', '/legal-currency'),
    guest('important-notice', '/important-notice'),
    user('home', '/home'),
    user('markets', '/markets'),
    user('exchange', '/exchange'),
    user('deposit', '/deposit'),
    user('assets', '/assets'),
    user('asset-detail', '/asset/funding/USDT'),
    user('transfer', '/transfer/USDT'),
    user('withdrawal', '/withdrawal/USDT'),
    user('lever', '/lever'),
    user('identity-verification', '/identity-verification'),
    user('identity-basic-info', '/identity-verification/basic-info'),
    user('safety-center', '/safety-center'),
    user('entrustment-history', '/entrustment-history'),
    user('safety-login-password', '/safety/login-password'),
    user('safety-transaction-password', '/safety/transaction-password'),
    user('about-us', '/about-us'),
    user('lock-up', '/lock-up'),
    user('support', '/support'),
    user('sharing-link', '/sharing-link'),
    user('chat', `/chat/${cast.sessionId}`),
    { name: 'admin-dashboard', path: '/admin/dashboard', visitor: 'admin' },
    { name: 'admin-chat', path: `/admin/chat/${cast.user.id}`, visitor: 'admin' },
  ];
}

/** A page logged in as the stop's visitor (or nobody). */
export async function pageFor(
  browser: Browser,
  t: WebApp,
  cast: TourCast,
  visitor: Visitor,
  options: PhonePageOptions,
) {
  const phone = await newPhonePage(browser, t.baseUrl, options);
  if (visitor !== 'guest') {
    const who = visitor === 'user' ? cast.user : cast.admin;
    await storeSession(phone.page, who.login);
  }
  return phone;
}

/** Opens the stop and waits until it has drawn its data (its heading is up, requests have calmed). */
export async function visit(page: Page, stop: Stop): Promise<void> {
  await page.goto(stop.path);
  await page.waitForURL((url) => url.pathname === stop.path);
  await page.locator('h1, [role="heading"]').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => undefined);
  await page
    .locator('[role="status"] .animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 4_000 })
    .catch(() => undefined);
}
