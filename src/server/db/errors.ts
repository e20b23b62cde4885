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
