/*
 * The e-paper's counts (issue 68 item 5, GET /api/analytics/epaper): page views per edition
 * from the beacons its pages send like every page (no cookie, no stored address: the same
 * readers' hashes), rolled up per site day (analytics-epaper-repository.ts); clips cut and
 * opened from the e-paper's own records (the e-paper module counts each opener once and never
 * the maker), asked through `clipCounts`; and the story views the e-paper brought, its
 * `epaper` source (sources.ts). Editors and up.
 */
import type { AnalyticsEpaper } from '../../../common/schemas/analytics';
import type { Edition } from '../../../common/schemas/editions';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { DAY_MS } from '../../../common/durations';
import { zonedDay } from '../../../common/time-zone';
import {
  epaperViewsByEdition,
  epaperViewsBySource,
  storyViewsFromEpaper,
} from './analytics-epaper-repository';

/** The e-paper report's range when none is given: the last 30 days. */
const DEFAULT_RANGE_MS = 30 * DAY_MS;

export interface EpaperCountsDeps {
  db: Db;
  clock: Clock;
  timeZone(): Promise<string>;
  editions: { list(): Promise<Edition[]> };
  /** The e-paper module's clips cut and opened in a range, per edition. */
  clipCounts(q: {
    from: Date;
    to: Date;
    editionId?: string | undefined;
  }): Promise<{ editionId: string; clips: number; opens: number }[]>;
}

export async function epaperCounts(
  deps: EpaperCountsDeps,
  actor: Actor | null,
  q: { from?: Date | undefined; to?: Date | undefined; edition?: string | undefined },
): Promise<AnalyticsEpaper> {
  requireRole(actor, 'editor');
  const to = q.to ?? deps.clock.now();
  const from = q.from ?? new Date(to.getTime() - DEFAULT_RANGE_MS);
  const zone = await deps.timeZone();
  const days = { fromDay: zonedDay(from, zone), toDay: zonedDay(to, zone), editionId: q.edition };
  const [views, sources, clips, storyViews, editions] = await Promise.all([
    epaperViewsByEdition(deps.db, days),
    epaperViewsBySource(deps.db, days),
    deps.clipCounts({ from, to, editionId: q.edition }),
    storyViewsFromEpaper(deps.db, from, to),
    deps.editions.list(),
  ]);
  const rows = new Map<string, AnalyticsEpaper['editions'][number]>();
  const names = new Map(editions.map((e) => [e._id, e.names]));
  const row = (id: string) => {
    let found = rows.get(id);
    if (!found) {
      found = {
        _id: id,
        names: names.get(id) ?? { hi: id, en: id },
        views: 0,
        readers: 0,
        clips: 0,
        opens: 0,
      };
      rows.set(id, found);
    }
    return found;
  };
  for (const v of views) Object.assign(row(v.editionId), { views: v.views, readers: v.readers });
  for (const c of clips) Object.assign(row(c.editionId), { clips: c.clips, opens: c.opens });
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    editions: [...rows.values()].sort((a, b) => b.views - a.views || b.clips - a.clips),
    sources: sources.filter((s) => s.views > 0),
    storyViews,
  };
}
