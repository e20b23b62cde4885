// The server and its operator scripts as plain JavaScript, for the processes the tests start
// (docs/decisions/0086-spawned-servers-run-a-bundle.md): `node --import tsx src/server/main.ts` spends
// 4-6 s of CPU in tsx's loader before the server listens; the bundle loads in a fraction of that.
//
//   node scripts/build-server.mjs             builds dist/server/<name>.mjs (+ .map) for every ENTRY
//   node scripts/build-server.mjs --if-stale  only when a source the last build read changed since it
//
// Packages stay external (resolved from node_modules at run time, as under tsx). Each source's
// import.meta.url is its own .ts file's, so what the server reads next to its code by path (the
// migrations, the locale catalogs, the dev chain's contract) is found where it always was.
import { readFileSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
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

/** Whether the last build is missing, or older than a file it read (or this script). */
function stale() {
  let meta;
  try {
    meta = JSON.parse(readFileSync(META, 'utf8'));
  } catch {
    return true;
  }
  const builtAt = meta.startedAt;
  const inputs = [...meta.inputs, 'scripts/build-server.mjs', 'package.json', 'tsconfig.json'];
  return inputs.some((file) => {
    try {
      return statSync(path.join(ROOT, file)).mtimeMs > builtAt;
    } catch {
      return true; // a source gone since
    }
  });
}

/** import.meta.url and friends, as the source file itself would see them, from the bundle's location. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
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
  const startedAt = Date.now();
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
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
  const temporary = `${META}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ startedAt, inputs }));
  renameSync(temporary, META);
}

if (!process.argv.includes('--if-stale') || stale()) await buildAll();
