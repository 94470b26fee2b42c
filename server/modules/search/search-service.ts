import type { SearchResponse } from '../../../common/schemas/search';
import {
  markMatches,
  queryTerms,
  snippet,
  toMatchTsquery,
  toTsquery,
  type QueryTerm,
} from '../../../common/search/search-text';
import type { ArticleCard } from '../../../common/schemas/articles';

/** What search needs of the articles module (the owner of the indexed columns). */
export interface SearchDeps {
  articles: {
    searchPage(
      query: { match: string; rank: string },
      opts: { page: number; limit: number; language?: 'hi' | 'en' | undefined },
    ): Promise<{
      articles: { card: ArticleCard; text: string }[];
      totalArticles: number;
      currentPage: number;
      totalPages: number;
      totalCapped?: true;
    }>;
    closestTitleWords(words: string[]): Promise<(string | null)[]>;
  };
}

export interface SearchRequest {
  q: string;
  page: number;
  limit: number;
  language?: 'hi' | 'en' | undefined;
}

const SNIPPET_CHARS = 200;

/**
 * Reader search (DECISIONS.md §12): the query goes through the same normaliser as the articles
 * did; when nothing matches, each word is swapped for the nearest word of a published title
 * (trigrams), and that spelling's results come with a "Did you mean".
 */
export function createSearchService({ articles }: SearchDeps) {
  const run = async (terms: QueryTerm[], request: SearchRequest) => {
    const found = await articles.searchPage(
      { match: toMatchTsquery(terms), rank: toTsquery(terms) },
      request,
    );
    return {
      ...found,
      articles: found.articles.map(({ card, text }) => ({
        ...card,
        highlight: {
          name: markMatches(card.name, terms),
          snippet: snippet(text || card.excerpt, terms, SNIPPET_CHARS),
        },
      })),
    };
  };

  /** The query with each word replaced by its nearest title word, or null when none is nearer. */
  const respell = async (terms: QueryTerm[]): Promise<string | null> => {
    const closest = await articles.closestTitleWords(terms.map((t) => t.word));
    const words = terms.map((t, i) => closest[i] ?? t.word);
    const suggestion = words.join(' ');
    return suggestion === terms.map((t) => t.word).join(' ') ? null : suggestion;
  };

  return {
    async search(request: SearchRequest): Promise<SearchResponse> {
      const terms = queryTerms(request.q);
      const empty = { articles: [], totalArticles: 0, currentPage: request.page, totalPages: 0 };
      if (terms.length === 0) return empty;
      const found = await run(terms, request);
      if (found.totalArticles > 0 || request.page > 1) return found;
      const suggestion = await respell(terms);
      if (!suggestion) return found;
      const respelled = await run(queryTerms(suggestion), request);
      return respelled.totalArticles > 0 ? { ...respelled, suggestion } : found;
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
