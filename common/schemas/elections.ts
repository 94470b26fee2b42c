/*
 * The election results desk's payloads (issue 69, DECISIONS.md §32). Every figure a reader is
 * shown travels as a `Figure`: its value with the sources it was made from and the time of the
 * newest of them (STYLE.md "Numbers readers trust carry their source"), so no screen can show
 * a number without saying where and when it came from.
 */
import { z } from 'zod';
import { IdSchema } from './common';
import { RehearsalStateSchema } from './election-rehearsal';

export const ELECTION_KINDS = ['lok-sabha', 'vidhan-sabha'] as const;
export const RESERVED = ['GEN', 'SC', 'ST'] as const;
export const RESULT_STATUSES = ['leading', 'won'] as const;
/** Where a result came from: typed at the desk, imported from a file, or read from ECI. */
export const RESULT_SOURCES = ['desk', 'import', 'eci'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

/** The most bytes of CSV or GeoJSON one import carries (the shipped shapes are 1.9 MB). */
export const ELECTION_IMPORT_MAX = 8 * 1024 * 1024;

const NAME_MAX = 200;
const name = z.string().trim().min(1).max(NAME_MAX);
export const ElectionNamesSchema = z.object({
  hi: name,
  en: name,
  mr: name.optional(),
  gu: name.optional(),
});
export type ElectionNames = z.infer<typeof ElectionNamesSchema>;

/** ECI's state codes: `S24` for a state, `U08` for a union territory. */
export const EciStateSchema = z.string().regex(/^[SU]\d{2}$/);
const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(100);

/** `POST /api/elections` (administrators). */
export const ElectionInputSchema = z.object({
  slug: SlugSchema,
  name: ElectionNamesSchema,
  kind: z.enum(ELECTION_KINDS),
  state: EciStateSchema.optional(),
  countingDate: z.iso.date(),
  majority: z.int().min(1).max(10_000),
});
export type ElectionInput = z.infer<typeof ElectionInputSchema>;

export const ElectionSchema = ElectionInputSchema.extend({ _id: z.string() });
export type Election = z.infer<typeof ElectionSchema>;

/** An election as the desk lists it: with its key contests and whether it is a rehearsal. */
export const DeskElectionSchema = ElectionSchema.extend({
  keySeats: z.array(z.string()),
  rehearsal: RehearsalStateSchema.nullable(),
});
export type DeskElection = z.infer<typeof DeskElectionSchema>;
/** One election as the desk opens it: with the states its seats are in, by ECI code. */
export const DeskElectionDetailSchema = DeskElectionSchema.extend({
  states: z.array(z.object({ code: z.string(), name: ElectionNamesSchema })),
});
export type DeskElectionDetail = z.infer<typeof DeskElectionDetailSchema>;

export const ElectionParamsSchema = z.object({ slug: SlugSchema });
export const SeatParamsSchema = ElectionParamsSchema.extend({ id: IdSchema });

/**
 * `POST /api/elections/{slug}/import` (administrators): seats from GeoJSON (or the Lok Sabha
 * seats the product ships, `shipped: true`), or parties, candidates, previous results or
 * results from CSV. One file is one transaction: a bad row refuses all of it, by line.
 */
export const ImportInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('constituencies'),
    shipped: z.literal(true).optional(),
    geojson: z.string().max(ELECTION_IMPORT_MAX).optional(),
  }),
  z.object({
    kind: z.enum(['parties', 'candidates', 'previous', 'results']),
    csv: z.string().max(ELECTION_IMPORT_MAX),
  }),
]);
export type ImportInput = z.infer<typeof ImportInputSchema>;
export const ImportReportSchema = z.object({ kind: z.string(), imported: z.int() });

/**
 * `POST /api/elections/{slug}/results` (editors and up): one seat's result as the desk sees
 * it. `basedOn` is the snapshot the desk member was looking at (null or absent for a seat
 * with none yet): a save against anything older than the seat's newest is refused (409).
 */
export const ResultInputSchema = z.object({
  seat: IdSchema,
  leader: IdSchema,
  votes: z.int().min(0),
  margin: z.int().min(0),
  round: z.int().min(0).max(1000).default(0),
  status: z.enum(RESULT_STATUSES),
  basedOn: IdSchema.nullable().optional(),
});
export type ResultInput = z.infer<typeof ResultInputSchema>;

export const CandidateSchema = z.object({
  _id: z.string(),
  serial: z.int(),
  name: ElectionNamesSchema,
  party: z.string(),
});

/** One snapshot of a seat's result, with who saved it, when and from where. */
export const SnapshotSchema = z.object({
  _id: z.string(),
  seat: z.string(),
  version: z.int(),
  leader: CandidateSchema,
  votes: z.number(),
  margin: z.number(),
  round: z.int(),
  status: z.enum(RESULT_STATUSES),
  source: z.enum(RESULT_SOURCES),
  basedOn: z.string().nullable(),
  by: z.object({ _id: z.string().nullable(), name: z.string() }),
  at: z.string(),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** A number as readers are shown it: with the sources it was made from and their newest time. */
export const FigureSchema = z.object({
  value: z.number(),
  sources: z.array(z.enum(RESULT_SOURCES)),
  at: z.string().nullable(),
});
export type Figure = z.infer<typeof FigureSchema>;

/** A party's or an alliance's seats: won and leading apart, `total` says it is their sum. */
const TallyRowSchema = z.object({
  won: FigureSchema,
  leading: FigureSchema,
  /** Won plus leading, named as such wherever it is shown. */
  total: FigureSchema,
  /** Total against the seats it won last time (the seats' previous results). */
  change: FigureSchema,
});
export const TallySchema = z.object({
  election: ElectionSchema,
  majority: z.int(),
  seats: z.int(),
  newest: z.string().nullable(),
  parties: z.array(
    TallyRowSchema.extend({
      party: z.string(),
      name: ElectionNamesSchema,
      colour: z.string(),
      alliance: z.string().nullable(),
    }),
  ),
  alliances: z.array(
    TallyRowSchema.extend({ alliance: z.string(), name: ElectionNamesSchema, colour: z.string() }),
  ),
});
export type Tally = z.infer<typeof TallySchema>;

export const SeatsQuerySchema = z.object({
  state: EciStateSchema.optional(),
  status: z.enum(['leading', 'won', 'awaited']).optional(),
  q: z.string().trim().max(100).optional(),
});
export type SeatsQuery = z.infer<typeof SeatsQuerySchema>;

export const SeatSchema = z.object({
  _id: z.string(),
  state: z.string(),
  number: z.int(),
  name: ElectionNamesSchema,
  reserved: z.enum(RESERVED),
  /** The newest snapshot, or null while the seat awaits its first. */
  result: SnapshotSchema.nullable(),
  previous: z
    .object({ party: z.string(), candidate: z.string().optional(), margin: z.number().optional() })
    .nullable(),
});
export type Seat = z.infer<typeof SeatSchema>;
export const SeatListSchema = z.object({ seats: z.array(SeatSchema) });
export const SeatDetailSchema = SeatSchema.extend({
  candidates: z.array(CandidateSchema),
  history: z.array(SnapshotSchema),
});
export type SeatDetail = z.infer<typeof SeatDetailSchema>;

/**
 * `PUT /api/elections/{slug}/key-contests` (editors and up): the seats the desk chose to show
 * first on the results pages, in order (issue 69 item 4).
 */
export const KEY_CONTESTS_MAX = 24;
export const KeyContestsInputSchema = z.object({
  seats: z.array(IdSchema).max(KEY_CONTESTS_MAX),
});
export type KeyContestsInput = z.infer<typeof KeyContestsInputSchema>;

/** A state of India as results pages name it: ECI's code, its page's address, its names. */
export interface ElectionState {
  code: string;
  slug: string;
  name: ElectionNames;
}

/** A party as a results page colours and names it. */
export interface ElectionParty {
  abbreviation: string;
  name: ElectionNames;
  colour: string;
  alliance: string | null;
}

/** One seat on a results page: where it is, and its newest result (or none yet). */
export interface SeatLine {
  _id: string;
  state: ElectionState;
  number: number;
  name: ElectionNames;
  reserved: (typeof RESERVED)[number];
  path: string;
  result: {
    leader: ElectionNames;
    party: string;
    votes: number;
    margin: number;
    round: number;
    status: (typeof RESULT_STATUSES)[number];
    source: ResultSource;
    at: string;
  } | null;
  previous: Seat['previous'];
}

/** An election counted on a given day, as an edition's page asks (issue 69 item 4). */
export interface CountingElection {
  slug: string;
  countingDate: string;
  /** The state of a state's election (ECI code), null for the Lok Sabha. */
  state: string | null;
}

/**
 * What an election's results page shows (issue 69 item 4), for the whole election or one
 * state: the tally, the seats with their results, the desk's key contests, the map's address.
 */
export interface ElectionPage {
  election: Election & { rehearsal: boolean };
  /** The state shown, or null for the whole election. */
  state: ElectionState | null;
  tally: Omit<Tally, 'election'>;
  parties: Record<string, ElectionParty>;
  seats: SeatLine[];
  keyContests: SeatLine[];
  /** Every state with seats in the election, with how many have a result. */
  states: (ElectionState & { seats: number; counted: number })[];
  map: { path: string; width: number; height: number };
  /** What the page shows, for its kept copy's tags (common/cache-tags.ts). */
  tags: string[];
}

/** A seat's own page: its contest, every saved snapshot, its state and the parties. */
export interface SeatPage {
  election: Election & { rehearsal: boolean };
  state: ElectionState;
  seat: SeatDetail;
  path: string;
  parties: Record<string, ElectionParty>;
  tags: string[];
}
