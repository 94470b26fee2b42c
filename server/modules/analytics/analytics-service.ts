import type { Actor } from '../../lib/actor';
import { analyticsNow } from './analytics-now';
import { createBeacons, type BeaconDeps } from './analytics-beacons';
import { forgetOldSalts } from './analytics-repository';
import { createReports } from './analytics-reports';
import { epaperCounts, type EpaperCountsDeps } from './analytics-epaper';
import { createMostRead } from './most-read';
import { createEditionMostRead, type EditionMostReadDeps } from './edition-most-read';
import {
  ANALYTICS_RETENTION_JOB,
  ANALYTICS_ROLLUP_JOB,
  createStorage,
  DEFAULT_RETENTION_DAYS,
} from './analytics-storage';

interface AnalyticsJobs {
  handle(kind: string, run: () => Promise<void>): void;
  schedule(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<void>;
  scheduleOnce(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<void>;
}

/**
 * First-party analytics (issue 38, DECISIONS.md §26): beacons and SPEC's view call feed the
 * views module's counts and the raw events (analytics-beacons.ts); the newsroom reads what is
 * read now (analytics-now.ts) and reports from the rollups (analytics-reports.ts); jobs roll
 * up and forget (analytics-storage.ts).
 */
export function createAnalyticsService(
  deps: BeaconDeps &
    Omit<EditionMostReadDeps, 'hours'> & {
      /** The rate limits' table, whose keys name addresses (server/plugins/rate-limit.ts). */
      rateLimits: { forgetExpired(): Promise<void> };
      timeZone(): Promise<string>;
      /** The setting `analytics.retentionDays`. */
      retentionDays?: () => Promise<number>;
      /** The setting `analytics.mostReadHours`. */
      mostReadHours(): Promise<number>;
      jobs: AnalyticsJobs;
      /** The e-paper's clips cut and opened (issue 68 item 5), from the e-paper module. */
      clipCounts: EpaperCountsDeps['clipCounts'];
    },
) {
  const beacons = createBeacons(deps);
  const forgetExpired = async () => {
    await deps.rateLimits.forgetExpired();
    await forgetOldSalts(deps.db, deps.clock.now());
  };
  const storage = createStorage({
    ...deps,
    retentionDays: deps.retentionDays ?? (async () => DEFAULT_RETENTION_DAYS),
    forgetExpired,
  });
  const mostRead = createMostRead({ ...deps, hours: deps.mostReadHours });
  const editionMostRead = createEditionMostRead({ ...deps, hours: deps.mostReadHours });
  deps.jobs.handle(ANALYTICS_ROLLUP_JOB, async () => {
    await storage.rollUp();
    // Readers' "Most read" from the rollups just made, the site's and each edition's; their
    // failure never stops the rollups.
    for (const refresh of [mostRead.refresh, editionMostRead.refresh])
      await refresh().catch((error: unknown) => {
        deps.log?.error({ err: error }, 'analytics: "Most read" could not be refreshed');
      });
    await storage.next.rollUp(deps.jobs);
  });
  deps.jobs.handle(ANALYTICS_RETENTION_JOB, async () => {
    await storage.retain(undefined);
    await storage.next.retain(deps.jobs);
  });
  return {
    record: beacons.record,
    viewOfArticle: beacons.viewOfArticle,
    now: (actor: Actor | null, q: { edition?: string | undefined } = {}) =>
      analyticsNow(deps, actor, q),
    ...createReports(deps),
    /** GET /api/analytics/epaper (issue 68 item 5). */
    epaper: (actor: Actor | null, q: Parameters<typeof epaperCounts>[2]) =>
      epaperCounts(deps, actor, q),
    /**
     * Forgets what could name a reader past its need: rate-limit windows that are over, and
     * every salt but today's (the hourly job; making today's salt does it too).
     */
    forgetExpired,
    rollUp: storage.rollUp,
    rollUpSince: storage.rollUpSince,
    /** Readers' "Most read": the cards pages show, and the minute's refresh (most-read.ts). */
    mostRead: mostRead.cards,
    refreshMostRead: mostRead.refresh,
    /** An edition's "Most read" from its own readers, and the minute's refresh of them all. */
    editionMostRead: editionMostRead.cards,
    refreshEditionMostRead: editionMostRead.refresh,
    retain: storage.retain,
    /** At start: the coming days' partitions, and the jobs set. */
    async start(): Promise<void> {
      await storage.preparePartitions();
      await storage.schedule(deps.jobs);
    },
    /** Writes the beacons kept so far (tests; closing does it too). */
    flush: beacons.flush,
    close: beacons.close,
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
