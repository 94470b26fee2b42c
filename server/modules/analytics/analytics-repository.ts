import { and, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { analyticsEvents, analyticsSalts } from '../../../db/schema/analytics';
import { articles, categories, inEditions, writtenBy } from '../../../db/schema/content';

/*
 * The analytics module's salts, raw events and the "now" view read straight from the raw
 * events of the last minutes (server/modules/analytics/README.md).
 */

/**
 * A raw event as a beacon keeps it until its batch is written: `at` in ms since the epoch (no
 * `Date` a beacon, and none for `JSON.stringify` to turn into text one by one).
 */
export interface EventRow {
  at: number;
  /** Its UTC day: the partition. */
  day: string;
  kind: string;
  articleId: string | null;
  path: string;
  source: string;
  visitor: string | null;
  seconds: number | null;
  scroll: number | null;
}

/**
 * An event as its batch holds it: the JSON text of its row, made as it is kept, so a batch of
 * 10,000 waiting seconds to be written is 10,000 strings, not 10,000 objects with strings of
 * their own for the collector to walk and move (issue 70 item 1).
 */
export const eventText = (row: EventRow): string => JSON.stringify(row);

/**
 * Today's salt: made by the first process that asks (the others read the same row), and every
 * other day's deleted with it, so yesterday's hashes cannot be made again from an address.
 */
export async function saltOf(db: Db, day: string, fresh: string): Promise<string> {
  await db.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing();
  await db.delete(analyticsSalts).where(ne(analyticsSalts.day, day));
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`the analytics salt of ${day} was not written`);
  return row.salt;
}

/** Deletes every salt but that of `now`'s UTC day. */
export async function forgetOldSalts(db: Db, now: Date): Promise<void> {
  await db.delete(analyticsSalts).where(ne(analyticsSalts.day, now.toISOString().slice(0, 10)));
}

/**
 * Rows per statement: a batch goes as one JSON parameter, which has no parameter limit; this
 * only bounds one statement's size (a batch kept through an outage may hold 200,000 events).
 */
const ROWS_PER_STATEMENT = 5000;

/**
 * Writes a batch of raw events (each `eventText`): the rows as one JSON array, read by
 * PostgreSQL's `json_to_recordset` under their own field names. Building a VALUES list of 2,000
 * rows was most of the beacons' cost on election night (Drizzle checks every value), and nine
 * text arrays after it were still an eighth of a beacon's memory (the driver builds each array's
 * literal a value at a time: docs/perf/election-night.md); one string joined from the rows'
 * texts is one parameter.
 */
export async function insertEvents(db: Db, texts: string[]): Promise<void> {
  for (let i = 0; i < texts.length; i += ROWS_PER_STATEMENT) {
    const part =
      texts.length <= ROWS_PER_STATEMENT ? texts : texts.slice(i, i + ROWS_PER_STATEMENT);
    await db.execute(sql`
      INSERT INTO ${analyticsEvents} (at, day, kind, article_id, path, source, visitor, seconds, scroll)
      SELECT 'epoch'::timestamptz + at * interval '1 millisecond', day, kind, "articleId", path, source, visitor, seconds, scroll
      FROM json_to_recordset(${`[${part.join(',')}]`}::json) AS e(at bigint, day date,
        kind text, "articleId" uuid, path text, source text, visitor text, seconds integer,
        scroll smallint)`);
  }
}

/**
 * Readers: distinct hashes. A view under Do Not Track / GPC, or one that did not prove it came
 * from our page at a human pace, has none: a view, never a reader (issue 66 item 11).
 */
const readersOf = sql<number>`count(distinct ${analyticsEvents.visitor})::int`;
const viewsOf = sql<number>`(count(*) filter (where ${analyticsEvents.kind} = 'view'))::int`;

/** Whose events: one author's articles, one edition's (issue 65 item 6), or all. */
export interface NowScope {
  authorId?: string | undefined;
  editionId?: string | undefined;
}

/** Events since `since`, of one author's or one edition's articles when given. */
const recent = (since: Date, { authorId, editionId }: NowScope) =>
  and(
    gte(analyticsEvents.at, since),
    editionId
      ? inArray(
          analyticsEvents.articleId,
          sql`(select ${articles.id} from ${articles} where ${inEditions([editionId])})`,
        )
      : undefined,
    authorId
      ? inArray(
          analyticsEvents.articleId,
          sql`(select ${articles.id} from ${articles} where ${writtenBy(authorId)})`,
        )
      : undefined,
  );

/** Readers since `since`, in all and per source, most first. */
export async function readersSince(db: Db, since: Date, scope: NowScope) {
  const [all] = await db
    .select({ readers: readersOf })
    .from(analyticsEvents)
    .where(recent(since, scope));
  const sources = await db
    .select({ source: analyticsEvents.source, readers: readersOf })
    .from(analyticsEvents)
    .where(recent(since, scope))
    .groupBy(analyticsEvents.source)
    .orderBy(desc(readersOf), analyticsEvents.source);
  return { readers: all?.readers ?? 0, sources };
}

/** The stories most read since `since`, with their titles and addresses. */
export function topSince(db: Db, since: Date, limit: number, scope: NowScope) {
  return db
    .select({
      articleId: articles.id,
      title: articles.name,
      slug: articles.slug,
      status: articles.status,
      publishedAt: articles.publishedAt,
      categorySlug: categories.slug,
      readers: readersOf,
      views: viewsOf,
    })
    .from(analyticsEvents)
    .innerJoin(articles, eq(articles.id, analyticsEvents.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(recent(since, scope), isNotNull(analyticsEvents.articleId)))
    .groupBy(articles.id, categories.slug)
    .orderBy(desc(readersOf), desc(viewsOf), articles.id)
    .limit(limit);
}

/** Views per minute since `since` of each of `ids`. */
export function viewsPerMinute(db: Db, since: Date, ids: string[]) {
  const minute = sql<Date>`date_trunc('minute', ${analyticsEvents.at})`;
  return db
    .select({ articleId: analyticsEvents.articleId, minute, views: viewsOf })
    .from(analyticsEvents)
    .where(and(gte(analyticsEvents.at, since), inArray(analyticsEvents.articleId, ids)))
    .groupBy(analyticsEvents.articleId, minute);
}
