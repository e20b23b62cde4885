// Writes tests/durations.json from vitest's own record of the last run (node_modules/.vite/vitest):
// each test file's duration in seconds, for the files of a second or more. vitest.config.ts starts the
// longest files first from it where vitest has no record yet (a fresh clone), so no long file starts
// last and holds the run on one core (docs/architecture.md section 9 "Tests"). Run after a whole
// `npm test` when files were added or got much slower: `node scripts/test-durations.mjs`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const cacheRoot = 'node_modules/.vite/vitest';
const records = readdirSync(cacheRoot).map((dir) => path.join(cacheRoot, dir, 'results.json'));
const durations = {};
for (const record of records) {
  for (const [file, { duration }] of JSON.parse(readFileSync(record, 'utf8')).results) {
    if (duration >= 1000) durations[file] = Math.round(duration / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync('tests/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(sorted).length} files of a second or more`);
