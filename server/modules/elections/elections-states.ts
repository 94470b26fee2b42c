/*
 * India's states and union territories by the Election Commission's code (`S24`), with the
 * address of their results page (`uttar-pradesh`) and their names (data/states.json, ours:
 * ECI's list of 2024 with the Hindi names the Hindi press uses). Read once from disk.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ElectionNames } from '../../../common/schemas/elections';

const STATES_FILE = new URL('./data/states.json', import.meta.url);

const StatesSchema = z.record(
  z.string().regex(/^[SU]\d{2}$/),
  z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), en: z.string(), hi: z.string() }),
);

export interface StateInfo {
  code: string;
  slug: string;
  name: ElectionNames;
}

let states: Map<string, StateInfo> | undefined;

/** Every state and union territory, by ECI code. */
export function statesByCode(): Map<string, StateInfo> {
  states ??= new Map(
    Object.entries(StatesSchema.parse(JSON.parse(readFileSync(STATES_FILE, 'utf8')))).map(
      ([code, s]) => [code, { code, slug: s.slug, name: { en: s.en, hi: s.hi } }],
    ),
  );
  return states;
}

/** A state by ECI code; an unknown code (a desk's own file) is named by its code. */
export const stateOf = (code: string): StateInfo =>
  statesByCode().get(code) ?? { code, slug: code.toLowerCase(), name: { en: code, hi: code } };

/** A state by its results page's address (`uttar-pradesh`) or its code (`S24`, `s24`). */
export function stateBySlug(slug: string): StateInfo | undefined {
  const upper = slug.toUpperCase();
  for (const state of statesByCode().values())
    if (state.slug === slug || state.code === upper) return state;
  return /^[SU]\d{2}$/.test(upper) ? stateOf(upper) : undefined;
}
