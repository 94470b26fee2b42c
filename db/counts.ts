/*
 * Counts the back office shows beside a list (issue 71 item 3, DECISIONS.md §33): exact while
 * they are small, the planner's estimate past that, never a count of a million rows for one
 * request. The rows are counted up to `exactUpTo` + 1 (a walk that stops there); past it the
 * answer is PostgreSQL's own estimate of the query's rows (EXPLAIN: the table's statistics
 * scaled to its size now, the same on the embedded engine), marked as an estimate, which the
 * interface shows as "about".
 */
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** How many rows a list's count reads at most before it estimates instead. */
export const EXACT_COUNT_UP_TO = 10_000;

/** A count, and whether it is exact or the planner's estimate (at least `exactUpTo` + 1). */
export interface Tally {
  n: number;
  exact: boolean;
}

/** The planner's estimate of how many rows a query returns (its top node's "Plan Rows"). */
export async function estimatedRows(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
    Plan: { 'Plan Rows': number };
  }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** The rows of `table` matching `where`, counted up to `upTo`: a walk that stops there. */
export function cappedCount(db: Db, table: PgTable, where: SQL | undefined, upTo: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(upTo)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/** The rows of `table` matching `where`: exact up to `exactUpTo`, estimated past it. */
export async function tally(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  exactUpTo = EXACT_COUNT_UP_TO,
): Promise<Tally> {
  const [row] = await cappedCount(db, table, where, exactUpTo + 1);
  return pastCap(db, table, where, Number(row?.n ?? 0), exactUpTo);
}

/** `n` rows counted up to `exactUpTo` + 1: exact, or past the cap the planner's estimate. */
async function pastCap(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  n: number,
  exactUpTo: number,
): Promise<Tally> {
  if (n <= exactUpTo) return { n, exact: true };
  const all = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .getSQL();
  return { n: Math.max(exactUpTo + 1, await estimatedRows(db, all)), exact: false };
}

/**
 * The rows of `table` matching any of `parts` (which no row matches twice), counted up to
 * `upTo` in one statement: each part a walk of its own (on its own index), the next begun only
 * if those before found fewer than `upTo`, so an `OR` of conditions on two indexes is never
 * counted by reading every row either finds.
 */
export const cappedCountOfParts = (table: PgTable, parts: SQL[], upTo: number): SQL =>
  sql`SELECT count(*)::int AS n FROM (${sql.join(
    parts.map((part) => sql`(SELECT 1 FROM ${table} WHERE ${part})`),
    sql` UNION ALL `,
  )} LIMIT ${upTo}) AS capped`;

/**
 * The rows of `table` matching any of `parts`, as `tally` counts them (cappedCountOfParts);
 * past the cap, the planner's estimate of `estimate` (the same rows said as one condition, on
 * the table whose statistics know them best).
 */
export async function tallyOfParts(
  db: Db,
  table: PgTable,
  parts: SQL[],
  estimate: { table: PgTable; where: SQL | undefined },
  exactUpTo = EXACT_COUNT_UP_TO,
): Promise<Tally> {
  const result = (await db.execute(cappedCountOfParts(table, parts, exactUpTo + 1))) as unknown as {
    rows: { n: number | string }[];
  };
  return pastCap(db, estimate.table, estimate.where, Number(result.rows[0]?.n ?? 0), exactUpTo);
}
