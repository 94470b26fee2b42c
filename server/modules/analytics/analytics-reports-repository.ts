import { and, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { analyticsEvents, analyticsRollups } from '../../../db/schema/analytics';
import {
  articleTags,
  articles,
  categories,
  inEditions,
  tags,
  writtenBy,
} from '../../../db/schema/content';
import { users } from '../../../db/schema/users';
import { rowsOf, type RollupGrain } from './analytics-storage-repository';

/*
 * The reports (issue 38 item 4): they read the rollups, and the raw events only for the medians
 * of engagement (raw events are kept `retentionDays`; older ranges have no medians).
 */

const views = sql<number>`coalesce(sum(${analyticsRollups.views}), 0)::int`;
const readers = sql<number>`coalesce(sum(${analyticsRollups.readers}), 0)::int`;

const inRange = (grain: RollupGrain, from: Date, to: Date) =>
  and(
    eq(analyticsRollups.grain, grain),
    gte(analyticsRollups.bucket, from),
    lt(analyticsRollups.bucket, to),
  );

/**
 * How far back a report reads the raw events instead of the rollups (issue 70 item 2): the job
 * rolls up every minute the minutes since the one before last, so a bucket that ended more
 * than this long ago is whole in the rollups, and one after is read from the events, which
 * are at most one batch (5 s) behind the beacons.
 */
export const FRESH_MS = 5 * 60_000;

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
  const fresh = sql`date_trunc(${q.grain}, ${new Date(q.now.getTime() - FRESH_MS).toISOString()}::timestamptz, ${q.timeZone})`;
  const rawKey =
    key === 'bucket' ? sql`date_trunc(${q.grain}, e.at, ${q.timeZone})` : sql`e.source`;
  // The raw days worth looking in (partition pruning keys on `day`): a site day is at most
  // 26 hours of UTC days.
  const firstDay = new Date(q.now.getTime() - FRESH_MS - 2 * 86_400_000).toISOString().slice(0, 10);
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

export type TopBy = 'article' | 'author' | 'category' | 'tag' | 'source';

/** What each ranking groups by: its key and the name shown. */
const RANKS: Record<Exclude<TopBy, 'source'>, { key: SQL; name: SQL }> = {
  article: { key: sql`${articles.id}::text`, name: sql`${articles.name}` },
  author: { key: sql`${users.id}::text`, name: sql`${users.name}` },
  category: { key: sql`${categories.id}::text`, name: sql`${categories.name}` },
  tag: { key: sql`${tags.id}::text`, name: sql`${tags.name}` },
};

/**
 * The `limit` most viewed articles, authors, categories, tags or sources in the range (hour
 * rollups), of one author's articles when `authorId` is given.
 */
export function topBy(
  db: Db,
  opts: {
    by: TopBy;
    from: Date;
    to: Date;
    limit: number;
    authorId?: string | undefined;
    /** Only stories in this edition (issue 65 item 6). */
    editionId?: string | undefined;
  },
) {
  const where = and(
    inRange('hour', opts.from, opts.to),
    opts.authorId ? writtenBy(opts.authorId) : undefined,
    opts.editionId ? inEditions([opts.editionId]) : undefined,
  );
  const rank =
    opts.by === 'source'
      ? { key: sql`${analyticsRollups.source}`, name: sql`${analyticsRollups.source}` }
      : RANKS[opts.by];
  const key = sql<string>`${rank.key}`.as('key');
  const name = sql<string>`${rank.name}`.as('name');
  let query = db
    .select({ key, name, views, readers })
    .from(analyticsRollups)
    .innerJoin(articles, eq(articles.id, analyticsRollups.articleId))
    .$dynamic();
  if (opts.by === 'author') query = query.innerJoin(users, eq(users.id, articles.authorId));
  if (opts.by === 'category')
    query = query.innerJoin(categories, eq(categories.id, articles.categoryId));
  if (opts.by === 'tag')
    query = query
      .innerJoin(articleTags, eq(articleTags.articleId, articles.id))
      .innerJoin(tags, eq(tags.id, articleTags.tagId));
  return query
    .where(where)
    .groupBy(sql`1, 2`)
    .orderBy(desc(views), sql`1`)
    .limit(opts.limit);
}

/** Whether the article exists and, when `authorId` is given, carries their byline. */
export async function articleVisibleTo(db: Db, id: string, authorId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, id), authorId ? writtenBy(authorId) : undefined));
  return rows.length > 0;
}
