/*
 * Events are kept EVENTS_KEPT_DAYS (issue 36 item 1): a job, run once an hour by whichever
 * process leases it, deletes older ones and sets itself again.
 */
import type { Db } from '../../db/client';
import type { Clock } from '../lib/clock';
import { trimEvents } from './events-repository';
import type { InfoLog } from '../lib/log';

export const EVENTS_KEPT_DAYS = 30;
export const EVENTS_TRIM_JOB = 'events-trim';
const EVERY_MS = 60 * 60_000;

interface TrimJobs {
  schedule(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<void>;
  scheduleOnce(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<void>;
}

const trimJob = (runAt: Date) => ({
  key: EVENTS_TRIM_JOB,
  kind: EVENTS_TRIM_JOB,
  subjectId: null,
  runAt,
});

/**
 * Sets the trim job at start, for an hour later (nothing is 30 days old on a new site), unless
 * it is set already (or has run and set itself again).
 */
export const scheduleEventsTrim = (jobs: TrimJobs, clock: Clock) =>
  jobs.scheduleOnce(trimJob(new Date(clock.now().getTime() + EVERY_MS)));

/** The job: older events go, and the job is set again for an hour later. */
export async function trimOldEvents(deps: { db: Db; clock: Clock; jobs: TrimJobs; log?: InfoLog }) {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - EVENTS_KEPT_DAYS * 24 * 60 * 60_000);
  const trimmed = await trimEvents(deps.db, before);
  if (trimmed > 0) deps.log?.info({ events: trimmed }, 'trimmed events older than 30 days');
  await deps.jobs.schedule(trimJob(new Date(now.getTime() + EVERY_MS)));
}
