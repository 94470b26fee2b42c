import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Language } from '../../../common/articles';
import type { Db } from '../../../db/client';
import { articleSearch, isPublicInSearch } from '../../../db/schema/search';

/*
 * The search module's table, `article_search`: a derived index of articles (db/schema/search.ts),
 * written in each save's transaction (search-index-repository.ts). Here: every query that finds
 * articles by their words; the words the index knows are in search-words-repository.ts.
 */

/**
 * A match in the title ranks over one in the keywords over one only in the body, and recent
 * articles rank higher: up to twice the score when new, fading over months. The score reads
 * `search_head` (the title's and keywords' lexemes, kept in the row), never the body's TOASTed
 * lexemes: matches only in the body score 0 and follow, newest first.
 */
const searchScore = (tsquery: string, now: Date) =>
  sql<number>`ts_rank(${articleSearch.searchHead}, ${tsquery}::tsquery)::float8 * (1 + 1 / (1 + extract(epoch from (${now.toISOString()}::timestamptz - ${articleSearch.publishedAt}))::float8 / 2592000.0))`;

const matchesSearch = (tsquery: string) => sql`${articleSearch.search} @@ ${tsquery}::tsquery`;

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
 * The first window searched for the newest matches (docs/decisions/022): the newest this many
 * published articles, each tested in turn (about a millisecond). The GIN index costs more than
 * that for a common word (milliseconds to gather tens of thousands of matches), and little for
 * a rare one, whose search goes on to wider windows anyway. The next window reaches back as
 * far as the matches found so far say is needed for SEARCH_CANDIDATES + 1 of them, with a
 * margin; sixteen times as far when none was found.
 */
const FIRST_WINDOW_ARTICLES = 200;
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

export interface SearchWindow {
  match: string;
  rank: string;
  language?: Language | undefined;
  /** Published after this time (exclusive); null: since the first article. */
  after: Date | null;
  /** Published at or before this time. */
  before: Date;
  limit: number;
  /** The time the score's recency is counted from. */
  now: Date;
}

/*
 * The matches come from the GIN index. On PostgreSQL it holds each row's publication time beside
 * its lexemes (btree_gin, db/migrations-postgres), so it answers the window's start too, and a
 * common word's matches outside the window are never read from the table (reading them was most
 * of a window's time at 100,000 articles, docs/decisions/022); the embedded engine's index has
 * the lexemes alone, and its matches are filtered by time. The last window, back to the first
 * article, asks for the lexemes alone (the first window is `firstSearchWindow`). `status` is
 * compared as text on purpose, unlike `isPublicArticle`: then the partial "published, newest
 * first" indexes do not apply, and the order is an expression (`+ interval '0'`), so that no
 * date index can serve it: the planner cannot walk one in date order testing each row's vector
 * until enough match (every row's TOASTed lexemes: seconds at 100,000 articles, with a rare
 * word). The GIN index needs no recheck (the query has no weights), so the bitmap reads no
 * TOASTed lexemes either.
 * tests/integration/db/query-plans.test.ts holds this. The score is computed here, on the rows
 * visited anyway, from `search_head` (kept in the row).
 */
/**
 * A window's order, newest first, by its rows' names (`searchWindow`'s `window_at` and `id`): the
 * window's query and the one that packs its matches (`searchWindowMatches`) both say it.
 */
const WINDOW_ORDER = sql.raw('window_at DESC, id DESC');

export function searchWindow(db: Db, w: SearchWindow) {
  return db
    .select({
      id: sql<string>`${articleSearch.articleId}`.as('id'),
      score: searchScore(w.rank, w.now).as('score'),
      at: sql<Date>`${articleSearch.publishedAt} + interval '0 seconds'`.as('window_at'),
    })
    .from(articleSearch)
    .where(
      and(
        sql`${articleSearch.status}::text = 'published'`,
        // The lower bound alone is indexable: the window's start. The upper bound is an
        // expression, so that the last window (no lower bound) offers no date index at all.
        w.after ? gt(articleSearch.publishedAt, w.after) : undefined,
        sql`${articleSearch.publishedAt} + interval '0 seconds' <= ${w.before.toISOString()}::timestamptz`,
        matchesSearch(w.match),
        w.language ? eq(articleSearch.language, w.language) : undefined,
      ),
    )
    .orderBy(WINDOW_ORDER)
    .limit(w.limit);
}

/**
 * A window's matches as one row: `id score` pairs, newest first, joined by commas. A window of
 * a common word holds hundreds of matches, and reading them as rows (each parsed, then mapped)
 * cost the process more than the database spent finding them; ids and floats have no spaces or
 * commas, and a float8 prints as the shortest text that reads back as the same number.
 */
async function searchWindowMatches(db: Db, w: SearchWindow): Promise<SearchCandidate[]> {
  const window = searchWindow(db, w);
  const { rows } = (await db.execute(sql`
    SELECT string_agg(w.id::text || ' ' || w.score::text, ',' ORDER BY ${WINDOW_ORDER}) AS matches
    FROM (${window}) w`)) as unknown as {
    rows: { matches: string | null }[];
  };
  const packed = rows[0]?.matches;
  if (!packed) return [];
  return packed.split(',').map((pair) => {
    const space = pair.indexOf(' ');
    return { id: pair.slice(0, space), score: Number(pair.slice(space + 1)) };
  });
}

/**
 * The first window and where it begins, in one statement (docs/decisions/022): a search's
 * statements are sent one after another, each a round trip. `start` is where the newest
 * FIRST_WINDOW_ARTICLES public articles begin (the publication time of the one after them, to
 * the millisecond, at least a minute back), `oldest` the first published article's time, both
 * as epoch milliseconds. The window is searched only when it is `bounded` (more articles than
 * it holds, and a start after the first article); otherwise the whole archive is one window,
 * which `searchCandidates` asks for on its own. The start is known only when the statement
 * runs, so the planner cannot count the window's rows: the window is therefore asked in the
 * order of the published index (`article_search_published_order_idx`, which takes `status =
 * 'published'` as it is) and bounded by it, a walk of the window's rows that stops at the
 * start; ordered by the expression the other windows use, the planner scanned the whole table
 * (docs/perf/query-notes.md). Its match is written `IS TRUE`, which no index answers
 * (the same rows: a NULL was no match either), so the window's rows are tested, never the GIN
 * index's thousands of matches for a common word gathered. query-plans.test.ts holds this.
 */
export function firstSearchWindow(
  db: Db,
  w: Pick<SearchWindow, 'match' | 'rank' | 'language' | 'limit' | 'now'>,
) {
  const now = sql`${w.now.toISOString()}::timestamptz`;
  const recent = db
    .select({ at: articleSearch.publishedAt })
    .from(articleSearch)
    .where(isPublicInSearch(w.now))
    .orderBy(desc(articleSearch.publishedAt), desc(articleSearch.articleId))
    .offset(FIRST_WINDOW_ARTICLES)
    .limit(1);
  return sql`WITH search_bounds AS (
      SELECT min(${articleSearch.publishedAt}) AS oldest, (${recent}) AS recent
      FROM ${articleSearch} WHERE ${articleSearch.status} = 'published'
    ), search_start AS (
      SELECT oldest, start, recent IS NOT NULL AND start > oldest AS bounded
      FROM search_bounds, LATERAL (
        SELECT least(date_trunc('milliseconds', recent), ${now} - interval '1 minute') AS start
      ) AS window_start
    ), search_window AS (
      SELECT ${articleSearch.articleId} AS id, ${searchScore(w.rank, w.now)} AS score
      FROM ${articleSearch}
      WHERE ${articleSearch.status} = 'published'
        AND ${articleSearch.publishedAt} > (SELECT start FROM search_start)
        AND ${articleSearch.publishedAt} <= ${now}
        AND (${matchesSearch(w.match)}) IS TRUE
        ${w.language ? sql`AND ${articleSearch.language} = ${w.language}` : sql``}
        AND (SELECT bounded FROM search_start)
      ORDER BY ${articleSearch.publishedAt} DESC, ${articleSearch.articleId} DESC
      LIMIT ${w.limit}
    )
    SELECT (floor(extract(epoch FROM s.oldest) * 1000))::text AS oldest, s.bounded,
      (extract(epoch FROM s.start) * 1000)::text AS start, search_window.id, search_window.score
    FROM search_start s LEFT JOIN search_window ON true`;
}

export interface SearchCandidate {
  id: string;
  score: number;
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
