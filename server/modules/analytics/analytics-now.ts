import { articlePath } from '../../../common/paths';
import { hasRole } from '../../../common/roles';
import { NOW_MINUTES, TREND_MINUTES, type AnalyticsNow } from '../../../common/schemas/analytics';
import type { Db } from '../../../db/client';
import { isPublicNow } from '../../../db/schema/content';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { readersSince, topSince, viewsPerMinute } from './analytics-repository';

/** Stories the "now" view lists. */
export const NOW_TOP = 20;
const MINUTE = 60_000;

/** Whose stories an actor sees: an author their own, editors and up everything. */
export const scopeOf = (actor: Actor | null | undefined) => {
  const who = requireRole(actor, 'author');
  return hasRole(who.role, 'editor') ? undefined : who.id;
};

/**
 * GET /api/analytics/now (issue 38 item 3): readers of the last NOW_MINUTES minutes, read from
 * the raw events (written every EVENTS_FLUSH_MS, so at most that behind), the stories most read
 * with a sparkline of their views per minute, and where readers came from.
 */
export async function analyticsNow(
  deps: { db: Db; clock: Clock },
  actor: Actor | null,
  q: { edition?: string | undefined } = {},
): Promise<AnalyticsNow> {
  // An edition's "now" (issue 65 item 6): readers of its stories only.
  const scope = { authorId: scopeOf(actor), editionId: q.edition };
  const now = deps.clock.now();
  const since = new Date(now.getTime() - NOW_MINUTES * MINUTE);
  const [{ readers, sources }, top] = await Promise.all([
    readersSince(deps.db, since, scope),
    topSince(deps.db, since, NOW_TOP, scope),
  ]);
  const trendFrom = Math.floor(now.getTime() / MINUTE) * MINUTE - (TREND_MINUTES - 1) * MINUTE;
  const perMinute =
    top.length > 0
      ? await viewsPerMinute(
          deps.db,
          new Date(trendFrom),
          top.map((t) => t.articleId),
        )
      : [];
  const trends = new Map<string, number[]>();
  for (const row of perMinute) {
    if (!row.articleId) continue;
    const slot = Math.round((new Date(String(row.minute)).getTime() - trendFrom) / MINUTE);
    if (slot < 0 || slot >= TREND_MINUTES) continue;
    const trend = trends.get(row.articleId) ?? Array<number>(TREND_MINUTES).fill(0);
    trend[slot] = Number(row.views);
    trends.set(row.articleId, trend);
  }
  return {
    readers,
    sources,
    top: top.map((row) => ({
      articleId: row.articleId,
      title: row.title,
      path: isPublicNow(row, now) ? articlePath(row) : null,
      readers: row.readers,
      views: row.views,
      trend: trends.get(row.articleId) ?? Array<number>(TREND_MINUTES).fill(0),
    })),
  };
}
