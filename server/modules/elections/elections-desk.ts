/*
 * The counting-day desk's saves (issue 69 item 2, DECISIONS.md §32): each save is a new
 * snapshot of a seat's result, kept with who, when and from where. Several desk members work
 * at once; a save names the snapshot its author saw (`basedOn`), and a save made against an
 * older one is refused (409) with the newer figures, never silently laid over them. Saves of
 * one seat queue on its row's lock; the unique (seat, version) index backs that on both engines.
 */
import { CacheTags } from '../../../common/cache-tags';
import { electionPath } from '../../../common/paths';
import type { ResultInput } from '../../../common/schemas/elections';
import type { Db } from '../../../db/client';
import type { EventDraft, RecordEvents } from '../../events/outbox';
import type { Actor } from '../../lib/actor';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, notFound } from '../../lib/errors';
import {
  candidatesOf,
  insertResult,
  lockSeat,
  newestResult,
  type ElectionRow,
  type ResultRow,
} from './elections-repository';
import { snapshotView } from './elections-views';

/** A result as a save brings it, before it is numbered and signed. */
export interface SnapshotDraft {
  leaderId: string;
  votes: number;
  margin: number;
  round: number;
  status: 'leading' | 'won';
}

/** Who saved it and from where; the desk also says what it saw. */
export interface SnapshotOrigin {
  source: 'desk' | 'import' | 'eci';
  /** Who saved it: the desk member, or (a rehearsal's replayed save) the recorded name alone. */
  by?: (Pick<Actor, 'name'> & { id: string | null }) | null;
  /** Checked only for the desk: an import or ECI's feed states the count as it now is. */
  basedOn?: string | null;
}

export type SaveSnapshot = (
  tx: Db,
  record: RecordEvents,
  election: ElectionRow,
  seatId: string,
  draft: SnapshotDraft,
  origin?: SnapshotOrigin,
) => Promise<ResultRow>;

/**
 * A result's change: the election's JSON is made again (tally, seats, contests), and the pages
 * that show the seat (the results page, its state's, its own, the maps and embeds) are
 * refreshed off the readers' path: readers keep being served while one render makes the new
 * page (docs/decisions/029).
 */
export const resultSaved = (
  election: ElectionRow,
  row: ResultRow,
  party: string,
  state: string,
): EventDraft => ({
  type: 'election.result',
  subject: { kind: 'election', id: election.id },
  data: { seat: row.seatId, party, status: row.status, source: row.source, state },
  // The JSON is dropped, not served stale: a desk member reads the seat again at once.
  cache: {
    stale: [
      CacheTags.electionView(election.id),
      CacheTags.electionState(election.id, state),
      CacheTags.electionSeat(row.seatId),
    ],
    drop: [CacheTags.election(election.id)],
    urls: [electionPath(election.slug)],
  },
});

/** What changes every page of an election (an import, the desk's key contests). */
export const electionPagesChange = (election: ElectionRow) => ({
  stale: [CacheTags.electionPages(election.id)],
  drop: [CacheTags.election(election.id)],
  urls: [electionPath(election.slug)],
});

/** An import's change: the same kept answers go (seats, candidates and results are all shown). */
export const electionImported = (
  election: ElectionRow,
  kind: string,
  count: number,
): EventDraft => ({
  type: 'election.imported',
  subject: { kind: 'election', id: election.id },
  data: { kind, count },
  cache: electionPagesChange(election),
});

/** 409 `election.result_stale`, carrying the newer snapshot the save missed. */
async function stale(tx: Db, newer: ResultRow) {
  const [leader] = (await candidatesOf(tx, [newer.seatId])).filter((c) => c.id === newer.leaderId);
  const refusal = new AppError('election.result_stale');
  refusal.fields = { newer: snapshotView(newer, leader!) };
  return refusal;
}

/** Appends one snapshot to a seat (its row locked first), or refuses it. */
export const saveSnapshot: SaveSnapshot = async (
  tx,
  record,
  election,
  seatId,
  draft,
  origin = { source: 'import' },
) => {
  const seat = await lockSeat(tx, election.id, seatId);
  if (!seat) throw notFound('election.seat_not_found');
  const newest = await newestResult(tx, seatId);
  if (origin.source === 'desk' && newest && newest.id !== origin.basedOn)
    throw await stale(tx, newest);
  const leader = (await candidatesOf(tx, [seatId])).find((c) => c.id === draft.leaderId);
  if (!leader) throw badRequest('election.candidate_not_in_seat');
  const row = await insertResult(tx, {
    ...draft,
    electionId: election.id,
    seatId,
    version: (newest?.version ?? 0) + 1,
    source: origin.source,
    basedOn: origin.basedOn ?? newest?.id ?? null,
    byId: origin.by?.id ?? null,
    byName: origin.by?.name ?? '',
  });
  record(resultSaved(election, row, leader.party, seat.stateCode));
  return row;
};

/** The desk's save: a refusal for a seat saved meanwhile by someone else, with their figures. */
export async function deskSave(
  transaction: <T>(work: (tx: Db, record: RecordEvents) => Promise<T>) => Promise<T>,
  election: ElectionRow,
  editor: Actor,
  input: ResultInput,
) {
  const draft = {
    leaderId: input.leader,
    votes: input.votes,
    margin: input.margin,
    round: input.round,
    status: input.status,
  };
  const origin = { source: 'desk', by: editor, basedOn: input.basedOn ?? null } as const;
  try {
    return await transaction((tx, record) =>
      saveSnapshot(tx, record, election, input.seat, draft, origin),
    );
  } catch (error) {
    // Two saves on the same version at once, where the row lock did not queue them.
    if (!isUniqueViolation(error)) throw error;
    const newest = await transaction((tx) => newestResult(tx, input.seat));
    throw await transaction((tx) => stale(tx, newest!));
  }
}
