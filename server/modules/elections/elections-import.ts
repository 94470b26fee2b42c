/*
 * Elections made and filled by administrators (issue 69 item 1): an election, then its seats
 * (GeoJSON, or the Lok Sabha seats the product ships), parties and alliances, candidates,
 * previous results and results (CSV). A file is one transaction: its first bad row refuses it
 * by line and nothing of it is kept.
 */
import type { ElectionInput, ImportInput } from '../../../common/schemas/elections';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import { requireRole, type Actor } from '../../lib/actor';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict } from '../../lib/errors';
import { readElectionCsv, type CsvRow } from './elections-csv';
import { seatsOfGeoJson, seatSearchKeys, shippedSeats } from './elections-data';
import {
  candidateBySerial,
  insertElection,
  seatIdsByCode,
  setPrevious,
  upsertAlliance,
  upsertCandidate,
  upsertParty,
  upsertSeats,
  type ElectionRow,
} from './elections-repository';
import { electionImported, type SaveSnapshot, type SnapshotDraft } from './elections-desk';
import { electionView } from './elections-views';

export async function createElection(db: Db, actor: Actor | null, input: ElectionInput) {
  requireRole(actor, 'administrator');
  try {
    return electionView(await insertElection(db, input));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('election.slug_taken');
    throw error;
  }
}

type Seats = Map<string, string>;
const seatOf = (seats: Seats, row: { state_code: string; pc_no: number; line: number }) => {
  const id = seats.get(`${row.state_code}/${row.pc_no}`);
  if (!id) throw badRequest('election.import_unknown_seat', { line: row.line });
  return id;
};

async function importParties(tx: Db, election: ElectionRow, rows: CsvRow<'parties'>[]) {
  for (const row of rows) {
    if (row.alliance)
      await upsertAlliance(tx, {
        electionId: election.id,
        code: row.alliance,
        name: { en: row.alliance, hi: row.alliance_hi ?? row.alliance },
      });
    await upsertParty(tx, {
      electionId: election.id,
      abbreviation: row.abbreviation,
      name: { en: row.name_en, hi: row.name_hi },
      colour: row.colour,
      alliance: row.alliance ?? null,
    });
  }
}

async function importCandidates(tx: Db, seats: Seats, rows: CsvRow<'candidates'>[]) {
  for (const row of rows)
    await upsertCandidate(tx, {
      seatId: seatOf(seats, row),
      serial: row.serial_no,
      name: { en: row.candidate, hi: row.candidate_hi ?? row.candidate },
      party: row.party,
    });
}

async function importPrevious(tx: Db, seats: Seats, rows: CsvRow<'previous'>[]) {
  for (const row of rows)
    await setPrevious(tx, seatOf(seats, row), {
      party: row.party,
      ...(row.candidate ? { candidate: row.candidate } : {}),
      ...(row.margin !== undefined ? { margin: row.margin } : {}),
    });
}

async function importResults(
  tx: Db,
  seats: Seats,
  rows: CsvRow<'results'>[],
  save: (seatId: string, snapshot: SnapshotDraft) => Promise<unknown>,
) {
  for (const row of rows) {
    const seatId = seatOf(seats, row);
    const leader = await candidateBySerial(tx, seatId, row.serial_no);
    if (!leader) throw badRequest('election.import_unknown_candidate', { line: row.line });
    const { votes, margin, round, status } = row;
    await save(seatId, { leaderId: leader.id, votes, margin, round, status });
  }
}

/** One import: everything in it, or (on its first bad row) nothing. */
export async function importInto(
  outbox: Outbox,
  election: ElectionRow,
  input: ImportInput,
  save: SaveSnapshot,
): Promise<number> {
  if (input.kind === 'constituencies') {
    const drafts = input.geojson ? seatsOfGeoJson(input.geojson) : await shippedSeats();
    await outbox.transaction(async (tx, record) => {
      await upsertSeats(
        tx,
        drafts.map((d) => ({ ...d, electionId: election.id, searchKeys: seatSearchKeys(d.name) })),
      );
      record(electionImported(election, input.kind, drafts.length));
    });
    return drafts.length;
  }
  // Read every row first: a file that cannot be read is refused before anything is written.
  const rows = readElectionCsv(input.kind, input.csv);
  await outbox.transaction(async (tx, record) => {
    const seats = input.kind === 'parties' ? new Map() : await seatIdsByCode(tx, election.id);
    if (input.kind === 'parties') await importParties(tx, election, rows as CsvRow<'parties'>[]);
    if (input.kind === 'candidates')
      await importCandidates(tx, seats, rows as CsvRow<'candidates'>[]);
    if (input.kind === 'previous') await importPrevious(tx, seats, rows as CsvRow<'previous'>[]);
    if (input.kind === 'results')
      await importResults(tx, seats, rows as CsvRow<'results'>[], (seatId, snapshot) =>
        save(tx, record, election, seatId, snapshot),
      );
    record(electionImported(election, input.kind, rows.length));
  });
  return rows.length;
}
