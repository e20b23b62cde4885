/**
 * Every code of the shared message tables with its English text (`{{p0}}`... for a made text's
 * arguments), read from English's message catalogs, the source translators work from
 * (docs/decisions/0076-error-codes.md). For tests; the app shows English from the tables themselves.
 */
import { catalogsMessages } from '../../shared/message-catalogs';

const FILES = import.meta.glob<Record<string, unknown>>('./en/messages.*.json', { eager: true, import: 'default' });

const catalogs = Object.fromEntries(
  Object.entries(FILES).map(([path, tree]) => [path.slice('./en/messages.'.length, -'.json'.length), tree]),
);

let english: ReadonlyMap<string, string> | null = null;

export const englishMessages = (): ReadonlyMap<string, string> => (english ??= catalogsMessages(catalogs));
