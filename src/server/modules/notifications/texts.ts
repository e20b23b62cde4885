/**
 * The notifications' texts in each language of the picker, for their mails (docs/decisions/0034-notifications.md:
 * mails in the user's language; docs/decisions/0044-notifications-languages.md). The translations are
 * the web's own catalogs of the notifications table (src/web/locales/<code>/messages.notifications.json,
 * one source for the bell and the mail), read as data files: the server never imports the web's code.
 * English is the table itself (NOTIFICATIONS_MSG); a text a language lacks falls back to it.
 */
import { readFileSync } from 'node:fs';
import { englishNotificationText } from '../../../shared/api/notifications.js';
import { LANGUAGES } from '../../../shared/constants.js';

type LanguageCode = (typeof LANGUAGES)[number]['code'];

const isLanguage = (code: unknown): code is LanguageCode => LANGUAGES.some((l) => l.code === code);

const catalogs = new Map<string, Record<string, unknown> | null>();

/** A language's catalog of a message table, read once; null when it cannot be read (its mails go out in English). */
function catalogOf(language: LanguageCode, table: string): Record<string, unknown> | null {
  const key = `${language}/${table}`;
  if (catalogs.has(key)) return catalogs.get(key) ?? null;
  let catalog: Record<string, unknown> | null = null;
  try {
    const file = new URL(`../../../web/locales/${language}/messages.${table}.json`, import.meta.url);
    catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    catalog = null;
  }
  catalogs.set(key, catalog);
  return catalog;
}

/**
 * A text of another message table in `language` (`bonuses`, `mailSubject`: its web catalog's text,
 * `{{p0}}` where the English function's arguments go), or undefined for English, a code that is not
 * one of the ten, or a text the catalog lacks: the caller then writes the table's English
 * (docs/decisions/0064-staff-desk-and-language-fit.md: the bonus mail, the last notification in English only).
 */
export function catalogTextIn(language: string, table: string): (key: string) => string | undefined {
  if (language === 'en' || !isLanguage(language)) return () => undefined;
  const catalog = catalogOf(language, table);
  return (key) => {
    let node: unknown = catalog;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | null | undefined)?.[part];
    return typeof node === 'string' && node !== '' ? node : undefined;
  };
}

/**
 * A text of the notifications table (`kinds.depositApproved.title`, `mailFooter`) in `language`, a
 * user's stored code (users.language): English for 'en', and for a code that is not one of the ten.
 */
export function notificationTextIn(language: string): (key: string) => string | undefined {
  const text = catalogTextIn(language, 'notifications');
  return (key) => text(key) ?? englishNotificationText(key);
}
