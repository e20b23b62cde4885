/**
 * A whole number the app formatted ('10000') grouped by thousands for reading, with the language's
 * group mark ('10,000' in English, '10.000' in German, '10 000' in French; lib/number-format.ts's
 * table, no Intl at run time): the digits are moved as text, no float passes through (docs/style.md:
 * money is decimal strings).
 */
import type { LanguageCode } from '../../lib/language';
import { numberMarks } from '../../lib/number-format';

export const groupedWhole = (value: string, language: LanguageCode): string =>
  /^\d+$/.test(value) ? value.replace(/\B(?=(\d{3})+(?!\d))/g, numberMarks(language).group) : value;
