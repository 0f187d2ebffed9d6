// PostgreSQL's error codes as they reach us: on the error itself (pg, PGlite) or on its `cause`
// (drizzle wraps a failed query in DrizzleQueryError).

/** Whether `err` is the database error with this SQLSTATE, wrapped or not. */
export function hasPgCode(err: unknown, code: string): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === code || e?.cause?.code === code;
}

/** A unique constraint refused the row (23505). */
export const isUniqueViolation = (err: unknown): boolean => hasPgCode(err, '23505');

/** PostgreSQL ended the transaction as one side of a deadlock (40P01): it was rolled back whole. */
export const isDeadlock = (err: unknown): boolean => hasPgCode(err, '40P01');
