// `npm test`: the whole suite. Installs Debian's chromium for the browser tests when it is missing
// and we are root (as on CI); otherwise stops with the command to run. Never skips browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The line closing a step: its time, or that it failed. */
function finished(title, started, status) {
  if (status === 0) console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  else console.error(`\n✖ ${title} failed`);
}

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
function check(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

/** The checks, two at a time (one per core), the longest first; every failure is shown before stopping. */
async function checks(list) {
  const queue = [...list];
  const failures = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const status = await check(...next);
      if (status !== 0) failures.push(status);
    }
  };
  await Promise.all([lane(), lane()]);
  if (failures.length > 0) process.exit(failures[0]);
}

const bin = (name) => `node_modules/.bin/${name}`;
await checks([
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['dead code (knip)', bin('knip'), ['--no-progress', '--no-config-hints']],
  ['build the web app', bin('vite'), ['build', '--logLevel', 'warn']],
]);
run('tests (unit, API, browser)', bin('vitest'), ['run', ...process.argv.slice(2)]);
