/** Entry: theme before the first paint, the 401 rule wired to the router, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api';
import { PATHS } from './lib/paths';
import { queryClient } from './lib/query-client';
import { endSession } from './lib/session';
import { applyTheme, preferredTheme } from './lib/theme';
import './styles.css';

applyTheme(preferredTheme());

const router = createAppRouter();

setUnauthorizedHandler(() => {
  endSession();
  queryClient.clear();
  if (router.state.location.pathname !== PATHS.login) void router.navigate(PATHS.login, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
