/*
 * The demo's counting day (issue 69, README "demo"): the Lok Sabha election of 2024 with the
 * seats the product ships, its parties and alliances, each seat's winner and runner-up and its
 * final result (data/ls2024-*.csv, the Election Commission of India's declared figures; see the
 * README there), and a rehearsal of it replayed at 60× from the moment the demo is seeded, so a
 * newcomer sees a results page count through a twelve-hour day in twelve minutes, then stay on
 * the final tally. Idempotent: an election of that address that exists is left alone. Known by
 * a fixed id (db/seed/demo-marks.ts), so `npm run seed -- --remove` takes both away.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../../db/client';
import { DEMO_IDS } from '../../../db/seed/demo-marks';
import type { Outbox } from '../../events/outbox';
import { electionImported, saveSnapshot } from './elections-desk';
import { importInto } from './elections-import';
import type { ElectionRehearsals } from './elections-replay';
import { electionBySlug, insertElection, seatIdsByCode, setKeySeats } from './elections-repository';
import { insertCandidates, insertResults } from './elections-rehearsal-repository';

const SHIPPED_RESULTS = new URL('./data/ls2024-results.csv', import.meta.url);
const SHIPPED_PARTIES = new URL('./data/ls2024-parties.csv', import.meta.url);

export const DEMO_ELECTION = 'lok-sabha-2024';
/** The demo rehearsal's speed: the day's twelve hours in twelve minutes. */
const DEMO_SPEED = 60;
/** Varanasi, Rae Bareli, Amethi, Wayanad, Thiruvananthapuram, Gandhinagar. */
const KEY_SEATS = ['S24/77', 'S24/36', 'S24/37', 'S11/4', 'S11/20', 'S06/6'];

interface ShippedSeat {
  state_code: string;
  pc_no: string;
  serial_no: string;
  candidate: string;
  party: string;
  votes: string;
  runner_up_serial_no: string;
  runner_up: string;
  runner_up_party: string;
  margin: string;
}

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (header: string, rows: string[][]) =>
  [header, ...rows.map((r) => r.map(cell).join(','))].join('\n');

const shippedParties = () => readFile(SHIPPED_PARTIES, 'utf8');
const shippedRows = async () =>
  parse(await readFile(SHIPPED_RESULTS, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as ShippedSeat[];

/** The shipped results as the import's CSV files: candidates (two a seat), then results. */
export async function shippedImports() {
  const [seats, parties] = await Promise.all([shippedRows(), shippedParties()]);
  const candidates = seats.flatMap((s) => [
    [s.state_code, s.pc_no, s.serial_no, s.candidate, s.party],
    ...(s.runner_up
      ? [[s.state_code, s.pc_no, s.runner_up_serial_no, s.runner_up, s.runner_up_party]]
      : []),
  ]);
  return {
    parties,
    candidates: csvOf('state_code,pc_no,serial_no,candidate,party', candidates),
    results: csvOf(
      'state_code,pc_no,serial_no,votes,margin,round,status',
      seats.map((s) => [s.state_code, s.pc_no, s.serial_no, s.votes, s.margin, '0', 'won']),
    ),
  };
}

/** Seeds the demo's election and its rehearsal; answers whether it made them. */
export async function seedDemoElection(deps: {
  db: Db;
  outbox: Outbox;
  rehearsals: ElectionRehearsals;
}): Promise<boolean> {
  const { db, outbox } = deps;
  if (await electionBySlug(db, DEMO_ELECTION)) return false;
  const election = await insertElection(db, {
    id: DEMO_IDS.election,
    slug: DEMO_ELECTION,
    name: { hi: 'लोकसभा चुनाव 2024', en: 'Lok Sabha election 2024' },
    kind: 'lok-sabha',
    countingDate: '2024-06-04',
    majority: 272,
  });
  await importInto(outbox, election, { kind: 'constituencies', shipped: true }, saveSnapshot);
  await importInto(
    outbox,
    election,
    { kind: 'parties', csv: await shippedParties() },
    saveSnapshot,
  );
  // Candidates and results in a few statements rather than a save each: the first start seeds
  // this (the desk's import of the same files is tested on its own, and by the bench).
  await outbox.transaction(async (tx, record) => {
    const seats = await seatIdsByCode(tx, election.id);
    const rows = await shippedRows();
    const candidates = rows.flatMap((s) => {
      const seatId = seats.get(`${s.state_code}/${s.pc_no}`);
      if (!seatId) return [];
      const one = (serial: string, name: string, party: string) => ({
        seatId,
        serial: Number(serial),
        name: { en: name, hi: name },
        party,
      });
      return [
        one(s.serial_no, s.candidate, s.party),
        ...(s.runner_up ? [one(s.runner_up_serial_no, s.runner_up, s.runner_up_party)] : []),
      ];
    });
    const made = await insertCandidates(tx, candidates);
    const winner = new Map(made.map((c) => [`${c.seatId}#${c.serial}`, c.id]));
    const results = rows.flatMap((s) => {
      const seatId = seats.get(`${s.state_code}/${s.pc_no}`);
      const leaderId = seatId && winner.get(`${seatId}#${s.serial_no}`);
      if (!seatId || !leaderId) return [];
      return [
        {
          ...{ electionId: election.id, seatId, version: 1, leaderId },
          ...{ votes: Number(s.votes), margin: Number(s.margin), round: 0 },
          ...{ status: 'won' as const, source: 'import' as const },
        },
      ];
    });
    await insertResults(tx, results);
    record(electionImported(election, 'results', results.length));
  });
  const seats = await seatIdsByCode(db, election.id);
  const keySeats = KEY_SEATS.map((code) => seats.get(code)).filter((id) => id !== undefined);
  await setKeySeats(db, election.id, keySeats);
  await deps.rehearsals.begin({ ...election, keySeats }, { speed: DEMO_SPEED, from: 'synthetic' });
  return true;
}
