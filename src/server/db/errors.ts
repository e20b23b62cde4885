/** Recognising PostgreSQL errors that a service turns into answers (drizzle wraps them in `cause`). */

function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e.cause ?? e;
}

const violates = (sqlState: string) => (error: unknown, constraint: string) => {
  const pg = pgErrorOf(error);
  return pg.code === sqlState && pg.constraint === constraint;
};

export const isUniqueViolation = violates('23505');
export const isCheckViolation = violates('23514');

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown: another backend crashed, the server is resetting
  '57P03', // cannot_connect_now: starting up, recovering or shutting down
  '53300', // too_many_connections
]);
// node-postgres says these in words only (pg and pg-pool have no codes for them).
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * Whether `error` means the database cannot be reached right now (refused, reset, shutting down,
 * restarting, a connection lost mid-query), as opposed to a query it refused: the request is fine,
 * the service is briefly unavailable (503, docs/operations.md). Looks through drizzle's `cause` and
 * AggregateError's `errors` (a connect to several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** A short reason for logs and /readyz: the code when there is one, else the first line of the message. */
export function unavailableReason(error: unknown): string {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || e.code.startsWith('08'))) return e.code;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return e.message.split('\n')[0]!;
    e = e.cause as typeof e;
  }
  return 'unreachable';
}

const OUTAGE_LOG_EVERY_MS = 60_000;
const lastOutageLog = new Map<string, number>();

/**
 * Logs a failure of background work (timers, socket sessions). A database outage is a warning
 * once a minute per kind of work, not an error per attempt (a storm while it restarts); the work
 * carries on and succeeds once the database is back. Anything else is an error, every time.
 */
export function logBackgroundFailure(
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  what: string,
  error: unknown,
) {
  if (!isDatabaseUnavailable(error)) return log.error({ err: error }, `${what} failed`);
  const now = Date.now();
  if (now - (lastOutageLog.get(what) ?? -Infinity) < OUTAGE_LOG_EVERY_MS) return;
  lastOutageLog.set(what, now);
  log.warn({ reason: unavailableReason(error) }, `${what}: the database is unavailable; trying again later`);
}
