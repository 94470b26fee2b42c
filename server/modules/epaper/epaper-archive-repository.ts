/*
 * SQL of an edition's e-paper archive (issue 68 item 5): the edition a reader's address names,
 * its months with public issues, and one month's issues with their front pages. Public issues
 * only (epaper-reads-repository.ts `isPublicIssueSql`). `epaper_issues_edition_date_idx` (one issue
 * an edition and date) is the index each reads by.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editionRank, editions } from '../../../db/schema/editions';
import { epaperFiles, epaperIssues, epaperPages } from '../../../db/schema/epaper';
import { isPublicIssueSql } from './epaper-reads-repository';

/** An active edition by its slug (the highest place with it, as the issue pages choose). */
export async function activeEditionBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ _id: editions.id, slug: editions.slug, names: editions.names })
    .from(editions)
    .where(and(eq(editions.slug, slug), eq(editions.active, true)))
    .orderBy(editionRank)
    .limit(1);
  return row;
}

const monthOf = sql<string>`to_char(${epaperIssues.date}, 'YYYY-MM')`;

/** An edition's months with public issues and how many each has, newest first. */
export function publicMonths(db: Db, editionId: string, now: Date) {
  return db
    .select({ month: monthOf, issues: count() })
    .from(epaperIssues)
    .where(and(eq(epaperIssues.editionId, editionId), isPublicIssueSql(now)))
    .groupBy(monthOf)
    .orderBy(desc(monthOf));
}

/** The first public issue's date of an edition. */
export async function firstPublicDate(db: Db, editionId: string, now: Date) {
  const [row] = await db
    .select({ date: epaperIssues.date })
    .from(epaperIssues)
    .where(and(eq(epaperIssues.editionId, editionId), isPublicIssueSql(now)))
    .orderBy(asc(epaperIssues.date))
    .limit(1);
  return row?.date ?? null;
}

/**
 * An edition's public issues from `from` (inclusive) to `to` (exclusive), oldest first, each
 * with its first page's file (for the thumbnail) and its number of pages.
 */
export function publicIssuesBetween(
  db: Db,
  editionId: string,
  from: string,
  to: string,
  now: Date,
) {
  return db
    .select({
      date: epaperIssues.date,
      hash: epaperFiles.hash,
      viewsAt: epaperFiles.viewsAt,
      pages: sql<number>`(SELECT count(*)::int FROM ${epaperPages} p WHERE p.issue_id = ${epaperIssues.id})`,
    })
    .from(epaperIssues)
    .leftJoin(epaperPages, and(eq(epaperPages.issueId, epaperIssues.id), eq(epaperPages.number, 1)))
    .leftJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(
      and(
        eq(epaperIssues.editionId, editionId),
        gte(epaperIssues.date, from),
        lt(epaperIssues.date, to),
        isPublicIssueSql(now),
      ),
    )
    .orderBy(asc(epaperIssues.date));
}
