/**
 * The script /login and /home wait for before their first paint stays within a budget of gzip bytes
 * (docs/performance.md "The first paint's script (session 19)", decision 0085 step 1): the entry
 * and every file the page's HTML names for preloading, as the server sends it (the Vite build's own
 * `modulepreload` links for the entry's static imports, plus page-preloads.ts's for the page's
 * feature chunks). Bytes, not timings, so it holds on a busy machine. Before this test only
 * `npm run bench` reported the figure, against a target it may miss, so growth from 125 / 144 KB to
 * 197 / 221 KB went unnoticed for several sessions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadPageShells } from '../../src/server/lib/page-preloads.js';

const WEB_DIR = 'dist/web';
const KB = 1024;
/** Room above session 19's figures (138.0 / 156.4 KB) for a few features, not for a library. */
const BUDGETS = [
  { page: '/login', gzipBytes: 140 * KB },
  { page: '/home', gzipBytes: 160 * KB },
] as const;

const leaves = (tree: unknown): string[] =>
  typeof tree === 'string' ? [tree] : tree && typeof tree === 'object' ? Object.values(tree).flatMap(leaves) : [];
/** A long text of the staff console's English catalog, which neither page shows. */
const ADMIN_TEXT = leaves(JSON.parse(readFileSync('src/web/locales/en/admin.json', 'utf8')))
  .filter((text) => !text.includes('{{'))
  .sort((a, b) => b.length - a.length)[0]!;

/** The scripts a page's HTML loads or preloads, and their gzip sizes (as bench/sections/web.ts does). */
function firstPaintScripts(html: string): { file: string; gzipBytes: number }[] {
  const files = new Set<string>();
  for (const [, tag] of html.matchAll(/<(script type="module"[^>]*|link rel="modulepreload"[^>]*)>/g)) {
    const src = /(?:src|href)="\/([^"]+\.js)"/.exec(tag ?? '')?.[1];
    if (src) files.add(src);
  }
  return [...files].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(WEB_DIR, file)), { level: 9 }).length,
  }));
}

describe("the first paint's script", () => {
  const shellOf = loadPageShells(WEB_DIR);

  for (const { page, gzipBytes } of BUDGETS)
    it(`${page}: at most ${gzipBytes / KB} KB gzip`, () => {
      const scripts = firstPaintScripts(shellOf(page).html);
      expect(scripts.length).toBeGreaterThan(3);
      const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      const listing = scripts
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((s) => `${(s.gzipBytes / KB).toFixed(1)} KB ${s.file}`)
        .join('\n');
      expect(total, `${page}: ${(total / KB).toFixed(1)} KB gzip\n${listing}`).toBeLessThanOrEqual(gzipBytes);
    });

  it('has no zod and no English catalog of other screens in it', () => {
    for (const { page } of BUDGETS) {
      const files = firstPaintScripts(shellOf(page).html).map((s) => s.file);
      const text = files.map((file) => readFileSync(path.join(WEB_DIR, file), 'utf8')).join('\n');
      // zod's own error text, and a text of the staff console's English catalog (locales/en/admin.json).
      expect(
        files.filter((file) => /\/zod-/.test(file)),
        page,
      ).toEqual([]);
      expect(text, page).not.toContain('Invalid input: expected');
      expect(text.includes(JSON.stringify(ADMIN_TEXT).slice(1, -1)), page).toBe(false);
    }
  });
});
