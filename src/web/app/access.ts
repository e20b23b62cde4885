/**
 * Who may open which page (docs/product.md section 2), as pure decisions so they are easy to test. The
 * router runs them before every navigation (guards.ts).
 */
import type { Access } from '../../shared/pages';
import { PATHS } from '../lib/paths';

export type { Access };

export interface SessionFacts {
  /** A token whose `exp` is in the future. */
  loggedIn: boolean;
  /** The stored user says is_admin (the server enforces it again on every admin call). */
  isAdmin: boolean;
}

export type Decision = { allow: true } | { allow: false; redirectTo: string; clearStorage: boolean };

const allow: Decision = { allow: true };
const toLogin: Decision = { allow: false, redirectTo: PATHS.login, clearStorage: true };

export function decideAccess(access: Access, session: SessionFacts): Decision {
  if (access === 'public') return allow;
  // A missing or expired token clears local storage and goes to /login.
  if (!session.loggedIn) return toLogin;
  if (access === 'user' && session.isAdmin)
    return { allow: false, redirectTo: PATHS.adminDashboard, clearStorage: false };
  if (access === 'admin' && !session.isAdmin) return { allow: false, redirectTo: PATHS.support, clearStorage: false };
  return allow;
}

/** The root path and unknown paths: the admin dashboard for admins, otherwise home. */
export function landingPath(session: Pick<SessionFacts, 'loggedIn' | 'isAdmin'>): string {
  return session.loggedIn && session.isAdmin ? PATHS.adminDashboard : PATHS.home;
}
