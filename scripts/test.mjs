// `npm test`: the whole suite. Installs Debian's chromium for the browser tests when it is missing
// and we are root (as on CI); otherwise stops with the command to run. Never skips browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every step's time, printed as a table at the end of the run. */
const timings = [];

/** The line closing a step: its time, or that it failed. */
function finished(title, started, status) {
  const seconds = (Date.now() - started) / 1000;
  timings.push({ title, seconds, status });
  if (status === 0) console.log(`✔ ${title} (${seconds.toFixed(1)} s)`);
  else console.error(`\n✖ ${title} failed (${seconds.toFixed(1)} s)`);
}

/** The table of step times (stages that ran side by side overlap; the total is the wall clock). */
function printTimings(startedAt) {
  console.log('\nStage times:');
  for (const { title, seconds, status } of timings)
    console.log(`  ${status === 0 ? '✔' : '✖'} ${title.padEnd(32)} ${seconds.toFixed(1).padStart(7)} s`);
  console.log(`  ${'npm test (wall clock)'.padEnd(34)} ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s`);
}
const runStarted = Date.now();
process.on('exit', () => printTimings(runStarted));

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  finished(title, started, result.status);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    run('apt-get update', 'apt-get', ['update', '-qq']);
    run(
      'install Debian chromium for browser tests',
      'apt-get',
      ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
      {
        DEBIAN_FRONTEND: 'noninteractive',
      },
    );
  } else {
    console.error(
      `Browser tests need Debian's chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
}

/** Runs one check with its output held, so checks running side by side print one after the other. */
function check(title, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      finished(title, started, status);
      resolve(status ?? 1);
    });
  });
}

/** The checks in `lanes` side by side, the longest first; every failure is shown. Resolves to the first failure's status, or 0. */
async function checks(list, lanes) {
  const queue = [...list];
  const failures = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const status = await check(...next);
      if (status !== 0) failures.push(status);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return failures[0] ?? 0;
}

/** A step whose output streams as it runs (vitest's), resolving to its exit status. */
function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (status) => {
      finished(title, started, status);
      resolve(status ?? 1);
    });
  });
}

const bin = (name) => `node_modules/.bin/${name}`;
// One thread each: they run beside the tests on cores that are already busy, where a second
// thread only adds its own overhead (docs/decisions/0081-static-checks-on-typescript-7.md). Every lint rule
// runs once, in oxlint (.oxlintrc.json: the type-aware rules on TypeScript 7, the React compiler's rules,
// the house's own as JS plugins; docs/decisions/0087-lint-once-in-oxlint.md); ESLint no longer runs.
const oneThread = { GOMAXPROCS: '1' };
const staticChecks = [
  ['lint (oxlint)', bin('oxlint'), ['--type-aware', '--deny-warnings', '--threads=1'], oneThread],
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json', '--singleThreaded']],
  ['format', bin('oxfmt'), ['--check', '--threads=1']],
  ['dead code (knip)', bin('knip'), ['--no-progress', '--no-config-hints']],
];
const build = ['build the web app', bin('vite'), ['build', '--logLevel', 'warn']];
// The bundle the tests' server processes run (docs/decisions/0086-spawned-servers-run-a-bundle.md): built once
// here, not by the first test files that start a server at the same time.
const buildServer = ['build the server bundle', process.execPath, ['scripts/build-server.mjs']];
const files = process.argv.slice(2);

if (files.length > 0) {
  // `npm test -- <files or filters>`: the checks, then one vitest run of what was asked.
  const failed = await checks([...staticChecks, build, buildServer], 2);
  if (failed !== 0) process.exit(failed);
  run('tests', bin('vitest'), ['run', ...files]);
} else {
  // The server and web projects keep both cores busy (three workers, about 12 % idle); the browser project
  // is bound by its flows' waits on timers, the network and the page rather than by the cores, so it runs
  // three flows at a time (vitest.config.ts) with the static checks beside it, one at a time and at the
  // lowest priority (nice 19): they take what the flows leave. Measured on a clean clone: the checks niced
  // beside the server and web stage slowed it 187 -> 224 s and the browser stage gained 5 s without them
  // (docs/architecture.md section 9 "Tests"). Every stage runs even when one before it failed, so one run
  // shows every failure.
  const [built, serverBuilt] = await Promise.all([check(...build), check(...buildServer)]);
  const units = await step('tests: server and web', bin('vitest'), [
    'run',
    '--project',
    'server',
    '--project',
    'server-mocks',
    '--project',
    'web',
    '--project',
    'web-mocks',
  ]);
  const lowPriority = ([title, command, args, env]) => [title, 'nice', ['-n', '19', command, ...args], env];
  const [browser, checked] = await Promise.all([
    built === 0 ? step('tests: browser', bin('vitest'), ['run', '--project', 'e2e']) : Promise.resolve(built),
    checks(staticChecks.map(lowPriority), 1),
  ]);
  const failed = [built, serverBuilt, units, browser, checked].find((status) => status !== 0);
  if (failed !== undefined) {
    console.error('\n✖ npm test failed (see the steps marked ✖ above)');
    process.exit(failed);
  }
}
