import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

type ProjectTestOptions = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * The test files under `folders` that replace an app module (vi.mock): a module another file already
 * loaded would keep its real self, so these run isolated; the others share their modules
 * (docs/architecture.md section 9 "Tests": loading and transforming each file's modules anew was most of
 * the web project's time and a third of the server project's).
 */
const testsWithMocks = (...folders: string[]) =>
  folders.flatMap((folder) =>
    (readdirSync(folder, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(folder, file))
      .filter((file) => readFileSync(file, 'utf8').includes('vi.mock(')),
  );
const WEB_TESTS_WITH_MOCKS = testsWithMocks('src/web');
const SERVER_TESTS_WITH_MOCKS = testsWithMocks('tests/api', 'tests/services', 'src/shared', 'src/server');

const webProject: ProjectTestOptions = {
  environment: 'happy-dom',
  // A test's first dynamic import transforms its modules while the API tests share the cores.
  testTimeout: 15_000,
  // A phone's screen, as the app is built for (happy-dom's default 1024 px is already the
  // staff console's desk layout, docs/architecture.md "Staff console at a desk").
  environmentOptions: { happyDOM: { width: 390, height: 844 } },
  // Each file starts on English and an empty localStorage, whatever the file before it left.
  setupFiles: ['tests/setup/web-state.ts'],
};

/** Seconds per test file (`project:path`) of a whole run: scripts/test-durations.mjs writes it. */
const RECORDED_SECONDS = JSON.parse(readFileSync('tests/durations.json', 'utf8')) as Record<string, number>;

/**
 * The longest files start first, so the last minute of a stage is not one worker on one long file while
 * the other cores idle. vitest does this itself from its record of the last run; a fresh clone has none
 * (it then starts the largest files first, and the fuzz files are small and long), so
 * tests/durations.json stands in: a clean clone's server and web stage took 290 s with vitest's order and
 * 188 s with this one (docs/architecture.md section 9 "Tests"). Each project's files still run together
 * (a worker moving between projects loads the modules again: about 70 s more CPU when they were mixed),
 * the web's first: their long files wait on real timers (the push and poll tests), which then overlaps
 * the server files' CPU instead of ending the stage.
 */
const PROJECT_ORDER = ['web-mocks', 'web', 'server-mocks', 'server'];
const projectRank = (file: TestSpecification) => {
  const rank = PROJECT_ORDER.indexOf(file.project.name);
  return rank === -1 ? PROJECT_ORDER.length : rank;
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = (file: TestSpecification) => {
      const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`;
      return this.ctx.cache.getFileTestResults(key)?.duration ?? (RECORDED_SECONDS[key] ?? 0) * 1000;
    };
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        projectRank(a) - projectRank(b) ||
        expected(b) - expected(a),
    );
  }
}

// tests/services: the business rules on the services, no HTTP (docs/architecture.md section 9 "Test layers").
const SERVER_TESTS = [
  'tests/api/**/*.test.ts',
  'tests/services/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'src/server/**/*.test.ts',
];
const serverProject: ProjectTestOptions = {
  // PostgreSQL for the projects that use it: the web project never starts one.
  globalSetup: ['tests/helpers/global-setup.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Every project: a test that prints console.error fails (tests/setup/console-errors.ts).
    setupFiles: ['tests/setup/console-errors.ts'],
    sequence: { sequencer: LongestFirst },
    // The cheapest password hash for servers the tests start as processes too (createTestApp sets it
    // itself); production's cost is pinned by tests/api/auth.test.ts.
    env: { PASSWORD_HASH_COST: '10' },
    // Vitest's own default is one worker fewer than the cores: a single worker on this 2-core machine,
    // which left the cores a third idle while API tests waited on PostgreSQL and their servers.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER_TESTS,
          exclude: SERVER_TESTS_WITH_MOCKS,
          // Each file builds its own app on its own database (tests/helpers/app.ts), as the browser
          // project's files do, so the worker keeps the server's modules between files.
          isolate: false,
          ...serverProject,
        },
      },
      {
        extends: true,
        test: { name: 'server-mocks', include: SERVER_TESTS_WITH_MOCKS, ...serverProject },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: WEB_TESTS_WITH_MOCKS,
          isolate: false,
          ...webProject,
        },
      },
      {
        extends: true,
        test: { name: 'web-mocks', include: WEB_TESTS_WITH_MOCKS, ...webProject },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          globalSetup: ['tests/helpers/global-setup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // A page's first numbers wait on its server under the whole suite's load: vitest's 1 s default
          // for expect.poll failed a Lever price read on CI while Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
          // After the other projects, three browser flows at a time: a flow mostly waits on its page, its
          // server and timers (the cores about 80 % idle with one). Three since the static checks beside
          // them take about 190 s of a core instead of 384 (docs/decisions/0069-e2e-speed.md, "Three
          // flows"). Each worker keeps its modules: each
          // file builds its own app, and loading the server's modules again per file cost about 2 s apiece.
          sequence: { groupOrder: 1 },
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          isolate: false,
        },
      },
    ],
  },
});
