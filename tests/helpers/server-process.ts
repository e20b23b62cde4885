/**
 * How a test (or the bench) starts the server or an operator script as a process of its own: node on
 * its bundle in dist/server, built first when a source changed since (scripts/build-server.mjs
 * --if-stale), so one test file run alone never tests stale code. tsx's loader cost 4-6 s of CPU per
 * process (docs/decisions/0086-spawned-servers-run-a-bundle.md). Should the build fail, the source
 * runs through tsx as before, and shows the same error there.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The sources scripts/build-server.mjs bundles, by their bundle's name. */
const BUNDLES = {
  'src/server/main.ts': 'main',
  'scripts/backup.ts': 'backup',
  'scripts/restore.ts': 'restore',
  'scripts/ledger-check.ts': 'ledger-check',
} as const;

/** Node's arguments to run `source` (a path from the repository's root), for `spawn(process.execPath, ...)`. */
export function nodeArgs(source: keyof typeof BUNDLES): string[] {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), '--if-stale'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) return ['--import', 'tsx', path.join(ROOT, source)];
  // Stack traces name the .ts lines (the bundle's source map).
  return ['--enable-source-maps', path.join(ROOT, 'dist/server', `${BUNDLES[source]}.mjs`)];
}
