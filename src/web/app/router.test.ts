/**
 * The guards as the router runs them: a memory router over the real route table, no rendering.
 * Redirects settle before any screen would load.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { matchPath } from 'react-router';
import { appRoutes } from './router';
import { ROUTE_TABLE } from './routes';

const tokenWith = (payload: object) => {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part(payload)}.sig`;
};
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

function storeSession({ admin = false, expiresIn = 3600 } = {}) {
  localStorage.setItem('token', tokenWith({ sub: '1', exp: inSeconds(expiresIn) }));
  localStorage.setItem(
    'user',
    JSON.stringify({
      user_id: 1,
      username: 'Ada Lovelace',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      uniqueid: '12345678',
      is_admin: admin,
      is_verified: 'unverified',
    }),
  );
}

/** Where the app ends up when `path` is opened (with the query string when `withSearch`). */
async function open(path: string, withSearch = false): Promise<string> {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
  const where = router.state.location.pathname + (withSearch ? router.state.location.search : '');
  router.dispose();
  return where;
}

afterEach(() => localStorage.clear());

describe('the route table', () => {
  const SPEC_ROUTES = {
    public: ['/login', '/signup', '/forgot-password', '/legal-currency', '/important-notice'],
    user: [
      '/home',
      '/markets',
      '/exchange',
      '/deposit',
      '/assets',
      '/asset/funding/USDT',
      '/transfer/USDT',
      '/withdrawal/BTC',
      '/lever',
      '/identity-verification',
      '/identity-verification/basic-info',
      '/safety-center',
      '/entrustment-history',
      '/safety/login-password',
      '/safety/transaction-password',
      '/about-us',
      '/lock-up',
      '/support',
      '/sharing-link',
      '/chat/42',
    ],
    admin: ['/admin/dashboard', '/admin/chat/9'],
  } as const;

  it.each(Object.entries(SPEC_ROUTES))('has every %s route of docs/product.md section 2', (access, paths) => {
    const table = ROUTE_TABLE[access as keyof typeof ROUTE_TABLE];
    for (const path of paths)
      expect(
        table.some((route) => matchPath(route.path, path)),
        path,
      ).toBe(true);
  });

  it('has the five bottom-navigation pages as tabs and nothing else', () => {
    expect(ROUTE_TABLE.user.filter((r) => r.tab).map((r) => r.path)).toEqual([
      '/home',
      '/markets',
      '/exchange',
      '/assets',
      '/lever',
    ]);
  });
});

describe('a visitor without a session', () => {
  it.each(['/home', '/asset/funding/USDT', '/chat/3', '/admin/dashboard', '/', '/nowhere'])(
    'is sent from %s to /login',
    async (path) => {
      expect(await open(path)).toBe('/login');
    },
  );

  // docs/decisions/0043-languages.md: after signing in, the visitor goes on to the page asked for (the login page reads `next`).
  it.each([
    ['/support', '/login?next=%2Fsupport'],
    ['/profile', '/login?next=%2Fprofile'],
    ['/lever?coin=ETH', '/login?next=%2Flever%3Fcoin%3DETH'],
    ['/admin/dashboard', '/login?next=%2Fadmin%2Fdashboard'],
  ])('is sent from %s to %s', async (path, login) => {
    expect(await open(path, true)).toBe(login);
  });

  it('may open public pages', async () => {
    for (const path of ['/login', '/signup', '/forgot-password', '/legal-currency', '/important-notice'])
      expect(await open(path)).toBe(path);
  });

  it('with an expired token loses everything stored', async () => {
    storeSession({ expiresIn: -5 });
    localStorage.setItem('walletCache', '{}');
    expect(await open('/assets')).toBe('/login');
    expect(localStorage.length).toBe(0);
  });
});

describe('a trader', () => {
  it('opens user pages and lands home from the root and unknown paths', async () => {
    storeSession();
    expect(await open('/safety-center')).toBe('/safety-center');
    expect(await open('/')).toBe('/home');
    expect(await open('/nowhere/at/all')).toBe('/home');
  });

  it('is sent from admin pages to /support, still logged in', async () => {
    storeSession();
    expect(await open('/admin/dashboard')).toBe('/support');
    expect(await open('/admin/chat/4')).toBe('/support');
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});

describe('an admin', () => {
  it('lands on the dashboard from the root, unknown paths and user pages', async () => {
    storeSession({ admin: true });
    for (const path of ['/', '/nowhere', '/home', '/assets', '/support', '/chat/1'])
      expect(await open(path)).toBe('/admin/dashboard');
    expect(await open('/admin/chat/4')).toBe('/admin/chat/4');
  });
});
