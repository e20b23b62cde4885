/**
 * The one i18n layer (react-i18next). English is bundled, so /login needs no extra request; every
 * other language is its own chunk, fetched when picked. The language follows lib/language.ts (the
 * Home picker, kept in local storage), and <html lang> follows the language shown.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en, type Resource, type Translation } from '../locales/en';
import { currentLanguage, DEFAULT_LANGUAGE, subscribeLanguage, type LanguageCode } from './language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resource };
  }
}

type Loader = () => Promise<Translation>;

const LOADERS: Record<Exclude<LanguageCode, 'en'>, Loader> = {
  zh: async () => (await import('../locales/zh')).zh,
  ja: async () => (await import('../locales/ja')).ja,
  ko: async () => (await import('../locales/ko')).ko,
  fr: async () => (await import('../locales/fr')).fr,
  de: async () => (await import('../locales/de')).de,
  es: async () => (await import('../locales/es')).es,
  it: async () => (await import('../locales/it')).it,
  ru: async () => (await import('../locales/ru')).ru,
  pt: async () => (await import('../locales/pt')).pt,
};

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // React escapes what it renders; escaping here too would show '&amp;'.
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

/** Shows `code`: loads its texts first if needed; English stays on screen until they arrive. */
export async function showLanguage(code: LanguageCode): Promise<void> {
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    try {
      i18n.addResourceBundle(code, 'translation', await LOADERS[code]());
    } catch {
      return; // offline and not cached: keep the current language rather than blank texts
    }
  }
  // A quicker later pick wins over a slow download of an earlier one.
  if (code !== currentLanguage()) return;
  await i18n.changeLanguage(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** Follows the stored choice from now on; returns when the current language is shown. */
export function installI18n(): Promise<void> {
  subscribeLanguage(() => void showLanguage(currentLanguage()));
  return showLanguage(currentLanguage());
}

/** The texts of the language shown; importing it from here makes sure the layer is set up. */
export const useT = () => useTranslation().t;
