import { stripHtml } from '../text';
import { isGujarati } from '../script-gujarati';
import { titleSlug } from '../title-slug';
import {
  indexedStemKeys,
  isDevanagari,
  MAX_LEXEME_CHARS,
  normaliseText,
  slugLexemes,
  textLexemes,
  words,
} from './search-text';
import { quoteLexeme } from './search-query';

/**
 * Which normaliser made an article's search columns. Raise it when search-text.ts changes what
 * it makes: every process re-indexes older rows on start (articles service `reindexSearch`).
 * 2: slug spellings (final vowels, common words) changed the suggested Latin words.
 * 3: Hindi stems (stem keys beside every Devanagari word), and slug words among the words
 *    "Did you mean" knows (issue 27).
 * 4: adjectives in -ईय stemmed to their noun (भारतीय, भारत: issue 27 item 3).
 * 5: Marathi stems in Marathi articles, Gujarati words (issue 27 item 5, docs/decisions/041).
 * 6: "ay" before a consonant as "ai", an "e" beside an h as "a", "chh" as "ch" in the Latin
 *    keys; the slug's words indexed (issue 45 item 1, issue 36 item 8).
 */
export const SEARCH_VERSION = 6;

/** The body words indexed: enough for any article a newsroom writes, bounded for the rest. */
const MAX_BODY_LEXEMES = 20_000;

/**
 * At most `max` lexemes, never a Devanagari word without its stem keys: a query looks a
 * Devanagari word up by those alone (search-text.ts `toMatchTsquery`), so a word kept without
 * them, at the cut, could not be found.
 */
function bounded(lexemes: string[], max: number): string[] {
  const kept = lexemes.filter((l) => l.length <= MAX_LEXEME_CHARS);
  if (kept.length <= max) return kept;
  const cut = kept.slice(0, max);
  const inCut = new Set(cut);
  return cut.filter((l) => indexedStemKeys(l).every((key) => inCut.has(key)));
}

export interface SearchColumns {
  /** tsvector text: each lexeme with a position per field it is in, weighted A, B or C. */
  search: string;
  searchWords: string;
  searchVersion: number;
}

/**
 * What search indexes as an article's keywords: its meta keywords and its tags' names (a reader
 * searching a tag's word finds what carries it), as `articleSearchKeywords` in
 * db/schema/content.ts says it in SQL.
 */
export const searchKeywords = (metaKeywords: string, tags: readonly string[]) =>
  [metaKeywords, tags.join(', ')].filter(Boolean).join(', ');

/** PostgreSQL keeps positions up to 16383; later ones share the last. */
const MAX_POSITION = 16_383;

/**
 * The tsvector of an article's fields: title lexemes weigh A, keywords and the slug's words B,
 * body C, so a match in the title ranks first. Positions are what carry the weights in
 * PostgreSQL.
 */
function weightedVector(fields: [lexemes: string[], weight: 'A' | 'B' | 'C'][]): string {
  // Each lexeme's positions as the text they are written in: an article's thousands of
  // lexemes were a list each, then joined (a WordPress import's CPU, docs/perf/scale.md).
  const positions = new Map<string, string>();
  let position = 0;
  for (const [lexemes, weight] of fields) {
    for (const lexeme of lexemes) {
      position = Math.min(position + 1, MAX_POSITION);
      const before = positions.get(lexeme);
      positions.set(
        lexeme,
        before === undefined ? `${position}${weight}` : `${before},${position}${weight}`,
      );
    }
  }
  let vector = '';
  for (const [lexeme, list] of positions)
    vector += `${vector ? ' ' : ''}${quoteLexeme(lexeme)}:${list}`;
  return vector;
}

/** What an article is found by: its title, keywords and body (HTML), as stored columns. */
export function articleSearchColumns(article: {
  name: string;
  metaKeywords: string;
  description: string;
  /**
   * Its slug's words find it, and are words "Did you mean" knows (and may suggest): readers
   * type what they see in an address.
   */
  slug?: string;
  /** Its language: a Marathi article is also found by its words' Marathi stems. */
  language?: string;
}): SearchColumns {
  // Hindi words also as readers type them in Latin letters (as an article's slug spells them,
  // common/title-slug.ts), so "srkar" can suggest "sarkar".
  const titleWords = words(normaliseText(`${article.name} ${article.metaKeywords}`)).flatMap((w) =>
    isDevanagari(w) || isGujarati(w) ? [w, titleSlug(w).replaceAll('-', '')] : [w],
  );
  titleWords.push(...words(article.slug ?? ''));
  return {
    search: weightedVector([
      [bounded(textLexemes(article.name, article.language), 1_000), 'A'],
      [bounded(textLexemes(article.metaKeywords, article.language), 1_000), 'B'],
      // A slug is at most SLUG_MAX_LENGTH characters: a few dozen lexemes.
      [bounded(slugLexemes(article.slug ?? ''), 1_000), 'B'],
      [
        bounded(textLexemes(stripHtml(article.description), article.language), MAX_BODY_LEXEMES),
        'C',
      ],
    ]),
    searchWords: [...new Set(titleWords)]
      .filter((w) => w && w.length <= MAX_LEXEME_CHARS)
      .join(' '),
    searchVersion: SEARCH_VERSION,
  };
}

/**
 * The tsvector of a plain text found by the same rules as an article's body (weight C): an
 * e-paper page's machine-read text (issue 67 item 4).
 */
export function plainTextVector(text: string, language?: string): string {
  return weightedVector([[bounded(textLexemes(text, language), MAX_BODY_LEXEMES), 'C']]);
}
