/**
 * The display language picked on Home (docs/product.md section 2), remembered locally. lib/i18n.ts follows
 * it (subscribeLanguage) and switches the texts.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { LANGUAGES } from '../../shared/constants';
import { STORAGE_KEYS, readItem, writeItem } from './storage';

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const isLanguage = (code: string | null): code is LanguageCode => LANGUAGES.some((l) => l.code === code);

export function storedLanguage(): LanguageCode {
  const code = readItem(STORAGE_KEYS.language);
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}

// Kept in memory too: storage may refuse the write (private windows) and the choice still holds
// for this page view. Every screen that shows the language follows a change made on another one.
let chosen: LanguageCode | null = null;
export const currentLanguage = (): LanguageCode => chosen ?? storedLanguage();
const listeners = new Set<() => void>();
export const subscribeLanguage = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useLanguage(): [LanguageCode, (code: LanguageCode) => void] {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, () => DEFAULT_LANGUAGE);
  const setLanguage = useCallback((code: LanguageCode) => {
    chosen = code;
    writeItem(STORAGE_KEYS.language, code);
    listeners.forEach((listener) => listener());
  }, []);
  return [language, setLanguage];
}
