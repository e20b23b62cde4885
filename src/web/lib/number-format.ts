/**
 * Numbers as each language writes them (docs/decisions/0066-number-display.md): a number the app
 * already formatted with docs/product.md's decimals ('1234.50', '+1.23%', '-0.00001235') gets the
 * language's decimal separator and its thousands grouping, both CLDR's (as Intl.NumberFormat gives them). Only marks
 * are added or swapped: the digits, the decimals and the rounding stay the formatter's, and no float
 * ever holds the amount (the whole part is grouped as text, the fraction is copied as it is), so a
 * balance past a double's 15-17 significant digits keeps every digit.
 */
import type { LanguageCode } from './language';

interface Marks {
  decimal: string;
  group: string;
  /** The fewest whole digits that get grouped: 4 in most languages, 5 in es and it ('1234,5', '12.345,5'). */
  groupFrom: number;
}

/**
 * Each language's marks as CLDR writes them, which is what `Intl.NumberFormat(language)` gives
 * (number-format.test.tsx compares every row with it). A table and not Intl at run time: the first
 * NumberFormat a page makes loads its locale's data, about 50 ms of Home's first render at
 * Lighthouse's 4x slower CPU (docs/performance.md "Home's first render").
 */
const MARKS: Record<LanguageCode, Marks> = {
  en: { decimal: '.', group: ',', groupFrom: 4 },
  zh: { decimal: '.', group: ',', groupFrom: 4 },
  ja: { decimal: '.', group: ',', groupFrom: 4 },
  ko: { decimal: '.', group: ',', groupFrom: 4 },
  fr: { decimal: ',', group: '\u202f', groupFrom: 4 },
  de: { decimal: ',', group: '.', groupFrom: 4 },
  es: { decimal: ',', group: '.', groupFrom: 5 },
  it: { decimal: ',', group: '.', groupFrom: 5 },
  ru: { decimal: ',', group: '\u00a0', groupFrom: 4 },
  pt: { decimal: ',', group: '.', groupFrom: 4 },
};

/** The marks `language` writes numbers with. */
export const numberMarks = (language: LanguageCode): Readonly<Marks> => MARKS[language];

/** '1234567' -> '1,234,567' with `marks`' group mark, left alone below the language's grouping size. */
function groupWhole(whole: string, marks: Marks): string {
  if (whole.length < marks.groupFrom) return whole;
  return whole.replace(/\B(?=(\d{3})+$)/g, marks.group);
}

/**
 * Every plain number in `text` ('1234.50', '-1.5%', '54271.35 → 53266.33', '1234.5 USDT') written in
 * `language`: grouped whole part, the language's decimal mark; a unit may follow ('1.93B'). Digits at the
 * end of a word (ERC20) are left as they are. `grouping: false` is for the text of a field, read-only
 * ones too: what a person copies into an amount field, which takes a decimal comma but no grouping.
 */
export function localizeNumber(language: LanguageCode, text: string, { grouping = true } = {}): string {
  const marks = MARKS[language];
  return text.replace(/(?<![\w.,])(\d+)(?:\.(\d+))?(?![.,]\d)/g, (_match, whole: string, fraction?: string) => {
    const grouped = grouping ? groupWhole(whole, marks) : whole;
    return fraction === undefined ? grouped : `${grouped}${marks.decimal}${fraction}`;
  });
}
