import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
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

/** One article's views and readers per bucket of `grain`, oldest first. */
export function articleSeries(db: Db, id: string, grain: RollupGrain, from: Date, to: Date) {
  return db
    .select({ t: analyticsRollups.bucket, views, readers })
    .from(analyticsRollups)
    .where(and(inRange(grain, from, to), eq(analyticsRollups.articleId, id)))
    .groupBy(analyticsRollups.bucket)
    .orderBy(asc(analyticsRollups.bucket));
}

/** One article's views and readers per source, most first. */
export function articleSources(db: Db, id: string, grain: RollupGrain, from: Date, to: Date) {
  return db
    .select({ source: analyticsRollups.source, views, readers })
    .from(analyticsRollups)
    .where(and(inRange(grain, from, to), eq(analyticsRollups.articleId, id)))
    .groupBy(analyticsRollups.source)
    .orderBy(desc(views), analyticsRollups.source);
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
