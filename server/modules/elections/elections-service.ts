/*
 * The election results desk (issue 69, DECISIONS.md §32): administrators make an election and
 * import its data; editors and up save results at the desk; anyone reads the tally, the seats
 * and a seat's contest, each figure with its source and time.
 */
import type { ElectionInput, ImportInput, ResultInput } from '../../../common/schemas/elections';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import { requireRole, type Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { deskSave, saveSnapshot } from './elections-desk';
import { createElection, importInto } from './elections-import';
import { electionReads } from './elections-reads';
import {
  candidatesOf,
  electionBySlug,
  type CandidateRow,
  type ResultRow,
} from './elections-repository';
import { snapshotView } from './elections-views';

export interface ElectionsDeps {
  db: Db;
  outbox: Outbox;
}

export function createElectionsService({ db, outbox }: ElectionsDeps) {
  const found = async (slug: string) => {
    const election = await electionBySlug(db, slug);
    if (!election) throw notFound('election.not_found');
    return election;
  };
  /** Snapshots as the API answers them, each with its leader. */
  const snapshots = async (rows: ResultRow[]) => {
    const candidates = new Map<string, CandidateRow>(
      (await candidatesOf(db, [...new Set(rows.map((r) => r.seatId))])).map((c) => [c.id, c]),
    );
    return rows.map((r) => snapshotView(r, candidates.get(r.leaderId)!));
  };

  return {
    create: (actor: Actor | null, input: ElectionInput) => createElection(db, actor, input),

    /** Administrators: one file into the election, whole or not at all. */
    async import(actor: Actor | null, slug: string, input: ImportInput) {
      requireRole(actor, 'administrator');
      const election = await found(slug);
      const imported = await importInto(outbox, election, input, saveSnapshot);
      return { kind: input.kind, imported };
    },

    /** Editors and up: a seat's new snapshot, unless someone saved a newer one meanwhile. */
    async save(actor: Actor | null, slug: string, input: ResultInput) {
      const editor = requireRole(actor, 'editor');
      const election = await found(slug);
      const row = await deskSave(outbox.transaction.bind(outbox), election, editor, input);
      return (await snapshots([row]))[0]!;
    },

    ...electionReads(db, found, snapshots),

    /** The election's id, for the cache tags of its answers. */
    idOf: async (slug: string) => (await found(slug)).id,
  };
}
export type ElectionsService = ReturnType<typeof createElectionsService>;
