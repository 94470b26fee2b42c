import { and, desc, eq, gt, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import { prepared } from '../../../db/prepared';
import { statementParts } from '../../../db/statement-rows';
import { articles, categories } from '../../../db/schema/content';
import { articleDailyViews, articleViewReaders, articleViewTotals } from '../../../db/schema/site';

/*
 * The views module's tables: `article_daily_views`, views per article and calendar day of the
 * site's time zone (docs/decisions/024), `article_view_totals`, each article's views of all
 * time, and `article_view_readers`, whose view of what was counted last. Reads join the article's title and address, and narrow to one author's articles, for
 * the dashboard (server/modules/README.md: names next to rows).
 */

/** A view waiting to be written: who read which article, and when. */
export interface ReaderView {
  articleId: string;
  reader: string;
  at: Date;
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Writes a batch of views in one transaction, counting only those whose reader was not counted
 * reading the same article in the `windowMs` before. The readers' table takes each view it
 * counts atomically, so processes writing at once count a reader once between them, and a batch
 * tried again after an error counts nothing twice. Counted views are added to the article's
 * total and to the count of their day (`dayOf` their time). Answers how many counted.
 */
export async function addViews(
  db: Db,
  views: ReaderView[],
  opts: { windowMs: number; dayOf(at: Date): string },
): Promise<number> {
  if (views.length === 0) return 0;
  // Rows in one order in every process, so two processes writing at once never deadlock.
  const sorted = [...views].sort(
    (a, b) => order(a.articleId, b.articleId) || order(a.reader, b.reader),
  );
  const window = sql`${`${opts.windowMs} milliseconds`}::interval`;
  return transaction(db, async (tx) => {
    // What each statement counted, per article and minute: a few rows for thousands of views.
    const counted: { articleId: string; minute: number; views: number }[] = [];
    for (const rows of statementParts(sorted)) {
      // The rows as one JSON array (`json_to_recordset`): a VALUES list costs Drizzle a check of
      // every value, and arrays cost the driver a string a value (thousands of views a second
      // on counting day; docs/perf/election-night.md).
      const taken = await tx.execute(sql`
        WITH taken AS (
          INSERT INTO ${articleViewReaders} (article_id, reader, counted_at)
          SELECT "articleId", reader, at
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v("articleId" uuid, reader text, at timestamptz)
          ON CONFLICT (article_id, reader) DO UPDATE SET counted_at = excluded.counted_at
            WHERE ${articleViewReaders.countedAt} <= excluded.counted_at - ${window}
          RETURNING article_id, counted_at)
        SELECT article_id, floor(extract(epoch FROM counted_at) / 60)::int AS minute,
          count(*)::int AS views
        FROM taken GROUP BY 1, 2`);
      for (const row of (
        taken as unknown as { rows: { article_id: string; minute: number; views: number }[] }
      ).rows)
        counted.push({ articleId: row.article_id, minute: row.minute, views: row.views });
    }
    const days = new Map<string, { articleId: string; day: string; views: number }>();
    const totals = new Map<string, number>();
    // A day's name worked out once a minute of views, not once a view (a zone's day turns on a
    // whole minute).
    const dayOfMinute = new Map<number, string>();
    let views = 0;
    for (const { articleId, minute, views: n } of counted) {
      let day = dayOfMinute.get(minute);
      if (day === undefined) dayOfMinute.set(minute, (day = opts.dayOf(new Date(minute * 60_000))));
      const row = days.get(`${articleId} ${day}`);
      if (row) row.views += n;
      else days.set(`${articleId} ${day}`, { articleId, day, views: n });
      totals.set(articleId, (totals.get(articleId) ?? 0) + n);
      views += n;
    }
    for (const rows of statementParts([...days.values()]))
      await tx
        .insert(articleDailyViews)
        .values(rows)
        .onConflictDoUpdate({
          target: [articleDailyViews.articleId, articleDailyViews.day],
          set: { views: sql`${articleDailyViews.views} + excluded.views` },
        });
    for (const rows of statementParts(
      [...totals].map(([articleId, views]) => ({ articleId, views })),
    ))
      await tx
        .insert(articleViewTotals)
        .values(rows)
        .onConflictDoUpdate({
          target: articleViewTotals.articleId,
          set: { views: sql`${articleViewTotals.views} + excluded.views` },
        });
    return views;
  });
}

/** The statement of readerCountedSince: one primary-key probe, for every view asked to count. */
const readerCounted = (db: Db) =>
  prepared(db, 'article_reader_counted', (on, as) =>
    on
      .select({ at: articleViewReaders.countedAt })
      .from(articleViewReaders)
      .where(
        and(
          eq(articleViewReaders.articleId, sql.placeholder('articleId')),
          eq(articleViewReaders.reader, sql.placeholder('reader')),
          gt(articleViewReaders.countedAt, sql.placeholder('since')),
        ),
      )
      .prepare(as),
  );

/** Whether a view of the article by `reader` was counted after `since`. */
export async function readerCountedSince(
  db: Db,
  opts: { articleId: string; reader: string; since: Date },
): Promise<boolean> {
  const rows = await readerCounted(db).execute(opts);
  return rows.length > 0;
}

/** Forgets the readers counted before `before` (their next view counts anyway). */
export async function forgetReaders(db: Db, before: Date): Promise<void> {
  await db.delete(articleViewReaders).where(lt(articleViewReaders.countedAt, before));
}

/** Every article's views of all time, added up. */
export async function allViews(db: Db): Promise<number> {
  const [row] = await db.select({ views: sum(articleViewTotals.views) }).from(articleViewTotals);
  return Number(row?.views ?? 0);
}

const since = (fromDay: string) => sql`${articleDailyViews.day} >= ${fromDay}`;
const byAuthor = (authorId: string | undefined) =>
  authorId ? eq(articles.authorId, authorId) : undefined;

/** Views per day since `fromDay`, of every article or of one author's. */
export function viewsPerDay(db: Db, fromDay: string, authorId?: string) {
  const views = sql<number>`sum(${articleDailyViews.views})`;
  const base = db.select({ day: articleDailyViews.day, views }).from(articleDailyViews);
  return (
    authorId
      ? base
          .innerJoin(articles, eq(articles.id, articleDailyViews.articleId))
          .where(and(since(fromDay), byAuthor(authorId)))
      : base.where(since(fromDay))
  ).groupBy(articleDailyViews.day);
}

/** The most viewed articles since `fromDay`, most first (ties: newest id first). */
export function topArticles(db: Db, opts: { fromDay: string; limit: number; authorId?: string }) {
  const views = sql<number>`sum(${articleDailyViews.views})`.mapWith(Number);
  return db
    .select({
      id: articles.id,
      name: articles.name,
      slug: articles.slug,
      status: articles.status,
      publishedAt: articles.publishedAt,
      categorySlug: categories.slug,
      views,
    })
    .from(articleDailyViews)
    .innerJoin(articles, eq(articles.id, articleDailyViews.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(since(opts.fromDay), byAuthor(opts.authorId)))
    .groupBy(articles.id, categories.slug)
    .orderBy(desc(views), desc(articles.id))
    .limit(opts.limit);
}
