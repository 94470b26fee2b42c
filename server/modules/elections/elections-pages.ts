/*
 * What an election's public pages show (issue 69 item 4): the results page (the whole election
 * or one state), a seat's page, the map and the blocks embedded in stories. Each answer names
 * the tags of what it shows (common/cache-tags.ts), so a saved result refreshes the pages that
 * show its seat and no other.
 */
import { CacheTags } from '../../../common/cache-tags';
import { electionMapPath, electionPath, electionSeatPath } from '../../../common/paths';
import type {
  ElectionPage,
  ElectionParty,
  ElectionState,
  SeatLine,
  SeatPage,
} from '../../../common/schemas/elections';
import type { Db } from '../../../db/client';
import type { ElectionMaps } from './elections-map-cache';
import {
  alliancesOf,
  candidatesById,
  listSeats,
  newestResults,
  partiesOf,
  type CandidateRow,
  type ElectionRow,
  type ResultRow,
  type SeatRow,
} from './elections-repository';
import { stateBySlug, stateOf } from './elections-states';
import { newestResultsInState, stateCounts } from './elections-states-repository';
import { tallyOf } from './elections-tally';
import { electionView } from './elections-views';

/** A result with its leading candidate. */
export type LedResult = ResultRow & { leader: CandidateRow };

/** Everything a results page reads of an election (or of one state of it), once per render. */
export interface ElectionData {
  election: ElectionRow;
  parties: Record<string, ElectionParty>;
  partyRows: Awaited<ReturnType<typeof partiesOf>>;
  alliances: Awaited<ReturnType<typeof alliancesOf>>;
  /** The election's seats, or the state's. */
  seats: SeatRow[];
  /** Their newest results. */
  results: Map<string, LedResult>;
}

/**
 * The election's parties and alliances, and the seats (of the state `stateCode`, if given) with
 * their newest results and leaders. A state's page reads its own seats' rows only: a desk save
 * refreshes the state's page, and 80 seats of Uttar Pradesh are no reason to read 543.
 */
export async function electionData(
  db: Db,
  election: ElectionRow,
  stateCode?: string,
): Promise<ElectionData> {
  const [partyRows, alliances, seats, newest] = await Promise.all([
    partiesOf(db, election.id),
    alliancesOf(db, election.id),
    listSeats(db, election.id, { keys: [], ...(stateCode ? { state: stateCode } : {}) }),
    stateCode ? newestResultsInState(db, election.id, stateCode) : newestResults(db, election.id),
  ]);
  const leaders = new Map(
    (await candidatesById(db, [...new Set(newest.map((r) => r.leaderId))])).map((c) => [c.id, c]),
  );
  const results = new Map<string, LedResult>();
  for (const r of newest) {
    const leader = leaders.get(r.leaderId);
    if (leader) results.set(r.seatId, { ...r, leader });
  }
  return { election, parties: partiesBy(partyRows), partyRows, alliances, seats, results };
}

/** The election's parties by abbreviation, as pages colour and name them. */
export const partiesBy = (rows: Awaited<ReturnType<typeof partiesOf>>) =>
  Object.fromEntries(
    rows.map((p) => [
      p.abbreviation,
      { abbreviation: p.abbreviation, name: p.name, colour: p.colour, alliance: p.alliance },
    ]),
  ) as Record<string, ElectionParty>;

export const withRehearsal = (election: ElectionRow) => ({
  ...electionView(election),
  rehearsal: election.rehearsal !== null,
});

/** A seat as a results page lists it. */
export function seatLine(data: ElectionData, seat: SeatRow): SeatLine {
  const state = stateOf(seat.stateCode);
  const result = data.results.get(seat.id);
  return {
    _id: seat.id,
    state,
    number: seat.number,
    name: seat.name,
    reserved: seat.reserved,
    path: electionSeatPath(data.election.slug, state.slug, seat),
    result: result
      ? {
          leader: result.leader.name,
          party: result.leader.party,
          votes: result.votes,
          margin: result.margin,
          round: result.round,
          status: result.status,
          source: result.source,
          at: result.at.toISOString(),
        }
      : null,
    previous: seat.previous ?? null,
  };
}

/** The tally of some of the seats (a state's, or all), won and leading apart. */
export function tallyFor(data: ElectionData, seats: readonly SeatRow[]) {
  const results = seats.flatMap((s) => {
    const r = data.results.get(s.id);
    return r ? [{ ...r, party: r.leader.party }] : [];
  });
  return {
    majority: data.election.majority,
    seats: seats.length,
    ...tallyOf({
      parties: data.partyRows,
      alliances: data.alliances,
      results,
      previous: seats.flatMap((s) => (s.previous ? [s.previous.party] : [])),
    }),
  };
}

/**
 * The states with seats in the election, by name, with how many have a result (counted by the
 * database: every state's page lists them all).
 */
function statesOf(counts: Awaited<ReturnType<typeof stateCounts>>) {
  return counts
    .map((c): ElectionState & { seats: number; counted: number } => ({
      ...stateOf(c.code),
      seats: c.seats,
      counted: c.counted,
    }))
    .sort((a, b) => a.name.en.localeCompare(b.name.en));
}

/** The results page: the whole election, or one state of it (undefined: no such state). */
export async function resultsPage(
  db: Db,
  election: ElectionRow,
  maps: ElectionMaps,
  stateSlug?: string,
): Promise<ElectionPage | undefined> {
  const state = stateSlug ? stateBySlug(stateSlug) : undefined;
  if (stateSlug && !state) return undefined;
  const [data, counts] = await Promise.all([
    electionData(db, election, state?.code),
    stateCounts(db, election.id),
  ]);
  const shown = data.seats;
  if (state && shown.length === 0) return undefined;
  const byId = new Map(shown.map((s) => [s.id, s]));
  const map = await maps.projected(election.id, state?.code);
  return {
    election: withRehearsal(election),
    state: state ? { code: state.code, slug: state.slug, name: state.name } : null,
    tally: tallyFor(data, shown),
    parties: data.parties,
    seats: shown.map((s) => seatLine(data, s)),
    keyContests: election.keySeats.flatMap((id) => {
      const seat = byId.get(id);
      return seat ? [seatLine(data, seat)] : [];
    }),
    states: statesOf(counts),
    map: {
      path: electionMapPath(election.slug, state?.slug),
      width: map.width,
      height: map.height,
    },
    tags: [
      CacheTags.electionPages(election.id),
      state
        ? CacheTags.electionState(election.id, state.code)
        : CacheTags.electionView(election.id),
    ],
  };
}

/** A seat's page by its state's address and `77-varanasi` (the number decides). */
export async function seatPage(
  election: ElectionRow,
  stateSlug: string,
  seatKey: string,
  read: {
    seatByNumber(state: string, number: number): Promise<SeatRow | undefined>;
    detail(id: string): Promise<SeatPage['seat']>;
    parties(): Promise<Record<string, ElectionParty>>;
  },
): Promise<SeatPage | undefined> {
  const state = stateBySlug(stateSlug);
  const number = /^(\d+)(?:-|$)/.exec(seatKey)?.[1];
  if (!state || !number) return undefined;
  const row = await read.seatByNumber(state.code, Number(number));
  if (!row) return undefined;
  const [seat, parties] = await Promise.all([read.detail(row.id), read.parties()]);
  return {
    election: withRehearsal(election),
    state: { code: state.code, slug: state.slug, name: state.name },
    seat,
    path: electionSeatPath(election.slug, state.slug, row),
    parties,
    tags: [CacheTags.electionPages(election.id), CacheTags.electionSeat(row.id)],
  };
}

/** Where the election's results page is, for links from elsewhere. */
export const resultsPath = (election: ElectionRow) => electionPath(election.slug);
