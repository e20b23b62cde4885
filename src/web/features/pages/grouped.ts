/**
 * A whole number the app formatted ('10000') grouped by thousands for reading, with the language's
 * group separator ('10,000' in English, '10.000' in German, '10 000' in French): the digits are moved
 * as text, no float passes through (docs/style.md: money is decimal strings).
 */
const separators = new Map<string, string>();

function groupSeparator(language: string): string {
  let separator = separators.get(language);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(language).formatToParts(10000).find((p) => p.type === 'group')?.value ?? ',';
    separators.set(language, separator);
  }
  return separator;
}

export const groupedWhole = (value: string, language: string): string =>
  /^\d+$/.test(value) ? value.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator(language)) : value;
