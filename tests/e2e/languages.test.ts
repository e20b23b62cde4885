/**
 * Every route of the tour (user and staff) in two languages other than English finds no English UI
 * word (docs/decisions/0043-languages.md: "a browser test that walks every route in two non-English languages
 * and finds no English UI word"; docs/decisions/0043-languages.md).
 *
 * On each stop the walk reads what a person meets: the visible text (document.body.innerText), the
 * document's title, and every aria-label, placeholder, title and alt. An English UI word is a word of
 * the English catalogs (src/web/locales/en/*.json) that the language's own translated texts do not
 * use too (a loanword such as German "Name" or "Code"), and that is not a name every language writes
 * the same (ALLOWED: the brand, coin symbols, networks). User data (names, e-mails, addresses) is
 * never a catalog word, or is stripped first.
 *
 * Each stop's sheets and drawers are opened and read too (helpers/tour.ts sheets). One browser, one
 * page per language, the tour's stops in order: a page load when the visitor
 * changes, in-app moves otherwise (helpers/tour.ts walk), the two languages side by side.
 *
 * The same walk measures the language fit of the trader's main screens and Home's sheets in these two
 * languages (helpers/language-fit.ts; language-fit-*.test.ts walk the other languages).
 *
 * TOUR_ROUTES (a comma list of stop names or paths, e.g. `home,markets,assets`) limits the walk while
 * screens are being translated (helpers/tour.ts chosenStops).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MARKET_ASSETS, TRACKED_SYMBOLS } from '../../src/shared/market.js';
import { fitProblems, fitScheme, measuresFit, WALKED_LANGUAGES } from './helpers/language-fit.js';
import { inLanguage } from './helpers/screenshots.js';
import { chosenStops, sheets, TourSuite, tourStops, walk } from './helpers/tour.js';

const LOCALES = path.resolve('src/web/locales');

/**
 * Names that are the same in every language, matched as written: the brand, networks (ERC20 and TRC20
 * have a digit, so are no words anyway), the abbreviations the languages decision keeps (docs/decisions/0043-languages.md) ("2FA", "API", "OTP"), the
 * in-house coin USDO and the market's symbols (src/shared/market.ts). Upper case only: LINK is a coin,
 * "link" is an English word.
 */
const ALLOWED = new Set([
  'Coinfront',
  // The support hours' time zone (docs/product.md), written the same in every language.
  'EST',
  'FA',
  'API',
  'OTP',
  'USDO',
  ...MARKET_ASSETS.map((coin) => coin.asset),
  ...TRACKED_SYMBOLS,
]);

/**
 * Coin names come from the market, not the catalogs ("The Sandbox", "Turkish Lira"): taken out of the
 * text whole, longest first, so their words ("the") still count everywhere else.
 */
const COIN_NAMES = MARKET_ASSETS.map((coin) => coin.name).sort((a, b) => b.length - a.length);
const withoutCoinNames = (text: string) => COIN_NAMES.reduce((rest, name) => rest.split(name).join(' '), text);

/** Every text of a catalog file, placeholders ({{name}}) dropped, keyed by its path. */
function texts(tree: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof tree === 'string') found.set(prefix, tree.replace(/\{\{\s*\w+\s*\}\}/g, ' '));
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree))
      for (const entry of texts(value, `${prefix}.${key}`)) found.set(...entry);
  return found;
}

function catalogTexts(code: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, code)).filter((name) => name.endsWith('.json')))
    for (const entry of texts(JSON.parse(readFileSync(path.join(LOCALES, code, file), 'utf8')), file))
      all.set(...entry);
  return all;
}

/**
 * The words of a text as written: runs of Latin letters (so "BTCを購入" gives "BTC"); a run with a digit
 * in it (ERC20, 0x3f9a, an order number) is a code, not a word; e-mail addresses and links go first.
 */
function tokensOf(text: string): string[] {
  return (
    text
      // E-mail addresses, links and the {{placeholder}} tokens staff type into FAQ answers are not words.
      .replace(/\S+@\S+|https?:\/\/\S+|\{\{\w+\}\}/g, ' ')
      .match(/[\p{Script=Latin}\d']+/gu)
      ?.map((word) => word.replace(/^'+|'+$/g, ''))
      .filter((word) => word.length > 1 && !/\d/.test(word)) ?? []
  );
}
const wordsOf = (text: string) => tokensOf(text).map((word) => word.toLowerCase());

const english = catalogTexts('en');
const englishWords = new Set([...english.values()].flatMap(wordsOf));

/**
 * The English UI words of `language`: English catalog words, minus the words of the language's own
 * translated texts. A one-word text equal to its English original is a translation too (German "Name",
 * "Wallets") in a file that is mostly translated; a longer one, or any in a file that is mostly English
 * (the message catalogs start as copies of English's), is an untranslated copy.
 */
function englishUiWords(language: string): (text: string) => string[] {
  const own = [...catalogTexts(language)];
  const fileOf = (key: string) => key.slice(0, key.indexOf('.json'));
  const translated = new Set(
    [...new Set(own.map(([key]) => fileOf(key)))].filter((file) => {
      const texts = own.filter(([key]) => fileOf(key) === file);
      return texts.filter(([key, text]) => english.get(key) !== text).length * 2 > texts.length;
    }),
  );
  const loanwords = new Set(
    own
      .filter(([key, text]) => english.get(key) !== text || (translated.has(fileOf(key)) && wordsOf(text).length === 1))
      .flatMap(([, text]) => wordsOf(text)),
  );
  return (text) => [
    ...new Set(
      tokensOf(withoutCoinNames(text))
        .filter((token) => !ALLOWED.has(token))
        .map((token) => token.toLowerCase())
        .filter((word) => englishWords.has(word) && !loanwords.has(word)),
    ),
  ];
}

/**
 * What a person reads or hears on the page, or in its open sheet (`[role="dialog"]`): visible text, the
 * document's title and the text attributes.
 */
function shownText(page: Page, scope: 'page' | 'sheet'): Promise<string> {
  return page.evaluate((scope) => {
    const root = scope === 'sheet' ? document.querySelector<HTMLElement>('[role="dialog"]') : document.body;
    if (!root) throw new Error('no open sheet');
    // Data (FAQ entries staff typed, audit records, a chart's attribution) is marked translate="no",
    // the HTML attribute for text that is not the app's to translate: left out here.
    const data = [...root.querySelectorAll<HTMLElement>('[translate="no"]')];
    const attributes = [...root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')]
      .filter((el) => !el.closest('[translate="no"]'))
      .flatMap((el) => ['aria-label', 'placeholder', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''));
    const shown = data.map((el) => el.style.display);
    data.forEach((el) => (el.style.display = 'none'));
    const text = root.innerText;
    data.forEach((el, i) => (el.style.display = shown[i] ?? ''));
    return [scope === 'page' ? document.title : '', text, root.getAttribute('aria-label') ?? '', ...attributes].join(
      '\n',
    );
  }, scope);
}

describe('the English UI words of the catalogs', () => {
  it('finds English words, not the loanwords a language uses too, nor symbols and codes', () => {
    // Checks the check: "Markets" is English UI; German's own words, symbols, codes and e-mails are not.
    const german = englishUiWords('de');
    expect(german('Märkte Markets BTC/USDT ERC20 Coinfront grace@example.com 0x3f9aB')).toEqual(['markets']);
    // German writes "Name" as English does (home.json); a coin's name is market data.
    expect(german('Name The Sandbox LINK/USDT BTCUSDT Wallets')).toEqual([]);
    // Their words are not allowed elsewhere: "the" and "please" are English.
    expect(german('The Sandbox: the please')).toEqual(['the', 'please']);
    expect(englishUiWords('ja')('マーケットBTCを購入 Markets')).toEqual(['markets']);
  });
});

describe.concurrent('every route in German and Japanese', () => {
  const tour = new TourSuite();

  for (const language of WALKED_LANGUAGES) {
    it(`shows no English UI word, and the main screens fit 390 px (${language})`, async () => {
      const find = englishUiWords(language);
      const { page, context } = await tour.phone({ colorScheme: fitScheme });
      await inLanguage(context, language);
      const found: string[] = [];
      const misfits: string[] = [];
      let walked = 0;
      let opened = 0;
      for await (const stop of walk(page, tour.cast, chosenStops(tourStops(tour.cast)))) {
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        const fits = measuresFit(stop);
        if (fits) misfits.push(...(await fitProblems(page, language, stop)));
        const check = async (where: string, scope: 'page' | 'sheet') => {
          const text = await shownText(page, scope);
          const words = find(text);
          if (words.length) found.push(`${where}: ${words.join(' ')}`);
        };
        await check(stop.path, 'page');
        for await (const sheet of sheets(page)) {
          await check(`${stop.path} (${sheet})`, 'sheet');
          if (fits && stop.name === 'home') misfits.push(...(await fitProblems(page, language, stop, sheet)));
          opened++;
        }
        walked++;
      }
      await context.close();
      expect(walked).toBeGreaterThan(0);
      // Home alone opens three (drawer, bell, language): a walk that opened none would have missed them.
      if (walked > 1) expect(opened).toBeGreaterThan(0);
      expect(found, `English UI words in ${language}`).toEqual([]);
      // Every misfit on one line each, for the person fixing them (the assertion's diff is cut short).
      if (misfits.length > 0) console.log(misfits.join('\n'));
      expect(misfits, `what does not fit in ${language}`).toEqual([]);
    }, 300_000);
  }
});
