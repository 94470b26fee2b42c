import { boundedMemo } from '../bounded-memo';
import { isDevanagari } from '../languages';
import { devanagariToGujarati, gujaratiToDevanagari, isGujarati } from '../script-gujarati';
import { transliterateDevanagari } from '../slug';
import { stemEnglish } from './stem-english';
import { GUJARATI_STOP_WORDS, stemGujarati } from './stem-gujarati';
import { foldKey, stemHindi } from './stem-hindi';
import { MARATHI_STOP_WORDS, stemMarathi } from './stem-marathi';

/*
 * One normaliser for what is indexed and what is asked (DECISIONS.md §12). Hindi is written
 * several ways that readers treat as one: with or without the nukta, with chandrabindu or
 * anusvara, with a half nasal consonant or the anusvara, with or without invisible joiners.
 * Latin queries ("sarkar", "diwali") reach Devanagari words through a loose romanisation.
 *
 * The tokens are computed here, in TypeScript, and stored as lexemes (array_to_tsvector), so
 * both engines match exactly the same way whatever their locale or text-search dictionaries.
 */

const NUKTA = '\u093c';
const CHANDRABINDU = '\u0901';
const ANUSVARA = '\u0902';
/** ङ ञ ण न म with a virama before a consonant: said as the anusvara (गङ्गा = गंगा). */
const HALF_NASAL = /[\u0919\u091e\u0923\u0928\u092e]\u094d(?=[\u0915-\u0939])/g;
const JOINERS = /[\u200b-\u200d\u2060\ufeff]/g;
/** A word: letters, combining marks and digits; anything else separates words. */
export const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Text as the index sees it: one spelling for the many ways Hindi is typed; Latin lower-cased. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD') // क़ (U+0958) and क + ़ become the same two code points
    .replaceAll(NUKTA, '')
    .replace(JOINERS, '')
    .normalize('NFC')
    .replaceAll(CHANDRABINDU, ANUSVARA)
    .replace(HALF_NASAL, ANUSVARA)
    .toLowerCase();
}

/** Latin letters without their accents ("café" -> "cafe"). */
const foldLatin = (word: string) => word.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** The words of a normalised text, in order. */
export const words = (normalised: string): string[] => normalised.match(WORD) ?? [];

/** Whether a word is in Devanagari (one definition, in common/languages.ts). */
export { isDevanagari };

/**
 * A Latin spelling reduced to what survives the ways people romanise Hindi: aspiration
 * ("chitthi" = "chiti", "chhota" = "chota"), vowel length ("diwaali" = "diwali"), w/v, z/j,
 * f/ph, q/k, doubled letters, a final "a" ("karna" = "karn"), m or n before p and b, "ay"
 * before a consonant as "ai" (जयपुर, "jaypur" letter by letter, is "jaipur" to its readers),
 * and an "e" beside an h as "a": Hindi says the short a of पहली, शहर and सुनहरे as an e
 * next to the ह, so readers type "pehli", "shehar", "sheher", "sunehre" (issue 45 item 1). An
 * "e" after the h stays before a vowel ("rahe", रहे, is not "raha") and at a word's start.
 */
export function looseLatin(latin: string): string {
  let s = foldLatin(latin.toLowerCase()).replace(/[^a-z]/g, '');
  s = s
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/f/g, 'p')
    .replace(/([bcdgjkpst])h+/g, '$1')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/m(?=[pb])/g, 'n')
    .replace(/ay(?=[^aeiouy])/g, 'ai')
    .replace(/e(?=h)/g, 'a')
    .replace(/(?<=.h)e(?=[^aeiou])/g, 'a');
  if (s.length > 3) s = s.replace(/a$/, '');
  return s;
}

/**
 * A Devanagari word's Latin key: its loose romanisation, what a reader typing it in Latin
 * letters types (after `looseLatin`). Search indexes the word under it ("~" + key); Hindi typing
 * finds the site's words by it (common/typing/suggestions.ts).
 */
export const latinKey = (word: string) => looseLatin(transliterateDevanagari(word));

/** The loose key of a Devanagari word, prefixed so it never meets an English stem. */
export const looseKey = (word: string) => {
  const loose = latinKey(word);
  return loose.length >= 2 ? `~${loose}` : undefined;
};

/**
 * The stem keys of a loose Latin spelling ("^" + common/search/stem-hindi.ts `foldKey`): what
 * a word is found by whatever its ending. Prefixed apart from the loose keys, so an exact
 * spelling still counts for more in the rank than a shared stem.
 */
export const stemKey = (loose: string) => {
  const key = foldKey(loose);
  return key.length >= 2 ? `^${key}` : undefined;
};

/**
 * What finds a Devanagari word in any of its forms: its stem as written (सरकारी -> सरकार, a
 * lexeme shared with the word सरकार itself), and the loose romanisation of the word without
 * a Latin ending (सड़कों -> "sadkon" -> "^sadk", as a reader types it). The second is made as
 * a Latin query word's key is, and holds together the spellings that only romanising tells
 * alike (ख्याल, खयाल). A text with the word, or with its loose key, holds these too
 * (`QueryTerm` `match` counts on it).
 */
export const devanagariStemKeys = (word: string): string[] => {
  const key = stemKey(looseLatin(transliterateDevanagari(word)));
  return key ? [stemHindi(word), key] : [stemHindi(word)];
};

/**
 * The lexemes of a Devanagari word: as written, loosely romanised, its stem keys, and its
 * stem romanised ("^sadak" for सड़कों: a Latin query spells the stem as Hindi says it alone).
 */
function devanagariLexemes(word: string): string[] {
  const lexemes = [word];
  const key = looseKey(word);
  if (key) lexemes.push(key);
  lexemes.push(...devanagariStemKeys(word));
  const stemmed = stemKey(looseLatin(transliterateDevanagari(stemHindi(word))));
  if (stemmed) lexemes.push(stemmed);
  return [...new Set(lexemes)];
}

// Words that carry no meaning of their own: they never count towards a match or its rank.
export const HINDI_STOP_WORDS: ReadonlySet<string> = new Set(
  normaliseText(
    'का की के को में से पर और या भी यह वह ये वे है हैं था थे थी थीं हो होता होती होते ' +
      'कि जो तो ही एक इस उस इन उन ने लिए साथ तक कर करने किया गया गई गए रहा रहे रही ' +
      'अपने अपनी अपना द्वारा बाद वाले वाली वाला जब तब यदि अगर लेकिन पर एवं तथा',
  ).split(' '),
);
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by for from has have he her his i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this ' +
    'to too was we were what when which who will with you your'
  ).split(' '),
);

/*
 * Marathi's and Gujarati's (docs/decisions/041): a Gujarati word is compared in the spelling
 * search keeps of it (`gujaratiWritten`).
 */
const MARATHI_STOP_WORD_SET = new Set(normaliseText(MARATHI_STOP_WORDS).split(' '));
const GUJARATI_STOP_WORD_SET = new Set(
  GUJARATI_STOP_WORDS.split(' ').map((w) => gujaratiWritten(normaliseText(w))),
);

export const isStopWord = (word: string) =>
  HINDI_STOP_WORDS.has(word) ||
  ENGLISH_STOP_WORDS.has(word) ||
  MARATHI_STOP_WORD_SET.has(word) ||
  GUJARATI_STOP_WORD_SET.has(isGujarati(word) ? gujaratiWritten(word) : word);

/*
 * Gujarati words (issue 27 item 5, docs/decisions/041). A Gujarati word is folded as the same
 * letters in Devanagari are (nukta, chandrabindu, half nasals: common/script-gujarati.ts maps
 * one block onto the other) and kept in its own letters; its Latin keys are those of the same
 * letters in Devanagari, so "sarkar" finds સરકાર as it finds सरकार; its stem is Gujarati's
 * (stem-gujarati.ts), and its stem keys are those of that stem and of the word romanised.
 */
function gujaratiWritten(word: string): string {
  return devanagariToGujarati(normaliseText(gujaratiToDevanagari(word)));
}
const romanisedKey = (gujarati: string) =>
  stemKey(looseLatin(transliterateDevanagari(gujaratiToDevanagari(gujarati))));

function gujaratiStemKeys(written: string): string[] {
  const key = romanisedKey(written);
  return key ? [stemGujarati(written), key] : [stemGujarati(written)];
}

export function gujaratiLexemes(word: string, query = false): string[] {
  const written = gujaratiWritten(word);
  const lexemes = [written];
  const key = looseKey(gujaratiToDevanagari(written));
  if (key) lexemes.push(key);
  lexemes.push(...gujaratiStemKeys(written));
  // As for Devanagari: the stem romanised is for Latin queries, not for a Gujarati one.
  const stemmed = query ? undefined : romanisedKey(stemGujarati(written));
  if (stemmed) lexemes.push(stemmed);
  return [...new Set(lexemes)];
}

/**
 * What a Devanagari word is found by as Marathi (docs/decisions/041): its Marathi stem, as
 * written and romanised (सरकारच्या -> सरकार, "^sarkar"). A Marathi article's words carry these
 * beside their Hindi ones (`textLexemes` with `mr`); a query word looks for them in a search
 * of Marathi articles, or when its ending is one only Marathi has.
 */
export function marathiKeys(word: string): string[] {
  const stem = stemMarathi(word);
  if (stem === word) return [];
  const key = stemKey(looseLatin(transliterateDevanagari(stem)));
  return key ? [stem, key] : [stem];
}

/**
 * The lexemes one normalised word is indexed under: a Devanagari word as written (normalised),
 * its loose romanisation and its stem keys; any other word by its English stem.
 */
export const wordLexemes = (word: string): string[] => [...rememberedLexemes(word)];

export const LEXEME_CACHE_WORDS = 50_000;
// A newsroom's words repeat: most of an article's time to index went into spelling the same
// words again (transliteration, stemming).
export const rememberedLexemes = boundedMemo(LEXEME_CACHE_WORDS, (word: string) => lexemesOf(word));

function lexemesOf(word: string): string[] {
  if (isDevanagari(word)) return devanagariLexemes(word);
  if (isGujarati(word)) return gujaratiLexemes(word);
  const latin = foldLatin(word);
  if (!/[a-z0-9]/.test(latin)) return [latin];
  return [/^[a-z]+$/.test(latin) ? stemEnglish(latin) : latin];
}

/**
 * The lexemes of a text, each once: what an article's field is indexed under. `language`, the
 * article's: a Marathi article's Devanagari words are also found by their Marathi stems.
 */
export function textLexemes(text: string, language?: string): string[] {
  const lexemes = new Set<string>();
  const marathi = language === 'mr';
  for (const word of words(normaliseText(text))) {
    // The remembered list itself, read and not kept: no copy a word.
    for (const lexeme of rememberedLexemes(word)) if (lexeme) lexemes.add(lexeme);
    if (marathi && isDevanagari(word)) for (const lexeme of marathiKeys(word)) lexemes.add(lexeme);
  }
  return [...lexemes];
}

/**
 * The lexemes of the words of an article's address (its slug: ASCII words and hyphens), each
 * as an English word and as Hindi typed in Latin letters: the keys a Latin query word is found
 * by, so a reader who types a word of the address finds the article ("sunehre" for
 * /rajasthan/jaisalmer-registan-ke-sunehre-rang, issue 36 item 8).
 */
export function slugLexemes(slug: string): string[] {
  const lexemes = new Set<string>();
  for (const word of words(normaliseText(slug))) {
    for (const lexeme of wordLexemes(word)) lexemes.add(lexeme);
    const loose = looseLatin(word);
    if (loose.length < 2) continue;
    lexemes.add(`~${loose}`);
    const key = stemKey(loose);
    if (key) lexemes.add(key);
  }
  return [...lexemes];
}

/** PostgreSQL refuses lexemes over 2 KB; no real word comes close. Longer ones go unindexed. */
export const MAX_LEXEME_CHARS = 100;

/**
 * The stem keys a Devanagari word is indexed under beside itself (none for any other word, or
 * for keys too long to index): what finds every text the word is in, in any of its forms.
 */
export function indexedStemKeys(word: string): string[] {
  if (isGujarati(word))
    return gujaratiStemKeys(gujaratiWritten(word)).filter((k) => k.length <= MAX_LEXEME_CHARS);
  if (!isDevanagari(word)) return [];
  return devanagariStemKeys(word).filter((k) => k.length <= MAX_LEXEME_CHARS);
}
