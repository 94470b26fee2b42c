/*
 * SQL of the boxes on the e-paper's pages (issue 68 item 1): the desk's, and what readers see
 * of them (the linked story's address and title when it is public; the words OCR read).
 */
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articles, categories, isPublicArticle } from '../../../db/schema/content';
import { editions } from '../../../db/schema/editions';
import { epaperFiles, epaperIssues, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import { epaperZones } from '../../../db/schema/epaper-zones';
import { isPublicIssueSql } from './epaper-reads-repository';

export type ZoneRow = typeof epaperZones.$inferSelect;
export type ZoneInsert = typeof epaperZones.$inferInsert;

/** A page with its issue's id (the desk's check), or undefined. */
export async function findPage(db: Db, pageId: string) {
  const [row] = await db
    .select({ id: epaperPages.id, issueId: epaperPages.issueId, number: epaperPages.number })
    .from(epaperPages)
    .where(eq(epaperPages.id, pageId));
  return row;
}

export function zonesOfPage(db: Db, pageId: string) {
  return db
    .select()
    .from(epaperZones)
    .where(eq(epaperZones.pageId, pageId))
    .orderBy(asc(epaperZones.y), asc(epaperZones.x), asc(epaperZones.createdAt));
}

export async function countZones(db: Db, pageId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(epaperZones)
    .where(eq(epaperZones.pageId, pageId));
  return row?.n ?? 0;
}

export async function findZone(db: Db, pageId: string, zoneId: string) {
  const [row] = await db
    .select()
    .from(epaperZones)
    .where(and(eq(epaperZones.id, zoneId), eq(epaperZones.pageId, pageId)));
  return row;
}

export async function insertZone(db: Db, row: ZoneInsert) {
  const [made] = await db.insert(epaperZones).values(row).returning();
  return made!;
}

export async function updateZone(db: Db, zoneId: string, set: Partial<ZoneInsert>) {
  const [row] = await db.update(epaperZones).set(set).where(eq(epaperZones.id, zoneId)).returning();
  return row;
}

export async function deleteZone(db: Db, zoneId: string) {
  await db.delete(epaperZones).where(eq(epaperZones.id, zoneId));
}

export async function storyExists(db: Db, storyId: string) {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, storyId));
  return row !== undefined;
}

/** A public issue's page's boxes, each with its public story and the page's OCR words. */
export async function readerZonesOf(db: Db, issueId: string, number: number, now: Date) {
  const [page] = await db
    .select({
      id: epaperPages.id,
      width: epaperFiles.width,
      height: epaperFiles.height,
      words: epaperTexts.words,
    })
    .from(epaperPages)
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .leftJoin(epaperTexts, eq(epaperTexts.fileId, epaperPages.fileId))
    .where(
      and(eq(epaperPages.issueId, issueId), eq(epaperPages.number, number), isPublicIssueSql(now)),
    );
  if (!page) return undefined;
  const zones = await zonesOfPage(db, page.id);
  const storyIds = [...new Set(zones.flatMap((z) => (z.storyId ? [z.storyId] : [])))];
  const stories =
    storyIds.length === 0
      ? []
      : await db
          .select({
            id: articles.id,
            name: articles.name,
            slug: articles.slug,
            categorySlug: categories.slug,
          })
          .from(articles)
          .leftJoin(categories, eq(categories.id, articles.categoryId))
          .where(and(inArray(articles.id, storyIds), isPublicArticle(now)));
  return { page, zones, stories };
}

/** The public issues' pages whose boxes link a story, newest issue first. */
export function printsOf(db: Db, storyId: string, now: Date) {
  return db
    .selectDistinct({
      issueId: epaperIssues.id,
      editionId: editions.id,
      slug: editions.slug,
      names: editions.names,
      date: epaperIssues.date,
      page: epaperPages.number,
    })
    .from(epaperZones)
    .innerJoin(epaperPages, eq(epaperPages.id, epaperZones.pageId))
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(and(eq(epaperZones.storyId, storyId), eq(editions.active, true), isPublicIssueSql(now)))
    .orderBy(desc(epaperIssues.date), asc(epaperPages.number))
    .limit(5);
}

/** The stories an issue's boxes link (their "In print" comes and goes with the issue). */
export async function storiesOfIssue(db: Db, issueId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ storyId: epaperZones.storyId })
    .from(epaperZones)
    .innerJoin(epaperPages, eq(epaperPages.id, epaperZones.pageId))
    .where(and(eq(epaperPages.issueId, issueId), isNotNull(epaperZones.storyId)));
  return rows.flatMap((r) => (r.storyId ? [r.storyId] : []));
}

/** A page's file as OCR left it: its hash (the stored hOCR's key), its size, when OCR read it. */
export async function pageFileOf(db: Db, pageId: string) {
  const [row] = await db
    .select({
      hash: epaperFiles.hash,
      width: epaperFiles.width,
      height: epaperFiles.height,
      ocrAt: epaperFiles.ocrAt,
    })
    .from(epaperPages)
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(eq(epaperPages.id, pageId));
  return row;
}
