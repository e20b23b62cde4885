/**
 * Writes the plain texts of the shared message tables (src/shared/message-codes.ts) into English's
 * message catalogs (src/web/locales/en/messages.<table>.json), the source translators work from: run it
 * after adding or changing a message (`npx tsx scripts/messages-catalog.ts`). A made text's template
 * (`{{p0}}` where its arguments go) is written by hand in the catalog and kept; src/web/locales/
 * locales.test.ts fails while a catalog and its table differ (docs/decisions/0076-error-codes.md).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { catalogsMessages, messagesCatalogs } from '../src/shared/message-catalogs.js';
import { MESSAGE_TABLES } from '../src/shared/message-codes.js';

type Entry = string | ((...args: never[]) => unknown) | { readonly [key: string]: Entry };

for (const [table, entries] of Object.entries(MESSAGE_TABLES)) {
  const path = new URL(`../src/web/locales/en/messages.${table}.json`, import.meta.url);
  const kept = catalogsMessages({ [table]: existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {} });
  const english = new Map<string, string>();
  const add = (code: string, entry: Entry): void => {
    if (typeof entry === 'string') english.set(code, entry);
    else if (typeof entry === 'function') {
      const template = kept.get(code);
      if (template !== undefined) english.set(code, template);
    } else for (const [key, inner] of Object.entries(entry)) add(`${code}.${key}`, inner);
  };
  add(table, entries);
  writeFileSync(path, `${JSON.stringify(messagesCatalogs(english)[table] ?? {}, null, 2)}\n`);
}
