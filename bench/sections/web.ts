/**
 * 5. The web app: the gzip size of the JavaScript and CSS that /login and /home need before they
 * can show anything (from the Vite build manifest: the entry chunk and its static imports, plus
 * the page's route chunk and its static imports), and Lighthouse's mobile run (simulated slow 4G
 * and a 4x slower CPU) of both pages on the server under test, /home logged in.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { HttpConnection } from '../lib/http-client.js';
import { figure, type Figure } from '../lib/report.js';
import { BENCH_PASSWORD, createUsers } from '../lib/seed.js';
import type { BenchContext } from '../lib/context.js';

const WEB_DIR = 'dist/web';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Route chunks: the feature module each page's screen comes from (src/web/app/routes.tsx). */
const PAGES = [
  { page: '/login', module: 'features/auth/index.ts' },
  { page: '/home', module: 'features/market/index.ts' },
] as const;
const JS_BUDGET_BYTES = 150 * 1024;
/**
 * BENCH_WEB_DUMP=<dir>: each page's Lighthouse report (<page>.lhr.json: its long tasks, requests and
 * LCP element) and, after it, a CPU profile of the page loading at Lighthouse's 4x slower CPU
 * (<page>.cpuprofile; build with `vite build --minify false` for names). docs/performance.md "Home's first render".
 */
const DUMP_DIR = process.env.BENCH_WEB_DUMP;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export async function buildWeb(log: (line: string) => void): Promise<void> {
  log('building the web app (vite build)');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** A chunk and everything it imports statically, by manifest key. */
function withStaticImports(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}

function pageAssets(manifest: Manifest, routeModule: string) {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the build manifest');
  const route = Object.keys(manifest).find((k) => k === routeModule || manifest[k]!.src === routeModule);
  if (!route) throw new Error(`no chunk for ${routeModule} in the build manifest`);
  const chunks = withStaticImports(manifest, route, withStaticImports(manifest, entry));
  const files = new Set<string>();
  for (const key of chunks) {
    files.add(manifest[key]!.file);
    for (const css of manifest[key]!.css ?? []) files.add(css);
  }
  const gz = (file: string) => gzipSync(readFileSync(path.join(WEB_DIR, file)), { level: 9 }).length;
  const js = [...files].filter((f) => f.endsWith('.js'));
  const css = [...files].filter((f) => f.endsWith('.css'));
  return {
    js: js.map((file) => ({ file, gzipBytes: gz(file) })),
    css: css.map((file) => ({ file, gzipBytes: gz(file) })),
  };
}

interface LighthouseResult {
  page: string;
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
}

/** The figures of each page's Lighthouse run, and their targets. */
const LIGHTHOUSE_FIGURES: ReadonlyArray<{
  label: string;
  key: Exclude<keyof LighthouseResult, 'page'>;
  unit: string;
  target: Figure['target'];
}> = [
  { label: 'performance', key: 'score', unit: '', target: { kind: 'min', value: 95 } },
  { label: 'LCP', key: 'lcpMs', unit: 'ms', target: { kind: 'max', value: 2000 } },
  { label: 'TBT', key: 'tbtMs', unit: 'ms', target: { kind: 'max', value: 150 } },
  { label: 'CLS', key: 'cls', unit: '', target: { kind: 'max', value: 0.05 } },
];

async function logIn(ctx: BenchContext): Promise<{ access: string; user: unknown }> {
  const [user] = await createUsers(ctx.stack.db, ctx.stack.tokens, 1, 'web');
  const api = new HttpConnection(ctx.server.host, ctx.server.port);
  try {
    const res = await api.request('POST', '/api-v1/login/', {
      body: JSON.stringify({ email: user!.email, password: BENCH_PASSWORD }),
      keepBody: true,
    });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${res.body.toString()}`);
    return JSON.parse(res.body.toString()) as { access: string; user: unknown };
  } finally {
    api.close();
  }
}

/** A CPU profile of `url` loading (8 s) at 4x slower CPU, in a tab of the browser's session, written to `file`. */
async function profilePage(browser: Browser, url: string, file: string): Promise<void> {
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await tab.goto(url);
  await tab.waitForTimeout(8_000);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  await tab.close();
}

async function runLighthouse(ctx: BenchContext): Promise<LighthouseResult[]> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const results: LighthouseResult[] = [];
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const login = await logIn(ctx);
    for (const { page } of PAGES) {
      const loggedIn = page !== '/login';
      if (loggedIn) {
        // The session as the app keeps it, set from a same-origin page that loads none of the app,
        // and an empty HTTP cache, so the run still loads every asset over the (simulated) network.
        const context = browser.contexts()[0] ?? (await browser.newContext());
        const tab = await context.newPage();
        await tab.goto(`${ctx.server.origin}/api/v3/ping`);
        await tab.evaluate(
          ({ token, user }) => {
            localStorage.setItem('token', token);
            localStorage.setItem('user', JSON.stringify(user));
          },
          { token: login.access, user: login.user },
        );
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.clearBrowserCache');
        // The offline shell's service worker, installed by the /login run, would otherwise serve
        // every asset from its cache and the page would never touch the network.
        await cdp.send('Storage.clearDataForOrigin', {
          origin: ctx.server.origin,
          storageTypes: 'service_workers,cache_storage',
        });
        await tab.close();
      }
      const run = await lighthouse(`${ctx.server.origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the session for /home; Lighthouse would otherwise wipe the origin's storage first.
        disableStorageReset: loggedIn,
      });
      const lhr = run?.lhr;
      if (DUMP_DIR) {
        const name = path.join(DUMP_DIR, page.slice(1));
        writeFileSync(`${name}.lhr.json`, JSON.stringify(lhr));
        await profilePage(browser, `${ctx.server.origin}${page}`, `${name}.cpuprofile`);
      }
      const audit = (id: string) => lhr?.audits[id]?.numericValue ?? null;
      const score = lhr?.categories.performance?.score;
      const result: LighthouseResult = {
        page,
        score: score === null || score === undefined ? null : Math.round(score * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcpMs: audit('first-contentful-paint'),
      };
      const finalUrl = lhr?.finalDisplayedUrl ?? '';
      if (!finalUrl.endsWith(page))
        throw new Error(`Lighthouse on ${page} ended on ${finalUrl}: the session was not taken`);
      results.push(result);
      ctx.log(
        `  Lighthouse ${page}: score ${result.score}, FCP ${result.fcpMs?.toFixed(0)} ms, LCP ${result.lcpMs?.toFixed(0)} ms, TBT ${result.tbtMs?.toFixed(0)} ms, CLS ${result.cls?.toFixed(3)}`,
      );
    }
    await browser.close();
  } finally {
    chrome.kill();
  }
  return results;
}

export async function runWeb(ctx: BenchContext): Promise<Figure[]> {
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
  const figures: Figure[] = [];
  const sizes: Record<string, ReturnType<typeof pageAssets>> = {};
  for (const { page, module } of PAGES) {
    const assets = pageAssets(manifest, module);
    sizes[page] = assets;
    const js = assets.js.reduce((n, f) => n + f.gzipBytes, 0);
    const css = assets.css.reduce((n, f) => n + f.gzipBytes, 0);
    ctx.log(
      `  ${page}: JS ${(js / 1024).toFixed(1)} KB gzip in ${assets.js.length} files, CSS ${(css / 1024).toFixed(1)} KB gzip`,
    );
    figures.push(
      figure({
        section: 'web',
        name: `${page} initial JS (gzip)`,
        value: js / 1024,
        unit: 'KB',
        target: { kind: 'atMost', value: JS_BUDGET_BYTES / 1024 },
      }),
      figure({ section: 'web', name: `${page} initial CSS (gzip)`, value: css / 1024, unit: 'KB' }),
    );
  }
  const lighthouseResults = await runLighthouse(ctx);
  for (const r of lighthouseResults) {
    for (const { label, key, unit, target } of LIGHTHOUSE_FIGURES) {
      figures.push(
        figure({ section: 'web', name: `Lighthouse mobile ${r.page} ${label}`, value: r[key], unit, target }),
      );
    }
  }
  ctx.details.web = { sizes, lighthouse: lighthouseResults };
  return figures;
}
