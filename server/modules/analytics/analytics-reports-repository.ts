import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { analyticsEvents, analyticsRollups } from '../../../db/schema/analytics';
import { articles, writtenBy } from '../../../db/schema/content';
import { rowsOf, type RollupGrain } from './analytics-storage-repository';

/*
 * The reports (issue 38 item 4): they read the rollups up to the fresh bucket and the raw events
 * from it on (issue 70 item 2), and the raw events for the medians of engagement (raw events are
 * kept `retentionDays`; older ranges have no medians). The rankings: analytics-top-repository.ts.
 */

const views = sql<number>`coalesce(sum(${analyticsRollups.views}), 0)::int`;
/**
 * How far back a report reads the raw events instead of the rollups (issue 70 item 2): the job
 * rolls up every minute the minutes since the one before last, so a bucket that ended more
 * than this long ago is whole in the rollups, and one after is read from the events, which
 * are at most one batch (5 s) behind the beacons.
 */
export const FRESH_MS = 5 * 60_000;

/** The start of the `grain` bucket from which a report reads raw events (the fresh one). */
export const freshBucket = (grain: RollupGrain, now: Date, timeZone: string) =>
  sql`date_trunc(${grain}, ${new Date(now.getTime() - FRESH_MS).toISOString()}::timestamptz, ${timeZone})`;

/**
 * The first raw day worth looking in for the fresh bucket (partition pruning keys on `day`): a
 * site day is at most 26 hours of UTC days.
 */
export const firstRawDay = (now: Date) =>
  new Date(now.getTime() - FRESH_MS - 2 * 86_400_000).toISOString().slice(0, 10);

/** A report's question: one article, its buckets of `grain` in the site's zone, [from, to). */
export interface ArticleQuery {
  id: string;
  grain: RollupGrain;
  from: Date;
  to: Date;
  now: Date;
  timeZone: string;
}

/**
 * One article's views and readers per `key` (its bucket or its source): the rollups' buckets
 * that began before the fresh bucket (the one holding `now - FRESH_MS`), and the raw events
 * from that bucket on, which the rollups may not hold yet. The bucket is the same `date_trunc`
 * in the site's zone the rollups use, so a day's series holds today's hours not yet rolled up.
 */
function articleRows(q: ArticleQuery, key: 'bucket' | 'source') {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const fresh = freshBucket(q.grain, q.now, q.timeZone);
  const rawKey =
    key === 'bucket' ? sql`date_trunc(${q.grain}, e.at, ${q.timeZone})` : sql`e.source`;
  const firstDay = firstRawDay(q.now);
  return sql`SELECT k, sum(views)::int AS views, sum(readers)::int AS readers FROM (
      SELECT r.${sql.raw(key)} AS k, r.views, r.readers FROM ${analyticsRollups} r
        WHERE r.grain = ${q.grain} AND r.article_id = ${q.id}
          AND r.bucket >= ${from}::timestamptz AND r.bucket < ${to}::timestamptz AND r.bucket < ${fresh}
      UNION ALL
      SELECT ${rawKey} AS k, count(*) FILTER (WHERE e.kind = 'view') AS views,
          count(DISTINCT e.visitor) FILTER (WHERE e.kind = 'view') AS readers
        FROM ${analyticsEvents} e
        WHERE e.article_id = ${q.id} AND e.day >= ${firstDay}
          AND e.at >= greatest(${from}::timestamptz, ${fresh}) AND e.at < ${to}::timestamptz
        GROUP BY 1
    ) AS both_parts GROUP BY k`;
}

/** One article's views and readers per bucket of `grain`, oldest first. */
export async function articleSeries(db: Db, q: ArticleQuery) {
  const rows = await rowsOf<{ k: Date | string; views: number; readers: number }>(
    db,
    sql`${articleRows(q, 'bucket')} ORDER BY k`,
  );
  return rows
    .filter((row) => Number(row.views) > 0 || Number(row.readers) > 0)
    .map((row) => ({ t: row.k, views: Number(row.views), readers: Number(row.readers) }));
}

/** One article's views and readers per source, most first. */
export async function articleSources(db: Db, q: ArticleQuery) {
  const rows = await rowsOf<{ k: string; views: number; readers: number }>(
    db,
    sql`${articleRows(q, 'source')} ORDER BY views DESC, k`,
  );
  return rows.map((row) => ({
    source: row.k,
    views: Number(row.views),
    readers: Number(row.readers),
  }));
}

/**
 * Views of one article that came from `source` in the hours since `since` (hour rollups, from
 * the bucket that holds it): what a push alert or a newsletter issue brought.
 */
export async function viewsFromSince(db: Db, id: string, source: string, since: Date) {
  const [row] = await db
    .select({ views })
    .from(analyticsRollups)
    .where(
      and(
        eq(analyticsRollups.grain, 'hour'),
        eq(analyticsRollups.articleId, id),
        eq(analyticsRollups.source, source),
        gt(analyticsRollups.bucket, new Date(since.getTime() - 3600_000)),
      ),
    );
  return Number(row?.views ?? 0);
}

/** A story and the time it was sent in (an issue's: until the next issue that carried it). */
export interface ViewsWindow {
  articleId: string;
  since: Date;
  until: Date | null;
}

/**
 * Views that came from `source` in each window, in the windows' order (hour rollups): a window
 * holds the hour bucket of `since` and those after, up to the bucket before the one of `until`,
 * so two windows one after the other never count a bucket twice.
 */
export async function viewsInWindows(db: Db, source: string, windows: ViewsWindow[]) {
  if (windows.length === 0) return [];
  const rows = sql.join(
    windows.map(
      (w, i) =>
        sql`(${i}::int, ${w.articleId}::uuid, ${w.since.toISOString()}::timestamptz, ${w.until?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  const found = await rowsOf<{ i: number; views: number }>(
    db,
    sql`SELECT w.i, coalesce(sum(r.views), 0)::int AS views
      FROM (VALUES ${rows}) AS w (i, article_id, since, until)
      LEFT JOIN ${analyticsRollups} r ON r.grain = 'hour' AND r.article_id = w.article_id
        AND r.source = ${source} AND r.bucket > w.since - interval '1 hour'
        AND (w.until IS NULL OR r.bucket <= w.until - interval '1 hour')
      GROUP BY w.i`,
  );
  const views = new Map(found.map((r) => [Number(r.i), Number(r.views)]));
  return windows.map((_, i) => views.get(i) ?? 0);
}

/** The medians of one article's engaged seconds and scroll depth in the range (raw events). */
export async function articleEngagement(db: Db, id: string, from: Date, to: Date) {
  const median = (column: AnyPgColumn) =>
    sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})`;
  const [row] = await db
    .select({ seconds: median(analyticsEvents.seconds), scroll: median(analyticsEvents.scroll) })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.articleId, id),
        eq(analyticsEvents.kind, 'engaged'),
        gte(analyticsEvents.at, from),
        lt(analyticsEvents.at, to),
      ),
    );
  const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { engagedSeconds: number(row?.seconds), scroll: number(row?.scroll) };
}

/** Whether the article exists and, when `authorId` is given, carries their byline. */
export async function articleVisibleTo(db: Db, id: string, authorId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, id), authorId ? writtenBy(authorId) : undefined));
  return rows.length > 0;
}
