/**
 * Writes English's message catalogs (src/web/locales/en/messages.<table>.json) from the shared message
 * tables (src/shared/message-codes.ts), the source translators work from: run it after adding or
 * changing a message (`npx tsx scripts/messages-catalog.ts`); src/web/locales/locales.test.ts fails
 * while they differ.
 */
import { writeFileSync } from 'node:fs';
import { englishMessages, MESSAGE_TABLES } from '../src/shared/message-codes.js';
import { messagesCatalogs } from '../src/shared/message-catalogs.js';

const catalogs = messagesCatalogs(englishMessages());
for (const table of Object.keys(MESSAGE_TABLES)) {
  const path = new URL(`../src/web/locales/en/messages.${table}.json`, import.meta.url);
  writeFileSync(path, `${JSON.stringify(catalogs[table] ?? {}, null, 2)}\n`);
}
