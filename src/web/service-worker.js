/**
 * The offline shell (hand-written, no library). Install precaches index.html and the build's
 * assets (the list is written in by vite.config.ts at build time). Page loads go to the network
 * first and fall back to the cached shell offline; precached assets come from the cache (their
 * names carry a content hash, so a cached copy is never stale). The API, the socket and signed
 * file links are never touched: money and prices must be live or fail visibly.
 */
const BUILD = { version: 'dev', files: [] }; // BUILD: replaced by vite.config.ts

const CACHE_PREFIX = 'coinfront-shell-';
const CACHE = `${CACHE_PREFIX}${BUILD.version}`;
const SHELL = '/index.html';
const NEVER_CACHED = ['/api', '/ws', '/files'];
const PRECACHED = new Set(BUILD.files);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.files)));
});

// A new version takes over only once no page runs the old one (no skipWaiting): an open page may
// still load lazy chunks of its own build, which only the old cache still holds after a deploy.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (
    NEVER_CACHED.some(
      (prefix) =>
        url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) || url.pathname.startsWith(`${prefix}-`),
    )
  )
    return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.match(SHELL, { cacheName: CACHE }).then((shell) => shell ?? Response.error())),
    );
    return;
  }
  if (PRECACHED.has(url.pathname)) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
  }
});
