/* Elections' rows as the API answers them: allow-listed fields, never a raw row (STYLE.md §11). */
import type { DeskElection, Election, Seat, Snapshot } from '../../../common/schemas/elections';
import type { CandidateRow, ElectionRow, ResultRow, SeatRow } from './elections-repository';

export const electionView = (row: ElectionRow): Election => ({
  _id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.kind,
  ...(row.state ? { state: row.state } : {}),
  countingDate: row.countingDate,
  majority: row.majority,
});

export const candidateView = (row: CandidateRow) => ({
  _id: row.id,
  serial: row.serial,
  name: row.name,
  party: row.party,
});

export const snapshotView = (row: ResultRow, leader: CandidateRow): Snapshot => ({
  _id: row.id,
  seat: row.seatId,
  version: row.version,
  leader: candidateView(leader),
  votes: row.votes,
  margin: row.margin,
  round: row.round,
  status: row.status,
  source: row.source,
  basedOn: row.basedOn,
  by: { _id: row.byId, name: row.byName },
  at: row.at.toISOString(),
});

export const seatView = (row: SeatRow, result: Snapshot | null): Seat => ({
  _id: row.id,
  state: row.stateCode,
  number: row.number,
  name: row.name,
  reserved: row.reserved,
  result,
  previous: row.previous ?? null,
});

export const deskElectionView = (row: ElectionRow): DeskElection => ({
  ...electionView(row),
  keySeats: row.keySeats,
  rehearsal: row.rehearsal,
});
