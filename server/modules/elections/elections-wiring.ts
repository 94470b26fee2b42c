/*
 * The election results desk's parts wired together (issue 69): its service over the database
 * and the outbox (each saved result's event refreshes the kept answers about its election, in
 * every process), and each process's projected maps, forgotten when an import brings seats
 * again. The composition root (server/services.ts) calls this once.
 */
import type { Db } from '../../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { Outbox } from '../../events/outbox';
import { createElectionMaps } from './elections-map-cache';
import { createElectionsService } from './elections-service';

export function createElections(deps: {
  db: Db;
  outbox: Outbox;
  events: EventBus;
  language: () => Promise<string>;
}) {
  const maps = createElectionMaps(deps.db);
  deps.events.everyProcess('election-maps', async (batch) => {
    for (const event of batch)
      if (event.type === 'election.imported' && event.subject?.id) maps.forget(event.subject.id);
  });
  return createElectionsService({ ...deps, maps });
}
