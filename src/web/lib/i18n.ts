/**
 * The one i18n layer. English's first-paint namespaces are bundled, so /login and /home need no extra
 * request; the rest of English comes with the first screen of another feature (loadEnglish, awaited
 * by app/routes.tsx: docs/decisions/0085-server-rendered-first-paint.md, step 1); every other
 * language is its own chunk, fetched when picked. The language follows lib/language.ts (the Home picker, kept
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
import { useMemo, useSyncExternalStore } from 'react';
import { messageOfText, type Message } from '../../shared/message';
import type englishCatalog from '../locales/en';
import englishFirstPaint from '../locales/en/first-paint';
import { formatDateTime } from './datetime';
import { currentLanguage, DEFAULT_LANGUAGE, subscribeLanguage, type LanguageCode } from './language';
import { localizeNumber } from './number-format';

/** The shape every language follows; a missing text falls back to English. */
type Resource = typeof englishCatalog;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };
type Translation = DeepPartial<Resource> & { messages?: Record<string, Record<string, string>> };

/** Every text's key, as 'section.text' paths of the English resource. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TextKey = KeysOf<Resource>;
/** A text with plural forms: an object of Intl.PluralRules categories (`one`, `few`, ... `other`). */
type PluralsOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends { other: string }
      ? `${Prefix}${K}`
      : PluralsOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type PluralKey = PluralsOf<Resource>;
export type TextValues = Record<string, string | number>;
export type Translate = (key: TextKey, values?: TextValues) => string;

/**
 * Every language but English is a set of JSON files, one per screen area
 * (src/web/locales/<code>/<area>.json), which its locales/<code>/index.ts bundles into one chunk,
 * fetched when the language is picked.
 */
const LANGUAGES = import.meta.glob<Record<string, Record<string, unknown>>>(
  ['../locales/*/index.ts', '!../locales/en/index.ts'],
  { import: 'default' },
);

async function loadLanguage(code: Exclude<LanguageCode, 'en'>): Promise<Translation> {
  const load = LANGUAGES[`../locales/${code}/index.ts`];
  if (!load) throw new Error(`no catalog for ${code}`);
  const files = await load();
  return nestAreas(
    Object.entries(files).map(([path, texts]) => [path.slice('./'.length, -'.json'.length), texts] as const),
  );
}

/** Files named 'messages.admin' go under `messages.admin`: the message tables, one file each. */
export function nestAreas(areas: readonly (readonly [string, unknown])[]): Translation {
  const tree: Record<string, unknown> = {};
  for (const [name, texts] of areas) {
    const path = name.split('.');
    let node = tree;
    path.slice(0, -1).forEach((part) => (node = (node[part] ??= {}) as Record<string, unknown>));
    node[path.at(-1) ?? name] = texts;
  }
  return tree as Translation;
}

/** English so far: the first-paint namespaces, then the whole catalog once loadEnglish has it. */
let en: Translation = englishFirstPaint;
let englishLoad: Promise<void> | null = null;
/** A text was asked of English before its whole catalog came (a key was shown for it meanwhile). */
let missedEnglish = false;

/** `key` in English, noting a miss while only the first paint's namespaces are here. */
function englishText(key: string): string | undefined {
  const text = lookup(en, key);
  if (text === undefined && en === englishFirstPaint) missedEnglish = true;
  return text;
}

/**
 * Loads the whole English catalog (once; a failed download is tried again on the next call). Screens
 * beyond /login's and /home's first paint wait for it, so they never show a key for a text.
 */
export function loadEnglish(): Promise<void> {
  englishLoad ??= import('../locales/en').then(
    (catalog) => {
      en = catalog.default;
      bundles.set(DEFAULT_LANGUAGE, en);
      translators.clear();
      // Screens render again only if one of them missed a text: on /login and /home nothing does (their
      // texts are the first paint's, tests/e2e/first-paint-texts.test.ts), and drawing the whole screen
      // again when the catalog comes while the page is idle was most of /home's blocking time in
      // Lighthouse (docs/performance.md "Home's banner"). A screen drawn later takes the new texts.
      if (missedEnglish) changed();
      missedEnglish = false;
    },
    (error: unknown) => {
      englishLoad = null;
      throw error;
    },
  );
  return englishLoad;
}

/** A message's code and the arguments of a made text: what the server sends beside its English. */
export type MessageCode = Pick<Message, 'code' | 'params'>;

const bundles = new Map<LanguageCode, Translation>([[DEFAULT_LANGUAGE, en]]);
let shown: LanguageCode = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
/** What screens render from: a new object whenever the language shown or its texts change. */
interface Shown {
  language: LanguageCode;
}
const FIRST_SHOWN: Shown = { language: DEFAULT_LANGUAGE };
let shownState = FIRST_SHOWN;
function changed(): void {
  shownState = { language: shown };
  listeners.forEach((listener) => listener());
}

function lookup(tree: Translation | undefined, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const fill = (text: string, values?: TextValues) =>
  values
    ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
        name in values ? String(values[name]) : placeholder,
      )
    : text;

function translatorFor(language: LanguageCode): Translate {
  return (key, values) => fill(lookup(bundles.get(language), key) ?? englishText(key) ?? key, values);
}

const pluralRules = new Map<LanguageCode, Intl.PluralRules>();

/** `key`'s form for `count` in `language` ({{count}} filled in), English's when the language lacks it. */
function pluralFor(language: LanguageCode, key: PluralKey, count: number, values?: TextValues): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  const category = rules.select(count);
  const text =
    lookup(bundles.get(language), `${key}.${category}`) ??
    lookup(bundles.get(language), `${key}.other`) ??
    lookup(en, `${key}.${new Intl.PluralRules('en').select(count)}`) ??
    englishText(`${key}.other`) ??
    key;
  return fill(text, { count: localizeNumber(language, String(count)), ...values });
}

/**
 * A message of the shared tables in `language`, by its code (docs/decisions/0076-error-codes.md): a
 * Message (`msg(...)`, a form check's issue), a server's text with the `code`/`params` it came with, or
 * a plain table text (the tables loaded name their plain texts). A made text given as English alone is
 * not taken apart; it and a text with no translation yet are shown in English.
 */
function messageFor(language: LanguageCode, message: string | Message, match?: MessageCode | null): string {
  const text = typeof message === 'string' ? message : message.text;
  if (language === DEFAULT_LANGUAGE) return text;
  const found = typeof message === 'string' ? (match ?? messageOfText(message)) : message;
  if (!found?.code) return text;
  const translated = lookup(bundles.get(language), `messages.${found.code}`);
  if (!translated) return text;
  // Numbers inside a message (a minimum, a balance) take the language's decimal separator too.
  const params = found.params
    ? Object.fromEntries(
        Object.entries(found.params).map(([name, value]) => [
          name,
          /^[+-]?\d+(\.\d+)?%?$/.test(value) ? localizeNumber(language, value) : value,
        ]),
      )
    : undefined;
  return fill(translated, params);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time (ISO string) in the language's own order and words, in the viewer's time zone. */
function formatDate(language: LanguageCode, iso: string, style: 'date' | 'dateTime' | 'time'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // English keeps the app's numeric '2025-03-01 14:05' (lib/datetime.ts), which staff compare.
  if (language === DEFAULT_LANGUAGE) {
    const text = formatDateTime(iso);
    return style === 'dateTime' ? text : style === 'date' ? text.slice(0, 10) : text.slice(11);
  }
  const id = `${language}:${style}`;
  let format = dateTimeFormats.get(id);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { dateStyle: 'medium' }
        : style === 'time'
          ? { timeStyle: 'short' }
          : { dateStyle: 'medium', timeStyle: 'short' };
    dateTimeFormats.set(id, (format = new Intl.DateTimeFormat(language, options)));
  }
  return format.format(date);
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
    if (code === shown) changed();
  },
  removeTexts(code: LanguageCode): void {
    if (code === DEFAULT_LANGUAGE) return;
    bundles.delete(code);
    translators.delete(code);
    if (code === shown) changed();
  },
  language: (): LanguageCode => shown,
  show(code: LanguageCode): void {
    if (code === shown) return;
    shown = code;
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  t: (key: TextKey, values?: TextValues): string => translator(shown)(key, values),
  /** A shared-table message in the language shown (see messageFor). */
  message: (message: string | Message, match?: MessageCode | null): string => messageFor(shown, message, match),
};

/** Shows `code`: loads its texts first if needed; English stays on screen until they arrive. */
export async function showLanguage(code: LanguageCode): Promise<void> {
  if (code !== 'en' && !i18n.hasTexts(code)) {
    try {
      i18n.addTexts(code, await loadLanguage(code));
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
  // The rest of English, once the page has loaded and the browser is idle: the drawer's and sheets'
  // links then open other screens without waiting for it.
  if (typeof window !== 'undefined')
    window.addEventListener(
      'load',
      () => {
        const load = () => void loadEnglish().catch(() => {});
        if ('requestIdleCallback' in window) window.requestIdleCallback(load);
        else setTimeout(load);
      },
      { once: true },
    );
  return showLanguage(currentLanguage());
}

const useShown = () =>
  useSyncExternalStore(
    i18n.subscribe,
    () => shownState,
    () => FIRST_SHOWN,
  );

/** The texts of the language shown; the component re-renders when it (or its texts) change. */
export function useT(): Translate {
  return translator(useShown().language);
}

/**
 * Everything a screen needs to speak the language shown, re-rendering when it changes:
 * - `t(key, values)`: a text of the catalogs;
 * - `plural(key, count, values)`: the form for `count` ({{count}} filled in);
 * - `message(text or Message)`: a shared-table message (server answers, form checks) translated;
 * - `number(text)`: an already formatted number with the language's decimal separator and grouping;
 * - `fieldNumber(text)`: the same without grouping, for the text of a field (read-only too), which a
 *   person may copy into an amount field (docs/decisions/0066-number-display.md);
 * - `date(iso)`, `dateTime(iso)`, `time(iso)`: Intl dates in the language's order.
 */
export function useI18n() {
  const state = useShown();
  return useMemo(() => {
    const { language } = state;
    return {
      language,
      t: translator(language),
      plural: (key: PluralKey, count: number, values?: TextValues) => pluralFor(language, key, count, values),
      message: (message: string | Message, match?: MessageCode | null) => messageFor(language, message, match),
      number: (text: string) => localizeNumber(language, text),
      fieldNumber: (text: string) => localizeNumber(language, text, { grouping: false }),
      date: (iso: string) => formatDate(language, iso, 'date'),
      dateTime: (iso: string) => formatDate(language, iso, 'dateTime'),
      time: (iso: string) => formatDate(language, iso, 'time'),
    };
  }, [state]);
}
