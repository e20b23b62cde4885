/**
 * Installable and usable offline (docs/decisions/0009-pages-staff-console-pwa.md): the web manifest and its icons, the service worker of
 * production builds, the shell served offline, and the API never cached.
 */
import { describe, expect, it } from 'vitest';
import { signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const suite = webAppSuite();

const get = (path: string) => fetch(`${suite.app.baseUrl}${path}`);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web manifest', () => {
  it('is linked from every page and names the app with 192 and 512 px PNG icons', async () => {
    const html = await (await get('/home')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');

    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json|application\/json/);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Coinfront', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9A-F]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9A-F]{6}$/i);

    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const png = await get(icon.src);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual({ width: w, height: h });
    }
  });
});

describe('service worker', () => {
  it('is served uncached and precaches the shell and the assets the page loads', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const source = await res.text();
    const build = JSON.parse(/const BUILD = (\{.*\});/.exec(source)![1]!) as { version: string; files: string[] };
    expect(build.version).toMatch(/^[0-9a-f]{16}$/);
    expect(build.files).toContain('/index.html');
    const html = await (await get('/')).text();
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) expect(build.files).toContain(asset);
    expect(build.files.some((f) => f.startsWith('/api') || f.endsWith('.br') || f === '/sw.js')).toBe(false);
    // One missing file fails the worker's install, and the app is never installed.
    const missing = [];
    for (const file of build.files) {
      const res = await get(file);
      // Read whole: an unread body keeps its connection busy, and closing the app then waited for the
      // server's 72 s keep-alive (68 s of this file in the whole browser run, depending on GC timing).
      await res.arrayBuffer();
      if (res.status !== 200) missing.push(file);
    }
    expect(missing).toEqual([]);
  });

  it('registers, serves the app offline, and never answers the API from its cache', async () => {
    const user = await signUp(suite.app);
    const { page, context, errors } = await suite.phone({ serviceWorkers: 'allow' });
    await storeSession(page, user.login);
    await page.goto('/sharing-link');
    await page.getByRole('button', { name: 'Copy Code' }).waitFor();

    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toBe(`${suite.app.baseUrl}/sw.js`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => /^\/(api|ws|files)/.test(path))).toEqual([]);

    await context.setOffline(true);
    await page.goto('/important-notice');
    await page.getByRole('heading', { name: 'Money laundering is prohibited' }).waitFor();
    await page.goto('/about-us');
    await page.getByRole('heading', { name: 'About Us' }).waitFor();
    const apiOffline = await page.evaluate(async () => {
      try {
        await fetch('/api-v1/default-currency/');
        return 'answered';
      } catch {
        return 'failed';
      }
    });
    expect(apiOffline).toBe('failed');
    await context.setOffline(false);
    // The offline fetch above is the browser's own network error, not the app's.
    expect(errors.filter((e) => !e.includes('Failed to fetch'))).toEqual([]);
  });
});
