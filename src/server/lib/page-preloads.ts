/**
 * The HTML shell for each page path, with `<link rel="modulepreload">` for the JavaScript of the
 * page's feature (from the Vite build manifest, read once at start). Without it the browser only
 * learns of the feature's chunks once the entry has run: one more round trip before the first
 * paint on a slow network. Paths without a page get the plain shell.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENGLISH_CATALOG_MODULE, featureModule, FIRST_PAINT_FEATURES, PAGE_LIST } from '../../shared/pages.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageShell {
  html: string;
  etag: string;
}

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/** '/asset/:walletType/:currency' -> a regular expression matching one path segment per parameter. */
function patternRegExp(pattern: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const segments = pattern.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)));
  return new RegExp(`^${segments.join('/')}$`);
}

/** The end of <head>, with the indentation of its line. */
const HEAD_END = /([ \t]*)<\/head>/;

const shell = (html: string): PageShell => ({
  html,
  etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
});

/** Feature modules whose screens need no more English than the entry's (decision 0085, step 1). */
const FIRST_PAINT_MODULES = new Set([...FIRST_PAINT_FEATURES].map(featureModule));

/**
 * Files the page needs beyond what index.html already loads (the entry and its static imports): its
 * feature's chunks and, for a screen beyond /login's and /home's, the whole English catalog.
 */
function preloadsOf(manifest: Manifest, module: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const needed = closure(manifest, module);
  if (needed.size > 0 && !FIRST_PAINT_MODULES.has(module)) closure(manifest, ENGLISH_CATALOG_MODULE, needed);
  return [...needed]
    .filter((key) => !loaded.has(key))
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'));
}

/** Each page's path pattern and the build module of its screen (src/shared/pages.ts). */
const PAGE_MODULES = PAGE_LIST.map((page) => [page.path, featureModule(page.feature)] as const);

/**
 * Reads dist/web's index.html and build manifest; returns the shell for a path. A build without a
 * manifest (or a page whose module it lacks) gets the plain index.html.
 */
export function loadPageShells(
  webDir: string,
  pages: ReadonlyArray<readonly [string, string]> = PAGE_MODULES,
): (pathname: string) => PageShell {
  const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const plain = shell(indexHtml);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => plain;
  }
  const byModule = new Map<string, PageShell>();
  const routes = pages.map(([pattern, module]) => {
    let page = byModule.get(module);
    if (!page) {
      const files = preloadsOf(manifest, module);
      page =
        files.length > 0 && HEAD_END.test(indexHtml)
          ? shell(
              indexHtml.replace(HEAD_END, (end, indent: string) => {
                const links = files.map(
                  (file) => `${indent}  <link rel="modulepreload" crossorigin href="/${file}">\n`,
                );
                return `${links.join('')}${end}`;
              }),
            )
          : plain;
      byModule.set(module, page);
    }
    return { match: patternRegExp(pattern), page };
  });
  return (pathname) => routes.find((route) => route.match.test(pathname))?.page ?? plain;
}
