/** The PostgreSQL error under a Drizzle error (Drizzle wraps the driver's error as `cause`). */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    e = candidate.cause;
  }
  return undefined;
}

/** A unique constraint refused the write; `constraint` narrows it to one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error)?.code === '23503';
}
