/*
 * An edition's own seats first on counting day (issue 69 item 4, the editions issue): a state's
 * edition, or a city's or town's under it, shows a small results block while an election is
 * counted that day: the state's tally and its seats, the edition's own seat first. The page
 * stays the same bytes for everyone and keeps the tags of what it shows (a save refreshes it);
 * it is kept no later than the counting day's start or end, so the block comes and goes on time.
 */
import type { AppServices } from '../../../common/services';
import type { Edition } from '../../../common/schemas/editions';
import type { ElectionPage, SeatLine } from '../../../common/schemas/elections';
import { slugify } from '../../../common/slug';
import { fromZonedInput, zonedDay } from '../../../common/time-zone';

/** Seats the block lists at most: the edition's own first, then the state's others. */
export const EDITION_SEATS_SHOWN = 8;

export type EditionResults = Pick<ElectionPage, 'election' | 'state' | 'tally' | 'parties'> & {
  seats: SeatLine[];
  /** Seats of the state besides those listed. */
  more: number;
};

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whether a seat is the edition's own place: its name in English, Latin typing or Hindi. */
function isOwn(seat: SeatLine, edition: Edition): boolean {
  const names = new Set(
    [edition.slug, edition.names.en, ...edition.latinNames].map((n) => slugify(n)),
  );
  return names.has(slugify(seat.name.en)) || seat.name.hi === edition.names.hi;
}

/** The block for the edition at the end of `trail` (national first), or null when none. */
export async function editionResults(
  ctx: {
    services: Pick<AppServices, 'elections'>;
    keep: (...tags: string[]) => void;
    keepUntil: (at: Date) => void;
  },
  trail: readonly Edition[],
  timeZone: string,
  now: Date = new Date(),
): Promise<EditionResults | null> {
  const edition = trail.at(-1);
  const state = trail.find((e) => e.kind === 'state');
  if (!edition || !state) return null;
  const today = zonedDay(now, timeZone);
  const tomorrow = nextDay(today);
  const counting = await ctx.services.elections.counting(today, tomorrow);
  const midnight = fromZonedInput(`${tomorrow}T00:00`, timeZone);
  // Kept no later than midnight: the block shows on counting day's first read, goes after it.
  if (counting.length > 0 && midnight) ctx.keepUntil(midnight);
  for (const election of counting.filter((e) => e.countingDate === today)) {
    const page =
      (await ctx.services.elections.resultsPage(election.slug, state.slug)) ??
      (await ctx.services.elections.resultsPage(election.slug, slugify(state.names.en)));
    if (!page) continue;
    ctx.keep(...page.tags);
    const own = page.seats.filter((s) => isOwn(s, edition));
    const seats = [...own, ...page.seats.filter((s) => !own.includes(s))];
    return {
      election: page.election,
      state: page.state,
      tally: page.tally,
      parties: page.parties,
      seats: seats.slice(0, EDITION_SEATS_SHOWN),
      more: Math.max(0, seats.length - EDITION_SEATS_SHOWN),
    };
  }
  return null;
}
