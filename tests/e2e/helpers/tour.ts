/**
 * Every route of docs/product.md section 2 as a concrete address, with who opens it, so the accessibility
 * check, the no-overflow check and the screenshot tour visit the same screens. A funded trader,
 * an open chat and a staff member make the pages show data rather than only empty states.
 */
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { call, createAdmin, signUp, type TestUser } from '../../helpers/users.js';
import { fundWallet, setTransactionPassword } from '../../helpers/money.js';
import type { PhonePage, PhonePageOptions } from './browser.js';
import type { WebApp } from './server.js';
import { WebAppSuite, type WebAppSuiteOptions } from './suite.js';
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

async function castForTour(t: WebApp): Promise<TourCast> {
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
    user('safety-passkeys', '/safety/passkeys'),
    user('safety-two-factor', '/safety/two-factor'),
    user('safety-withdrawal-addresses', '/safety/withdrawal-addresses'),
    user('safety-anti-phishing-code', '/safety/anti-phishing-code'),
    user('safety-api-keys', '/safety/api-keys'),
    user('safety-sessions', '/safety/sessions'),
    user('about-us', '/about-us'),
    user('lock-up', '/lock-up'),
    user('support', '/support'),
    user('sharing-link', '/sharing-link'),
    user('profile', '/profile'),
    user('chat', `/chat/${cast.sessionId}`),
    { name: 'admin-dashboard', path: '/admin/dashboard', visitor: 'admin' },
    // The staff menu's other views live in the address of /admin/dashboard (src/web/features/admin/views.ts).
    { name: 'admin-users', path: '/admin/dashboard?view=users', visitor: 'admin' },
    { name: 'admin-audit-log', path: '/admin/dashboard?view=users&section=audit', visitor: 'admin' },
    { name: 'admin-books', path: '/admin/dashboard?view=books', visitor: 'admin' },
    { name: 'admin-settings', path: '/admin/dashboard?view=settings', visitor: 'admin' },
    { name: 'admin-chat', path: `/admin/chat/${cast.user.id}`, visitor: 'admin' },
  ];
}

/** The app, a browser and the tour's cast, for the files that walk every route. */
export class TourSuite extends WebAppSuite {
  #cast: TourCast | undefined;

  constructor(options: WebAppSuiteOptions = {}) {
    super(options);
    beforeAll(async () => {
      this.#cast = await castForTour(this.app);
    }, 60_000);
  }

  get cast(): TourCast {
    if (!this.#cast) throw new Error('The tour cast is made in beforeAll: use it inside a test.');
    return this.#cast;
  }

  /** A page logged in as the stop's visitor (or nobody). */
  async pageFor(visitor: Visitor, options: PhonePageOptions): Promise<PhonePage> {
    const phone = await this.phone(options);
    if (visitor !== 'guest') {
      const who = visitor === 'user' ? this.cast.user : this.cast.admin;
      await storeSession(phone.page, who.login);
    }
    return phone;
  }
}

/** How long a stop may take to draw its data before the test fails: generous, the machine is shared. */
const READY_MS = 15_000;

/** Waits for `what`, failing with `message` (and the page's address) when it never comes. */
async function waitUntil(page: Page, what: Promise<unknown>, message: string): Promise<void> {
  try {
    await what;
  } catch (error) {
    throw new Error(`${page.url()}: ${message}`, { cause: error });
  }
}

/**
 * Opens the stop and waits until it has drawn its data: its heading is up, requests have calmed and
 * no loading spinner is left. A page that never gets there fails the test, so the layout and axe
 * checks never inspect a page still loading (issue 22).
 */
export async function visit(page: Page, stop: Stop): Promise<void> {
  await page.goto(stop.path);
  await waitUntil(
    page,
    page.waitForURL((url) => `${url.pathname}${url.search}` === stop.path, { timeout: READY_MS }),
    `never settled on ${stop.path} (redirected?)`,
  );
  await waitUntil(
    page,
    page.locator('h1, [role="heading"]').first().waitFor({ timeout: READY_MS }),
    `no heading after ${READY_MS} ms`,
  );
  await waitUntil(
    page,
    page.waitForLoadState('networkidle', { timeout: READY_MS }),
    `requests still running after ${READY_MS} ms`,
  );
  await waitUntil(
    page,
    page.locator('[role="status"] .animate-spin').first().waitFor({ state: 'detached', timeout: READY_MS }),
    `still showing a loading spinner after ${READY_MS} ms`,
  );
}
