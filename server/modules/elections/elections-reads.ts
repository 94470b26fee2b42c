/*
 * What readers ask of an election (issue 69 item 3): the tally, the seats (by state, status and
 * name typed in Hindi or Latin letters, or number) and one contest with its history.
 */
import type { SeatDetail, SeatsQuery, Snapshot, Tally } from '../../../common/schemas/elections';
import type { Db } from '../../../db/client';
import { notFound } from '../../lib/errors';
import { searchKeysOf } from './elections-data';
import {
  alliancesOf,
  candidatesOf,
  listSeats,
  newestResults,
  partiesOf,
  resultsOfSeat,
  seatById,
  seatCount,
  type ElectionRow,
  type ResultRow,
} from './elections-repository';
import { tallyOf } from './elections-tally';
import { candidateView, electionView, seatView } from './elections-views';

export function electionReads(
  db: Db,
  found: (slug: string) => Promise<ElectionRow>,
  snapshots: (rows: ResultRow[]) => Promise<Snapshot[]>,
) {
  return {
    async tally(slug: string): Promise<Tally> {
      const election = await found(slug);
      const [parties, alliances, results, seats] = await Promise.all([
        partiesOf(db, election.id),
        alliancesOf(db, election.id),
        newestResults(db, election.id),
        listSeats(db, election.id, { keys: [] }),
      ]);
      const party = new Map(
        (
          await candidatesOf(
            db,
            results.map((r) => r.seatId),
          )
        ).map((c) => [c.id, c.party]),
      );
      const previous = seats.flatMap((s) => (s.previous ? [s.previous.party] : []));
      return {
        election: electionView(election),
        majority: election.majority,
        seats: await seatCount(db, election.id),
        ...tallyOf({
          parties,
          alliances,
          results: results.map((r) => ({ ...r, party: party.get(r.leaderId) ?? 'IND' })),
          previous,
        }),
      };
    },

    /** Seats by state, by status and by name in Hindi or Latin typing (or by number). */
    async seats(slug: string, query: SeatsQuery) {
      const election = await found(slug);
      const q = query.q ?? '';
      const number = /^\d+$/.test(q) ? Number(q) : undefined;
      const [rows, results] = await Promise.all([
        listSeats(db, election.id, {
          ...(query.state ? { state: query.state } : {}),
          keys: number === undefined ? searchKeysOf(q) : [],
          ...(number !== undefined ? { number } : {}),
        }),
        newestResults(db, election.id),
      ]);
      const views = await snapshots(results);
      const bySeat = new Map(views.map((v) => [v.seat, v]));
      const seats = rows
        .map((row) => seatView(row, bySeat.get(row.id) ?? null))
        .filter((s) =>
          query.status === undefined
            ? true
            : query.status === 'awaited'
              ? s.result === null
              : s.result?.status === query.status,
        );
      return { seats };
    },

    /** One contest: the seat, its candidates and every snapshot, the newest first. */
    async seat(slug: string, id: string): Promise<SeatDetail> {
      const election = await found(slug);
      const row = await seatById(db, election.id, id);
      if (!row) throw notFound('election.seat_not_found');
      const [candidates, history] = await Promise.all([
        candidatesOf(db, [id]),
        resultsOfSeat(db, id).then(snapshots),
      ]);
      return {
        ...seatView(row, history[0] ?? null),
        candidates: candidates.map(candidateView),
        history,
      };
    },
  };
}
