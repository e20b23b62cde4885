import { describe, expect, it } from 'vitest';
import { decideAccess, landingPath, type Access } from './access';

const guest = { loggedIn: false, isAdmin: false };
const trader = { loggedIn: true, isAdmin: false };
const staff = { loggedIn: true, isAdmin: true };

describe('who may open which page (docs/product.md section 2)', () => {
  it('lets everyone open public pages', () => {
    for (const session of [guest, trader, staff]) expect(decideAccess('public', session)).toEqual({ allow: true });
  });

  it.each<Access>(['user', 'admin'])(
    'sends a visitor without a valid token from %s pages to /login and clears storage',
    (access) => {
      expect(decideAccess(access, guest)).toEqual({ allow: false, redirectTo: '/login', clearStorage: true });
    },
  );

  it('lets a trader open user pages', () => {
    expect(decideAccess('user', trader)).toEqual({ allow: true });
  });

  it('sends a trader on admin pages to /support, keeping the session', () => {
    expect(decideAccess('admin', trader)).toEqual({ allow: false, redirectTo: '/support', clearStorage: false });
  });

  it('keeps an admin on admin pages and sends them from user pages to the dashboard', () => {
    expect(decideAccess('admin', staff)).toEqual({ allow: true });
    expect(decideAccess('user', staff)).toEqual({ allow: false, redirectTo: '/admin/dashboard', clearStorage: false });
  });

  it('an expired admin session is a logged-out visitor, not an admin', () => {
    expect(decideAccess('admin', { loggedIn: false, isAdmin: true })).toMatchObject({
      redirectTo: '/login',
      clearStorage: true,
    });
  });
});

describe('the root path and unknown paths', () => {
  it('lead admins to the dashboard and everyone else home', () => {
    expect(landingPath(staff)).toBe('/admin/dashboard');
    expect(landingPath(trader)).toBe('/home');
    expect(landingPath(guest)).toBe('/home');
    expect(landingPath({ loggedIn: false, isAdmin: true })).toBe('/home');
  });
});
