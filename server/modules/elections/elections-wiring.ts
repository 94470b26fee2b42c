/*
 * The election results desk's parts wired together (issue 69): its service over the database
 * and the outbox (each saved result's event refreshes the kept answers about its election, in
 * every process), each process's projected maps, forgotten when an import brings seats again,
 * and the rehearsals' replay job (elections-replay.ts). The composition root
 * (server/services.ts, through server/platform-wiring.ts) calls this once.
 */
import type { Db } from '../../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { JobsService } from '../jobs/jobs-service';
import { seedDemoElection } from './elections-demo';
import { createElectionMaps } from './elections-map-cache';
import { onSeatResult, type SeatFollows } from './elections-follow';
import { electionRehearsals, REHEARSAL_JOB } from './elections-replay';
import { electionBySlug } from './elections-repository';
import { createElectionsService } from './elections-service';
import { notFound } from '../../lib/errors';

export function createElections(deps: {
  db: Db;
  outbox: Outbox;
  events: EventBus;
  jobs: JobsService;
  clock: Clock;
  language: () => Promise<string>;
}) {
  const maps = createElectionMaps(deps.db);
  deps.events.everyProcess('election-maps', async (batch) => {
    for (const event of batch)
      if (event.type === 'election.imported' && event.subject?.id) maps.forget(event.subject.id);
  });
  const found = async (slug: string) => {
    const election = await electionBySlug(deps.db, slug);
    if (!election) throw notFound('election.not_found');
    return election;
  };
  const rehearsals = electionRehearsals({ ...deps, found });
  deps.jobs.handle(REHEARSAL_JOB, (job) => rehearsals.tick(job));
  return {
    ...createElectionsService({ ...deps, maps }),
    rehearsals,
    /** The demo's counting day and its rehearsal (elections-demo.ts), for the demo seed. */
    seedDemo: () => seedDemoElection({ ...deps, rehearsals }),
  };
}

/**
 * Seats followed by readers' browsers (elections-follow.ts): each saved result that declares a
 * seat sends its followers the push, once across every process; the push module's follows
 * come in from the composition root.
 */
export function followSeats(deps: {
  db: Db;
  events: EventBus;
  follows: SeatFollows;
  publicUrl: string;
  settings: { get(): Promise<{ uiLanguage: string }> };
}) {
  const language = async () => (await deps.settings.get()).uiLanguage;
  deps.events.once('election-seat-follows', async (batch) => {
    for (const event of batch) await onSeatResult({ ...deps, language }, event);
  });
}
