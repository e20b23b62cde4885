/**
 * The page table (src/shared/pages.ts) is the one source of the route table, the path helpers and
 * the server's preload list; these check what it derives.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_LIST } from '../../shared/pages';
import { PATHS } from '../lib/paths';

describe('the page table', () => {
  it("names, for each page, a screen its feature's index really exports", async () => {
    for (const page of PAGE_LIST) {
      const module = (await import(`../features/${page.feature}/index.ts`)) as Record<string, unknown>;
      expect(module[page.screen], `${page.path}: ${page.feature}.${page.screen}`).toBeTruthy();
    }
  });

  it('gives each page one path', () => {
    const paths = PAGE_LIST.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('builds addresses with parameters, encoded, in the order of the pattern', () => {
    expect(PATHS.assetDetail('funding', 'USDT')).toBe('/asset/funding/USDT');
    expect(PATHS.transfer('BTC')).toBe('/transfer/BTC');
    expect(PATHS.withdrawal('a/b')).toBe('/withdrawal/a%2Fb');
    expect(PATHS.chat(42)).toBe('/chat/42');
    expect(PATHS.adminChat('user 7')).toBe('/admin/chat/user%207');
    expect(PATHS.basicInfo).toBe('/identity-verification/basic-info');
    expect(PATHS.root).toBe('/');
  });
});
