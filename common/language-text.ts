import type { Language } from './languages';
import { gujaratiToDevanagari } from './script-gujarati';
import { ENGLISH_STOP_WORDS, HINDI_STOP_WORDS, normaliseText, words } from './search/search-text';
import { stemEnglish } from './search/stem-english';
import { GUJARATI_STOP_WORDS, stemGujarati } from './search/stem-gujarati';
import { stemHindi } from './search/stem-hindi';
import { MARATHI_STOP_WORDS, stemMarathi } from './search/stem-marathi';
import { transliterateDevanagari } from './slug';

/*
 * The text half of the language registry (common/languages.ts, docs/decisions/041): how each
 * language's words are spelled in ASCII (slugs, and the Latin keys search finds them by), stemmed
 * and left out of a search. Keyed by `Language`, so a new language fails to compile until it has
 * all three. Server and admin code only: it pulls in the search normaliser.
 *
 * Search itself dispatches by script (common/search/search-text.ts): a Devanagari word is
 * analysed as Hindi, and as Marathi too in a Marathi article; a Gujarati word through the
 * Devanagari machinery after common/script-gujarati.ts. This table is what those use, named.
 */
export interface LanguageText {
  /** The text in ASCII letters, for slugs and Latin search keys ("સરકાર" -> "sarkar"). */
  transliterate: (text: string) => string;
  /** A normalised word's stem ("सरकारच्या" -> "सरकार" in Marathi). */
  stem: (word: string) => string;
  /** Normalised words that never count in a search. */
  stopWords: ReadonlySet<string>;
}

const wordSet = (text: string) => new Set(words(normaliseText(text)));

export const LANGUAGE_TEXT: Record<Language, LanguageText> = {
  hi: { transliterate: transliterateDevanagari, stem: stemHindi, stopWords: HINDI_STOP_WORDS },
  en: { transliterate: (text) => text, stem: stemEnglish, stopWords: ENGLISH_STOP_WORDS },
  mr: {
    transliterate: transliterateDevanagari,
    stem: stemMarathi,
    stopWords: wordSet(MARATHI_STOP_WORDS),
  },
  gu: {
    transliterate: (text) => transliterateDevanagari(gujaratiToDevanagari(text)),
    stem: stemGujarati,
    stopWords: wordSet(GUJARATI_STOP_WORDS),
  },
};
