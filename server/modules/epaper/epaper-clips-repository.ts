/*
 * SQL of readers' clips (issue 68 item 2): the public page a clip is cut from, the clips
 * themselves (read only while their issue is public), who cut how many lately, and who opened
 * each (each reader once).
 */
import { and, asc, count, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editions } from '../../../db/schema/editions';
import { epaperFiles, epaperIssues, epaperPages } from '../../../db/schema/epaper';
import { epaperClipOpens, epaperClips } from '../../../db/schema/epaper-zones';
import { isPublicIssueSql } from './epaper-reads-repository';

export type ClipInsert = typeof epaperClips.$inferInsert;

const pageColumns = {
  pageId: epaperPages.id,
  number: epaperPages.number,
  issueId: epaperIssues.id,
  date: epaperIssues.date,
  language: epaperIssues.language,
  editionId: editions.id,
  slug: editions.slug,
  names: editions.names,
  editionEpaper: editions.epaper,
  hash: epaperFiles.hash,
  widthPt: epaperFiles.widthPt,
  heightPt: epaperFiles.heightPt,
};

/** A page of a public issue, with what its clips' footers say and its PDF's key. */
export async function publicPage(db: Db, pageId: string, now: Date) {
  const [row] = await db
    .select(pageColumns)
    .from(epaperPages)
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(and(eq(epaperPages.id, pageId), eq(editions.active, true), isPublicIssueSql(now)));
  return row;
}

/** Clips cut since `since` by a maker (its hash) or a signed-in reader. */
export async function clipsSince(db: Db, by: { maker: string } | { makerId: string }, since: Date) {
  const who = 'maker' in by ? eq(epaperClips.maker, by.maker) : eq(epaperClips.makerId, by.makerId);
  const [row] = await db
    .select({ n: count() })
    .from(epaperClips)
    .where(and(who, gte(epaperClips.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertClip(db: Db, row: ClipInsert) {
  await db.insert(epaperClips).values(row);
}

/** A clip with its page, issue and edition; `publicOnly` while its issue is public. */
export async function findClip(db: Db, id: string, now: Date | null) {
  const [row] = await db
    .select({
      ...pageColumns,
      id: epaperClips.id,
      width: epaperClips.width,
      height: epaperClips.height,
      maker: epaperClips.maker,
      makerId: epaperClips.makerId,
      opens: epaperClips.opens,
      createdAt: epaperClips.createdAt,
    })
    .from(epaperClips)
    .innerJoin(epaperPages, eq(epaperPages.id, epaperClips.pageId))
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(
      and(
        eq(epaperClips.id, id),
        ...(now ? [eq(editions.active, true), isPublicIssueSql(now)] : []),
      ),
    );
  return row;
}

export async function deleteClip(db: Db, id: string) {
  await db.delete(epaperClips).where(eq(epaperClips.id, id));
}

/** A reader's first opening of a clip counts it; answers whether it was counted. */
export async function countOpen(db: Db, clipId: string, reader: string) {
  const added = await db
    .insert(epaperClipOpens)
    .values({ clipId, reader })
    .onConflictDoNothing()
    .returning({ clipId: epaperClipOpens.clipId });
  if (added.length === 0) return false;
  await db
    .update(epaperClips)
    .set({ opens: sql`${epaperClips.opens} + 1` })
    .where(eq(epaperClips.id, clipId));
  return true;
}

/**
 * Clips cut, and their openings counted, in [from, to) per edition (issue 68 item 5: the
 * analytics' e-paper report). A removed clip's counts go with it.
 */
export async function clipCountsByEdition(
  db: Db,
  q: { from: Date; to: Date; editionId?: string | undefined },
) {
  const edition = q.editionId ? eq(epaperIssues.editionId, q.editionId) : undefined;
  const [made, opened] = await Promise.all([
    db
      .select({ editionId: epaperIssues.editionId, n: count() })
      .from(epaperClips)
      .innerJoin(epaperPages, eq(epaperPages.id, epaperClips.pageId))
      .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
      .where(and(gte(epaperClips.createdAt, q.from), lt(epaperClips.createdAt, q.to), edition))
      .groupBy(epaperIssues.editionId),
    db
      .select({ editionId: epaperIssues.editionId, n: count() })
      .from(epaperClipOpens)
      .innerJoin(epaperClips, eq(epaperClips.id, epaperClipOpens.clipId))
      .innerJoin(epaperPages, eq(epaperPages.id, epaperClips.pageId))
      .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
      .where(
        and(gte(epaperClipOpens.createdAt, q.from), lt(epaperClipOpens.createdAt, q.to), edition),
      )
      .groupBy(epaperIssues.editionId),
  ]);
  const counts = new Map<string, { editionId: string; clips: number; opens: number }>();
  const of = (id: string) =>
    counts.get(id) ?? counts.set(id, { editionId: id, clips: 0, opens: 0 }).get(id)!;
  for (const r of made) of(r.editionId).clips = r.n;
  for (const r of opened) of(r.editionId).opens = r.n;
  return [...counts.values()];
}

/** Clips' ids after `after`, `limit` of them: `npm run media:migrate` moves their images. */
export async function clipIdsAfter(db: Db, after: string | null, limit: number) {
  const rows = await db
    .select({ id: epaperClips.id })
    .from(epaperClips)
    .where(after ? gt(epaperClips.id, after) : undefined)
    .orderBy(asc(epaperClips.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
