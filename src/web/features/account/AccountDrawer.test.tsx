/** The side drawer's two variants (docs/product.md section 2) and what Logout and Clear cache do. */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApiPerTest, GRACE, GRACE_INFO, renderScreen } from '../../../../tests/helpers/fake-web-api';
import { ThemeProvider } from '../../lib/theme';
import { AccountDrawer } from './AccountDrawer';

const token = `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.y`;
const storedUser = GRACE;

const api = fakeApiPerTest();
beforeEach(() => {
  api.on('GET /api-v1/info/', [200, { ...GRACE_INFO, is_verified: 'pending' }]);
  api.on('POST /api-v1/logout/', [200, { message: 'Logged out' }]);
});

const showDrawer = () =>
  renderScreen(<AccountDrawer open onClose={() => undefined} />, {
    path: '/home',
    previous: null,
    wrap: (router) => <ThemeProvider>{router}</ThemeProvider>,
  }).router;

describe('logged in', () => {
  beforeEach(() => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(storedUser));
  });

  it('shows who is logged in, with the status from /info, and the links of docs/product.md', async () => {
    showDrawer();
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByText('Grace Hopper')).toBeTruthy();
    expect(within(drawer).getByText('87654321')).toBeTruthy();
    await within(drawer).findByText('Under Review');
    const links = within(drawer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/profile',
      // Price alerts (docs/decisions/0055-alerts-statements.md): the list to edit and delete them.
      '/price-alerts',
      '/identity-verification',
      '/sharing-link',
      '/legal-currency',
      '/lock-up',
      '/safety-center',
      '/support',
      '/about-us',
    ]);
    expect(within(drawer).getByRole('switch', { name: 'Night mode' })).toBeTruthy();
  });

  it('logs out: tells the server, clears all local storage and goes to /login', async () => {
    localStorage.setItem('theme', 'dark');
    const router = showDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('another page');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
    const [logout] = api.callsTo('POST /api-v1/logout/');
    expect(logout).toMatchObject({ method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  });
});

describe('logged out', () => {
  it('offers login, night mode, online service, About us and clear cache', () => {
    showDrawer();
    const drawer = screen.getByRole('dialog');
    expect(
      within(drawer)
        .getByRole('link', { name: /Please log in/ })
        .getAttribute('href'),
    ).toBe('/login');
    expect(within(drawer).getByText('Welcome to Coinfront')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Online service' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'About us' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('clear cache wipes local storage and reloads', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    localStorage.setItem('marketApiConfig', '{}');
    showDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }));
    expect(localStorage.length).toBe(0);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('switches night mode and remembers it', () => {
    showDrawer();
    const toggle = screen.getByRole('switch', { name: 'Night mode' });
    const wasDark = document.documentElement.classList.contains('dark');
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(!wasDark);
    expect(localStorage.getItem('theme')).toBe(wasDark ? 'light' : 'dark');
  });
});
