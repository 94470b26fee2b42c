import type { Stats } from '../../../common/schemas/stats';
import { requireRole, type Actor } from '../../lib/actor';

export const STATS_DAYS = 30;

/** The dashboard's real numbers (DECISIONS.md §7), each from the module that owns it. */
export function createStatsService(deps: {
  articles: {
    counts(): Promise<{ total: number; published: number; drafts: number; views: number }>;
  };
  categories: { count(): Promise<number> };
  users: { count(): Promise<number> };
  views: { perDay(days: number): Promise<{ day: string; views: number }[]> };
}) {
  return {
    async get(actor: Actor | null): Promise<Stats> {
      requireRole(actor, 'editor');
      const [articles, categories, users, viewsPerDay] = await Promise.all([
        deps.articles.counts(),
        deps.categories.count(),
        deps.users.count(),
        deps.views.perDay(STATS_DAYS),
      ]);
      return {
        categories,
        articles: articles.total,
        published: articles.published,
        drafts: articles.drafts,
        users,
        views: articles.views,
        viewsPerDay,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
