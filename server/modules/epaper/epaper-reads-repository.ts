/*
 * SQL of what readers read of the e-paper: only public issues (published, or scheduled with
 * their time come: the same rule as epaper-views.ts `isPublicIssue`, in SQL).
 */
import { and, asc, desc, eq, gte, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editionRank, editions } from '../../../db/schema/editions';
import { epaperFiles, epaperIssues, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import { issueWithEdition } from './epaper-repository';

export const isPublicIssueSql = (now: Date) =>
  or(
    eq(epaperIssues.status, 'published'),
    and(eq(epaperIssues.status, 'scheduled'), lte(epaperIssues.publishAt, now)),
  );

export async function findPublicIssue(db: Db, editionSlug: string, date: string, now: Date) {
  const rows = await db
    .select({ ...issueWithEdition, editionEpaper: editions.epaper })
    .from(epaperIssues)
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(
      and(
        eq(editions.slug, editionSlug),
        eq(editions.active, true),
        eq(epaperIssues.date, date),
        isPublicIssueSql(now),
      ),
    )
    .orderBy(editionRank)
    .limit(1);
  return rows[0];
}

/** The newest public issue of each active edition that has one, with its first page's thumbnail. */
export function latestPublicIssues(db: Db, now: Date) {
  return db
    .selectDistinctOn([epaperIssues.editionId], {
      editionId: epaperIssues.editionId,
      slug: editions.slug,
      names: editions.names,
      kind: editions.kind,
      date: epaperIssues.date,
      hash: epaperFiles.hash,
      viewsAt: epaperFiles.viewsAt,
    })
    .from(epaperIssues)
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .leftJoin(epaperPages, and(eq(epaperPages.issueId, epaperIssues.id), eq(epaperPages.number, 1)))
    .leftJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(and(eq(editions.active, true), isPublicIssueSql(now)))
    .orderBy(epaperIssues.editionId, desc(epaperIssues.date));
}

/** An edition's public issue dates from `from` (inclusive) to `to` (exclusive), in order. */
export async function publicDates(db: Db, editionId: string, from: string, to: string, now: Date) {
  const rows = await db
    .select({ date: epaperIssues.date })
    .from(epaperIssues)
    .where(
      and(
        eq(epaperIssues.editionId, editionId),
        gte(epaperIssues.date, from),
        lt(epaperIssues.date, to),
        isPublicIssueSql(now),
      ),
    )
    .orderBy(asc(epaperIssues.date));
  return rows.map((r) => r.date);
}

/** The nearest public issue date of an edition before `date`, or after it. */
export async function nearestDate(
  db: Db,
  editionId: string,
  date: string,
  side: 'before' | 'after',
  now: Date,
) {
  const [row] = await db
    .select({ date: epaperIssues.date })
    .from(epaperIssues)
    .where(
      and(
        eq(epaperIssues.editionId, editionId),
        side === 'before' ? lt(epaperIssues.date, date) : gte(epaperIssues.date, date),
        isPublicIssueSql(now),
      ),
    )
    .orderBy(side === 'before' ? desc(epaperIssues.date) : asc(epaperIssues.date))
    .limit(1);
  return row?.date ?? null;
}

/** What OCR read on an issue's page, if it has read it. */
export async function pageTextOf(db: Db, issueId: string, number: number) {
  const [row] = await db
    .select({
      language: epaperIssues.language,
      text: epaperTexts.text,
      words: epaperTexts.words,
      width: epaperFiles.width,
      height: epaperFiles.height,
    })
    .from(epaperPages)
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .innerJoin(epaperTexts, eq(epaperTexts.fileId, epaperPages.fileId))
    .where(and(eq(epaperPages.issueId, issueId), eq(epaperPages.number, number)));
  return row;
}
