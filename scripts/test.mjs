// `npm test`: the whole suite. Installs Debian's chromium for the browser tests when it is missing
// and we are root (as on CI); otherwise stops with the command to run. Never skips browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
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

const bin = (name) => `node_modules/.bin/${name}`;
run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('dead code (knip)', bin('knip'), ['--no-progress', '--no-config-hints']);
run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('build the web app', bin('vite'), ['build', '--logLevel', 'warn']);
run('tests (unit, API, browser)', bin('vitest'), ['run', ...process.argv.slice(2)]);
