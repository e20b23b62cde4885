/** How the built app reaches a browser: deep links, compressed and long-cached assets, API 404s. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webAppSuite } from './helpers/suite.js';

const suite = webAppSuite({ browser: false });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${suite.app.baseUrl}${path}`, { headers });

describe('the built web app', () => {
  it('answers every page path, deep links included, with index.html that is never cached stale', async () => {
    for (const path of ['/', '/login', '/asset/funding/USDT', '/admin/chat/3', '/no-such-page']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const head = await fetch(`${suite.app.baseUrl}/safety-center`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it("names each page's own chunks for preloading in its HTML, and only its own", async () => {
    const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string }
    >;
    const preload = (feature: string) => `<link rel="modulepreload" crossorigin href="/${manifest[feature]!.file}">`;
    const login = await (await get('/login')).text();
    expect(login).toContain(preload('features/auth/index.ts'));
    expect(login).not.toContain(preload('features/market/index.ts'));
    expect(await (await get('/home')).text()).toContain(preload('features/market/index.ts'));
    expect(await (await get('/asset/funding/USDT')).text()).toContain(preload('features/wallet/index.ts'));
    expect(await (await get('/no-such-page')).text()).not.toContain(preload('features/auth/index.ts'));
  });

  it('sends hashed assets brotli-compressed and cached for a year', async () => {
    const html = await (await get('/login')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const res = await get(script!, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await res.text()).length).toBeGreaterThan(1000);
  });

  it('does not answer unknown API paths or missing files with the page', async () => {
    for (const path of ['/api-v1/no-such-call/', '/api/v3/nothing', '/assets/missing.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });
});
