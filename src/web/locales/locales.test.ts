/**
 * The translation catalogs are JSON, so the compiler no longer checks that a language follows English.
 * This does: no stray keys, no empty texts, the same {{placeholders}}, and English's quotes of
 * docs/product.md equal to src/shared/messages.ts.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/constants';
import { MSG } from '../../shared/messages';

const catalogs = import.meta.glob<unknown>('./*.json', { eager: true, import: 'default' });
const catalog = (code: string): unknown => catalogs[`./${code}.json`];
const others = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

/** Every leaf of a catalog as ['a.b.c', value]; any leaf that is not an object is a text. */
const leaves = (tree: unknown, prefix = ''): [string, unknown][] =>
  tree !== null && typeof tree === 'object' && !Array.isArray(tree)
    ? Object.entries(tree).flatMap(([key, value]) => leaves(value, `${prefix}${key}.`))
    : [[prefix.slice(0, -1), tree]];

const english = new Map(leaves(catalog('en')));
const placeholders = (text: unknown) =>
  (String(text).match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('the translation catalogs', () => {
  it('has one catalog per language of the picker, and no other', () => {
    expect(Object.keys(catalogs).sort()).toEqual(LANGUAGES.map((l) => `./${l.code}.json`).sort());
  });

  it('English has only non-empty texts', () => {
    for (const [path, text] of english) expect(text, path).toMatch(/\S/);
  });

  it("English's texts quoted from docs/product.md are those of src/shared/messages.ts", () => {
    expect(english.get('home.loadingCoins')).toBe(MSG.loadingCoins);
    expect(english.get('markets.loadingCoins')).toBe(MSG.loadingCoins);
    expect(english.get('assets.noAssets')).toBe(MSG.noAssets);
  });

  it.each(others)('%s has only English keys, each a non-empty text with English placeholders', (code) => {
    const texts = leaves(catalog(code));
    expect(texts.length).toBeGreaterThan(0);
    for (const [path, text] of texts) {
      expect(english.has(path), `${code}: ${path} is not an English key`).toBe(true);
      expect(typeof text === 'string' && text.trim() !== '', `${code}: ${path} is empty or not a text`).toBe(true);
      expect(placeholders(text), `${code}: ${path}`).toEqual(placeholders(english.get(path)));
    }
  });

  // A gap would fall back to English at run time, but every language is complete today; keep it so.
  it.each(others)('%s translates every English text', (code) => {
    const translated = new Set(leaves(catalog(code)).map(([path]) => path));
    expect([...english.keys()].filter((path) => !translated.has(path))).toEqual([]);
  });
});
