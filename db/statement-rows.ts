/*
 * Many rows in a few statements: a list cut into parts of at most ROWS_PER_STATEMENT, each
 * sent as one statement (a multi-row INSERT, or `IN (…)` of its keys). A statement takes at
 * most 65,535 values; a part of a few columns' rows stays well under it.
 */

/** Rows per statement: a few values each, far under PostgreSQL's 65,535 per statement. */
export const ROWS_PER_STATEMENT = 1_000;

/** `rows` in order, in parts of at most `size`. */
export function statementParts<T>(rows: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}
