/*
 * The election results desk (issue 69, DECISIONS.md §32): administrators make an election and
 * import its data; editors and up save results at the desk and choose the key contests; anyone
 * reads the tally, the seats, a seat's contest and the results pages, each figure with its
 * source and time.
 */
import type {
  ElectionInput,
  ImportInput,
  KeyContestsInput,
  ResultInput,
} from '../../../common/schemas/elections';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/errors';
import { deskSave, electionPagesChange, saveSnapshot } from './elections-desk';
import { createElection, importInto } from './elections-import';
import type { ElectionMaps } from './elections-map-cache';
import { electionPublic } from './elections-public';
import { electionReads } from './elections-reads';
import {
  allElections,
  candidatesOf,
  electionBySlug,
  seatsIn,
  setKeySeats,
  stateCodesOf,
  type CandidateRow,
  type ResultRow,
} from './elections-repository';
import { stateOf } from './elections-states';
import { deskElectionView, snapshotView } from './elections-views';

export interface ElectionsDeps {
  db: Db;
  outbox: Outbox;
  /** Each process's projected maps (elections-map-cache.ts). */
  maps: ElectionMaps;
  /** The readers' interface language (the site's settings): the map's titles are in it. */
  language: () => Promise<string>;
}

export function createElectionsService({ db, outbox, maps, language }: ElectionsDeps) {
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
  const reads = electionReads(db, found, snapshots);

  return {
    create: (actor: Actor | null, input: ElectionInput) => createElection(db, actor, input),

    /** Editors and up: every election, for the desk to choose from. */
    async list(actor: Actor | null) {
      requireRole(actor, 'editor');
      return (await allElections(db)).map(deskElectionView);
    },

    /** Editors and up: one election as the desk opens it. */
    async forDesk(actor: Actor | null, slug: string) {
      requireRole(actor, 'editor');
      const election = await found(slug);
      const codes = await stateCodesOf(db, election.id);
      return {
        ...deskElectionView(election),
        states: codes.map((code) => ({ code, name: stateOf(code).name })),
      };
    },

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

    /** Editors and up: the seats the results pages show first, in order. */
    async setKeyContests(actor: Actor | null, slug: string, input: KeyContestsInput) {
      requireRole(actor, 'editor');
      const election = await found(slug);
      const seats = [...new Set(input.seats)];
      if ((await seatsIn(db, election.id, seats)) !== seats.length)
        throw badRequest('election.key_contest_unknown');
      await outbox.transaction(async (tx, record) => {
        await setKeySeats(tx, election.id, seats);
        record({
          type: 'election.changed',
          subject: { kind: 'election', id: election.id },
          data: { keyContests: seats },
          cache: electionPagesChange(election),
        });
      });
      return { seats };
    },

    ...reads,
    ...electionPublic({ db, found, maps, language, detail: reads.seat }),

    /** The election's id, for the cache tags of its answers. */
    idOf: async (slug: string) => (await found(slug)).id,
  };
}
export type ElectionsService = ReturnType<typeof createElectionsService>;
