/**
 * Every route of docs/product.md section 2 as a concrete address, with who opens it, so the accessibility
 * check, the no-overflow check and the screenshot tour visit the same screens. A funded trader,
 * an open chat and a staff member make the pages show data rather than only empty states.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll } from 'vitest';
import { call, createAdmin, signUp, type TestUser } from '../../helpers/users.js';
import { fundWallet, grant, setTransactionPassword } from '../../helpers/money.js';
import { openedTradeId } from '../../helpers/trades.js';
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
  // The approved deposit is also a notification (the bell's list has an entry).
  await fundWallet(t, user, '1500');
  await setTransactionPassword(t, user);
  // An open position, so Lever and Assets show a trade and not only their empty states.
  await grant(t, user, 'lever', 'USDT', '500');
  const mark = await t.ctx.market.markPrice('BTC');
  if (!mark) throw new Error('no BTC mark price for the tour trade');
  await openedTradeId(t, user, { coin: 'BTC', hands: '0.001', starting_price: mark.price });
  const chat = await call<{ session_id: string }>(t, 'POST', '/api-v2/chats/', { token: user.token, body: {} });
  if (chat.status >= 300) throw new Error(`chats: ${chat.status}`);
  const admin = await createAdmin(t);
  // A published proof of reserves, so its screen shows the user's verified leaf (docs/proof-of-reserves.md).
  const snapshot = await call(t, 'POST', '/api-v3/admin/proof-of-reserves/', { token: admin.token });
  if (snapshot.status >= 300) throw new Error(`proof of reserves: ${snapshot.status}`);
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
    user('safety-proof-of-reserves', '/safety/proof-of-reserves'),
    user('about-us', '/about-us'),
    user('lock-up', '/lock-up'),
    user('support', '/support'),
    user('sharing-link', '/sharing-link'),
    user('profile', '/profile'),
    user('price-alerts', '/price-alerts'),
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

/**
 * The stops TOUR_ROUTES names (a comma list of stop names or paths, e.g. `home,markets,assets`), or all
 * of them: a walk limited while working on some screens. Naming no stop is an error, not an empty walk.
 */
export function chosenStops(stops: Stop[], wanted = process.env.TOUR_ROUTES): Stop[] {
  const names = wanted
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names?.length) return stops;
  const picked = stops.filter((stop) => names.includes(stop.name) || names.includes(stop.path));
  if (picked.length === 0) throw new Error(`TOUR_ROUTES=${wanted} names no stop of the tour`);
  return picked;
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
 * Opens the stop with a page load and waits until it has drawn its data: its heading is up, requests
 * have calmed and no loading spinner is left. A page that never gets there fails the test, so the
 * layout and axe checks never inspect a page still loading (docs/style.md).
 */
export async function visit(page: Page, stop: Stop): Promise<void> {
  await page.goto(stop.path);
  await settled(page, stop, { afterLoad: true });
}

/** Requests started and not finished on a page, and when the network last moved. */
interface Traffic {
  pending: Set<Request>;
  lastMove: number;
}
const traffic = new WeakMap<Page, Traffic>();

function trafficOf(page: Page): Traffic {
  let seen = traffic.get(page);
  if (!seen) {
    const watch: Traffic = { pending: new Set(), lastMove: Date.now() };
    const done = (request: Request) => {
      watch.pending.delete(request);
      watch.lastMove = Date.now();
    };
    page.on('request', (request) => {
      watch.pending.add(request);
      watch.lastMove = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    traffic.set(page, (seen = watch));
  }
  return seen;
}

/**
 * How long the network must stay still after an in-app move before the stop counts as loaded: the
 * in-app counterpart of playwright's 'networkidle' (500 ms after a load), which a history change
 * does not reset. A screen's queries start within a frame of its first render, and a follow-up
 * request within a frame of the answer it depends on.
 */
const QUIET_MS = 300;

/** Resolves once no request is running and none has started or ended for QUIET_MS (polled per frame). */
async function networkQuiet(page: Page, from: number): Promise<void> {
  const watch = trafficOf(page);
  const deadline = Date.now() + READY_MS;
  for (;;) {
    const still = Date.now() - Math.max(watch.lastMove, from);
    if (watch.pending.size === 0 && still >= QUIET_MS) return;
    if (Date.now() > deadline) {
      const running = [...watch.pending].map((r) => r.url()).join(', ');
      throw new Error(`requests still running after ${READY_MS} ms: ${running}`);
    }
    await new Promise((next) => setTimeout(next, watch.pending.size ? 20 : QUIET_MS - still));
  }
}

/**
 * Moves to the stop inside the app, as a tap on a link would (history.pushState + popstate, which the
 * router follows), and waits until the new screen has drawn its data. No page load: the app, its
 * language and its socket stay up, so a stop costs the screen's own requests only.
 */
async function navigate(page: Page, stop: Stop): Promise<void> {
  trafficOf(page);
  await page.evaluate((path) => {
    // The screen being left, when another route's screen replaces it (the router keeps it up while the
    // next one loads): its headings must not count as the next screen's. A move within one route
    // (/admin/dashboard?view=...) keeps its screen, and React may keep its heading element too.
    if (new URL(path, location.href).pathname !== location.pathname)
      document.querySelectorAll('h1, [role="heading"]').forEach((h) => h.setAttribute('data-walk-left', ''));
    window.scrollTo(0, 0);
    const state = history.state as { idx?: number } | null;
    history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 },
      '',
      path,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, stop.path);
  await settled(page, stop, { afterLoad: false });
}

async function settled(page: Page, stop: Stop, { afterLoad }: { afterLoad: boolean }): Promise<void> {
  await waitUntil(
    page,
    page.waitForURL((url) => `${url.pathname}${url.search}` === stop.path, { timeout: READY_MS }),
    `never settled on ${stop.path} (redirected?)`,
  );
  await waitUntil(
    page,
    page
      .locator('h1:not([data-walk-left]), [role="heading"]:not([data-walk-left])')
      .first()
      .waitFor({ timeout: READY_MS }),
    `no heading after ${READY_MS} ms`,
  );
  if (afterLoad) {
    await waitUntil(
      page,
      page.waitForLoadState('networkidle', { timeout: READY_MS }),
      `requests still running after ${READY_MS} ms`,
    );
    await noSpinner(page);
  } else {
    await calm(page);
  }
}

async function noSpinner(page: Page): Promise<void> {
  await waitUntil(
    page,
    page.locator('[role="status"] .animate-spin').first().waitFor({ state: 'detached', timeout: READY_MS }),
    `still showing a loading spinner after ${READY_MS} ms`,
  );
}

/**
 * Waits until what was just drawn (a screen after an in-app move, a sheet just opened) has its data:
 * the queries it started on mount have had two frames to go out, then the network stays still for
 * QUIET_MS and no loading spinner is left.
 */
async function calm(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await waitUntil(page, networkQuiet(page, Date.now()), `requests never calmed`);
  await noSpinner(page);
}

/**
 * Walks `stops` on one page, yielding at each once it has drawn its data: a page load only when the
 * tour changes hands (the next visitor signs in, or a guest's session is dropped), an in-app move
 * otherwise. The a11y, layout, language and screenshot walks all go this way.
 */
export async function* walk(page: Page, cast: TourCast, stops: readonly Stop[]): AsyncGenerator<Stop> {
  let visitor: Visitor | null = null;
  for (const stop of stops) {
    if (stop.visitor !== visitor) {
      if (stop.visitor !== 'guest')
        await storeSession(page, stop.visitor === 'user' ? cast.user.login : cast.admin.login);
      else if (visitor !== null)
        await page.evaluate(() => ['token', 'user'].forEach((key) => window.localStorage.removeItem(key)));
      visitor = stop.visitor;
      trafficOf(page);
      await visit(page, stop);
    } else {
      await navigate(page, stop);
    }
    yield stop;
  }
}

/**
 * The sheets and drawers a screen's buttons open (`aria-haspopup="dialog"`: the account drawer, the
 * bell's list, the language picker, the coin drawer, the staff menu...), each opened, yielded with its
 * opener's name once its data is drawn, and closed with Escape when the caller moves on.
 */
export async function* sheets(page: Page): AsyncGenerator<string> {
  const openers = page.locator('button[aria-haspopup="dialog"]:visible:enabled');
  const count = await openers.count();
  for (let i = 0; i < count; i++) {
    const opener = openers.nth(i);
    const name = (await opener.getAttribute('aria-label')) ?? (await opener.innerText()).trim();
    await opener.click();
    await page.getByRole('dialog').waitFor();
    await calm(page);
    yield name || `sheet ${i + 1}`;
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
}
