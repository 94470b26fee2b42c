/*
 * The site archive reads a table by its key, a batch after the last row's key, never by an
 * offset (`npm run export` of 100,000 stories on the embedded engine wrote 0.35 MB a second, each
 * batch skipping every row before it): every row once, in key order, across batches, with keys
 * of several columns, of text that sorts by the database's collation, and of timestamps a
 * microsecond apart (which a JavaScript Date cannot tell apart). On both engines.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, analyticsRollups } from '../../../db/schema/analytics';
import { events } from '../../../db/schema/events';
import { importRecords } from '../../../db/schema/imports';
import { readRows, readTable, type CopiedRow } from '../../../server/lib/table-copy';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const ARTICLE = '00000000-0000-4000-a000-0000000000e1';

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`INSERT INTO analytics_rollups
      (grain, bucket, article_id, source, views, readers, engaged, engaged_seconds)
    SELECT grain, timestamptz '2030-01-01 00:00:00' + m * interval '1 microsecond', ${ARTICLE}::uuid,
      source, m, 0, 0, 0
    FROM unnest(array['day', 'hour']) AS grain, generate_series(1, 3) AS m,
      unnest(array['direct', 'internal', 'search']) AS source`);
  const keys = ['a', 'A', 'b', 'ab', 'a b', 'आ', 'अ', 'z 1', 'z 10', 'z 2'];
  await database.db
    .insert(importRecords)
    .values(
      ['wordpress:x', 'wordpress:y'].flatMap((source) =>
        keys.map((key) => ({ source, kind: 'post', key, targetId: `${source}/${key}` })),
      ),
    );
}, 120_000);
afterAll(async () => database?.close());

async function all(rows: AsyncGenerator<CopiedRow>) {
  const read: CopiedRow[] = [];
  for await (const row of rows) read.push(row);
  return read;
}

describe('readRows by key', () => {
  it('reads each row once across batches, microseconds apart included, in key order', async () => {
    const read = await all(readRows(database.db, analyticsRollups, 4));
    expect(read).toHaveLength(18);
    expect(read.map((r) => r.views)).toEqual([
      ...[1, 1, 1, 2, 2, 2, 3, 3, 3],
      ...[1, 1, 1, 2, 2, 2, 3, 3, 3],
    ]);
    expect(read.map((r) => r.grain)).toEqual([...Array(9).fill('day'), ...Array(9).fill('hour')]);
    // No key column rides along into the archive.
    expect(Object.keys(read[0]!).sort()).toEqual([
      'articleId',
      'bucket',
      'engaged',
      'engagedSeconds',
      'grain',
      'readers',
      'source',
      'views',
    ]);
  });

  it('reads text keys in the order the database sorts them, as an offset would', async () => {
    const byKey = await all(readRows(database.db, importRecords, 3));
    const byOffset = await database.db
      .select({ targetId: importRecords.targetId })
      .from(importRecords)
      .orderBy(asc(importRecords.source), asc(importRecords.kind), asc(importRecords.key));
    expect(byKey).toHaveLength(20);
    expect(byKey.map((r) => r.targetId)).toEqual(byOffset.map((r) => r.targetId));
    expect(new Set(byKey.map((r) => r.targetId)).size).toBe(20);
  });

  it('reads one part of a table by key across batches, and a table part by part', async () => {
    const y = await all(
      readRows(database.db, importRecords, 3, eq(importRecords.source, 'wordpress:y')),
    );
    const ySorted = await database.db
      .select({ targetId: importRecords.targetId })
      .from(importRecords)
      .where(eq(importRecords.source, 'wordpress:y'))
      .orderBy(asc(importRecords.source), asc(importRecords.kind), asc(importRecords.key));
    expect(y).toHaveLength(10);
    expect(y.map((r) => r.targetId)).toEqual(ySorted.map((r) => r.targetId));
    // The parts in the order given, whatever the key's: the y rows before the x rows.
    const parts = await all(
      readTable(database.db, importRecords, [
        eq(importRecords.source, 'wordpress:y'),
        eq(importRecords.source, 'wordpress:x'),
      ]),
    );
    expect(parts.map((r) => r.source)).toEqual([
      ...Array(10).fill('wordpress:y'),
      ...Array(10).fill('wordpress:x'),
    ]);
    expect(await all(readTable(database.db, importRecords))).toHaveLength(20);
  });

  it('starts each batch after the last key read, not after as many rows', async () => {
    // Outside a snapshot a row taken away behind the reader moves an offset's rows up by one,
    // and the one that moved into the last batch's place is never read; a key does not move.
    const reader = readRows(database.db, importRecords, 3);
    const first: CopiedRow[] = [];
    for (let i = 0; i < 3; i++) first.push((await reader.next()).value as CopiedRow);
    await database.db.execute(
      sql`DELETE FROM import_records WHERE target_id = ${first[0]!.targetId as string}`,
    );
    const rest = await all(reader);
    expect([...first, ...rest]).toHaveLength(20);
    expect(new Set([...first, ...rest].map((r) => r.targetId)).size).toBe(20);
  });

  it('reads a table whose key is a serial number', async () => {
    await database.db.execute(sql`INSERT INTO events (type, subject_kind, subject_id)
      SELECT 'test.copied', 'test', g::text FROM generate_series(1, 7) AS g`);
    const read = (await all(readRows(database.db, events, 2))).filter(
      (r) => r.type === 'test.copied',
    );
    expect(read.map((r) => r.subjectId)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('refuses a table without a primary key, which it could only read by an offset', async () => {
    await expect(all(readRows(database.db, analyticsEvents))).rejects.toThrow(/no primary key/);
  });

  it('reads a batch that ends a table exactly, and an empty table', async () => {
    expect(await all(readRows(database.db, analyticsRollups, 9))).toHaveLength(18);
    await database.db.delete(importRecords);
    expect(await all(readRows(database.db, importRecords, 3))).toEqual([]);
  });
});
