// `npm run screenshots`: every route in three languages and both themes (tests/e2e/screenshots*.test.ts).
// Chinese and Japanese need a CJK font, which a bare Debian lacks (the pictures would show boxes):
// installed with apt-get when missing and we are root, as scripts/test.mjs installs chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(CJK_FONT)) {
  if (process.getuid?.() === 0) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'fonts-wqy-microhei'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
  } else {
    console.warn('No CJK font: Chinese and Japanese pictures will show boxes. sudo apt-get install fonts-wqy-microhei');
  }
}
run('node_modules/.bin/vite', ['build', '--logLevel', 'warn']);
run('node_modules/.bin/vitest', ['run', '--project', 'e2e', 'screenshots', ...process.argv.slice(2)], {
  SCREENSHOTS: process.env.SCREENSHOTS ?? 'screenshots',
});
