/*
 * What a query reads, from its plan as it ran (EXPLAIN ANALYZE, both engines): each scan of
 * the tables named, with its kind, its index and the rows it read (kept and dropped by its
 * filter or recheck, over every loop). For tests that a list or a count reads its own few
 * rows, never every row of a large table.
 */
import { sql, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];

export interface Scan {
  table: string;
  type: string;
  index: string;
  read: number;
}

/** The scans of `tables` in the plan of `query` (a query builder or a statement), run. */
export async function scansOf(
  db: Db,
  query: SQL | { toSQL(): { sql: string; params: unknown[] } },
  tables: readonly string[],
): Promise<Scan[]> {
  const { sql: text, params } =
    query instanceof SQL
      ? new PgDialect({ casing: 'snake_case' }).sqlToQuery(query)
      : query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (v instanceof Date) return `'${v.toISOString()}'::timestamptz`;
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  const result = (await db.execute(
    sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${inlined}`),
  )) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0]!)[0];
  const doc = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return walk(doc[0]!.Plan)
    .filter((n) => tables.includes(String(n['Relation Name'])))
    .map((n) => ({
      table: String(n['Relation Name']),
      type: String(n['Node Type']),
      index: String(n['Index Name'] ?? ''),
      read:
        (Number(n['Actual Rows']) +
          Number(n['Rows Removed by Filter'] ?? 0) +
          Number(n['Rows Removed by Index Recheck'] ?? 0)) *
        Number(n['Actual Loops'] ?? 1),
    }));
}
