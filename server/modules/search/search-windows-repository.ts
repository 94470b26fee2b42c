/*
 * The windows of time a search looks for its newest matches in (docs/decisions/022 and 088):
 * the score, the first window with where it begins, and each later window's matches. Which
 * window comes next is search-repository.ts's `searchCandidates`.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Language } from '../../../common/articles';
import type { Db } from '../../../db/client';
import { articleSearch, isPublicInSearch } from '../../../db/schema/search';

/**
 * A match in the title ranks over one in the keywords over one only in the body, and recent
 * articles rank higher: up to twice the score when new, fading over months. The score reads
 * `search_head` (the title's and keywords' lexemes, kept in the row), never the body's TOASTed
 * lexemes: matches only in the body score 0 and follow, newest first.
 */
export const searchScore = (tsquery: string, now: Date) =>
  sql<number>`ts_rank(${articleSearch.searchHead}, ${tsquery}::tsquery)::float8 * (1 + 1 / (1 + extract(epoch from (${now.toISOString()}::timestamptz - ${articleSearch.publishedAt}))::float8 / 2592000.0))`;

export const matchesSearch = (tsquery: string) =>
  sql`${articleSearch.search} @@ ${tsquery}::tsquery`;

/**
 * The first window searched for the newest matches (docs/decisions/022): the newest this many
 * published articles, each tested in turn (about a millisecond). The GIN index costs more than
 * that for a common word (milliseconds to gather tens of thousands of matches), and little for
 * a rare one, whose search goes on to wider windows anyway (search-repository.ts chooses each
 * next window).
 */
export const FIRST_WINDOW_ARTICLES = 200;

export interface SearchCandidate {
  id: string;
  score: number;
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
export async function searchWindowMatches(db: Db, w: SearchWindow): Promise<SearchCandidate[]> {
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
