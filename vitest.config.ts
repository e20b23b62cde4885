import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Every project: a test that prints console.error fails (tests/setup/console-errors.ts).
    setupFiles: ['tests/setup/console-errors.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/api/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A phone's screen, as the app is built for (happy-dom's default 1024 px is already the
          // staff console's desk layout, docs/architecture.md "Staff console at a desk").
          environmentOptions: { happyDOM: { width: 390, height: 844 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // One browser flow at a time: two cores are shared with the server under test.
          fileParallelism: false,
        },
      },
    ],
  },
});
