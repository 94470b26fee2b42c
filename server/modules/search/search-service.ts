/*
 * Reader search (DECISIONS.md §12) and its index of articles (`article_search`, this module's
 * table): the query goes through the same normaliser as the articles did. When it finds few
 * articles, each word the index does not know is swapped for the nearest word of a published
 * title, keyword list or slug (trigrams) that finds more, and that spelling is offered ("Did you
 * mean"): beside the query's own results when it found some, in their place only when it found
 * none (issue 45 item 1). The index is written by the articles service through `index(tx, …)`
 * inside each save's transaction, and re-made on start when an older normaliser made it.
 */
import type { Language } from '../../../common/articles';
import type { ArticleCard } from '../../../common/schemas/articles';
import {
  VOCABULARY_MAX,
  type SearchResponse,
  type Vocabulary,
} from '../../../common/schemas/search';
import { SEARCH_VERSION } from '../../../common/search/search-document';
import { latinKey } from '../../../common/search/search-text';
import { markMatches, snippet } from '../../../common/search/search-snippet';
import {
  queryTerms,
  toMatchTsquery,
  toTsquery,
  type QueryTerm,
} from '../../../common/search/search-query';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { countMatches, rankCandidates, searchCandidates } from './search-repository';
import { closestTitleWords, knownTitleWords, listVocabulary } from './search-words-repository';
import { indexArticle, indexStaleArticles, type SearchDocument } from './search-index-repository';

export type { SearchDocument } from './search-index-repository';

/** What search needs of the articles module (the owner of the articles themselves). */
export interface SearchDeps {
  db: Db;
  clock: Clock;
  articles: {
    /** Cards by id in the order given, each with its body as plain text. */
    cardsWithText(ids: string[]): Promise<{ card: ArticleCard; text: string }[]>;
  };
}

export interface SearchRequest {
  q: string;
  page: number;
  limit: number;
  language?: Language | undefined;
}

const SNIPPET_CHARS = 200;

/** Enough to tell which of two spellings finds more: counting further would only cost time. */
const SUGGESTION_COUNT_CAP = 100;

/**
 * A query that finds fewer articles than this may be a misspelling that happens to match a
 * word somewhere (a typo in one body): a nearer spelling is looked for, and offered beside its
 * results. One that finds more is what the reader meant, and pays for no respelling.
 */
export const SUGGEST_BELOW = 3;

/**
 * How long a process reuses the vocabulary it counted: a writer's page fetches it once, and a
 * word published a few minutes ago can wait that long to be offered.
 */
export const VOCABULARY_TTL_MS = 5 * 60_000;

export function createSearchService(deps: SearchDeps) {
  const { db, clock, articles } = deps;

  /** One page of published articles matching `terms`, best first, with marked snippets. */
  const run = async (terms: QueryTerm[], request: SearchRequest) => {
    const { candidates, more } = await searchCandidates(db, {
      match: toMatchTsquery(terms),
      rank: toTsquery(terms),
      language: request.language,
      now: clock.now(),
    });
    // Only the newest SEARCH_CANDIDATES matches are ranked and paged (search-repository.ts).
    const offset = (request.page - 1) * request.limit;
    const page = rankCandidates(candidates).slice(offset, offset + request.limit);
    const found = await articles.cardsWithText(page);
    return {
      articles: found.map(({ card, text }) => ({
        ...card,
        highlight: {
          name: markMatches(card.name, terms),
          snippet: snippet(text || card.excerpt, terms, SNIPPET_CHARS),
        },
      })),
      totalArticles: candidates.length,
      currentPage: request.page,
      totalPages: Math.ceil(candidates.length / request.limit),
      ...(more ? { totalCapped: true as const } : {}),
    };
  };

  /**
   * The query with each word replaced by its nearest title, keyword or slug word, or null when
   * none is nearer. A word is kept when the index knows it as a word (a reader who typed an
   * article's own slug word meant it), and a nearer word is taken only when it finds more
   * articles than the word typed (not "tusks" for "tusk", which finds the same ones).
   */
  const respell = async (terms: QueryTerm[]): Promise<string | null> => {
    const now = clock.now();
    const typed = terms.map((t) => t.word);
    // Finding the nearest words costs tens of milliseconds at 100,000 articles (a trigram
    // scan of every title's words), telling a known word a few: only unknown words are looked
    // up (docs/perf/search-latin-spellings.md).
    const known = await knownTitleWords(db, typed, now);
    const unknown = typed.filter((_, i) => !known[i]);
    if (unknown.length === 0) return null;
    const nearest = await closestTitleWords(db, unknown, now);
    let u = 0;
    const closest = typed.map((w, i) => (known[i] ? w : (nearest[u++] ?? null)));
    const candidates = closest.map((w, i) =>
      w === null || w === typed[i] ? undefined : queryTerms(w)[0],
    );
    const asked = terms.flatMap((t, i) => {
      const candidate = candidates[i];
      return candidate ? [toMatchTsquery([t]), toMatchTsquery([candidate])] : [];
    });
    const counts = await countMatches(db, asked, now, SUGGESTION_COUNT_CAP);
    let k = 0;
    const words = terms.map((t, i) => {
      if (!candidates[i]) return t.word;
      const [own = 0, theirs = 0] = counts.slice(k, (k += 2));
      return theirs > own ? (closest[i] as string) : t.word;
    });
    const suggestion = words.join(' ');
    return suggestion === typed.join(' ') ? null : suggestion;
  };

  /** Whether a spelling finds any article: each word of it does, but maybe not together. */
  const findsAny = async (spelling: string, request: SearchRequest) => {
    const terms = queryTerms(spelling, request.language);
    const [count = 0] = await countMatches(db, [toMatchTsquery(terms)], clock.now(), 1);
    return count > 0;
  };

  const vocabulary = vocabularyCounter(db, clock);

  return {
    /**
     * The site's own Hindi words, most used first, with their Latin keys (issue 27 item 6):
     * what typing Hindi in Latin letters offers beside its rules.
     */
    vocabulary,

    /**
     * A page of the query's results, with a nearer spelling ("Did you mean") when it found
     * few. The suggestion never replaces results the query found: it is offered beside them.
     * Only when the query found nothing are the suggestion's results shown instead
     * (`resultsForSuggestion`), as the reader would find them by following it.
     */
    async search(request: SearchRequest): Promise<SearchResponse> {
      const terms = queryTerms(request.q, request.language);
      const empty = { articles: [], totalArticles: 0, currentPage: request.page, totalPages: 0 };
      if (terms.length === 0) return empty;
      const found = await run(terms, request);
      if (found.totalArticles >= SUGGEST_BELOW || request.page > 1) return found;
      const suggestion = await respell(terms);
      if (!suggestion) return found;
      if (found.totalArticles > 0)
        return (await findsAny(suggestion, request)) ? { ...found, suggestion } : found;
      const respelled = await run(queryTerms(suggestion, request.language), request);
      return respelled.totalArticles > 0
        ? { ...respelled, suggestion, resultsForSuggestion: true as const }
        : found;
    },

    /** Writes an article's index row in the caller's (the save's) transaction. */
    index: (tx: Db, doc: SearchDocument) => indexArticle(tx, doc),

    /**
     * Re-makes the index rows an older normaliser made, and the missing ones (after an upgrade,
     * an import, or rows written without them), a batch at a time; answers how many it made.
     */
    reindex: (opts: { batch?: number; stopped?: () => boolean } = {}) =>
      indexStaleArticles(db, SEARCH_VERSION, opts),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

/**
 * The vocabulary at most `limit` words long, most used first, each with its Latin key: counted
 * at most once per VOCABULARY_TTL_MS by this process, and once for the requests that come
 * while it is counted. A failed count is not kept: the next request counts again.
 */
function vocabularyCounter(db: Db, clock: Clock) {
  let last: { at: number; words: Promise<Vocabulary['words']> } | undefined;
  const count = async (): Promise<Vocabulary['words']> => {
    const rows = await listVocabulary(db, { now: clock.now(), limit: VOCABULARY_MAX });
    return rows.flatMap(({ word, count }) => {
      const key = latinKey(word);
      return key ? [{ word, key, count }] : [];
    });
  };
  return async (limit: number): Promise<Vocabulary> => {
    const now = clock.now().getTime();
    if (!last || now - last.at >= VOCABULARY_TTL_MS) {
      const words = count();
      const counting = { at: now, words };
      last = counting;
      words.catch(() => {
        if (last === counting) last = undefined;
      });
    }
    return { words: (await last.words).slice(0, limit) };
  };
}
