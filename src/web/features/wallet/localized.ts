/**
 * Small helpers of the wallet screens' languages (docs/decisions/0043-languages.md): a grouped amount with the
 * language's own separators, and a translated sentence with an element (an address) inside it.
 */
import type { LanguageCode } from '../../lib/language';
import { localizeNumber } from '../../lib/number-format';

/**
 * '1,234,567.89' (groupDigits of a number the app formatted with docs/product.md's decimals) as the
 * language writes it ('1.234.567,89' in German), through the one number formatter of
 * docs/decisions/0066-number-display.md: only the marks change, never the digits.
 */
export function localGrouped(language: LanguageCode, grouped: string): string {
  return localizeNumber(language, grouped.replace(/,/g, ''));
}

/** The marker put where an element goes in a translated sentence (no catalog text holds it). */
export const SLOT = '\u0001';

/** A translated sentence split around its SLOT: the text before and after the element. */
export function aroundSlot(text: string): [string, string] {
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}
