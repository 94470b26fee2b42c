import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { analyticsRollups } from '../../../db/schema/analytics';
import { articles, isPublicArticle } from '../../../db/schema/content';
import { events } from '../../../db/schema/events';

/*
 * Readers' "Most read" (issue 38 item 5): ranked from the hour rollups (rolled up each minute,
 * the current hour too), published as an event whose data is the list every process shows.
 */

/** The event that publishes a new list; its `data.articleIds` is the list. */
export const MOST_READ_CHANGED = 'most-read.changed';

const HOUR_MS = 3600_000;

/**
 * The `limit` public articles with the most readers in the hours overlapping the last `hours`
 * hours (ties: more views, then the newer story), most first. Readers, not views: a reader is
 * hard to fake (issue 66 item 11: one address counts as a few readers of a story at most),
 * a view is one more beacon.
 */
export async function mostViewed(
  db: Db,
  opts: { now: Date; hours: number; limit: number },
): Promise<string[]> {
  const views = sql<number>`sum(${analyticsRollups.views})`;
  const readers = sql<number>`sum(${analyticsRollups.readers})`;
  const rows = await db
    .select({ id: analyticsRollups.articleId })
    .from(analyticsRollups)
    .innerJoin(articles, eq(articles.id, analyticsRollups.articleId))
    .where(
      and(
        eq(analyticsRollups.grain, 'hour'),
        gt(analyticsRollups.bucket, new Date(opts.now.getTime() - (opts.hours + 1) * HOUR_MS)),
        isPublicArticle(opts.now),
      ),
    )
    .groupBy(analyticsRollups.articleId, articles.publishedAt)
    .orderBy(desc(readers), desc(views), desc(articles.publishedAt), analyticsRollups.articleId)
    .limit(opts.limit);
  return rows.map((r) => r.id);
}

/** The list last published, and when; undefined before the first. */
export async function lastPublished(
  db: Db,
): Promise<{ articleIds: string[]; at: Date } | undefined> {
  const [row] = await db
    .select({ data: events.data, at: events.at })
    .from(events)
    .where(eq(events.type, MOST_READ_CHANGED))
    .orderBy(desc(events.id))
    .limit(1);
  if (!row) return undefined;
  const ids = row.data.articleIds;
  const articleIds = Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : [];
  return { articleIds, at: row.at };
}
