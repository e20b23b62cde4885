// The server and its operator scripts as plain JavaScript, for the processes the tests start
// (docs/decisions/0086-spawned-servers-run-a-bundle.md): `node --import tsx src/server/main.ts` spends
// 4-6 s of CPU in tsx's loader before the server listens; the bundle loads in a fraction of that.
//
//   node scripts/build-server.mjs             builds dist/server/<name>.mjs (+ .map) for every ENTRY
//   node scripts/build-server.mjs --if-stale  only when a source the last build read changed since (by content)
//
// Packages stay external (resolved from node_modules at run time, as under tsx). Each source's
// import.meta.url is its own .ts file's, so what the server reads next to its code by path (the
// migrations, the locale catalogs, the dev chain's contract) is found where it always was.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'dist/server');
const META = path.join(OUT_DIR, 'meta.json');
/** Each source that runs as a process of its own, by the bundle's name. */
const ENTRIES = {
  main: 'src/server/main.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'ledger-check': 'scripts/ledger-check.ts',
};

/** The files a build depends on beyond what it read: this script, the package list, the compiler options. */
const ALSO = ['scripts/build-server.mjs', 'package.json', 'tsconfig.json'];

const hash = (content) => createHash('sha1').update(content).digest('hex');

/** Each file's content hash (by content, not time: a file put back with an older time still counts). */
function hashes(files) {
  return Object.fromEntries(
    files.map((file) => {
      try {
        return [file, hash(readFileSync(path.join(ROOT, file)))];
      } catch {
        return [file, 'gone'];
      }
    }),
  );
}

/** The hash of each source as the build compiled it (a file changed during the build makes the next check rebuild). */
const compiled = {};

/** Whether the last build is missing, or a file it read (or this script) changed or went since. */
function stale() {
  try {
    const { inputs } = JSON.parse(readFileSync(META, 'utf8'));
    const now = hashes(Object.keys(inputs));
    return Object.entries(inputs).some(([file, hash]) => now[file] !== hash);
  } catch {
    return true;
  }
}

/**
 * import.meta.url and friends, as the source file itself would see them, from the bundle's location; and the
 * hash of every source as it was read.
 */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      compiled[path.relative(ROOT, args.path).split(path.sep).join('/')] = hash(text);
      if (!text.includes('import.meta.')) return { loader: 'ts', contents: text };
      const relative = JSON.stringify(path.relative(OUT_DIR, args.path).split(path.sep).join('/'));
      const url = `new URL(${relative}, import.meta.url).href`;
      return {
        loader: 'ts',
        contents: text
          .replaceAll('import.meta.url', url)
          .replaceAll('import.meta.filename', `__cfFileURLToPath(${url})`)
          .replaceAll('import.meta.dirname', `__cfDirname(__cfFileURLToPath(${url}))`)
          .concat(
            text.includes('import.meta.filename') || text.includes('import.meta.dirname')
              ? "\nimport { fileURLToPath as __cfFileURLToPath } from 'node:url';\nimport { dirname as __cfDirname } from 'node:path';\n"
              : '',
          ),
      };
    });
  },
};

async function buildAll() {
  const before = hashes(ALSO);
  // Imported only to build: the check alone must stay cheap (it runs before every server a test starts).
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [ownImportMeta],
  });
  mkdirSync(OUT_DIR, { recursive: true });
  // Renamed into place, so a test file building at the same time never runs a half-written bundle.
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  // Sources other than .ts (JSON) are hashed now; the .ts ones as they were compiled.
  const read = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
  const inputs = { ...hashes(read), ...compiled, ...before };
  const temporary = `${META}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ inputs }));
  renameSync(temporary, META);
}

if (!process.argv.includes('--if-stale') || stale()) await buildAll();
