/**
 * The server preloads each page's feature chunk from src/shared/web-pages.ts; that table must name
 * the very pages of the route table, each with the feature its screen is loaded from.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from '../../shared/web-pages';
import { ROUTE_TABLE } from './routes';

describe('the preload table (shared/web-pages.ts)', () => {
  it('lists every page of the route table, and nothing else', () => {
    const routed = Object.values(ROUTE_TABLE).flatMap((entries) => entries.map((e) => e.path));
    expect(PAGE_MODULES.map(([pattern]) => pattern).sort()).toEqual([...routed].sort());
  });

  it("names the feature each page's screen is loaded from", () => {
    const source = readFileSync('src/web/app/routes.tsx', 'utf8');
    // const auth = () => import('../features/auth');  ...  { path: '/login', Screen: screen(auth, 'LoginPage') }
    const loaders = new Map(
      [...source.matchAll(/const (\w+) = \(\) => import\('\.\.\/(features\/\w+)'\)/g)].map((m) => [
        m[1],
        `${m[2]}/index.ts`,
      ]),
    );
    const rows = [...source.matchAll(/path: '([^']+)', Screen: screen\((\w+),/g)].map((m) => [
      m[1],
      loaders.get(m[2]!),
    ]);
    expect(rows.length).toBe(PAGE_MODULES.length);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(PAGE_MODULES));
  });
});
