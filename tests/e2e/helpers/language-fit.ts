/**
 * The language-fit walk, shared by tests/e2e/language-fit-*.test.ts, which take half of the languages each
 * so the two browser workers walk them side by side (docs/decisions/0069-e2e-speed.md). German and
 * Japanese are measured on languages.test.ts's walk of every route in them (WALKED_LANGUAGES), which
 * passes the same stops and Home's same sheets: one walk per language does both checks.
 *
 * The trader's main screens at 390 px in all ten languages: no text button or label is wider than its
 * box or runs past the screen (docs/decisions/0064-staff-desk-and-language-fit.md). A German "Umbuchen"
 * or a Russian "Перевести" that does not fit is cut or pushes the row sideways; the catalogs are
 * translated by people who never saw the screen, so the check is the browser's.
 *
 * Each language walks Home, Markets, Lever, Exchange, Assets, an asset's page, Withdraw, Deposit,
 * Transfer and the Safety Center (helpers/tour.ts walk), and opens Home's sheets (the account drawer,
 * the bell's list, the language picker: helpers/tour.ts sheets). On each it measures every button,
 * link, label, tab and table heading, and every element inside one: its text is cut when its
 * scrollWidth exceeds its clientWidth, and it runs off when its box goes past 0..390. A box inside a
 * sideways scroller (the tabs) may run off: that is what the scroller is for.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/constants.js';
import { inLanguage } from './screenshots.js';
import { chosenStops, sheets, TourSuite, tourStops, walk, type Stop } from './tour.js';

const WIDTH = 390;
/** SHOTS=<folder> also writes each stop's screenshot; FIT_SCHEME=dark walks the dark theme. */
const shots = process.env.SHOTS;
export const fitScheme = process.env.FIT_SCHEME === 'dark' ? 'dark' : 'light';
/** The languages languages.test.ts walks every route in (docs/decisions/0043-languages.md): their fit is measured there. */
export const WALKED_LANGUAGES = ['de', 'ja'] as const;
const SCREENS = [
  'home',
  'markets',
  'lever',
  'exchange',
  'assets',
  'asset-detail',
  'withdrawal',
  'deposit',
  'transfer',
  'safety-center',
];

/** What does not fit on the page now, one line per element (at most 8). */
async function misfits(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate((viewport) => {
    const CONTROLS = 'button, a, label, [role="tab"], [role="button"], [role="radio"], [role="menuitem"], th';
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const inScroller = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (scrolls(a)) return true;
      return false;
    };
    const found: string[] = [];
    const seen = new Set<Element>();
    for (const control of Array.from(document.body.querySelectorAll(CONTROLS))) {
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      // A preview of the longer text the control opens (Home's notice summary) is cut by design.
      const preview = (el: Element) => el.closest('[data-preview]') !== null;
      for (const el of [control, ...Array.from(control.querySelectorAll('*'))]) {
        if (seen.has(el) || !(el instanceof HTMLElement) || preview(el)) continue;
        seen.add(el);
        const text = el.innerText?.trim();
        if (!text) continue;
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue; // sr-only and collapsed elements
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden') continue;
        const label = `${el.tagName.toLowerCase()} "${text.replace(/\s+/g, ' ').slice(0, 40)}"`;
        // An inline box has no clientWidth; its box against the screen is what counts.
        const block = style.display !== 'inline' && el.clientWidth > 0;
        if (block && !scrolls(el) && el.scrollWidth > el.clientWidth + 1)
          found.push(`${label} is cut: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
        else if ((box.right > viewport + 0.5 || box.left < -0.5) && !inScroller(el))
          found.push(`${label} runs off the screen (${Math.round(box.left)}..${Math.round(box.right)})`);
      }
    }
    const page = document.scrollingElement!.scrollWidth;
    if (page > viewport) found.push(`the page scrolls sideways: ${page} px`);
    return found.slice(0, 8);
  }, WIDTH);
}

/** Whether the fit of `stop` is measured (one of the trader's main screens, and Home's sheets). */
export const measuresFit = (stop: Stop) => SCREENS.includes(stop.name);

/**
 * What does not fit on `stop` as the page shows it now in language `code`, one line each; `sheet` names
 * the open sheet. With SHOTS, the stop's screenshot too.
 */
export async function fitProblems(page: Page, code: string, stop: Stop, sheet?: string): Promise<string[]> {
  if (shots && !sheet) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `fit-${stop.name}-${code}-${fitScheme}.png`) });
  }
  const where = sheet ? `${code} ${stop.path} [${sheet}]` : `${code} ${stop.path}`;
  return (await misfits(page)).map((problem) => `${where}: ${problem}`);
}

/**
 * Half of LANGUAGES (`half` 0 or 1), one language after another: ten pages at once on a shared machine
 * time out their first loads; each half is a file of its own, on its own worker.
 */
export function describeLanguageFit(half: 0 | 1): void {
  const walkedHere = LANGUAGES.map(({ code }) => code).filter(
    (code) => !(WALKED_LANGUAGES as readonly string[]).includes(code),
  );
  const size = Math.ceil(walkedHere.length / 2);
  const codes = walkedHere.slice(half * size, (half + 1) * size);
  describe(`the main screens fit 390 px in every language (${codes.join(', ')}; ${WALKED_LANGUAGES.join(', ')} in languages.test.ts)`, () => {
    const tour = new TourSuite();

    for (const code of codes) {
      it(`fits in ${code}`, async () => {
        const problems: string[] = [];
        const { page, context } = await tour.phone({ colorScheme: fitScheme });
        await inLanguage(context, code);
        await page.setViewportSize({ width: WIDTH, height: 844 });
        const stops = chosenStops(tourStops(tour.cast).filter(measuresFit));
        for await (const stop of walk(page, tour.cast, stops)) {
          problems.push(...(await fitProblems(page, code, stop)));
          if (stop.name !== 'home') continue;
          for await (const sheet of sheets(page)) problems.push(...(await fitProblems(page, code, stop, sheet)));
        }
        await context.close();
        // Every misfit on one line each, for the person fixing them (the assertion's diff is cut short).
        if (problems.length > 0) console.log(problems.join('\n'));
        expect(problems).toEqual([]);
      }, 300_000);
    }
  });
}
