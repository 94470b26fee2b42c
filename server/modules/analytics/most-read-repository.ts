import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { analyticsRollups } from '../../../db/schema/analytics';
import { articleEditions, articles, isPublicArticle } from '../../../db/schema/content';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { events } from '../../../db/schema/events';

/*
 * Readers' "Most read" (issue 38 item 5): ranked from the hour rollups (rolled up each minute,
 * the current hour too), published as an event whose data is the list every process shows.
 */

/** The event that publishes a new list; its `data.articleIds` is the list. */
export const MOST_READ_CHANGED = 'most-read.changed';
/** The event that publishes editions' lists; its `data.editions` is every edition's list. */
export const EDITIONS_MOST_READ_CHANGED = 'most-read.editions-changed';
/** The subject of the site's list (the national one), and of the editions' lists. */
export const SITE_LIST = 'site';
export const EDITION_LISTS = 'editions';

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
): Promise<{ articleIds: string[]; at: Date; cards?: string } | undefined> {
  const [row] = await db
    .select({ data: events.data, at: events.at })
    .from(events)
    .where(and(eq(events.type, MOST_READ_CHANGED), eq(events.subjectId, SITE_LIST)))
    .orderBy(desc(events.id))
    .limit(1);
  if (!row) return undefined;
  const ids = row.data.articleIds;
  const articleIds = Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : [];
  const { cards } = row.data;
  return { articleIds, at: row.at, ...(typeof cards === 'string' ? { cards } : {}) };
}

const since = (hours: number, now: Date) => new Date(now.getTime() - (hours + 1) * HOUR_MS);

/**
 * Each edition's (national apart: the site's list is its) `limit` public stories with the most
 * readers in the hours overlapping the last `hours` (issue 65 item 3), ranked as mostViewed
 * ranks, in one statement: its stories' readers, as analytics by edition counts them.
 */
export async function mostViewedByEdition(
  db: Db,
  opts: { now: Date; hours: number; limit: number },
): Promise<Record<string, string[]>> {
  const ranked = db
    .select({
      editionId: articleEditions.editionId,
      articleId: analyticsRollups.articleId,
      n: sql<number>`row_number() over (partition by ${articleEditions.editionId} order by sum(${analyticsRollups.readers}) desc, sum(${analyticsRollups.views}) desc, ${articles.publishedAt} desc, ${analyticsRollups.articleId})`.as(
        'n',
      ),
    })
    .from(analyticsRollups)
    .innerJoin(articles, eq(articles.id, analyticsRollups.articleId))
    .innerJoin(articleEditions, eq(articleEditions.articleId, analyticsRollups.articleId))
    .where(
      and(
        eq(analyticsRollups.grain, 'hour'),
        gt(analyticsRollups.bucket, since(opts.hours, opts.now)),
        isPublicArticle(opts.now),
        ne(articleEditions.editionId, NATIONAL_EDITION_ID),
      ),
    )
    .groupBy(articleEditions.editionId, analyticsRollups.articleId, articles.publishedAt)
    .as('ranked');
  const rows = await db
    .select({ editionId: ranked.editionId, articleId: ranked.articleId })
    .from(ranked)
    .where(sql`${ranked.n} <= ${opts.limit}`)
    .orderBy(ranked.editionId, ranked.n);
  const lists: Record<string, string[]> = {};
  for (const row of rows) (lists[row.editionId] ??= []).push(row.articleId);
  return lists;
}

/** The editions' lists last published, and when; undefined before the first. */
export async function lastPublishedEditions(
  db: Db,
): Promise<{ editions: Record<string, string[]>; at: Date } | undefined> {
  const [row] = await db
    .select({ data: events.data, at: events.at })
    .from(events)
    .where(and(eq(events.type, EDITIONS_MOST_READ_CHANGED), eq(events.subjectId, EDITION_LISTS)))
    .orderBy(desc(events.id))
    .limit(1);
  if (!row) return undefined;
  const stored = row.data.editions;
  const editions: Record<string, string[]> = {};
  if (stored && typeof stored === 'object')
    for (const [id, ids] of Object.entries(stored))
      if (Array.isArray(ids)) editions[id] = ids.filter((x) => typeof x === 'string');
  return { editions, at: row.at };
}
