import { afterEach, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { api } from '../lib/api';
import { installSessionExpiry } from './session-expiry';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('a 401 on an authenticated call clears local storage and goes to /login', async () => {
  const router = createMemoryRouter(
    [
      { path: '/assets', element: null },
      { path: '/login', element: null },
    ],
    { initialEntries: ['/assets'] },
  );
  installSessionExpiry(router);
  localStorage.setItem('token', 'revoked');
  localStorage.setItem('user', '{}');
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response('{"error":"Please log in"}', { status: 401, headers: { 'content-type': 'application/json' } }),
  );

  await expect(api.get('/api-v1/funding-wallet-list/')).rejects.toMatchObject({ status: 401 });
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(localStorage.length).toBe(0);
});
