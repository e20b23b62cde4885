/**
 * This language's catalog, every area's JSON file (the message tables' too), as one chunk that
 * lib/i18n.ts loads when the language is picked: one request, and one line in the entry's map of
 * languages rather than one per file (docs/decisions/0085-server-rendered-first-paint.md, step 1).
 */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
