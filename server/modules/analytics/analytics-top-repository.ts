import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
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
import { firstRawDay, freshBucket } from './analytics-reports-repository';
import { rowsOf } from './analytics-storage-repository';

/*
 * GET /api/analytics/top's rankings (issue 38 item 4): the hour rollups up to the fresh hour,
 * and the raw events from it on (issue 70 item 2), as one article's report reads them.
 */

export type TopBy = 'article' | 'author' | 'category' | 'tag' | 'source';

/** What each ranking groups by: its key and the name shown, and the tables it joins. */
const RANKS: Record<TopBy, { key: SQL; name: SQL; joins?: SQL }> = {
  article: { key: sql`${articles.id}::text`, name: sql`${articles.name}` },
  author: {
    key: sql`${users.id}::text`,
    name: sql`${users.name}`,
    joins: sql`JOIN ${users} ON ${users.id} = ${articles.authorId}`,
  },
  category: {
    key: sql`${categories.id}::text`,
    name: sql`${categories.name}`,
    joins: sql`JOIN ${categories} ON ${categories.id} = ${articles.categoryId}`,
  },
  tag: {
    key: sql`${tags.id}::text`,
    name: sql`${tags.name}`,
    joins: sql`JOIN ${articleTags} ON ${articleTags.articleId} = ${articles.id} JOIN ${tags} ON ${tags.id} = ${articleTags.tagId}`,
  },
  source: { key: sql`c.source`, name: sql`c.source` },
};

export interface TopQuery {
  by: TopBy;
  from: Date;
  to: Date;
  limit: number;
  now: Date;
  timeZone: string;
  authorId?: string | undefined;
  /** Only stories in this edition (issue 65 item 6). */
  editionId?: string | undefined;
}

/**
 * Views and readers per hour, article and source in [from, to): the hour rollups that began
 * before the fresh hour, and the raw events from it on grouped as the rollup job would (readers
 * distinct within an hour, article and source), so a ranking sums the same rows either way.
 */
function hourCounts(q: TopQuery) {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const fresh = freshBucket('hour', q.now, q.timeZone);
  return sql`SELECT r.article_id, r.source, r.views, r.readers FROM ${analyticsRollups} r
      WHERE r.grain = 'hour' AND r.bucket >= ${from}::timestamptz AND r.bucket < ${to}::timestamptz
        AND r.bucket < ${fresh}
    UNION ALL
    SELECT e.article_id, e.source, count(*) FILTER (WHERE e.kind = 'view'),
        count(DISTINCT e.visitor) FILTER (WHERE e.kind = 'view')
      FROM ${analyticsEvents} e
      WHERE e.article_id IS NOT NULL AND e.day >= ${firstRawDay(q.now)}
        AND e.at >= greatest(${from}::timestamptz, ${fresh}) AND e.at < ${to}::timestamptz
      GROUP BY date_trunc('hour', e.at, ${q.timeZone}), e.article_id, e.source`;
}

/**
 * The `limit` most viewed articles, authors, categories, tags or sources in the range, of one
 * author's articles when `authorId` is given, of one edition's when `editionId` is.
 */
export async function topBy(db: Db, q: TopQuery) {
  const rank = RANKS[q.by];
  const scope = [
    q.authorId ? writtenBy(q.authorId) : undefined,
    q.editionId ? inEditions([q.editionId]) : undefined,
  ].filter((s): s is SQL => s !== undefined);
  const where = scope.length ? sql`WHERE ${sql.join(scope, sql` AND `)}` : sql``;
  return rowsOf<{ key: string; name: string; views: number; readers: number }>(
    db,
    sql`SELECT ${rank.key} AS key, ${rank.name} AS name,
        coalesce(sum(c.views), 0)::int AS views, coalesce(sum(c.readers), 0)::int AS readers
      FROM (${hourCounts(q)}) AS c
      JOIN ${articles} ON ${articles.id} = c.article_id
      ${rank.joins ?? sql``}
      ${where}
      GROUP BY 1, 2
      ORDER BY views DESC, 1
      LIMIT ${q.limit}`,
  );
}
