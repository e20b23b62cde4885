/**
 * The real-parts tests (tests/real-parts/): only through scripts/real-parts.sh, which starts
 * Debian's PostgreSQL, Redis, HAProxy and three instances first. Not one of `npm test`'s projects
 * (vitest.config.ts): they need root for apt-get and a few minutes.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/real-parts/**/*.test.ts'],
    setupFiles: ['tests/setup/console-errors.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // The files share the three instances; the kill file must run alone, after the others.
    fileParallelism: false,
  },
});
