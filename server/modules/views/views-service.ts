import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { addDailyView, viewsPerDay } from './views-repository';

/** How a view is counted (DECISIONS.md §7): the article's total and the day's count. */
export function createViewsService(deps: {
  db: Db;
  clock: Clock;
  articles: { incrementViews(id: string): Promise<boolean> };
}) {
  const { db, clock, articles } = deps;
  return {
    /**
     * Counts one view of a published article (404 for anything else). Whether this reader's
     * view counts at all (once per address and article every 30 minutes) is decided by the
     * route's rate limits, before this is called.
     */
    async count(articleId: string): Promise<void> {
      if (!(await articles.incrementViews(articleId))) throw notFound('Article not found.');
      await addDailyView(db, articleId, clock.now().toISOString().slice(0, 10));
    },

    /** Views per day over the `days` days up to today, oldest first, with empty days as 0. */
    async perDay(days: number): Promise<{ day: string; views: number }[]> {
      const today = clock.now().getTime();
      const list = Array.from({ length: days }, (_, i) =>
        new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      );
      const rows = await viewsPerDay(db, list[0] as string);
      const byDay = new Map(rows.map((r) => [String(r.day), Number(r.views)]));
      return list.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
    },
  };
}
export type ViewsService = ReturnType<typeof createViewsService>;
