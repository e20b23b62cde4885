/**
 * docs/product.md section 4: a session the server no longer accepts (401 on an authenticated call) ends
 * like a logout: local storage and cached answers are cleared and the app goes to /login.
 */
import type { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { PATHS } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { endSession } from '../lib/session';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

export function installSessionExpiry(router: AppRouter): void {
  setUnauthorizedHandler(() => {
    endSession();
    queryClient.clear();
    if (router.state.location.pathname !== PATHS.login) void router.navigate(PATHS.login, { replace: true });
  });
}
