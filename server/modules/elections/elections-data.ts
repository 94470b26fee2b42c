/*
 * The constituency data the product ships (issue 69 item 1; STYLE.md "Data you ship is data,
 * not code"): ./data/ beside this file holds the shapes of the 543 Lok Sabha seats (DataMeet, CC0) and
 * the table from their census state codes to ECI's. Read from disk when an import asks for
 * them, never fetched at run time, never a literal in code.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { RESERVED, type ElectionNames } from '../../../common/schemas/elections';
import {
  normaliseText,
  words,
  isDevanagari,
  latinKey,
  looseLatin,
} from '../../../common/search/search-text';
import { badRequest } from '../../lib/errors';

const SHIPPED_SHAPES = new URL('./data/india_pc_2019_simplified.geojson', import.meta.url);
const SHIPPED_CODES = new URL('./data/eci-codes.json', import.meta.url);

/** A seat as an import brings it: ECI's state code and number, names, reservation, shape. */
export interface SeatDraft {
  stateCode: string;
  number: number;
  name: ElectionNames;
  reserved: (typeof RESERVED)[number];
  shape: { type: string; coordinates: unknown };
}

const CodesSchema = z.object({
  states: z.record(z.string(), z.string()),
  seats: z.record(z.string(), z.string()),
});
type Codes = z.infer<typeof CodesSchema>;

const text = z.string().trim().min(1);
/**
 * One feature: ECI codes (`eci_st_code`, `pc_no`) as a desk's file would give them, or the
 * shipped file's census code (`st_code`), mapped through eci-codes.json.
 */
const FeatureSchema = z.object({
  properties: z.object({
    eci_st_code: z
      .string()
      .regex(/^[SU]\d{2}$/)
      .optional(),
    st_code: z.union([z.number(), z.string()]).optional(),
    pc_no: z.coerce.number().int().min(1),
    pc_name: text,
    pc_name_hi: text,
    pc_name_mr: text.optional(),
    pc_name_gu: text.optional(),
    pc_category: z.enum(RESERVED).default('GEN'),
  }),
  geometry: z.object({
    type: z.enum(['Polygon', 'MultiPolygon']),
    coordinates: z.array(z.unknown()),
  }),
});

/** The seat a feature is in ECI's terms, or undefined when its state code is unknown. */
function eciSeat(props: z.infer<typeof FeatureSchema>['properties'], codes: Codes | undefined) {
  if (props.eci_st_code) return { stateCode: props.eci_st_code, number: props.pc_no };
  if (props.st_code === undefined || !codes) return undefined;
  const moved = codes.seats[`${props.st_code}/${props.pc_no}`];
  if (moved) {
    const [stateCode, number] = moved.split('/');
    return { stateCode: stateCode!, number: Number(number) };
  }
  const stateCode = codes.states[String(props.st_code)];
  return stateCode ? { stateCode, number: props.pc_no } : undefined;
}

/**
 * The seats of a GeoJSON FeatureCollection. A feature without a known state, a number, an
 * English and a Hindi name or a polygon refuses the whole file, by its place (1 = the first).
 */
export function seatsOfGeoJson(text: string, codes?: Codes): SeatDraft[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('election.import_unreadable', { line: 1 });
  }
  const features = (parsed as { features?: unknown })?.features;
  if (!Array.isArray(features)) throw badRequest('election.import_shapes_invalid', { line: 1 });
  return features.map((feature, index) => {
    const ok = FeatureSchema.safeParse(feature);
    const seat = ok.success ? eciSeat(ok.data.properties, codes) : undefined;
    if (!ok.success || !seat)
      throw badRequest('election.import_shapes_invalid', { line: index + 1 });
    const p = ok.data.properties;
    return {
      ...seat,
      name: {
        en: p.pc_name,
        hi: p.pc_name_hi,
        ...(p.pc_name_mr ? { mr: p.pc_name_mr } : {}),
        ...(p.pc_name_gu ? { gu: p.pc_name_gu } : {}),
      },
      reserved: p.pc_category,
      shape: ok.data.geometry,
    };
  });
}

/** The 543 Lok Sabha seats as the product ships them (delimitation of 2008; see its README). */
export async function shippedSeats(): Promise<SeatDraft[]> {
  const [shapes, codes] = await Promise.all([
    readFile(SHIPPED_SHAPES, 'utf8'),
    readFile(SHIPPED_CODES, 'utf8'),
  ]);
  return seatsOfGeoJson(shapes, CodesSchema.parse(JSON.parse(codes)));
}

/** A word's key for typing in either script: Devanagari romanised, Latin loosened. */
const keyOf = (word: string) => (isDevanagari(word) ? latinKey(word) : looseLatin(word));

/** The keys a text is found by (a seat's names; a desk member's query), each a word. */
export const searchKeysOf = (text: string): string[] =>
  words(normaliseText(text))
    .map(keyOf)
    .filter((key) => key.length > 0);

/** What a seat's `searchKeys` column holds: its names' keys, spaced so `% key` finds a word start. */
export const seatSearchKeys = (name: ElectionNames) =>
  ` ${[...new Set(searchKeysOf(Object.values(name).join(' ')))].join(' ')} `;
