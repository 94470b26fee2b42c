/*
 * A reader's query as terms: each word with every lexeme that finds it (Devanagari forms,
 * Latin spellings of Hindi, English stems) and the fewest the index looks up, as tsqueries.
 */
import { isGujarati } from '../script-gujarati';
import { englishReading } from './stem-hindi';
import { hasMarathiOnlyEnding } from './stem-marathi';
import {
  devanagariStemKeys,
  isDevanagari,
  isStopWord,
  gujaratiLexemes,
  indexedStemKeys,
  looseKey,
  looseLatin,
  marathiKeys,
  MAX_LEXEME_CHARS,
  normaliseText,
  stemKey,
  wordLexemes,
  words,
} from './search-text';

/** The most words a query may use: more add nothing but work. */
const MAX_QUERY_WORDS = 8;

/** A query word and every lexeme that counts as finding it. */
export interface QueryTerm {
  word: string;
  /**
   * Every lexeme that finds the word: what ranks it and what is highlighted. A text with the
   * word as typed has them all, one with another form of it only a stem key: exact words rank
   * first.
   */
  lexemes: string[];
  /**
   * The fewest of them that find the same texts, for the index to look up (toMatchTsquery).
   * Every text with a Devanagari word or a loose key holds the stem keys made from them too
   * (`wordLexemes`; the index never keeps a Devanagari word without them: search-document.ts),
   * so the stem keys alone find them, in all their forms.
   */
  match: string[];
}

/**
 * A Latin spelling with each "e" of an open syllable (before one consonant, aspirated or not,
 * and a vowel) read as ऐ ("ai"): readers type "pesa" for पैसा, "bethak" for बैठक, "kese" for
 * कैसे, "jepur" for जयपुर (issue 45 item 1). Not an "e" before two consonants or at the end
 * ("budget", the ए of "pahle"), and not the other way round: "kaise" (कैसे) is no "kese"
 * (केस).
 */
const eAsAi = (spelling: string) =>
  spelling.toLowerCase().replace(/e(?=(?:[bcdgjkpst]h|[^aeiou])[aeiou])/g, 'ai');

/** The lexemes that find a Latin query word: its English stem, and Hindi spelled in Latin. */
function latinQueryTerm(word: string): QueryTerm {
  const lexemes = new Set(wordLexemes(word));
  const match = new Set(lexemes);
  // As typed, and as English would say it (a loanword written in Devanagari: "cyber", साइबर).
  for (const spelling of new Set([word, englishReading(word)])) {
    const loose = looseLatin(spelling);
    if (loose.length < 2) continue;
    lexemes.add(`~${loose}`);
    // Its e read as ऐ is found by its stem key only: a text with the word as typed has the
    // loose key too, and ranks first.
    for (const key of new Set([stemKey(loose), stemKey(looseLatin(eAsAi(spelling)))])) {
      if (!key) continue;
      lexemes.add(key);
      match.add(key);
    }
  }
  return { word, lexemes: [...lexemes], match: [...match] };
}

/**
 * What a query asks for: its words (stop words left out unless nothing else is asked), each
 * with the lexemes that find it. A Latin word may name an English word or a romanised Hindi
 * one, so it looks for both. `language`: the one the search is limited to, if any (a search of
 * Marathi articles reads Devanagari words as Marathi too).
 */
export function queryTerms(query: string, language?: string): QueryTerm[] {
  const all = [...new Set(words(normaliseText(query)))];
  const meaningful = all.filter((w) => !isStopWord(w));
  return (meaningful.length ? meaningful : all).slice(0, MAX_QUERY_WORDS).map((word) => {
    if (isGujarati(word)) {
      const keys = indexedStemKeys(word);
      const lexemes = gujaratiLexemes(word, true);
      return { word, lexemes, match: keys.length ? keys : lexemes };
    }
    if (!isDevanagari(word)) return latinQueryTerm(word);
    // Not its stem romanised: that is for Latin queries ("sadak" and सड़कों), and it would find
    // what the stem keys do not (कहानी's "^kahan" is also कहां's).
    const key = looseKey(word);
    const lexemes = [...new Set([word, ...(key ? [key] : []), ...devanagariStemKeys(word)])];
    const keys = indexedStemKeys(word);
    return asMarathiToo({ word, lexemes, match: keys.length ? keys : lexemes }, language);
  });
}

/**
 * A Devanagari query word also finds its Marathi stem keys, in a search of Marathi articles or
 * when it ends as only Marathi words do (docs/decisions/041).
 */
function asMarathiToo(term: QueryTerm, language: string | undefined): QueryTerm {
  if (language !== 'mr' && !hasMarathiOnlyEnding(term.word)) return term;
  const marathi = marathiKeys(term.word).filter((k) => k.length <= MAX_LEXEME_CHARS);
  return {
    word: term.word,
    lexemes: [...new Set([...term.lexemes, ...marathi])],
    match: [...new Set([...term.match, ...marathi])],
  };
}

/** A lexeme quoted for PostgreSQL's tsvector and tsquery input (no parsing, no dictionary). */
export const quoteLexeme = (lexeme: string) =>
  // Most words have neither a backslash nor a quote: no pattern is run over them.
  lexeme.includes('\\') || lexeme.includes("'")
    ? `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
    : `'${lexeme}'`;

/**
 * The tsquery text that finds every term: (a | b) & (c | d); with `weight`, only in the field
 * of that weight ('A' is the title, common/search/search-document.ts).
 */
export function toTsquery(terms: QueryTerm[], weight?: 'A' | 'B' | 'C'): string {
  const lexeme = (l: string) => (weight ? `${quoteLexeme(l)}:${weight}` : quoteLexeme(l));
  return terms.map((t) => `(${t.lexemes.map(lexeme).join(' | ')})`).join(' & ');
}

/**
 * The tsquery text that finds the same texts as `toTsquery(terms)` with the fewest lexemes
 * (QueryTerm `match`): what the GIN index is asked. Ranking keeps `toTsquery`, every lexeme.
 */
export const toMatchTsquery = (terms: QueryTerm[]): string =>
  terms.map((t) => `(${t.match.map(quoteLexeme).join(' | ')})`).join(' & ');
