import { stripHtml } from '../text';
import { slugify } from '../slug';
import { isDevanagari, normaliseText, textLexemes, words } from './search-text';

/**
 * Which normaliser made an article's search columns. Raise it when search-text.ts changes what
 * it makes: every process re-indexes older rows on start (articles service `reindexSearch`).
 */
export const SEARCH_VERSION = 1;

/** PostgreSQL refuses lexemes over 2 KB; no real word comes close to this. */
const MAX_LEXEME_CHARS = 100;
/** The body words indexed: enough for any article a newsroom writes, bounded for the rest. */
const MAX_BODY_LEXEMES = 20_000;

const bounded = (lexemes: string[], max: number) =>
  lexemes.filter((l) => l.length <= MAX_LEXEME_CHARS).slice(0, max);

export interface SearchColumns {
  searchTitle: string[];
  searchKeywords: string[];
  searchBody: string[];
  searchWords: string;
  searchVersion: number;
}

/** What an article is found by: its title, keywords and body (HTML), as stored columns. */
export function articleSearchColumns(article: {
  name: string;
  metaKeywords: string;
  description: string;
}): SearchColumns {
  // Hindi words also as readers type them in Latin letters, so "srkar" can suggest "sarkar".
  const titleWords = words(normaliseText(`${article.name} ${article.metaKeywords}`)).flatMap((w) =>
    isDevanagari(w) ? [w, slugify(w).replaceAll('-', '')] : [w],
  );
  return {
    searchTitle: bounded(textLexemes(article.name), 1_000),
    searchKeywords: bounded(textLexemes(article.metaKeywords), 1_000),
    searchBody: bounded(textLexemes(stripHtml(article.description)), MAX_BODY_LEXEMES),
    searchWords: [...new Set(titleWords)]
      .filter((w) => w && w.length <= MAX_LEXEME_CHARS)
      .join(' '),
    searchVersion: SEARCH_VERSION,
  };
}
