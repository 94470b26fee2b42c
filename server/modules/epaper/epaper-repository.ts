/*
 * SQL of e-paper issues and their pages (db/schema/epaper.ts). Pages are read with their file's
 * progress in one join: the desk's screen polls it while the pages are processed.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editions } from '../../../db/schema/editions';
import { epaperFiles, epaperIssues, epaperPages } from '../../../db/schema/epaper';

export type IssueRow = typeof epaperIssues.$inferSelect;
type IssueInsert = typeof epaperIssues.$inferInsert;

const issueColumns = {
  id: epaperIssues.id,
  editionId: epaperIssues.editionId,
  date: epaperIssues.date,
  title: epaperIssues.title,
  language: epaperIssues.language,
  status: epaperIssues.status,
  publishAt: epaperIssues.publishAt,
  publishedAt: epaperIssues.publishedAt,
  createdBy: epaperIssues.createdBy,
  createdAt: epaperIssues.createdAt,
  updatedAt: epaperIssues.updatedAt,
};

/** An issue with its edition's slug and names, as answers show it. */
export const issueWithEdition = {
  ...issueColumns,
  editionSlug: editions.slug,
  editionNames: editions.names,
};
export type IssueWithEdition = IssueRow & {
  editionSlug: string;
  editionNames: typeof editions.$inferSelect.names;
};

export async function insertIssue(db: Db, row: IssueInsert): Promise<IssueRow> {
  const [made] = await db.insert(epaperIssues).values(row).returning();
  return made!;
}

export async function findIssue(db: Db, id: string): Promise<IssueWithEdition | undefined> {
  const [row] = await db
    .select(issueWithEdition)
    .from(epaperIssues)
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(eq(epaperIssues.id, id));
  return row;
}

/** The issue row itself, locked until the transaction ends: writes of one issue queue here. */
export async function lockIssue(db: Db, id: string): Promise<IssueRow | undefined> {
  const [row] = await db.select().from(epaperIssues).where(eq(epaperIssues.id, id)).for('update');
  return row;
}

export async function findIssueAt(db: Db, editionId: string, date: string) {
  const [row] = await db
    .select(issueWithEdition)
    .from(epaperIssues)
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(and(eq(epaperIssues.editionId, editionId), eq(epaperIssues.date, date)));
  return row;
}

/** Issues newest date first, with their page counts; by edition and dates when given. */
export async function listIssues(
  db: Db,
  filter: { editionId?: string; from?: string; to?: string; limit: number },
) {
  const pageCount = db
    .select({ issueId: epaperPages.issueId, n: count().as('n') })
    .from(epaperPages)
    .groupBy(epaperPages.issueId)
    .as('page_count');
  return db
    .select({ ...issueWithEdition, pageCount: sql<number>`coalesce(${pageCount.n}, 0)::int` })
    .from(epaperIssues)
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .leftJoin(pageCount, eq(pageCount.issueId, epaperIssues.id))
    .where(
      and(
        filter.editionId ? eq(epaperIssues.editionId, filter.editionId) : undefined,
        filter.from ? gte(epaperIssues.date, filter.from) : undefined,
        filter.to ? lte(epaperIssues.date, filter.to) : undefined,
      ),
    )
    .orderBy(desc(epaperIssues.date), asc(editions.slug))
    .limit(filter.limit);
}

export async function updateIssue(db: Db, id: string, set: Partial<IssueInsert>, now: Date) {
  await db
    .update(epaperIssues)
    .set({ ...set, updatedAt: now })
    .where(eq(epaperIssues.id, id));
}

export async function deleteIssue(db: Db, id: string) {
  await db.delete(epaperIssues).where(eq(epaperIssues.id, id));
}

/** A page with its file's progress and stored sizes. */
const pageColumns = {
  id: epaperPages.id,
  issueId: epaperPages.issueId,
  number: epaperPages.number,
  sourceName: epaperPages.sourceName,
  fileId: epaperPages.fileId,
  hash: epaperFiles.hash,
  width: epaperFiles.width,
  height: epaperFiles.height,
  renderedAt: epaperFiles.renderedAt,
  viewsAt: epaperFiles.viewsAt,
  tilesAt: epaperFiles.tilesAt,
  tileWidth: epaperFiles.tileWidth,
  tileHeight: epaperFiles.tileHeight,
  ocrAt: epaperFiles.ocrAt,
  viewsLeaseUntil: epaperFiles.viewsLeaseUntil,
  ocrLeaseUntil: epaperFiles.ocrLeaseUntil,
  viewsFailures: epaperFiles.viewsFailures,
  ocrFailures: epaperFiles.ocrFailures,
};
export type PageRow = Awaited<ReturnType<typeof pagesOf>>[number];

export function pagesOf(db: Db, issueIds: readonly string[]) {
  if (issueIds.length === 0) return Promise.resolve([]);
  return db
    .select(pageColumns)
    .from(epaperPages)
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(inArray(epaperPages.issueId, [...issueIds]))
    .orderBy(asc(epaperPages.issueId), asc(epaperPages.number));
}

export async function insertPages(db: Db, rows: (typeof epaperPages.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(epaperPages).values(rows);
}

/** A page's file replaced (its number kept). */
export async function setPageFile(
  db: Db,
  pageId: string,
  file: { fileId: string; sourceName: string },
  now: Date,
) {
  await db
    .update(epaperPages)
    .set({ ...file, updatedAt: now })
    .where(eq(epaperPages.id, pageId));
}

export async function deletePage(db: Db, pageId: string) {
  await db.delete(epaperPages).where(eq(epaperPages.id, pageId));
}

/**
 * Gives an issue's pages the numbers 1… in `order` (every page id once). In two steps, through
 * numbers no page has, since the unique (issue, number) index is checked row by row.
 */
export async function renumberPages(db: Db, issueId: string, order: readonly string[], now: Date) {
  if (order.length === 0) return;
  const SHIFT = 10_000;
  await db
    .update(epaperPages)
    .set({ number: sql`${epaperPages.number} + ${SHIFT}` })
    .where(eq(epaperPages.issueId, issueId));
  const cases = sql.join(
    order.map((id, i) => sql`WHEN ${id}::uuid THEN ${i + 1}`),
    sql` `,
  );
  await db
    .update(epaperPages)
    .set({ number: sql`(CASE ${epaperPages.id} ${cases} END)::smallint`, updatedAt: now })
    .where(eq(epaperPages.issueId, issueId));
}
