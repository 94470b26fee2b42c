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

/** A foreign key refused the write; `constraint` narrows it to one. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23503' && (constraint === undefined || pg.constraint === constraint);
}

/** SQLSTATE classes and codes that say the connection, not the query, failed. */
const CONNECTION_CODES = /^(08...|57P0[1-3]|53300)$/;
/** Node's and pg's words for a connection that is not there. */
const CONNECTION_WORDS =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;

/**
 * The database is away (restarting, unreachable, refusing connections), as opposed to the query
 * being wrong: the request may work a moment later (503, not 500; issue 24 R1).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && CONNECTION_CODES.test(candidate.code)) return true;
    if (typeof candidate.code === 'string' && CONNECTION_WORDS.test(candidate.code)) return true;
    if (typeof candidate.message === 'string' && CONNECTION_WORDS.test(candidate.message))
      return true;
    e = candidate.cause;
  }
  return false;
}
