import type { Stats } from '../../../common/schemas/stats';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { articleCounts, viewsPerDay } from '../articles/articles-repository';
import { countCategories } from '../categories/categories-repository';
import { countUsers } from '../users/users-repository';

const DAY_MS = 24 * 3600 * 1000;
export const STATS_DAYS = 30;

/** The dashboard's real numbers (DECISIONS.md §7). */
export function createStatsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async get(actor: Actor | null): Promise<Stats> {
      requireRole(actor, 'editor');
      const today = clock.now();
      const days = Array.from({ length: STATS_DAYS }, (_, i) =>
        new Date(today.getTime() - (STATS_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
      );
      const [articles, categories, users, perDay] = await Promise.all([
        articleCounts(db),
        countCategories(db),
        countUsers(db),
        viewsPerDay(db, days[0] as string),
      ]);
      const byDay = new Map(perDay.map((r) => [String(r.day), Number(r.views)]));
      return {
        categories,
        articles: articles.total,
        published: articles.published,
        drafts: articles.drafts,
        users,
        views: articles.views,
        viewsPerDay: days.map((day) => ({ day, views: byDay.get(day) ?? 0 })),
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
