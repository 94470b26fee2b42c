/*
 * The tally readers trust (issue 69 item 3): per party and per alliance, seats won and seats
 * leading apart, their total named as such, and the change against the seats' previous
 * results. Every figure carries the sources of the results it counts and the newest of their
 * times (common/schemas/elections.ts `Figure`). A pure function of the newest snapshots.
 */
import type { Figure, ResultSource, Tally } from '../../../common/schemas/elections';
import type { AllianceRow, PartyRow, ResultRow } from './elections-repository';

/** A figure being counted: its value, the sources seen and the newest time. */
class Count {
  value = 0;
  sources = new Set<ResultSource>();
  at: Date | null = null;
  add(result?: { source: ResultSource; at: Date }, by = 1) {
    this.value += by;
    if (!result) return;
    this.sources.add(result.source);
    if (!this.at || result.at > this.at) this.at = result.at;
  }
  figure(): Figure {
    return {
      value: this.value,
      sources: [...this.sources].sort(),
      at: this.at?.toISOString() ?? null,
    };
  }
}

interface Row {
  won: Count;
  leading: Count;
  previous: Count;
}
const row = (): Row => ({ won: new Count(), leading: new Count(), previous: new Count() });

function figures(r: Row) {
  const total = new Count();
  for (const part of [r.won, r.leading]) {
    total.value += part.value;
    for (const s of part.sources) total.sources.add(s);
    if (part.at && (!total.at || part.at > total.at)) total.at = part.at;
  }
  const change = new Count();
  change.value = total.value - r.previous.value;
  change.sources = new Set(total.sources);
  change.at = total.at;
  return {
    won: r.won.figure(),
    leading: r.leading.figure(),
    total: total.figure(),
    change: change.figure(),
  };
}

export interface TallyInput {
  parties: PartyRow[];
  alliances: AllianceRow[];
  /** The newest snapshot of each seat that has one, with its leader's party. */
  results: (ResultRow & { party: string })[];
  /** The party that won each seat last time, where known. */
  previous: string[];
}

export function tallyOf(input: TallyInput): Omit<Tally, 'election' | 'majority' | 'seats'> {
  const byParty = new Map<string, Row>();
  const of = (party: string) => byParty.get(party) ?? byParty.set(party, row()).get(party)!;
  let newest: Date | null = null;
  for (const result of input.results) {
    of(result.party)[result.status === 'won' ? 'won' : 'leading'].add(result);
    if (!newest || result.at > newest) newest = result.at;
  }
  for (const party of input.previous) of(party).previous.add(undefined);
  const known = new Map(input.parties.map((p) => [p.abbreviation, p]));
  const byAlliance = new Map(input.alliances.map((a) => [a.code, row()]));
  const parties = [...byParty].map(([abbreviation, r]) => {
    const party = known.get(abbreviation);
    const alliance = party?.alliance ?? null;
    const sum = alliance ? byAlliance.get(alliance) : undefined;
    if (sum)
      for (const key of ['won', 'leading', 'previous'] as const) {
        sum[key].value += r[key].value;
        for (const s of r[key].sources) sum[key].sources.add(s);
        if (r[key].at && (!sum[key].at || r[key].at! > sum[key].at!)) sum[key].at = r[key].at;
      }
    return {
      party: abbreviation,
      name: party?.name ?? { en: abbreviation, hi: abbreviation },
      colour: party?.colour ?? '#888888',
      alliance,
      ...figures(r),
    };
  });
  parties.sort((a, b) => b.total.value - a.total.value || a.party.localeCompare(b.party));
  const alliances = input.alliances
    .map((a) => ({
      alliance: a.code,
      name: a.name,
      colour: a.colour,
      ...figures(byAlliance.get(a.code)!),
    }))
    .sort((a, b) => b.total.value - a.total.value);
  return { newest: newest?.toISOString() ?? null, parties, alliances };
}
