/** Registers the offline shell (src/web/service-worker.js, built to /sw.js) in production builds. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // After load, so installing (which downloads every asset) never competes with the first paint.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it, only not offline.
      console.warn('[pwa] service worker registration failed', error);
    });
  });
}
