/**
 * The HTML shell names each page's own JavaScript for preloading (src/server/lib/page-preloads.ts),
 * so the browser fetches a page's chunks with the entry instead of after it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageShells } from '../../src/server/lib/page-preloads.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call } from '../helpers/users.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-R.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A build manifest shaped like Vite's: the entry, two features and the chunks they share. */
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_TextField-T.js': { file: 'assets/TextField-T.js', imports: ['_react-R.js'] },
  '_money-M.js': { file: 'assets/money-M.js' },
  'locales/en/index.ts': { file: 'assets/index-EN.js', isDynamicEntry: true },
  'features/auth/index.ts': {
    file: 'assets/auth-A.js',
    isDynamicEntry: true,
    imports: ['_react-R.js', 'index.html', '_TextField-T.js'],
    css: ['assets/auth-A.css'],
  },
  'features/wallet/index.ts': {
    file: 'assets/wallet-W.js',
    isDynamicEntry: true,
    imports: ['_react-R.js', '_money-M.js', '_TextField-T.js'],
  },
};

function webBuild(withManifest = true): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'index-E.js'), 'console.log("app")');
  if (withManifest) writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('page shells', () => {
  const shellFor = loadPageShells(webBuild());

  it("lists /login's feature chunk and its imports, after what index.html already loads (once)", () => {
    expect(preloads(shellFor('/login').html)).toEqual([
      ...preloads(INDEX_HTML),
      '/assets/auth-A.js',
      '/assets/TextField-T.js',
    ]);
  });

  it('matches pages with parameters to their feature', () => {
    expect(preloads(shellFor('/asset/funding/BTC').html)).toEqual([
      ...preloads(INDEX_HTML),
      '/assets/wallet-W.js',
      '/assets/money-M.js',
      '/assets/TextField-T.js',
      // The whole English catalog, which every screen but /login's and /home's waits for (decision 0085).
      '/assets/index-EN.js',
    ]);
    expect(shellFor('/asset/funding').html).toBe(INDEX_HTML);
  });

  it('gives unknown paths, and pages whose feature the build lacks, the plain shell', () => {
    expect(shellFor('/no-such-page').html).toBe(INDEX_HTML);
    expect(shellFor('/').html).toBe(INDEX_HTML);
    expect(shellFor('/login/extra').html).toBe(INDEX_HTML);
    expect(shellFor('/home').html).toBe(INDEX_HTML); // features/market is not in this manifest
  });

  it('gives every page the plain shell when the build has no manifest', () => {
    expect(loadPageShells(webBuild(false))('/login').html).toBe(INDEX_HTML);
  });
});

describe('the page fallback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDir: webBuild() } });
  });
  afterAll(() => t.close());

  it('answers /login with its preloads, as HTML that browsers revalidate', async () => {
    const res = await call(t, 'GET', '/login');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(String(res.body))).toContain('/assets/auth-A.js');
    const again = await call(t, 'GET', '/login', { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('answers an unknown page path with the plain shell, and keeps API paths JSON', async () => {
    const page = await call(t, 'GET', '/somewhere/else');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    expect((await call(t, 'GET', '/api-v1/no-such-route/')).status).toBe(404);
  });
});
