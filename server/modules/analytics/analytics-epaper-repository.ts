import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  analyticsEpaperDays,
  analyticsEvents,
  analyticsRollups,
} from '../../../db/schema/analytics';
import { editionRank, editions } from '../../../db/schema/editions';

/*
 * The e-paper's counts (issue 68 item 5): its page views per site day, edition and source,
 * rolled up from the raw events of its issue pages; and the story views it brought (the article
 * rollups' `epaper` source). An e-paper address names its edition by slug
 * (`/epaper/{edition}/{YYYY-MM-DD}[/{page}]`, common/epaper.ts); slugs are unique within a
 * parent only, so the highest place with the slug is the one (as the reader's page chooses it).
 */

const EDITION_OF_PATH = sql`(SELECT ${editions.id} FROM ${editions}
  WHERE ${editions.slug} = split_part(e.path, '/', 3) ORDER BY ${editionRank} LIMIT 1)`;

/**
 * Rolls up the views of e-paper issue pages from the site day holding `from` on, per day,
 * edition and source; a day rolled up again is replaced whole (the job runs every minute).
 */
export async function rollUpEpaper(db: Db, from: Date, timeZone: string) {
  const start = sql`date_trunc('day', ${from.toISOString()}::timestamptz, ${timeZone})`;
  await db.execute(sql`
    INSERT INTO ${analyticsEpaperDays} (day, edition_id, source, views, readers)
    SELECT v.day, v.edition_id, v.source, count(*), count(DISTINCT v.visitor)
    FROM (
      SELECT (e.at AT TIME ZONE ${timeZone})::date AS day, ${EDITION_OF_PATH} AS edition_id,
        e.source, e.visitor
      FROM ${analyticsEvents} e
      WHERE e.at >= ${start} AND e.kind = 'view' AND e.path LIKE '/epaper/%'
        AND split_part(e.path, '/', 4) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
    ) v
    WHERE v.edition_id IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT (day, edition_id, source) DO UPDATE SET
      views = excluded.views, readers = excluded.readers`);
}

export interface EpaperDaysQuery {
  /** Site days, inclusive: `YYYY-MM-DD`. */
  fromDay: string;
  toDay: string;
  editionId?: string | undefined;
}

const inDays = (q: EpaperDaysQuery) =>
  and(
    gte(analyticsEpaperDays.day, q.fromDay),
    lte(analyticsEpaperDays.day, q.toDay),
    q.editionId ? eq(analyticsEpaperDays.editionId, q.editionId) : undefined,
  );

/** Views and readers (a day's distinct readers, summed over days) per edition. */
export function epaperViewsByEdition(db: Db, q: EpaperDaysQuery) {
  return db
    .select({
      editionId: analyticsEpaperDays.editionId,
      views: sql<number>`sum(${analyticsEpaperDays.views})::int`,
      readers: sql<number>`sum(${analyticsEpaperDays.readers})::int`,
    })
    .from(analyticsEpaperDays)
    .where(inDays(q))
    .groupBy(analyticsEpaperDays.editionId);
}

/** Where the e-paper's readers came from: views per source, most first. */
export function epaperViewsBySource(db: Db, q: EpaperDaysQuery) {
  const views = sql<number>`sum(${analyticsEpaperDays.views})::int`;
  return db
    .select({ source: analyticsEpaperDays.source, views })
    .from(analyticsEpaperDays)
    .where(inDays(q))
    .groupBy(analyticsEpaperDays.source)
    .orderBy(sql`2 DESC`, analyticsEpaperDays.source);
}

/** Story views the e-paper brought in [from, to): the hour rollups' `epaper` source. */
export async function storyViewsFromEpaper(db: Db, from: Date, to: Date) {
  const [row] = await db
    .select({ views: sql<number>`coalesce(sum(${analyticsRollups.views}), 0)::int` })
    .from(analyticsRollups)
    .where(
      and(
        eq(analyticsRollups.grain, 'hour'),
        eq(analyticsRollups.source, 'epaper'),
        gte(analyticsRollups.bucket, from),
        sql`${analyticsRollups.bucket} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return row?.views ?? 0;
}
