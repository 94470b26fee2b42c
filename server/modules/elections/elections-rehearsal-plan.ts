/*
 * A rehearsal's day as a list of saves (issue 69 item 6, docs/decisions/072), made once when it
 * starts; pure functions, no database. Either the recorded snapshots of the election it copies,
 * in the order they were saved and at the times they were saved, or (for an election whose
 * results came in one import) a synthetic counting day made from its final results: each seat
 * leads in a few rounds from 8 a.m., sometimes with another candidate ahead early, and is
 * declared between late morning and evening. Either way the day's last save of every seat is
 * its recorded final result, so a replay ends with the recorded tally.
 */

/** One save of the day, on the copy's seat and candidate. */
export interface ReplayStep {
  offsetMs: number;
  seatId: string;
  leaderId: string;
  votes: number;
  margin: number;
  round: number;
  status: 'leading' | 'won';
  source: 'desk' | 'import' | 'eci';
  byName: string;
}

/** A recorded snapshot, already on the copy's seat and candidate. */
export interface RecordedSnapshot extends Omit<ReplayStep, 'offsetMs'> {
  at: Date;
  version: number;
}

/** A recorded day shorter than this was one import, not a day: a synthetic one is made. */
export const SHORTEST_RECORDED_DAY_MS = 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The recorded saves in the order they were made, each at its time after the first. */
export function recordedDay(snapshots: RecordedSnapshot[]): ReplayStep[] {
  const sorted = [...snapshots].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.version - b.version,
  );
  const first = sorted[0]?.at.getTime() ?? 0;
  return sorted.map(({ at, version: _version, ...step }) => ({
    ...step,
    offsetMs: at.getTime() - first,
  }));
}

/** The span of a recorded day, first save to last. */
export const spanOf = (steps: readonly ReplayStep[]) =>
  steps.length === 0 ? 0 : Math.max(...steps.map((s) => s.offsetMs));

/** A seat's final result and the other candidates who could have led it early on. */
export interface FinalResult {
  /** Stable for the seat across copies (`S24/77`): the same seat plays the same day. */
  key: string;
  seatId: string;
  leaderId: string;
  others: string[];
  votes: number;
  margin: number;
  round: number;
  status: 'leading' | 'won';
}

/** A small deterministic generator (mulberry32) seeded by the seat's key. */
function randomFor(key: string) {
  let seed = 0;
  for (const ch of key) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One seat's counting day: 2 to 4 leads from 8 a.m., then its final result. */
function seatDay(final: FinalResult): ReplayStep[] {
  const random = randomFor(final.key);
  const leads = 2 + Math.floor(random() * 3);
  const firstLead = 5 * MINUTE + Math.floor(random() * 55 * MINUTE);
  // Declared between 11 a.m. and 7 p.m.; a seat still counting when recorded ends later.
  const end =
    final.status === 'won' ? 3 * HOUR + Math.floor(random() * 8 * HOUR) : 11 * HOUR + HOUR / 2;
  // About one seat in five had another candidate ahead in its first round.
  const flips = final.others.length > 0 && random() < 0.2;
  const base = { seatId: final.seatId, source: 'eci', byName: '' } as const;
  const steps: ReplayStep[] = [];
  for (let k = 1; k <= leads; k++) {
    const share = k / (leads + 1);
    steps.push({
      ...base,
      offsetMs: firstLead + Math.floor(((end - firstLead) * (k - 1)) / leads),
      leaderId: flips && k === 1 ? final.others[0]! : final.leaderId,
      votes: Math.round(final.votes * share),
      margin: Math.max(1, Math.round(final.margin * share * (0.6 + random() * 0.8))),
      round: k * 3,
      status: 'leading',
    });
  }
  steps.push({
    ...base,
    offsetMs: end,
    leaderId: final.leaderId,
    votes: final.votes,
    margin: final.margin,
    round: final.round > 0 ? final.round : (leads + 1) * 3,
    status: final.status,
  });
  return steps;
}

/** A synthetic counting day from final results, every save in time order. */
export function syntheticDay(finals: FinalResult[]): ReplayStep[] {
  return finals
    .flatMap(seatDay)
    .sort((a, b) => a.offsetMs - b.offsetMs || a.seatId.localeCompare(b.seatId));
}
