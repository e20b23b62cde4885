/**
 * Numbers as each language writes them (docs/decisions/0066-number-display.md): a number the app
 * already formatted with docs/product.md's decimals ('1234.50', '+1.23%', '-0.00001235') gets the
 * language's decimal separator and its thousands grouping, both from Intl.NumberFormat. Only marks
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

const marksByLanguage = new Map<LanguageCode, Marks>();

function marksOf(language: LanguageCode): Marks {
  let marks = marksByLanguage.get(language);
  if (!marks) {
    const format = new Intl.NumberFormat(language);
    const parts = format.formatToParts(1234567.5);
    const group = parts.find((part) => part.type === 'group')?.value ?? ',';
    marks = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group,
      groupFrom: format.format(1234).includes(group) ? 4 : 5,
    };
    marksByLanguage.set(language, marks);
  }
  return marks;
}

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
  const marks = marksOf(language);
  return text.replace(/(?<![\w.,])(\d+)(?:\.(\d+))?(?![.,]\d)/g, (_match, whole: string, fraction?: string) => {
    const grouped = grouping ? groupWhole(whole, marks) : whole;
    return fraction === undefined ? grouped : `${grouped}${marks.decimal}${fraction}`;
  });
}
