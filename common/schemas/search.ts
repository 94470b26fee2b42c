import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../articles';
import { says } from '../refusals/schema-refusals';
import { ArticleCardSchema, LanguageSchema } from './articles';
import { limitOnly, pagination, pageFields } from './common';

/** Results on one page of /search, like a category page. */
export const SEARCH_PAGE_SIZE = 9;

export const SearchQuerySchema = pagination(SEARCH_PAGE_SIZE, 50).extend({
  q: z
    .string(says('search.query_required'))
    .trim()
    .min(1, says('search.query_empty'))
    .max(SEARCH_QUERY_MAX, says('search.query_too_long', { maximum: SEARCH_QUERY_MAX })),
  language: LanguageSchema.optional(),
});

/** A result: the card, with the asked-for words marked in the title and a snippet (HTML). */
export const SearchResultSchema = ArticleCardSchema.extend({
  highlight: z.object({
    /** The title as HTML: text escaped, matches inside <mark>. */
    name: z.string(),
    /** About 200 characters of the body around the first match, as HTML like `name`. */
    snippet: z.string(),
  }),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({
  articles: z.array(SearchResultSchema),
  /**
   * How many results can be paged through. Search ranks the newest 1,000 matches only; when
   * more match, this is 1,000 and `totalCapped` is true ("1,000+ results").
   */
  totalArticles: z.number(),
  ...pageFields,
  /** Present (true) when more articles match than `totalArticles`: the newest were ranked. */
  totalCapped: z.literal(true).optional(),
  /**
   * A nearer spelling of the query that finds more ("Did you mean"), when the query found few
   * articles or none. It is offered beside the query's own results; only when the query found
   * nothing are the results the suggestion's (`resultsForSuggestion`).
   */
  suggestion: z.string().optional(),
  /** Present (true) when the query found nothing and the results are the suggestion's. */
  resultsForSuggestion: z.literal(true).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** Words the vocabulary sends by default, and at most (common/typing/suggestions.ts). */
export const VOCABULARY_DEFAULT = 3000;
export const VOCABULARY_MAX = 10_000;

/** GET /api/search/vocabulary: how many words (the most used first). */
export const VocabularyQuerySchema = limitOnly(VOCABULARY_DEFAULT, VOCABULARY_MAX);

/**
 * The site's own Hindi words for typing in Latin letters (issue 27 item 6): each as the index
 * keeps it (normalised, common/search/search-text.ts), its Latin key (what a writer types,
 * loosened: `latinKey`) and how many of the newest published articles use it.
 */
export const VocabularySchema = z.object({
  words: z.array(
    z.object({
      word: z.string(),
      key: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type Vocabulary = z.infer<typeof VocabularySchema>;
