import { boundedMemo } from '../bounded-memo';
import { devanagariToGujarati, gujaratiToDevanagari, isGujarati } from '../script-gujarati';
import { transliterateDevanagari } from '../slug';
import { stemEnglish } from './stem-english';
import { GUJARATI_STOP_WORDS, stemGujarati } from './stem-gujarati';
import { englishReading, foldKey, stemHindi } from './stem-hindi';
import { hasMarathiOnlyEnding, MARATHI_STOP_WORDS, stemMarathi } from './stem-marathi';

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
const DEVANAGARI = /[\u0900-\u097f]/;
/** A word: letters, combining marks and digits; anything else separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

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

export const isDevanagari = (word: string) => DEVANAGARI.test(word);

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
const looseKey = (word: string) => {
  const loose = latinKey(word);
  return loose.length >= 2 ? `~${loose}` : undefined;
};

/**
 * The stem keys of a loose Latin spelling ("^" + common/search/stem-hindi.ts `foldKey`): what
 * a word is found by whatever its ending. Prefixed apart from the loose keys, so an exact
 * spelling still counts for more in the rank than a shared stem.
 */
const stemKey = (loose: string) => {
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
const devanagariStemKeys = (word: string): string[] => {
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

function gujaratiLexemes(word: string, query = false): string[] {
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
function marathiKeys(word: string): string[] {
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

const LEXEME_CACHE_WORDS = 50_000;
// A newsroom's words repeat: most of an article's time to index went into spelling the same
// words again (transliteration, stemming).
const rememberedLexemes = boundedMemo(LEXEME_CACHE_WORDS, (word: string) => lexemesOf(word));

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
    for (const lexeme of wordLexemes(word)) if (lexeme) lexemes.add(lexeme);
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

/** The most words a query may use: more add nothing but work. */
const MAX_QUERY_WORDS = 8;

/** PostgreSQL refuses lexemes over 2 KB; no real word comes close. Longer ones go unindexed. */
export const MAX_LEXEME_CHARS = 100;

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
 * The stem keys a Devanagari word is indexed under beside itself (none for any other word, or
 * for keys too long to index): what finds every text the word is in, in any of its forms.
 */
export function indexedStemKeys(word: string): string[] {
  if (isGujarati(word))
    return gujaratiStemKeys(gujaratiWritten(word)).filter((k) => k.length <= MAX_LEXEME_CHARS);
  if (!isDevanagari(word)) return [];
  return devanagariStemKeys(word).filter((k) => k.length <= MAX_LEXEME_CHARS);
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
  `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

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

/**
 * A word as a text has it (not normalised) and its lexemes: the words of the results' titles
 * and snippets come again from one search to the next, and normalising each again was a third
 * of marking a page of results.
 */
const lexemesOfTextWord = boundedMemo(LEXEME_CACHE_WORDS, (word: string): readonly string[] =>
  rememberedLexemes(normaliseText(word)),
);

/** The matcher of each query's terms (a page of results marks the same terms many times). */
const matchers = new WeakMap<QueryTerm[], (word: string) => boolean>();

/** Whether a word of a text is one the query asked for. */
function matcher(terms: QueryTerm[]): (word: string) => boolean {
  let isMatch = matchers.get(terms);
  if (isMatch) return isMatch;
  const wanted = new Set(terms.flatMap((t) => t.lexemes));
  // Bodies and titles repeat their words: each is tested once per query (the same terms mark
  // a page of results), not each time it is met.
  const seen = new Map<string, boolean>();
  isMatch = (word) => {
    let found = seen.get(word);
    if (found === undefined) {
      found = lexemesOfTextWord(word).some((lexeme) => wanted.has(lexeme));
      seen.set(word, found);
    }
    return found;
  };
  matchers.set(terms, isMatch);
  return isMatch;
}

const escapeHtml = (text: string) =>
  /[&<>"]/.test(text)
    ? text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
    : text;

/** Plain text to HTML with every asked-for word inside <mark>. */
export function markMatches(text: string, terms: QueryTerm[]): string {
  const isMatch = matcher(terms);
  let html = '';
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    const index = found.index ?? 0;
    html += escapeHtml(text.slice(last, index));
    html += isMatch(found[0]) ? `<mark>${escapeHtml(found[0])}</mark>` : escapeHtml(found[0]);
    last = index + found[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });
const isPrintableAscii = (code: number) => code >= 0x20 && code <= 0x7e;
const isDevanagariCode = (code: number) => code >= 0x900 && code <= 0x97f;
/** Devanagari vowel signs, virama, nukta, anusvara and the like: they join the letter before. */
const isDevanagariSign = (code: number) =>
  (code >= 0x900 && code <= 0x903) ||
  (code >= 0x93a && code <= 0x94f && code !== 0x93d) ||
  (code >= 0x951 && code <= 0x957) ||
  code === 0x962 ||
  code === 0x963;
const isDevanagariConsonant = (code: number) =>
  (code >= 0x915 && code <= 0x939) || (code >= 0x958 && code <= 0x95f) || code >= 0x978;
const VIRAMA = 0x94d;

/**
 * Whether position `p` (inside `text`) is a grapheme cluster boundary, where that follows from
 * the characters around it alone; undefined where the segmenter must say. Printable ASCII and
 * Devanagari only: before a sign, none; before ASCII or a letter, one (no character of either is
 * a prepended sign), except a consonant after a virama, which may join it in a conjunct.
 * tests/unit/search-text.test.ts holds it to Intl.Segmenter.
 */
export function knownBoundary(text: string, p: number): boolean | undefined {
  const x = text.charCodeAt(p - 1);
  const y = text.charCodeAt(p);
  if (!isPrintableAscii(x) && !isDevanagariCode(x))
    // No character below U+0600 is a prepended sign either.
    return x < 0x600 && isPrintableAscii(y) ? true : undefined;
  if (isPrintableAscii(y)) return true;
  if (!isDevanagariCode(y)) return undefined;
  if (isDevanagariSign(y)) return false;
  if (isDevanagariConsonant(y))
    for (let k = p - 1; k >= 0 && isDevanagariSign(text.charCodeAt(k)); k--)
      if (text.charCodeAt(k) === VIRAMA) return undefined;
  return true;
}

/**
 * Steps between the grapheme clusters of `text`, as Intl.Segmenter finds them: from a cluster's
 * start to the next one's, and from a cluster's end to its start. Asking the segmenter took
 * about 1 µs a cluster; most steps over Hindi and English need no segmenter (`knownBoundary`).
 */
export function clusterSteps(text: string) {
  const segments = graphemes.segment(text);
  const size = text.length;
  return {
    clusterAt: (i: number) => segments.containing(i)!,
    next(i: number): number {
      for (let j = i + 1; j < size; j++) {
        const known = knownBoundary(text, j);
        if (known) return j;
        if (known === undefined) {
          const c = segments.containing(i)!;
          return c.index + c.segment.length;
        }
      }
      return size;
    },
    previous(i: number): number {
      for (let j = i - 1; j > 0; j--) {
        const known = knownBoundary(text, j);
        if (known) return j;
        if (known === undefined) return segments.containing(i - 1)!.index;
      }
      return 0;
    },
  };
}
/**
 * Code units per grapheme cluster the snippet allows for: a letter takes 1, a Devanagari
 * syllable 2 or 3, a conjunct with its signs up to 8. In text of longer clusters the snippet is
 * shorter, never cut inside one.
 */
const CLUSTER_UNITS = 4;

/**
 * About `length` characters of `text` around its first asked-for word, cut between grapheme
 * clusters (a Devanagari syllable and its signs stay whole) and preferably at spaces, with an
 * ellipsis where it was cut; the asked-for words marked.
 */
export function snippet(text: string, terms: QueryTerm[], length = 200): string {
  const isMatch = matcher(terms);
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    if (isMatch(found[0])) {
      at = found.index ?? 0;
      break;
    }
  }
  // Segmenting a whole article took most of a search's time: only the part around the match
  // can be shown, so only that is segmented, from a space to a space (a cluster always ends
  // before a space) far enough away for `length` clusters on either side.
  const reach = length * CLUSTER_UNITS;
  const from = at > reach ? Math.max(0, text.lastIndexOf(' ', at - reach)) : 0;
  const to = at + reach < text.length ? text.indexOf(' ', at + reach) : -1;
  const region = text.slice(from, to < 0 ? text.length : to);
  const cutBefore = from > 0;
  const cutAfter = to >= 0;
  const size = region.length;
  // The clusters are those of the whole region, but only the ones the snippet can show are
  // visited (clusterSteps): segmenting all of the region's was most of a search's time (about
  // 1 µs a cluster). Positions below are code units of `region`, each the start of a cluster;
  // the steps are those of the snippet as first written: `length / 4` clusters before the
  // match, `length` in all, then the cuts moved to spaces (tests/unit/search-text.test.ts holds
  // it to that).
  const { clusterAt, next, previous } = clusterSteps(region);
  const isSpace = (from: number, to: number) => /\s/.test(region.slice(from, to));
  // The first cluster starting at or after the match (the region's first when none does).
  let first = 0;
  if (at - from < size) {
    const c = clusterAt(at - from);
    const after = c.index + c.segment.length;
    first = c.index >= at - from ? c.index : after < size ? after : 0;
  }
  let start = first;
  for (let k = Math.floor(length / 4); k > 0 && start > 0; k--) start = previous(start);
  let end = start;
  let count = 0;
  for (; count < length && end < size; count++) end = next(end);
  // Fewer than `length` clusters to the region's end: the snippet starts earlier instead.
  for (let k = length - count; k > 0 && start > 0; k--) start = previous(start);
  // Move the cuts to the nearest space inside the window, so no word is cut either.
  if (start > 0) {
    for (let i = start; i < first;) {
      const j = next(i);
      if (isSpace(i, j)) {
        start = j;
        break;
      }
      i = j;
    }
  }
  if (end < size) {
    for (let i = end; i > first;) {
      const j = previous(i);
      if (isSpace(j, i)) {
        if (j > first) end = j;
        break;
      }
      i = j;
    }
  }
  const piece = region.slice(start, end).trim();
  const before = start > 0 || cutBefore ? '…' : '';
  const after = end < size || cutAfter ? '…' : '';
  return `${before}${markMatches(piece, terms)}${after}`;
}
