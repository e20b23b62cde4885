/**
 * The translation catalogs are JSON, so the compiler no longer checks that a language follows English.
 * This does: every language has every English text (no fallback to English outside `en`), no stray
 * keys, no empty texts, the same {{placeholders}}, the plural forms its language needs, English's
 * quotes of docs/product.md equal to src/shared/messages.ts, and English's message catalogs equal to
 * the shared message tables: each plain text, and each made text's template filled with sample
 * arguments (scripts/messages-catalog.ts writes the plain texts; docs/decisions/0076-error-codes.md).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/constants';
import { SPOT_MESSAGES, SPOT_MSG } from '../../shared/api/spot';
import { TRADE_MESSAGES, TRADE_MSG } from '../../shared/api/trade';
import { accountLock, lockedMessage, lockLineMessage, PROTECTION_MSG } from '../../shared/api/protection';
import { WALLET_MESSAGES, WALLET_MSG } from '../../shared/api/wallet';
import type { Message } from '../../shared/message';
import { MESSAGE_TABLES } from '../../shared/message-codes';
import { MSG } from '../../shared/messages';
import { englishMessages } from './english-messages';
import { nestAreas } from '../lib/i18n';
import englishBundle from './en';

const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });
const areasOf = (code: string) =>
  Object.entries(files)
    .filter(([path]) => path.startsWith(`./${code}/`))
    .map(([path, texts]) => [path.slice(`./${code}/`.length, -'.json'.length), texts] as const);
const catalog = (code: string): unknown => nestAreas(areasOf(code));
const others = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

/** Every leaf of a catalog as ['a.b.c', value]; any leaf that is not an object is a text. */
const leaves = (tree: unknown, prefix = ''): [string, unknown][] =>
  tree !== null && typeof tree === 'object' && !Array.isArray(tree)
    ? Object.entries(tree).flatMap(([key, value]) => leaves(value, `${prefix}${key}.`))
    : [[prefix.slice(0, -1), tree]];

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** 'a.b.one' -> 'a.b' when English has 'a.b.other': a text with plural forms. */
const pluralParent = (path: string, english: ReadonlyMap<string, unknown>) => {
  const cut = path.lastIndexOf('.');
  const parent = path.slice(0, cut);
  return PLURAL_CATEGORIES.includes(path.slice(cut + 1)) && english.has(`${parent}.other`) ? parent : null;
};

const english = new Map(leaves(catalog('en')));
const fillTemplate = (template: string, params: Readonly<Record<string, string>>) =>
  template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => params[name] ?? placeholder);
const placeholders = (text: unknown) =>
  [...new Set((String(text).match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')))].sort();

describe('the translation catalogs', () => {
  it('has one folder per language of the picker, each with the files of English', () => {
    const codes = new Set(Object.keys(files).map((path) => path.split('/')[1]));
    expect([...codes].sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    const englishFiles = areasOf('en').map(([name]) => name);
    for (const code of others)
      expect(
        areasOf(code).map(([name]) => name),
        code,
      ).toEqual(englishFiles);
  });

  it("bundles each other language's every file in its index.ts, the one chunk lib/i18n.ts loads", () => {
    const bundles = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true, import: 'default' });
    for (const code of others)
      expect(
        Object.keys(bundles[`./${code}/index.ts`] ?? {})
          .map((path) => path.slice('./'.length, -'.json'.length))
          .sort(),
        code,
      ).toEqual(
        areasOf(code)
          .map(([name]) => name)
          .sort(),
      );
  });

  it('has every English screen area in the English catalog (en/index.ts), the message tables apart', () => {
    const areas = areasOf('en')
      .map(([name]) => name)
      .filter((name) => !name.startsWith('messages.'));
    expect(Object.keys(englishBundle).sort()).toEqual(areas.sort());
  });

  it('English has only non-empty texts', () => {
    for (const [path, text] of english) expect(text, path).toMatch(/\S/);
  });

  it("English's texts quoted from docs/product.md are those of src/shared/messages.ts", () => {
    expect(english.get('home.loadingCoins')).toBe(MSG.loadingCoins);
    expect(english.get('markets.loadingCoins')).toBe(MSG.loadingCoins);
    expect(english.get('assets.noAssets')).toBe(MSG.noAssets);
  });

  it("English's message catalogs are the shared message tables (run scripts/messages-catalog.ts)", () => {
    const messages = englishMessages();
    const known = new Set<string>();
    type Entry = string | ((...args: never[]) => unknown) | { readonly [key: string]: Entry };
    const check = (code: string, entry: Entry): void => {
      if (typeof entry === 'string') {
        expect(messages.get(code), code).toBe(entry);
        known.add(code);
      } else if (typeof entry === 'function') {
        // A made text: its template filled with sample arguments is what the function makes of them.
        const template = messages.get(code);
        if (template === undefined) return; // an entry with logic: thrown through a Message maker
        const samples = Array.from({ length: entry.length }, (_, i) => `Sample${i}`);
        const params = Object.fromEntries(samples.map((value, i) => [`p${i}`, value]));
        expect(fillTemplate(template, params), code).toBe((entry as (...args: string[]) => unknown)(...samples));
        known.add(code);
      } else for (const [key, inner] of Object.entries(entry)) check(`${code}.${key}`, inner);
    };
    for (const [table, entries] of Object.entries(MESSAGE_TABLES)) check(table, entries);
    expect([...messages.keys()].filter((code) => !known.has(code))).toEqual([]);
  });

  it("a Message maker's message is its catalog's template filled with its params, the table's text", () => {
    const messages = englishMessages();
    const until = new Date('2026-11-24T14:04:10Z');
    const made: [Message, string][] = [
      [SPOT_MESSAGES.insufficient('BTC', '1.5', '0.2'), SPOT_MSG.insufficient('BTC', '1.5', '0.2')],
      [SPOT_MESSAGES.quantityDecimals('BTC', 5), SPOT_MSG.quantityDecimals('BTC', 5)],
      [SPOT_MESSAGES.quantityDecimals('DOGE', 0), SPOT_MSG.quantityDecimals('DOGE', 0)],
      [lockLineMessage('sign-in', until), PROTECTION_MSG.lockLine('sign-in', until)],
      [lockLineMessage('withdrawal', until), PROTECTION_MSG.lockLine('withdrawal', until)],
      [TRADE_MESSAGES.markWalking('ETH'), TRADE_MSG.markWalking('ETH')],
      [TRADE_MESSAGES.closeHandsTooMany('3'), TRADE_MSG.closeHandsTooMany('3')],
      ...(['closed', 'liquidated', 'cancelled'] as const).map((status): [Message, string] => [
        TRADE_MESSAGES.alreadyFinished(status),
        TRADE_MSG.alreadyFinished(status),
      ]),
      ...(['buy', 'sell'] as const).flatMap((side): [Message, string][] => [
        [TRADE_MESSAGES.stopLossBeyondLiquidation(side, '90'), TRADE_MSG.stopLossBeyondLiquidation(side, '90')],
        ...['the limit price', 'the current price'].flatMap((against): [Message, string][] => [
          [
            TRADE_MESSAGES.takeProfitWrongSide(side, against, '100'),
            TRADE_MSG.takeProfitWrongSide(side, against, '100'),
          ],
          [TRADE_MESSAGES.stopLossWrongSide(side, against, '100'), TRADE_MSG.stopLossWrongSide(side, against, '100')],
        ]),
      ]),
      ...(['successful', 'cancel'] as const).flatMap((status): [Message, string][] => [
        [WALLET_MESSAGES.alreadyDecided(status), WALLET_MSG.alreadyDecided(status)],
        [WALLET_MESSAGES.withdrawalAlreadyDecided(status), WALLET_MSG.withdrawalAlreadyDecided(status)],
      ]),
      ...accountLock.shape.scope.options.flatMap((scope) =>
        accountLock.shape.reason.options.map((reason): [Message, string] => [
          lockedMessage(scope, until, reason),
          PROTECTION_MSG.locked(scope, until, reason),
        ]),
      ),
    ];
    for (const [message, text] of made) {
      expect(message.text, message.code).toBe(text);
      expect(fillTemplate(messages.get(message.code) ?? '', message.params ?? {}), message.code).toBe(text);
    }
  });

  it.each(others)('%s has only English keys, each a non-empty text with English placeholders', (code) => {
    const texts = leaves(catalog(code));
    expect(texts.length).toBeGreaterThan(0);
    for (const [path, text] of texts) {
      const parent = pluralParent(path, english);
      expect(english.has(path) || parent !== null, `${code}: ${path} is not an English key`).toBe(true);
      expect(typeof text === 'string' && text.trim() !== '', `${code}: ${path} is empty or not a text`).toBe(true);
      const source = english.get(path) ?? english.get(`${parent}.other`);
      // A plural form may leave the count out ('one' as a word), never add a placeholder English lacks.
      const own = placeholders(text).filter((p) => p !== '{{count}}' || parent === null);
      const expected = placeholders(source).filter((p) => p !== '{{count}}' || parent === null);
      expect(own, `${code}: ${path}`).toEqual(expected);
    }
  });

  it.each(others)('%s translates every English text, with the plural forms the language has', (code) => {
    const translated = new Set(leaves(catalog(code)).map(([path]) => path));
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const missing: string[] = [];
    for (const path of english.keys()) {
      const parent = pluralParent(path, english);
      if (parent === null) {
        if (!translated.has(path)) missing.push(path);
      } else if (path.endsWith('.other')) {
        for (const category of categories)
          if (!translated.has(`${parent}.${category}`)) missing.push(`${parent}.${category}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
