/**
 * Small helpers of the wallet screens' languages (docs/decisions/0043-languages.md): a grouped amount with the
 * language's own separators, and a translated sentence with an element (an address) inside it.
 */
import type { LanguageCode } from '../../lib/language';

const separators = new Map<LanguageCode, { group: string; decimal: string }>();

/**
 * '1,234,567.89' (groupDigits of a number the app formatted with docs/product.md's decimals) with the
 * language's group and decimal separators: '1.234.567,89' in German. Only the separators change, never
 * the digits (no float passes through); English stays exactly as it was.
 */
export function localGrouped(language: LanguageCode, grouped: string): string {
  if (language === 'en') return grouped;
  let found = separators.get(language);
  if (!found) {
    const parts = new Intl.NumberFormat(language).formatToParts(12345.6);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separators.set(language, found);
  }
  const { group, decimal } = found;
  return grouped.replace(/[,.]/g, (mark) => (mark === ',' ? group : decimal));
}

/** The marker put where an element goes in a translated sentence (no catalog text holds it). */
export const SLOT = '\u0001';

/** A translated sentence split around its SLOT: the text before and after the element. */
export function aroundSlot(text: string): [string, string] {
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}
