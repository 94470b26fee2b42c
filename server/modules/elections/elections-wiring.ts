/*
 * The election results desk's parts wired together (issue 69): its service over the database
 * and the outbox (each saved result's event refreshes the kept answers about its election, in
 * every process). The composition root (server/services.ts) calls this once.
 */
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import { createElectionsService } from './elections-service';

export function createElections(deps: { db: Db; outbox: Outbox }) {
  return createElectionsService(deps);
}
