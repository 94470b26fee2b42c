/*
 * The news desk's wiring (server/services.ts calls it): the breaking band and web push alerts,
 * with the jobs that end a band, deliver an alert and tell a declared seat's followers.
 */
import type { Db } from '../db/client';
import type { Config } from './env';
import type { Clock } from './lib/clock';
import type { Log } from './lib/log';
import type { EventBus } from './events/event-bus';
import type { Outbox } from './events/outbox';
import type { ArticlesService } from './modules/articles/articles-service';
import { BREAKING_EXPIRY_JOB, createBreakingService } from './modules/breaking/breaking-service';
import type { BandEditions } from './modules/breaking/breaking-places';
import { followSeats } from './modules/elections/elections-wiring';
import type { JobsService } from './modules/jobs/jobs-service';
import { PUSH_ALERT_JOB } from './modules/push/push-delivery';
import type { PushDeps } from './modules/push/push-service';
import { createPush } from './modules/push/push-wiring';

/** The breaking band and web push alerts, with the jobs that end a band and deliver an alert. */
export async function createNewsDesk(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    articles: ArticlesService;
    jobs: JobsService;
    outbox: Outbox;
    events: EventBus;
    log: Log | undefined;
    viewsBrought: PushDeps['viewsBrought'];
    editions: PushDeps['editions'] & BandEditions;
    /** The readers' language: a declared seat's push is written in it. */
    settings: { get(): Promise<{ uiLanguage: string }> };
  },
) {
  const { db, clock, articles, jobs, outbox, events, log, editions } = deps;
  const breaking = createBreakingService({ db, clock, articles, jobs, outbox, events, editions });
  // A band's time is up: every kept page is made again without it, in every process.
  jobs.handle(BREAKING_EXPIRY_JOB, (job) => breaking.expired(job.subjectId));
  const push = await createPush(config, {
    db,
    clock,
    articles,
    jobs,
    log,
    viewsBrought: deps.viewsBrought,
    editions: deps.editions,
  });
  // An alert's delivery, a batch per run, in whichever process leases it (docs/decisions/032).
  jobs.handle(PUSH_ALERT_JOB, async (job) => {
    if (job.subjectId) await push.deliver(job.subjectId);
  });
  // A declared seat's followers get their push (issue 69 item 4), once across processes.
  followSeats({ ...deps, follows: push.follows, publicUrl: config.publicUrl });
  return { breaking, push };
}
