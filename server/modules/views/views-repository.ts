import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articles, categories } from '../../../db/schema/content';
import { articleDailyViews } from '../../../db/schema/site';

/*
 * The views module's table: `article_daily_views`, views per article and calendar day of the
 * site's time zone (docs/decisions/024). Reads join the article's title and address, and narrow
 * to one author's articles, for the dashboard (server/modules/README.md: names next to rows).
 */

/** One more view of `articleId` on `day` (YYYY-MM-DD in the site's time zone). */
export async function addDailyView(db: Db, articleId: string, day: string): Promise<void> {
  await db
    .insert(articleDailyViews)
    .values({ articleId, day, views: 1 })
    .onConflictDoUpdate({
      target: [articleDailyViews.articleId, articleDailyViews.day],
      set: { views: sql`${articleDailyViews.views} + 1` },
    });
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
