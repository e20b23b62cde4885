/** A pino logger whose lines a test can read (pass `logger` as createTestApp's `log`). */
import pino from 'pino';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

export interface CapturedLog {
  logger: pino.Logger;
  lines: LogLine[];
  /** Lines at error level (50) or above. */
  errors(): LogLine[];
}

export function captureLog(level: pino.Level = 'info'): CapturedLog {
  const lines: LogLine[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines, errors: () => lines.filter((line) => line.level >= 50) };
}

/** Wait until `check` returns something truthy (polling), or fail after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
