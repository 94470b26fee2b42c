import {
  and,
  asc,
  count,
  getTableColumns,
  isNotNull,
  isNull,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db } from '../../db/client';

/*
 * Whole tables copied verbatim, row by row, for the site archive (`npm run export` /
 * `npm run import`). Each module names the tables it owns in its `*-transfer.ts`; only the
 * archive reads and writes them through here. Generated columns (the search vector) are left
 * out: the database makes them again.
 */

/** A row as the archive carries it: column names as in TypeScript, dates as ISO text. */
export type CopiedRow = Record<string, unknown>;
/** How the archive takes a table's rows back where not as written (site-archive-tables.ts). */
export type RowShape = (row: CopiedRow) => CopiedRow;

const copiedColumns = (table: PgTable) =>
  Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(
      ([, column]) => !(column as Column & { generated?: unknown }).generated,
    ),
  ) as Record<string, Column>;

/** The primary key's columns, which give a stable order to read in; every archived table has one. */
function keyColumns(table: PgTable): Column[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary);
  if (single.length > 0) return single;
  // A key of several columns names them as its own objects: the table's columns are taken.
  const named = config.primaryKeys[0]?.columns.map((k) => k.name);
  if (!named) throw new Error(`${config.name} has no primary key: the archive reads tables by key`);
  return named.map((n) => config.columns.find((c) => c.name === n)!);
}

/**
 * The parts of a table whose rows may name a parent row of the same table, one level deep
 * (`readTable`): the rows without a parent, then the rest.
 */
export const parentsFirst = (parentId: Column): SQL[] => [isNull(parentId), isNotNull(parentId)];

/** The names the key's text is read under, beside the row's own columns. */
const KEY = '__key';

/** The type a key's text is cast back to: a serial column's own type (`::serial` is no cast). */
const castType = (column: Column): string => {
  const type = column.getSQLType();
  return SERIALS[type] ?? type;
};
const SERIALS: Record<string, string> = {
  smallserial: 'smallint',
  serial: 'integer',
  bigserial: 'bigint',
};

/**
 * Every row of `table` in primary-key order (of one part of it with `where`), in batches (inside
 * the caller's snapshot). Each batch starts after the last row's key (as text, cast back to the
 * column's type: a timestamp's microseconds kept), so a batch costs the same at the end of a
 * table of a million rows as at its start.
 */
export async function* readRows(
  db: Db,
  table: PgTable,
  batch = 200,
  where?: SQL,
): AsyncGenerator<CopiedRow> {
  const columns = copiedColumns(table);
  const keys = keyColumns(table);
  const keyText = Object.fromEntries(keys.map((k, i) => [`${KEY}${i}`, sql<string>`${k}::text`]));
  let after: string[] | undefined;
  for (;;) {
    const past = after?.map((v, i) => sql`${v}::${sql.raw(castType(keys[i]!))}`);
    const rows = (await db
      .select({ ...columns, ...keyText } as never)
      .from(table)
      .where(
        and(
          where,
          past ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(past, sql`, `)})` : undefined,
        ),
      )
      .orderBy(...keys.map((c) => asc(c)))
      .limit(batch)) as CopiedRow[];
    for (const row of rows) {
      const copied: CopiedRow = {};
      for (const key of Object.keys(columns)) copied[key] = row[key];
      yield copied;
    }
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = keys.map((_, i) => last[`${KEY}${i}`] as string);
  }
}

/**
 * Every row of `table`, part by part: `parts` are conditions that together take each row once
 * (a tree's parents, then their children), each part read by `readRows` in key order. A table
 * whose owner gives none is read whole.
 */
export async function* readTable(
  db: Db,
  table: PgTable,
  parts: readonly SQL[] = [],
): AsyncGenerator<CopiedRow> {
  if (parts.length === 0) return yield* readRows(db, table);
  for (const where of parts) yield* readRows(db, table, undefined, where);
}

/**
 * Inserts rows read by `readRows` (dates given back as Date), keeping their ids. With
 * `replace`, a row whose key a fresh site already has (one its migrations or triggers make)
 * takes the archive's values instead of failing.
 */
export async function insertRows(
  db: Db,
  table: PgTable,
  rows: CopiedRow[],
  replace = false,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = copiedColumns(table);
  const revived = rows.map((row) => {
    const out: CopiedRow = {};
    for (const [key, column] of Object.entries(columns)) {
      if (!(key in row)) continue;
      const value = row[key];
      out[key] =
        column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
    }
    return out;
  });
  const insert = db.insert(table).values(revived as never);
  if (!replace) return void (await insert);
  const set = Object.fromEntries(
    // The database's names (the schema is written in camelCase, stored in snake_case).
    Object.entries(columns).map(([key, column]) => [
      key,
      sql.raw(`excluded."${toSnakeCase(column.name)}"`),
    ]),
  );
  await insert.onConflictDoUpdate({ target: keyColumns(table) as never, set });
}

/** How many rows `table` holds. */
export async function countRows(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}
