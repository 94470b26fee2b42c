/*
 * The words the index knows: the closest to a query's word ("Did you mean"), whether words are
 * known, and the Devanagari vocabulary of recent articles (typing suggestions).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import { articleSearch, isPublicInSearch } from '../../../db/schema/search';

/**
 * For each word, the word of a published title, keyword list or slug closest to it by trigrams
 * (pg_trgm's word similarity, through the GIN index) when one is close enough, else null; the
 * word itself when it is one of them (a word the index knows is never respelled). For "Did
 * you mean". One transaction and one statement for all the words.
 */
export async function closestTitleWords(
  db: Db,
  words: string[],
  now: Date,
): Promise<(string | null)[]> {
  if (words.length === 0) return [];
  return transaction(db, async (tx) => {
    // Query words hold no spaces (search-text.ts `words`), so they travel as one string.
    // pg_trgm's default (0.6) misses a dropped vowel in a long word ("brahmputr"); the chosen
    // word must still be similar to what was typed on its own (`%`, 0.3). A row with the word
    // itself is as similar as can be (1), so it is among the best rows when there is one.
    await tx.execute(sql`SET LOCAL pg_trgm.word_similarity_threshold = 0.45`);
    const { rows } = (await tx.execute(sql`
      SELECT q.i, closest.w FROM unnest(string_to_array(${words.join(' ')}, ' ')) WITH ORDINALITY AS q(word, i)
      CROSS JOIN LATERAL (
        SELECT w FROM (
          SELECT ${articleSearch.searchWords} AS words FROM ${articleSearch}
          WHERE ${isPublicInSearch(now)} AND q.word <% ${articleSearch.searchWords}
          ORDER BY word_similarity(q.word, ${articleSearch.searchWords}) DESC
          LIMIT 20
        ) best, unnest(string_to_array(best.words, ' ')) AS w
        WHERE w % q.word
        ORDER BY w = q.word DESC, similarity(w, q.word) DESC, w
        LIMIT 1
      ) closest`)) as unknown as { rows: { i: number | string; w: string }[] };
    const found = new Map(rows.map((r) => [Number(r.i), r.w]));
    return words.map((_, k) => found.get(k + 1) ?? null);
  });
}

/**
 * Whether each word is a word of some published title, keyword list or slug (`search_words`),
 * which "Did you mean" never respells. Through the trigram index (`LIKE` on the word, then the
 * word whole), which needs three letters: a shorter word is answered as known, not checked by
 * reading every row. A few milliseconds at 100,000 articles, where `closestTitleWords` takes
 * tens; one statement for all the words.
 */
export async function knownTitleWords(db: Db, words: string[], now: Date): Promise<boolean[]> {
  if (words.length === 0) return [];
  // Query words are letters, marks and digits only (search-text.ts `words`): no LIKE wildcard,
  // no space; they travel as one string.
  const { rows } = (await db.execute(sql`
    SELECT q.i, length(q.word) < 3 OR EXISTS (
      SELECT 1 FROM ${articleSearch}
      WHERE ${isPublicInSearch(now)}
        AND ${articleSearch.searchWords} LIKE '%' || q.word || '%'
        AND ' ' || ${articleSearch.searchWords} || ' ' LIKE '% ' || q.word || ' %'
    ) AS known
    FROM unnest(string_to_array(${words.join(' ')}, ' ')) WITH ORDINALITY AS q(word, i)`)) as unknown as {
    rows: { i: number | string; known: boolean }[];
  };
  const known = new Map(rows.map((r) => [Number(r.i), r.known]));
  return words.map((_, k) => known.get(k + 1) === true);
}

/** A word of Devanagari letters and signs (no digits, no danda). */
const DEVANAGARI_WORD = '^[\u0900-\u0963\u0971-\u097f]+$';

/**
 * The newest published articles the vocabulary is counted over: a desk's words change with the
 * news, and reading every title of a large archive would cost more than it adds.
 */
export const VOCABULARY_ARTICLES = 5000;

/**
 * The Devanagari words of the newest published articles' titles, keywords and slugs (the
 * index's word list, `search_words`, as "Did you mean" reads it), each with the number of
 * those articles that use it, most used first, at most `limit`: the site's own vocabulary for
 * typing Hindi in Latin letters. Body words are not kept as words by the index (its lexemes
 * mix words with stems, which are no words to offer a writer).
 */
export async function listVocabulary(
  db: Db,
  opts: { now: Date; limit: number },
): Promise<{ word: string; count: number }[]> {
  // Each article's words are distinct (search-document.ts), so a count is of articles. The
  // newest articles come from the published-order index (article_search_published_order_idx).
  const { rows } = (await db.execute(sql`
    SELECT w AS word, count(*)::int AS count
    FROM (
      SELECT ${articleSearch.searchWords} AS words FROM ${articleSearch}
      WHERE ${isPublicInSearch(opts.now)}
      ORDER BY ${articleSearch.publishedAt} DESC, ${articleSearch.articleId} DESC
      LIMIT ${VOCABULARY_ARTICLES}
    ) recent, unnest(string_to_array(recent.words, ' ')) AS w
    WHERE w ~ ${DEVANAGARI_WORD}
    GROUP BY w
    ORDER BY count(*) DESC, w COLLATE "C"
    LIMIT ${opts.limit}`)) as unknown as { rows: { word: string; count: number | string }[] };
  return rows.map((r) => ({ word: r.word, count: Number(r.count) }));
}
