import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import {
  dropDaysBefore,
  dropMinutesBefore,
  ensurePartition,
  rollUp,
} from './analytics-storage-repository';
import { DAY_MS } from '../../../common/durations';
import { rollUpEpaper } from './analytics-epaper-repository';

/** Raw events are kept this many days unless the setting says otherwise (issue 38 item 6). */
export const DEFAULT_RETENTION_DAYS = 30;
export const ANALYTICS_ROLLUP_JOB = 'analytics-rollup';
export const ANALYTICS_RETENTION_JOB = 'analytics-retention';
/** The rollups are at most this much behind the raw events (the reports read them). */
const ROLLUP_EVERY_MS = 60_000;
const RETENTION_EVERY_MS = 60 * 60_000;
/** Partitions made ahead of their day, so a day's rows never wait in the default one. */
const DAYS_AHEAD = 2;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface StorageJobs {
  schedule(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<void>;
  scheduleOnce(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<void>;
}

const job = (kind: string, runAt: Date) => ({ key: kind, kind, subjectId: null, runAt });

/**
 * The raw events' partitions, rollups and retention (issue 38 item 6): jobs run once across
 * processes (server/modules/jobs) and set themselves again.
 */
export function createStorage(deps: {
  db: Db;
  clock: Clock;
  timeZone(): Promise<string>;
  retentionDays(): Promise<number>;
  /** Forgets what could name a reader past its need (rate-limit windows, old salts). */
  forgetExpired(): Promise<void>;
}) {
  const { db, clock } = deps;
  const preparePartitions = async () => {
    const now = clock.now().getTime();
    for (let i = 0; i <= DAYS_AHEAD; i++) await ensurePartition(db, utcDay(now + i * DAY_MS));
  };

  return {
    preparePartitions,

    /**
     * Rolls up the minutes since the one before last, the hour before this one and this one,
     * and yesterday and today (the site's days): what came late lands in its bucket.
     */
    async rollUp(): Promise<void> {
      const now = clock.now().getTime();
      const zone = await deps.timeZone();
      await rollUp(db, 'minute', new Date(now - 2 * 60_000), zone);
      await rollUp(db, 'hour', new Date(now - 3600_000), zone);
      await rollUp(db, 'day', new Date(now - DAY_MS), zone);
      await rollUpEpaper(db, new Date(now - DAY_MS), zone);
    },

    /**
     * Rolls up every grain from `from` on: events written in bulk for days past (the demo's
     * history, db/seed/demo-analytics.ts) land in their hours and days as the job's would.
     */
    async rollUpSince(from: Date): Promise<void> {
      const zone = await deps.timeZone();
      for (const grain of ['minute', 'hour', 'day'] as const) await rollUp(db, grain, from, zone);
      await rollUpEpaper(db, from, zone);
    },

    /**
     * Drops the raw days older than the retention (whole partitions) and the minute rollups
     * with them; the hour and day rollups stay. Answers the partitions dropped. `retentionDays`
     * overrides the setting (scripts and tests).
     */
    async retain(retentionDays?: number): Promise<string[]> {
      const now = clock.now().getTime();
      const days = retentionDays ?? (await deps.retentionDays());
      const firstKept = utcDay(now - (days - 1) * DAY_MS);
      await preparePartitions();
      const dropped = await dropDaysBefore(db, firstKept);
      await dropMinutesBefore(db, new Date(Date.parse(`${firstKept}T00:00:00Z`)));
      await deps.forgetExpired();
      return dropped;
    },

    /** Sets both jobs at start unless they are set (each sets itself again when it runs). */
    async schedule(jobs: StorageJobs): Promise<void> {
      const now = clock.now().getTime();
      await jobs.scheduleOnce(job(ANALYTICS_ROLLUP_JOB, new Date(now + ROLLUP_EVERY_MS)));
      await jobs.scheduleOnce(job(ANALYTICS_RETENTION_JOB, new Date(now)));
    },

    /** The jobs' next runs, set by the job that ran. */
    next: {
      rollUp: (jobs: StorageJobs) =>
        jobs.schedule(job(ANALYTICS_ROLLUP_JOB, new Date(clock.now().getTime() + ROLLUP_EVERY_MS))),
      retain: (jobs: StorageJobs) =>
        jobs.schedule(
          job(ANALYTICS_RETENTION_JOB, new Date(clock.now().getTime() + RETENTION_EVERY_MS)),
        ),
    },
  };
}
