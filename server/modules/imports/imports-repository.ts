import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { statementParts } from '../../../db/statement-rows';
import { importRecords } from '../../../db/schema/imports';

/* The imports module's table: `import_records` (what an import brought in, and where it went). */

export type RecordKind = 'post' | 'page' | 'author' | 'category' | 'image';

export async function findImported(
  db: Db,
  source: string,
  kind: RecordKind,
  key: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ targetId: importRecords.targetId })
    .from(importRecords)
    .where(
      and(
        eq(importRecords.source, source),
        eq(importRecords.kind, kind),
        eq(importRecords.key, key),
      ),
    );
  return row?.targetId;
}

export async function recordImported(
  db: Db,
  values: { source: string; kind: RecordKind; key: string; targetId: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(importRecords)
    .values(values)
    .onConflictDoUpdate({
      target: [importRecords.source, importRecords.kind, importRecords.key],
      set: { targetId: values.targetId },
    });
}

/** What earlier imports made of these things of one kind: target ids by key. */
export async function findImportedMany(
  db: Db,
  source: string,
  kind: RecordKind,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of statementParts(keys)) {
    const rows = await db
      .select({ key: importRecords.key, targetId: importRecords.targetId })
      .from(importRecords)
      .where(
        and(
          eq(importRecords.source, source),
          eq(importRecords.kind, kind),
          inArray(importRecords.key, part),
        ),
      );
    for (const r of rows) found.set(r.key, r.targetId);
  }
  return found;
}

/** recordImported for many things at once (each key once in `rows`). */
export async function recordImportedMany(
  db: Db,
  rows: readonly {
    source: string;
    kind: RecordKind;
    key: string;
    targetId: string;
    createdAt: Date;
  }[],
): Promise<void> {
  for (const part of statementParts(rows))
    await db
      .insert(importRecords)
      .values(part)
      .onConflictDoUpdate({
        target: [importRecords.source, importRecords.kind, importRecords.key],
        set: { targetId: sql`excluded.target_id` },
      });
}
