import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articleDailyViews } from '../../../db/schema/site';

/* The views module's table: `article_daily_views`, views per article and day. */

/** One more view of `articleId` on `day` (YYYY-MM-DD, UTC). */
export async function addDailyView(db: Db, articleId: string, day: string): Promise<void> {
  await db
    .insert(articleDailyViews)
    .values({ articleId, day, views: 1 })
    .onConflictDoUpdate({
      target: [articleDailyViews.articleId, articleDailyViews.day],
      set: { views: sql`${articleDailyViews.views} + 1` },
    });
}

/** Views of every article per day since `fromDay`. */
export function viewsPerDay(db: Db, fromDay: string) {
  return db
    .select({ day: articleDailyViews.day, views: sql<number>`sum(${articleDailyViews.views})` })
    .from(articleDailyViews)
    .where(sql`${articleDailyViews.day} >= ${fromDay}`)
    .groupBy(articleDailyViews.day);
}
