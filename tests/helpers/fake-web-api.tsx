/**
 * The screen-test harness of the web unit tests (happy-dom): a fake API behind `fetch` whose
 * answers the test sets per "METHOD /path" (or "/path" for any method; "METHOD /path?query" for that
 * query string only), a logged-in session, and a screen rendered in a memory router with the app's
 * query client (or a hook rendered with that client: `queryWrapper`).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '../../src/web/lib/query-client.js';

interface FakeCall {
  /** What the app passed to fetch: the path and its query string. */
  url: string;
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** [status, body], or 'network-error' for a dropped connection. */
type FakeAnswer = readonly [number, unknown] | 'network-error';
type Handler = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

export function installFakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      const address = new URL(url, 'http://app.test');
      const method = init?.method ?? 'GET';
      const call: FakeCall = {
        url,
        method,
        path: address.pathname,
        query: address.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
      calls.push(call);
      const handler =
        handlers.get(`${method} ${address.pathname}${address.search}`) ??
        handlers.get(`${method} ${address.pathname}`) ??
        handlers.get(address.pathname);
      const answer: FakeAnswer = handler
        ? typeof handler === 'function'
          ? await handler(call)
          : handler
        : [404, { error: `no fake for ${method} ${address.pathname}` }];
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer[1]), {
        status: answer[0],
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    /**
     * e.g. api.on('GET /api-v1/funding-wallet-list/', [200, [...]]); '/api-v1/x/' answers any method;
     * 'GET /api-v1/x/?a=1' only that query string (before 'GET /api-v1/x/').
     */
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
    },
    callsTo(route: string) {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}
export type FakeApi = ReturnType<typeof installFakeApi>;

/** After a screen test: the screen, fake timers, stubbed globals, mocks and the stored session gone. */
export function resetScreenTest() {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
}

/**
 * For a file of screen tests: a fresh fake API before each test (signed in as `user` if given) and,
 * after it, the screen, the mocks and the stored session gone. The returned API is the current test's.
 */
export function fakeApiPerTest(user?: Parameters<typeof logInAs>[0]): FakeApi {
  let api: FakeApi | undefined;
  const current = () => {
    if (!api) throw new Error('fakeApiPerTest: the fake API is there only while a test runs');
    return api;
  };
  beforeEach(() => {
    api = installFakeApi();
    if (user) logInAs(user);
  });
  afterEach(resetScreenTest);
  return {
    get calls() {
      return current().calls;
    },
    on: (route, handler) => current().on(route, handler),
    callsTo: (route) => current().callsTo(route),
  };
}

/** The trader the account screens' tests sign in: her stored session's user, and GET /api-v1/info/'s answer. */
export const GRACE = {
  user_id: 3,
  username: 'Grace Hopper',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  uniqueid: '87654321',
  is_admin: false,
  is_verified: 'unverified',
};
export const GRACE_INFO = { ...GRACE, has_transaction_password: false, promotion_code: 'ABCD2345' };

/** A stored session like the login screen leaves (the token does not expire during a test). */
export function logInAs(user: { user_id: number; email?: string; is_admin?: boolean }) {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('token', `h.${payload}.s`);
  localStorage.setItem(
    'user',
    JSON.stringify({
      user_id: user.user_id,
      username: 'ada',
      email: user.email ?? 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Trader',
      uniqueid: '12345678',
      is_admin: user.is_admin ?? false,
      is_verified: 'unverified',
    }),
  );
}

/** The app's query client without retries, so a failure shows at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

/**
 * Shows `element` at `path` (a route pattern) with `url` open, and `previous` one entry back (none
 * with `previous: null`), so "go back" has somewhere to go. `routes` are other pages the screen may
 * lead to, by path; every other page reads 'another page'. `wrap` adds providers around the router.
 */
export function renderScreen(
  element: ReactElement,
  {
    path,
    url = path,
    previous = '/previous-page',
    routes = {},
    wrap = (router) => router,
    queryClient = testQueryClient(),
  }: {
    path: string;
    url?: string;
    previous?: string | null;
    routes?: Record<string, ReactElement>;
    wrap?: (router: ReactNode) => ReactNode;
    queryClient?: QueryClient;
  },
) {
  const router = createMemoryRouter(
    [
      { path, element },
      ...Object.entries(routes).map(([other, page]) => ({ path: other, element: page })),
      { path: '*', element: <p>another page</p> },
    ],
    previous === null ? { initialEntries: [url] } : { initialEntries: [previous, url], initialIndex: 1 },
  );
  render(<QueryClientProvider client={queryClient}>{wrap(<RouterProvider router={router} />)}</QueryClientProvider>);
  return { router, queryClient };
}

/** For renderHook: the hook runs inside the app's query client (without retries). */
export function queryWrapper(queryClient: QueryClient = testQueryClient()) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };
}
