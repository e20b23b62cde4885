/**
 * A test that prints console.error fails (as epic-stack does): React's act() warnings,
 * failed queries and caught-then-logged errors are bugs or expectations, never noise. A test that
 * expects an error to be logged says so itself: `vi.spyOn(console, 'error').mockImplementation(...)`
 * and an assertion on the spy; while that mock stands, nothing reaches this check.
 *
 * console.error is replaced by a recorder (not a vi.spyOn, so a test's vi.restoreAllMocks() does
 * not remove it) and the failure is raised in afterEach with the printed text, rather than thrown
 * from inside whatever library called console.error (which might catch it and carry on).
 */
import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

const printed: string[] = [];
console.error = (...args: unknown[]) => {
  printed.push(format(...args));
};

function takePrinted(): string[] {
  return printed.splice(0, printed.length);
}

function failIfPrinted(where: string) {
  const lines = takePrinted();
  if (lines.length === 0) return;
  throw new Error(
    `${where} printed console.error ${lines.length} time(s); fix the cause, or mock and assert it in the test:\n` +
      lines.map((line, i) => `--- ${i + 1} ---\n${line}`).join('\n'),
  );
}

afterEach(() => failIfPrinted('This test'));
// What beforeAll/afterAll hooks print belongs to no test; the file fails instead.
afterAll(() => failIfPrinted('A beforeAll or afterAll hook of this file'));
