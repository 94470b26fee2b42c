import { daysBefore, zonedDay } from '../../../common/time-zone';
import { articlePath } from '../../../common/paths';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { addDailyView, topArticles, viewsPerDay } from './views-repository';

/**
 * How a view is counted (DECISIONS.md §7): the article's total and the day's count. A day is a
 * calendar day of the site's time zone (DECISIONS.md §11), so "today" on the dashboard is the
 * newsroom's today, not UTC's (docs/decisions/024).
 */
export function createViewsService(deps: {
  db: Db;
  clock: Clock;
  articles: { incrementViews(id: string): Promise<boolean> };
  /** The site setting `timeZone`. */
  timeZone(): Promise<string>;
}) {
  const { db, clock, articles } = deps;
  const today = async () => zonedDay(clock.now(), await deps.timeZone());
  return {
    /**
     * Counts one view of a published article (404 for anything else). Whether this reader's
     * view counts at all (once per address and article every 30 minutes) is decided by the
     * route's rate limits, before this is called.
     */
    async count(articleId: string): Promise<void> {
      if (!(await articles.incrementViews(articleId))) throw notFound('Article not found.');
      await addDailyView(db, articleId, await today());
    },

    /**
     * Views per day over the `days` days up to today, oldest first, with empty days as 0; of
     * every article, or of one author's.
     */
    async perDay(days: number, authorId?: string): Promise<{ day: string; views: number }[]> {
      const last = await today();
      const list = Array.from({ length: days }, (_, i) => daysBefore(last, days - 1 - i));
      const rows = await viewsPerDay(db, list[0] as string, authorId);
      const byDay = new Map(rows.map((r) => [String(r.day), Number(r.views)]));
      return list.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
    },

    /**
     * The `limit` most viewed articles of the last `days` days (today included), with their
     * views in those days; `path` is their public address while they are out, else null.
     */
    async top(opts: { days: number; limit: number; authorId?: string | undefined }) {
      const now = clock.now();
      const fromDay = daysBefore(await today(), opts.days - 1);
      const rows = await topArticles(db, {
        fromDay,
        limit: opts.limit,
        ...(opts.authorId ? { authorId: opts.authorId } : {}),
      });
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        views: row.views,
        path:
          row.status === 'published' && row.publishedAt <= now
            ? articlePath({ slug: row.slug, categorySlug: row.categorySlug })
            : null,
      }));
    },
  };
}
export type ViewsService = ReturnType<typeof createViewsService>;
