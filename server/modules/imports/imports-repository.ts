import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
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
