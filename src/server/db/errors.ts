/** Recognising PostgreSQL errors that a service turns into answers (drizzle wraps them in `cause`). */

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  return pg.code === '23505' && pg.constraint === constraint;
}
