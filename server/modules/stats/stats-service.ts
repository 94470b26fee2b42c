import { hasRole } from '../../../common/roles';
import type { AdminArticleQuery } from '../../../common/schemas/article-lists';
import type { Dashboard, Stats } from '../../../common/schemas/stats';
import { requireRole, type Actor } from '../../lib/actor';

export const STATS_DAYS = 30;
/** The dashboard's top articles: the most viewed of the last 7 days, 10 of them. */
export const TOP_DAYS = 7;
export const TOP_ARTICLES = 10;
/** Rows each dashboard list shows; the rest are a click away in the filtered article list. */
export const DASHBOARD_LIST_ROWS = 10;

type AdminRow = Dashboard['drafts']['articles'][number];

/** What the dashboard reads, each from the module that owns it. */
export interface StatsDeps {
  articles: {
    counts(): Promise<{
      total: number;
      published: number;
      scheduled: number;
      drafts: number;
      estimated: Stats['estimated'];
    }>;
    adminList(
      actor: Actor | null,
      query: AdminArticleQuery,
    ): Promise<{ articles: AdminRow[]; totalArticles: number }>;
    upcoming(actor: Actor | null, limit: number): Promise<AdminRow[]>;
  };
  categories: { count(): Promise<number> };
  users: { count(): Promise<{ n: number; exact: boolean }> };
  views: {
    /** Views of all time; like the days below, as written so far (at most VIEWS_FLUSH_MS behind). */
    total(): Promise<number>;
    perDay(days: number, authorId?: string): Promise<{ day: string; views: number }[]>;
    top(opts: {
      days: number;
      limit: number;
      authorId?: string | undefined;
    }): Promise<Dashboard['topArticles']>;
  };
  settings: { timeZone(): Promise<string> };
}

/** The dashboard's real numbers (DECISIONS.md §7), each from the module that owns it. */
export function createStatsService(deps: StatsDeps) {
  const { articles, views } = deps;
  const sum = (days: { views: number }[]) => days.reduce((n, d) => n + d.views, 0);
  return {
    async get(actor: Actor | null): Promise<Stats> {
      requireRole(actor, 'editor');
      const [counts, categories, users, allViews, viewsPerDay] = await Promise.all([
        articles.counts(),
        deps.categories.count(),
        deps.users.count(),
        views.total(),
        views.perDay(STATS_DAYS),
      ]);
      return {
        categories,
        articles: counts.total,
        published: counts.published,
        scheduled: counts.scheduled,
        drafts: counts.drafts,
        users: users.n,
        views: allViews,
        viewsPerDay,
        estimated: users.exact ? counts.estimated : [...counts.estimated, 'users'],
      };
    },

    /**
     * The morning meeting (issue 9 item 9): editors and up see the whole site, an author their
     * own articles. The role is the one this request's actor has now (read from the database
     * for every request), so a promotion shows on the next load without signing in again.
     */
    async dashboard(actor: Actor | null): Promise<Dashboard> {
      const a = requireRole(actor, 'author');
      const own = hasRole(a.role, 'editor') ? undefined : a.id;
      const list = (query: Partial<AdminArticleQuery>) =>
        articles
          .adminList(a, { page: 1, limit: DASHBOARD_LIST_ROWS, sort: 'updated', ...query })
          .then((page) => ({ articles: page.articles, total: page.totalArticles }));
      const [perDay, topArticles, reviewQueue, scheduled, scheduledCount, drafts, timeZone] =
        await Promise.all([
          views.perDay(STATS_DAYS, own),
          views.top({ days: TOP_DAYS, limit: TOP_ARTICLES, authorId: own }),
          list({ status: 'pending' }),
          articles.upcoming(a, DASHBOARD_LIST_ROWS),
          list({ status: 'scheduled', limit: 1 }),
          list({ status: 'draft', authorId: a.id }),
          deps.settings.timeZone(),
        ]);
      return {
        scope: own ? 'own' : 'site',
        timeZone,
        views: {
          today: perDay.at(-1)?.views ?? 0,
          last7Days: sum(perDay.slice(-TOP_DAYS)),
          last30Days: sum(perDay),
        },
        viewsPerDay: perDay,
        topArticles,
        reviewQueue,
        scheduled: { articles: scheduled, total: scheduledCount.total },
        drafts,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
