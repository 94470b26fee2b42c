import type {
  AnalyticsArticle,
  AnalyticsTop,
  ANALYTICS_TOP_BY,
} from '../../../common/schemas/analytics';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { scopeOf } from './analytics-now';
import {
  articleEngagement,
  articleSeries,
  viewsFromSince,
  viewsInWindows,
  type ViewsWindow,
  articleSources,
  articleVisibleTo,
} from './analytics-reports-repository';
import { topBy } from './analytics-top-repository';
import type { RollupGrain } from './analytics-storage-repository';

/** A report's range when none is given: the last day. */
const DEFAULT_RANGE_MS = 24 * 3600_000;

interface Range {
  from?: Date | undefined;
  to?: Date | undefined;
}

const rangeOf = (clock: Clock, q: Range) => {
  const to = q.to ?? clock.now();
  return { from: q.from ?? new Date(to.getTime() - DEFAULT_RANGE_MS), to };
};

/**
 * GET /api/analytics/articles/{id} and GET /api/analytics/top (issue 38 item 4): both count a
 * beacon within one batch (issue 70 item 2).
 */
export function createReports(deps: { db: Db; clock: Clock; timeZone(): Promise<string> }) {
  const { db, clock } = deps;
  return {
    async article(
      actor: Actor | null,
      id: string,
      q: Range & { interval: RollupGrain },
    ): Promise<AnalyticsArticle> {
      const authorId = scopeOf(actor);
      if (!(await articleVisibleTo(db, id, authorId))) throw notFound('article.not_found');
      const { from, to } = rangeOf(clock, q);
      const query = {
        id,
        grain: q.interval,
        from,
        to,
        now: clock.now(),
        timeZone: await deps.timeZone(),
      };
      const [series, sources, engagement] = await Promise.all([
        articleSeries(db, query),
        articleSources(db, query),
        articleEngagement(db, id, from, to),
      ]);
      const sum = (key: 'views' | 'readers') => series.reduce((n, row) => n + Number(row[key]), 0);
      return {
        views: sum('views'),
        readers: sum('readers'),
        ...engagement,
        sources: sources
          .map((s) => ({ ...s, views: Number(s.views), readers: Number(s.readers) }))
          .filter((s) => s.views > 0),
        series: series.map((row) => ({
          t: new Date(String(row.t)).toISOString(),
          views: Number(row.views),
          readers: Number(row.readers),
        })),
      };
    },

    async top(
      actor: Actor | null,
      q: Range & {
        by: (typeof ANALYTICS_TOP_BY)[number];
        limit: number;
        edition?: string | undefined;
      },
    ): Promise<AnalyticsTop> {
      const authorId = scopeOf(actor);
      const rows = await topBy(db, {
        ...rangeOf(clock, q),
        by: q.by,
        limit: q.limit,
        now: clock.now(),
        timeZone: await deps.timeZone(),
        authorId,
        editionId: q.edition,
      });
      return {
        by: q.by,
        rows: rows.map((r) => ({
          key: String(r.key),
          name: String(r.name),
          views: Number(r.views),
          readers: Number(r.readers),
        })),
      };
    },

    /** Views of a story that came from `source` since `since` (the push desk's alerts). */
    viewsBrought: (source: 'push' | 'newsletter', articleId: string, since: Date) =>
      viewsFromSince(db, articleId, source, since),

    /** Views that came from `source` in each window of a story (newsletter issues' stories). */
    viewsBroughtIn: (source: 'push' | 'newsletter', windows: ViewsWindow[]) =>
      viewsInWindows(db, source, windows),
  };
}
