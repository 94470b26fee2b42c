/*
 * Changes as events wired (README.md here): the bus every process reads, the outbox writes go
 * through, the hourly trim, and the caching that follows them (server/caching). The
 * composition root (server/services.ts) calls `createChanges` first, before any module
 * registers a consumer, and `startDaily` last, once every consumer is registered.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { createContentCaching } from '../caching/content-caching';
import type { Config } from '../env';
import type { Clock } from '../lib/clock';
import type { JobsService } from '../modules/jobs/jobs-service';
import { createEventBus } from './event-bus';
import { EVENTS_TRIM_JOB, scheduleEventsTrim, trimOldEvents } from './events-trim';
import { createOutbox } from './outbox';
import type { Log } from '../lib/log';

/**
 * Changes as events: written with each change, read after commit by every process (its page
 * cache) and once across processes (purges, mail); caching follows them.
 */
export async function createChanges(
  config: Config,
  database: Database,
  deps: { clock: Clock; jobs: JobsService; log: Log | undefined },
) {
  const { db } = database;
  const { clock, jobs, log } = deps;
  const events = createEventBus({ db, clock, processId: randomUUID(), log });
  const outbox = createOutbox({ db, clock, applied: events.catchUp });
  const caching = await createContentCaching({ config, database, bus: events, clock, log });
  // Kept 30 days: whichever process leases the job trims them, hourly.
  jobs.handle(EVENTS_TRIM_JOB, () => trimOldEvents({ db, clock, jobs, log }));
  return { events, outbox, ...caching };
}

/**
 * Once every consumer is registered: each process reads events from the newest on, and the
 * daily jobs are set (the events' trim, the fediverse's, the audit trail's, the moderators'
 * mail of what waits: issue 42 item 4), each by the module that owns it.
 */
export async function startDaily(
  deps: { events: { start(): Promise<void> }; jobs: JobsService; clock: Clock } & {
    audit: { scheduleTrim(): Promise<unknown> };
  },
  services: {
    fediverse: { scheduleTrim(): Promise<unknown> };
    comments: { mail: { scheduleWaitingMail(): Promise<unknown> } };
  },
) {
  await deps.events.start();
  await Promise.all([scheduleEventsTrim(deps.jobs, deps.clock), services.fediverse.scheduleTrim()]);
  await Promise.all([deps.audit.scheduleTrim(), services.comments.mail.scheduleWaitingMail()]);
}
