/** Entry: theme before the first paint, the offline shell (production), the 401 rule wired to the router, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { installSessionExpiry } from './app/session-expiry';
import { installI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { applyTheme, preferredTheme } from './lib/theme';
import './styles.css';

applyTheme(preferredTheme());
if (import.meta.env.PROD) registerServiceWorker();

const router = createAppRouter();
installSessionExpiry(router);

/** A picked language's texts are usually cached; never hold the first paint long for them. */
const FIRST_PAINT_WAIT_MS = 800;
const languageReady = Promise.race([installI18n(), new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]);

void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
