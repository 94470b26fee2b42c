import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, ownedBy, timestamps } from './columns';

/** A name as the desk writes it: Hindi and English always, Marathi and Gujarati when known. */
export type ElectionNames = { hi: string; en: string; mr?: string; gu?: string };

/**
 * One election (issue 69 item 1, DECISIONS.md §32): a Lok Sabha or a state's Vidhan Sabha
 * poll, counted on one day. `majority` is the seats a party or alliance needs.
 */
export const elections = pgTable('elections', {
  id: id(),
  slug: text().notNull().unique(),
  name: jsonb().$type<ElectionNames>().notNull(),
  kind: text().$type<'lok-sabha' | 'vidhan-sabha'>().notNull(),
  /** ECI state code (`S24`) of a Vidhan Sabha election; null for the Lok Sabha. */
  state: text(),
  countingDate: date({ mode: 'string' }).notNull(),
  majority: integer().notNull(),
  /** The seats the desk chose to show first on the results pages, in order (issue 69 item 4). */
  keySeats: jsonb().$type<string[]>().notNull().default([]),
  /**
   * Set on a rehearsal (issue 69 item 6): a copy of another election whose recorded day is
   * replayed on it at `speed` times, from `startedAt`. Readers' pages say it is a rehearsal
   * and search engines are kept out.
   */
  rehearsal: jsonb().$type<ElectionRehearsal>(),
  ...timestamps,
});

/** A rehearsal's replay: what it copies, how fast, from when, and how far it has come. */
export interface ElectionRehearsal {
  /** The election it copies (null once that one is gone), and its address. */
  of: string | null;
  ofSlug: string;
  /** `snapshots`: the recorded saves of `of`; `synthetic`: a day made from its final results. */
  from: 'snapshots' | 'synthetic';
  speed: number;
  startedAt: string;
  /** How many of the day's saves have been made on the copy, of how many. */
  played: number;
  total: number;
  /** The recorded day's length (ms from its first save to its last): it ends at startedAt + span / speed. */
  span: number;
  /** Set when an administrator stopped it before its end. */
  stoppedAt: string | null;
}

/**
 * A seat of one election, known by ECI's state code and number (`S24`, 77). Its shape is a
 * GeoJSON geometry, kept as given (the map draws it); `searchKeys` holds its names folded for
 * typing in Hindi or in Latin letters (common/search/search-text.ts).
 */
export const electionSeats = pgTable(
  'election_seats',
  {
    id: id(),
    electionId: ownedBy(() => elections.id),
    stateCode: text().notNull(),
    number: integer().notNull(),
    name: jsonb().$type<ElectionNames>().notNull(),
    reserved: text().$type<'GEN' | 'SC' | 'ST'>().notNull().default('GEN'),
    shape: jsonb().$type<{ type: string; coordinates: unknown }>(),
    searchKeys: text().notNull().default(''),
    /** The last election's result here, for swing: the winning party and its margin. */
    previous: jsonb().$type<{ party: string; candidate?: string; margin?: number }>(),
  },
  (t) => [uniqueIndex('election_seats_number_idx').on(t.electionId, t.stateCode, t.number)],
);

/** A party in one election (ECI's abbreviation), its names, its colour and its alliance. */
export const electionParties = pgTable(
  'election_parties',
  {
    id: id(),
    electionId: ownedBy(() => elections.id),
    abbreviation: text().notNull(),
    name: jsonb().$type<ElectionNames>().notNull(),
    colour: text().notNull().default('#888888'),
    /** An alliance's code in this election (`NDA`), or null for a party on its own. */
    alliance: text(),
  },
  (t) => [uniqueIndex('election_parties_abbr_idx').on(t.electionId, t.abbreviation)],
);

/** An alliance of one election: its code and its names (its parties name it). */
export const electionAlliances = pgTable(
  'election_alliances',
  {
    id: id(),
    electionId: ownedBy(() => elections.id),
    code: text().notNull(),
    name: jsonb().$type<ElectionNames>().notNull(),
    colour: text().notNull().default('#888888'),
  },
  (t) => [uniqueIndex('election_alliances_code_idx').on(t.electionId, t.code)],
);

/** A candidate standing in one seat, by the party's abbreviation (`IND` for none). */
export const electionCandidates = pgTable(
  'election_candidates',
  {
    id: id(),
    seatId: ownedBy(() => electionSeats.id),
    serial: integer().notNull(),
    name: jsonb().$type<ElectionNames>().notNull(),
    party: text().notNull(),
  },
  (t) => [uniqueIndex('election_candidates_serial_idx').on(t.seatId, t.serial)],
);

/**
 * A seat's result as someone saw it (issue 69 item 2): append-only, never overwritten. The
 * newest row of a seat is its result; `basedOn` is the row its author saw, so a save made
 * against an older one is refused (409) rather than hiding a colleague's newer figures.
 * `version` counts a seat's snapshots (1, 2, …); the unique index makes two saves on the same
 * version impossible on both engines, whichever commits second.
 */
export const electionResults = pgTable(
  'election_results',
  {
    id: id(),
    electionId: ownedBy(() => elections.id),
    seatId: ownedBy(() => electionSeats.id),
    version: integer().notNull(),
    leaderId: uuid()
      .notNull()
      .references(() => electionCandidates.id, { onDelete: 'cascade' }),
    votes: bigint({ mode: 'number' }).notNull(),
    margin: bigint({ mode: 'number' }).notNull(),
    round: integer().notNull().default(0),
    status: text().$type<'leading' | 'won'>().notNull(),
    source: text().$type<'desk' | 'import' | 'eci'>().notNull(),
    basedOn: uuid(),
    /** Who saved it (their name copied in, so the history reads right after they are gone). */
    byId: uuid(),
    byName: text().notNull().default(''),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('election_results_version_idx').on(t.seatId, t.version),
    index('election_results_election_idx').on(t.electionId, t.at),
  ],
);

/**
 * A rehearsal's day, save by save (issue 69 item 6): made once when it starts, from the recorded
 * snapshots of the election it copies or from its final results, on the copy's own seats and
 * candidates. The replay job plays them in `seq` order when `offsetMs / speed` has passed since
 * the start; `elections.rehearsal.played` says how many are done (docs/decisions/072).
 */
export const electionReplaySteps = pgTable(
  'election_replay_steps',
  {
    id: id(),
    electionId: ownedBy(() => elections.id),
    seq: integer().notNull(),
    /** When in the recorded day (ms after its first save). */
    offsetMs: bigint({ mode: 'number' }).notNull(),
    seatId: ownedBy(() => electionSeats.id),
    leaderId: uuid()
      .notNull()
      .references(() => electionCandidates.id, { onDelete: 'cascade' }),
    votes: bigint({ mode: 'number' }).notNull(),
    margin: bigint({ mode: 'number' }).notNull(),
    round: integer().notNull().default(0),
    status: text().$type<'leading' | 'won'>().notNull(),
    source: text().$type<'desk' | 'import' | 'eci'>().notNull(),
    /** Who made the recorded save (copied in; empty for a synthetic day's). */
    byName: text().notNull().default(''),
  },
  (t) => [uniqueIndex('election_replay_steps_seq_idx').on(t.electionId, t.seq)],
);
