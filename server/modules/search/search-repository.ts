/*
 * The search module's table, `article_search`: a derived index of articles (db/schema/search.ts),
 * written in each save's transaction (search-index-repository.ts). Here: every query that finds
 * articles by their words (a search's windows of time: search-windows-repository.ts); the words
 * the index knows are in search-words-repository.ts.
 */
import { sql } from 'drizzle-orm';
import type { Language } from '../../../common/articles';
import type { Db } from '../../../db/client';
import { articleSearch, isPublicInSearch } from '../../../db/schema/search';
import {
  searchWindowMatches,
  firstSearchWindow,
  type SearchCandidate,
} from './search-windows-repository';

export type { SearchCandidate };

export interface SearchOptions {
  match: string;
  rank: string;
  language?: Language | undefined;
  limit: number;
  offset: number;
  now: Date;
}

/**
 * How many matches search ranks: the most recent ones (issue 10 item 4). A common word ("सरकार")
 * matches thousands of articles; ranking each would read every match's tsvector, so the GIN
 * index finds the matches, the newest SEARCH_CANDIDATES of them are kept, and only those are
 * ranked and paged. The count stops there too: the API says `totalCapped` ("1,000+ results").
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * The next window reaches back as far as the matches found so far say is needed for
 * SEARCH_CANDIDATES + 1 of them, with this margin; sixteen times as far when none was found.
 */
const WINDOW_MARGIN = 1.25;

/** How far back the next window reaches, after one of `span` ms that gave `found` matches. */
const nextSpan = (span: number, found: number, wanted: number) =>
  found === 0 ? span * 16 : Math.max(span * 2, span * (wanted / found) * WINDOW_MARGIN);

/**
 * At most this many matches expected in the rest of the archive, the rest is asked as the last
 * window (docs/decisions/088): reading that many matches from the table costs about what a
 * window's range over a quarter of a million-story archive costs the GIN index (at 1,000,000
 * stories, 2,657 matches read in 15 ms against 51 ms for a six-year window of the same pair).
 */
export const LAST_WINDOW_MATCHES = 4 * SEARCH_CANDIDATES;

/** Where a search stands when it chooses its next window: times in epoch milliseconds. */
export interface WindowChoice {
  /** The next window's start (exclusive) and end. */
  after: number;
  before: number;
  /** The first published article's time, and the time the search counts from. */
  oldest: number;
  now: number;
  /** Matches found from `now` back to `before`. */
  found: number;
}

/**
 * Whether the next window is better asked as the last one, back to the first article with no
 * range (docs/decisions/088). The GIN index gathers every published time in a window's range, a
 * cost that grows with the articles in it, where the last window reads only the matches: so it
 * is the last when it reaches the first article; when the matches found so far, at the rate
 * found, say the rest of the archive holds at most LAST_WINDOW_MATCHES; and, with none found
 * yet, when it would cover more than half of what is left.
 */
export function lastWindow(w: WindowChoice): boolean {
  if (w.after <= w.oldest) return true;
  if (w.found === 0) return w.before - w.after > (w.before - w.oldest) / 2;
  const searched = Math.max(1, w.now - w.before);
  return (w.found * (w.before - w.oldest)) / searched <= LAST_WINDOW_MATCHES;
}

/**
 * The newest published matches, newest first, at most SEARCH_CANDIDATES (what search ranks),
 * each with its score, and whether more match. Looked for a window of time at a time, going
 * back only as far as needed: a common word stops within days, visiting about as many rows as
 * it keeps, where one query over all time visits every match to order them by date. The windows
 * follow one another without overlap or gap, so the result is exactly the newest matches by
 * (published_at, id) that one query over all time would give.
 */
export async function searchCandidates(
  db: Db,
  opts: Pick<SearchOptions, 'match' | 'rank' | 'language' | 'now'>,
): Promise<{ candidates: SearchCandidate[]; more: boolean }> {
  const wanted = SEARCH_CANDIDATES + 1;
  const { rows: firstRows } = (await db.execute(
    firstSearchWindow(db, { ...opts, limit: wanted }),
  )) as unknown as {
    rows: {
      oldest: string | null;
      bounded: boolean | null;
      start: string | null;
      id: string | null;
      score: number | string | null;
    }[];
  };
  const head = firstRows[0];
  if (head?.oldest == null) return { candidates: [], more: false };
  const oldest = Number(head.oldest);
  const found: SearchCandidate[] = [];
  let before = opts.now;
  // Not bounded: the whole archive is the one window, searched below.
  let span = Infinity;
  if (head.bounded) {
    for (const r of firstRows) if (r.id != null) found.push({ id: r.id, score: Number(r.score) });
    before = new Date(Number(head.start));
    span = opts.now.getTime() - before.getTime();
    if (found.length >= wanted)
      return { candidates: found.slice(0, SEARCH_CANDIDATES), more: true };
    span = nextSpan(span, found.length, wanted);
  }
  for (;;) {
    const after = opts.now.getTime() - span;
    const last = lastWindow({
      after,
      before: before.getTime(),
      oldest,
      now: opts.now.getTime(),
      found: found.length,
    });
    const matches = await searchWindowMatches(db, {
      match: opts.match,
      rank: opts.rank,
      language: opts.language,
      after: last ? null : new Date(after),
      before,
      limit: wanted - found.length,
      now: opts.now,
    });
    found.push(...matches);
    if (last || found.length >= wanted) break;
    before = new Date(after);
    span = nextSpan(span, found.length, wanted);
  }
  return { candidates: found.slice(0, SEARCH_CANDIDATES), more: found.length > SEARCH_CANDIDATES };
}

/**
 * The candidates (newest first, as `searchCandidates` gives them) best first: by score, then
 * newest first, as ORDER BY score DESC, published_at DESC, id DESC would (the sort is stable).
 */
export const rankCandidates = (candidates: SearchCandidate[]): string[] =>
  candidates
    .map((_, i) => i)
    .sort((a, b) => candidates[b]!.score - candidates[a]!.score || a - b)
    .map((i) => candidates[i]!.id);

/**
 * How many published articles each tsquery finds (toMatchTsquery's text), counted up to `cap`:
 * what "Did you mean" weighs a respelled word by. One statement for all of them.
 */
export async function countMatches(
  db: Db,
  tsqueries: string[],
  now: Date,
  cap: number,
): Promise<number[]> {
  if (tsqueries.length === 0) return [];
  // A tsquery of quoted lexemes holds no line break (search-text.ts `words`): one string.
  const { rows } = (await db.execute(sql`
    SELECT q.i, (
      SELECT count(*) FROM (
        SELECT 1 FROM ${articleSearch}
        WHERE ${isPublicInSearch(now)} AND ${articleSearch.search} @@ q.m::tsquery
        LIMIT ${cap}
      ) found
    ) AS n
    FROM unnest(string_to_array(${tsqueries.join('\n')}, ${'\n'})) WITH ORDINALITY AS q(m, i)`)) as unknown as {
    rows: { i: number | string; n: number | string }[];
  };
  const counts = new Map(rows.map((r) => [Number(r.i), Number(r.n)]));
  return tsqueries.map((_, k) => counts.get(k + 1) ?? 0);
}
