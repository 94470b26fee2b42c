/*
 * SQL of the distinct PDF pages (`epaper_files`) and what OCR read on them (`epaper_texts`).
 * A stage's lease is its `…LeaseUntil` time: taken only when free (never set, or run out),
 * renewed and ended only by whoever holds that very value, so a process that lost its lease
 * (it stalled past it, and another took the stage) can write nothing of the stage.
 */
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { epaperFiles, epaperIssues, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import type { OcrWord } from '../../../db/schema/epaper';

export type FileRow = typeof epaperFiles.$inferSelect;
export type Stage = 'views' | 'ocr';

const STAGE = {
  // The views stage is done once its last step, the tiles, is stored.
  views: {
    done: epaperFiles.tilesAt,
    lease: epaperFiles.viewsLeaseUntil,
    failures: epaperFiles.viewsFailures,
  },
  ocr: {
    done: epaperFiles.ocrAt,
    lease: epaperFiles.ocrLeaseUntil,
    failures: epaperFiles.ocrFailures,
  },
} as const;
const leaseField = { views: 'viewsLeaseUntil', ocr: 'ocrLeaseUntil' } as const;
const failuresField = { views: 'viewsFailures', ocr: 'ocrFailures' } as const;

export async function fileById(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(epaperFiles).where(eq(epaperFiles.id, id));
  return row;
}

export async function fileByHash(db: Db, hash: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(epaperFiles).where(eq(epaperFiles.hash, hash));
  return row;
}

/** The file's row, locked until the transaction ends (a stage's writes check their lease here). */
export async function lockFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(epaperFiles).where(eq(epaperFiles.id, id)).for('update');
  return row;
}

/** The file of this hash: made unless it exists (answers whether this call made it). */
export async function ensureFile(
  db: Db,
  row: typeof epaperFiles.$inferInsert,
): Promise<{ file: FileRow; made: boolean }> {
  const [made] = await db
    .insert(epaperFiles)
    .values(row)
    .onConflictDoNothing({ target: epaperFiles.hash })
    .returning();
  if (made) return { file: made, made: true };
  return { file: (await fileByHash(db, row.hash))!, made: false };
}

/**
 * Takes a stage of a file until `until`: only while it is not done, has failed fewer than
 * `maxFailures` times, and nobody's lease holds it. Answers the file, or undefined.
 */
export async function leaseStage(
  db: Db,
  id: string,
  stage: Stage,
  at: { now: Date; until: Date; maxFailures: number },
): Promise<FileRow | undefined> {
  const s = STAGE[stage];
  const [row] = await db
    .update(epaperFiles)
    .set({ [leaseField[stage]]: at.until })
    .where(
      and(
        eq(epaperFiles.id, id),
        isNull(s.done),
        lt(s.failures, at.maxFailures),
        or(isNull(s.lease), lt(s.lease, at.now)),
      ),
    )
    .returning();
  return row;
}

/** Moves a held lease to `until`; false when it is no longer ours. */
export async function renewLease(db: Db, id: string, stage: Stage, held: Date, until: Date) {
  const rows = await db
    .update(epaperFiles)
    .set({ [leaseField[stage]]: until })
    .where(and(eq(epaperFiles.id, id), eq(STAGE[stage].lease, held)))
    .returning({ id: epaperFiles.id });
  return rows.length > 0;
}

/** A stage that failed: counted, its lease let go, the error kept for the desk. */
export async function failStage(db: Db, id: string, stage: Stage, held: Date, error: string) {
  await db
    .update(epaperFiles)
    .set({
      [leaseField[stage]]: null,
      [failuresField[stage]]: sql`${STAGE[stage].failures} + 1`,
      lastError: error.slice(0, 2000),
    })
    .where(and(eq(epaperFiles.id, id), eq(STAGE[stage].lease, held)));
}

/** Lets a held lease go without counting a failure (the app closing). */
export async function releaseLease(db: Db, id: string, stage: Stage, held: Date) {
  await db
    .update(epaperFiles)
    .set({ [leaseField[stage]]: null })
    .where(and(eq(epaperFiles.id, id), eq(STAGE[stage].lease, held)));
}

/** What OCR read on a file (written again if a stage ever ran twice: one row per file). */
export async function writeText(
  db: Db,
  row: { fileId: string; text: string; words: OcrWord[]; search: string },
) {
  const search = sql`${row.search}::tsvector`;
  await db
    .insert(epaperTexts)
    .values({ ...row, search })
    .onConflictDoUpdate({
      target: epaperTexts.fileId,
      set: { text: row.text, words: row.words, search },
    });
}

/** The issues (and their editions) that print a file: what its change refreshes. */
export function issuesOfFile(db: Db, fileId: string) {
  return db
    .selectDistinct({ id: epaperIssues.id, editionId: epaperIssues.editionId })
    .from(epaperPages)
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .where(eq(epaperPages.fileId, fileId));
}

/**
 * Removes a file no page prints and no stage holds; answers it, or undefined when a page
 * still prints it or a stage works on it.
 */
export async function deleteFileUnlessUsed(
  db: Db,
  id: string,
  now: Date,
): Promise<FileRow | undefined> {
  const free = (lease: AnyPgColumn) => or(isNull(lease), lt(lease, now));
  const [row] = await db
    .delete(epaperFiles)
    .where(
      and(
        eq(epaperFiles.id, id),
        free(epaperFiles.viewsLeaseUntil),
        free(epaperFiles.ocrLeaseUntil),
        sql`NOT EXISTS (SELECT 1 FROM ${epaperPages} WHERE ${epaperPages.fileId} = ${id})`,
      ),
    )
    .returning();
  return row;
}

/** Files with a stage neither done nor given up: their jobs are set again at start. */
export function unfinishedFiles(db: Db, maxFailures: number) {
  return db
    .select({ id: epaperFiles.id, tilesAt: epaperFiles.tilesAt, ocrAt: epaperFiles.ocrAt })
    .from(epaperFiles)
    .where(
      or(
        and(isNull(epaperFiles.tilesAt), lt(epaperFiles.viewsFailures, maxFailures)),
        and(isNull(epaperFiles.ocrAt), lt(epaperFiles.ocrFailures, maxFailures)),
      ),
    );
}

/**
 * Files after the one `after` by id, `limit` of them, with what says which of their stored keys
 * exist: `npm run media:migrate` walks them (epaper-transfer.ts `EPAPER_STORED_FILES`).
 */
export function filesAfter(db: Db, after: string | null, limit: number) {
  return db
    .select({
      id: epaperFiles.id,
      hash: epaperFiles.hash,
      width: epaperFiles.width,
      height: epaperFiles.height,
      viewsAt: epaperFiles.viewsAt,
      tilesAt: epaperFiles.tilesAt,
      tileWidth: epaperFiles.tileWidth,
      tileHeight: epaperFiles.tileHeight,
      ocrAt: epaperFiles.ocrAt,
    })
    .from(epaperFiles)
    .where(after ? gt(epaperFiles.id, after) : undefined)
    .orderBy(asc(epaperFiles.id))
    .limit(limit);
}
