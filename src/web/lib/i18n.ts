/**
 * The one i18n layer. English is bundled, so /login needs no extra request; every other language is
 * its own chunk, fetched when picked. The language follows lib/language.ts (the Home picker, kept
 * in local storage), and <html lang> follows the language shown.
 *
 * Own code rather than i18next + react-i18next: the app needs nested keys, `{{name}}` placeholders
 * and an English fallback, and those libraries were ~15 KB gzip of every page's first JavaScript
 * (docs/performance.md).
 *
 * The texts are JSON catalogs in src/web/locales/<code>.json, the format translators and their tools
 * exchange. English is the source language and the fallback of every other one; the English texts
 * quoted from docs/product.md are copies of src/shared/messages.ts. locales.test.ts keeps those equal
 * and every language to English's keys and placeholders, the check the compiler cannot make on JSON.
 * Prices, coin symbols and user data are never translated; only the words around them.
 */
import { useSyncExternalStore } from 'react';
import en from '../locales/en.json';
import { currentLanguage, DEFAULT_LANGUAGE, subscribeLanguage, type LanguageCode } from './language';

/** The shape every language follows; a missing text falls back to English. */
type Resource = typeof en;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };
type Translation = DeepPartial<Resource>;

/** Every text's key, as 'section.text' paths of the English resource. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TextKey = KeysOf<Resource>;
export type TextValues = Record<string, string | number>;
export type Translate = (key: TextKey, values?: TextValues) => string;

type Loader = () => Promise<Translation>;

const LOADERS: Record<Exclude<LanguageCode, 'en'>, Loader> = {
  zh: async () => (await import('../locales/zh.json')).default,
  ja: async () => (await import('../locales/ja.json')).default,
  ko: async () => (await import('../locales/ko.json')).default,
  fr: async () => (await import('../locales/fr.json')).default,
  de: async () => (await import('../locales/de.json')).default,
  es: async () => (await import('../locales/es.json')).default,
  it: async () => (await import('../locales/it.json')).default,
  ru: async () => (await import('../locales/ru.json')).default,
  pt: async () => (await import('../locales/pt.json')).default,
};

const bundles = new Map<LanguageCode, Translation>([[DEFAULT_LANGUAGE, en]]);
let shown: LanguageCode = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function lookup(tree: Translation | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function translatorFor(language: LanguageCode): Translate {
  return (key, values) => {
    const text = lookup(bundles.get(language), key) ?? lookup(en, key) ?? key;
    if (!values) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
  };
}

// One function per language, so a component that memoises on `t` re-renders on a switch.
const translators = new Map<LanguageCode, Translate>();
const translator = (language: LanguageCode): Translate => {
  let t = translators.get(language);
  if (!t) translators.set(language, (t = translatorFor(language)));
  return t;
};

/** The texts' store: which languages are loaded and which one is shown. */
export const i18n = {
  hasTexts: (code: LanguageCode): boolean => bundles.has(code),
  addTexts(code: LanguageCode, texts: Translation): void {
    bundles.set(code, texts);
    translators.delete(code);
    if (code === shown) listeners.forEach((listener) => listener());
  },
  removeTexts(code: LanguageCode): void {
    if (code === DEFAULT_LANGUAGE) return;
    bundles.delete(code);
    translators.delete(code);
    if (code === shown) listeners.forEach((listener) => listener());
  },
  language: (): LanguageCode => shown,
  show(code: LanguageCode): void {
    if (code === shown) return;
    shown = code;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  t: (key: TextKey, values?: TextValues): string => translator(shown)(key, values),
};

/** Shows `code`: loads its texts first if needed; English stays on screen until they arrive. */
export async function showLanguage(code: LanguageCode): Promise<void> {
  if (code !== 'en' && !i18n.hasTexts(code)) {
    try {
      i18n.addTexts(code, await LOADERS[code]());
    } catch {
      return; // offline and not cached: keep the current language rather than blank texts
    }
  }
  // A quicker later pick wins over a slow download of an earlier one.
  if (code !== currentLanguage()) return;
  i18n.show(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** Follows the stored choice from now on; returns when the current language is shown. */
export function installI18n(): Promise<void> {
  subscribeLanguage(() => void showLanguage(currentLanguage()));
  return showLanguage(currentLanguage());
}

/** The texts of the language shown; the component re-renders when it changes. */
export function useT(): Translate {
  const language = useSyncExternalStore(i18n.subscribe, i18n.language, () => DEFAULT_LANGUAGE);
  return translator(language);
}
