/*
 * Word forms of Hindi (issue 27 item 1): a light stemmer in the manner of Ramanathan and Rao's
 * ("A Lightweight Stemmer for Hindi", 2003; what Lucene's Hindi analyzer ships), written for
 * this site's search, and the rules that make a Latin spelling meet the same stem.
 *
 * A light stemmer only takes inflectional endings off: number, case and gender of nouns and
 * adjectives (लड़का, लड़के, लड़की, लड़कों; सरकार, सरकारी; डाकिया, डाकिए, डाकियों; कहानी,
 * कहानियाँ) and the future of verbs. It leaves derivation alone, and it leaves the verb's
 * participles (-ता, -ना, -ने) alone too, unlike the paper: news is about nouns, and those
 * endings end nouns as often (जनता, घटना, सेना), which would meet words of other meanings.
 *
 * Every Devanagari word is looked up by a "stem key": its stem romanised and made loose (as
 * search-text.ts `looseLatin` does), then folded further (`foldKey`). A Latin query word gets
 * its key by the same folding, so "sarkari", "सरकारी" and "सरकार" share one key.
 */

/** Long vowels (signs and letters) as their short ones: endings are matched on these. */
const SHORT_VOWELS: Record<string, string> = {
  '\u0940': '\u093f', // ी -> ि
  '\u0942': '\u0941', // ू -> ु
  '\u0908': '\u0907', // ई -> इ
  '\u090a': '\u0909', // ऊ -> उ
};
const LONG_VOWEL = /[\u0940\u0942\u0908\u090a]/g;

/*
 * Endings, written with short vowels (the word is folded first) and with the anusvara for a
 * chandrabindu (search-text.ts `normaliseText` does that). The longest that fits is taken off.
 * ि stands for both ि and ी, so "-ि" is the -ी of adjectives and feminine nouns.
 */
const HINDI_ENDINGS = [
  // Nouns in -ई/-इया and their plurals: मिठाइयाँ, नदियों, डाकिया, डाकिए, डाकिये, भाइयों.
  'ाइयां',
  'ाइयों',
  'ियां',
  'ियों',
  'इयां',
  'इयों',
  'िया',
  'िये',
  'इया',
  'इये',
  'िए',
  'इए',
  // Feminine plurals and obliques of vowel stems: कथाएं, माताओं, वस्तुओं, बहुएं.
  'ाएं',
  'ाओं',
  'ुएं',
  'ुओं',
  'एं',
  'ओं',
  // Future: करेंगे, जाएगी, होगा, करूंगा.
  'ाएंगे',
  'ाएंगि',
  'ाएगा',
  'ाएगि',
  'एंगे',
  'एंगि',
  'ेंगे',
  'ेंगि',
  'ेगा',
  'ेगि',
  'ोगे',
  'ोगि',
  'ुंगा',
  'ुंगि',
  // Adjectives in -ईय (भारतीय, राष्ट्रीय, स्थानीय): found by the noun they are made from, as
  // the -ई of सरकारी is (not in Ramanathan and Rao's list, but as regular: issue 27 item 3's
  // relevance set missed भारतीय for भारत).
  'िय',
  // Oblique plural, feminine plural, and nouns in -आई (लड़ाई, मिठाई).
  'ों',
  'ें',
  'ाइ',
  'ाए',
  'ये',
  // A final vowel: the -आ/-ए/-ई of adjectives and nouns (अच्छा, अच्छे, अच्छी).
  'ा',
  'े',
  'ि',
  'ो',
  'ु',
  'ए',
  'इ',
].sort((a, b) => b.length - a.length);

/**
 * A stem keeps at least two letters (consonants or vowels, not the signs on them), so short
 * words are left as they are: कि (that) is no stem of किए.
 */
const MIN_HINDI_LETTERS = 2;
const LETTERS = /[\u0904-\u0939\u0958-\u0961\u0972-\u097f]/g;
const letterCount = (text: string) => text.match(LETTERS)?.length ?? 0;

/** The word without its longest ending, or the word when none comes off. */
function stripHindiEnding(word: string): string {
  for (const ending of HINDI_ENDINGS) {
    if (!word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    // A stem never ends in a virama or a sign: the ending was part of the letter before.
    if (letterCount(stem) >= MIN_HINDI_LETTERS && !/[\u094d\u0900-\u0903]$/.test(stem)) return stem;
  }
  return word;
}

/**
 * The stem of a normalised Devanagari word (search-text.ts `normaliseText`), vowel lengths
 * folded. Endings come off until none is left ("पढ़ाये" -> "पढा" -> "पढ"), so a stem is its
 * own stem: the index keeps a word's stem keys by looking the stem up again (search-document.ts).
 */
export function stemHindi(word: string): string {
  let stem = word.replace(LONG_VOWEL, (v) => SHORT_VOWELS[v] ?? v);
  for (let next = stripHindiEnding(stem); next !== stem; next = stripHindiEnding(stem)) stem = next;
  return stem;
}

/*
 * The same endings as they come out of a loose romanisation (aspiration, vowel length and a
 * final "a" gone): "-iyon", "-iyan", "-iy" (-इया without its final a), "-ie", "-on", "-en", a
 * final vowel. A Latin query word loses them as a Devanagari word loses its endings.
 */
const LATIN_ENDINGS = [
  'aiyon',
  'aiyan',
  'iyon',
  'iyan',
  'aenge',
  'aengi',
  'aeg',
  'aegi',
  'enge',
  'engi',
  'ega',
  'eg',
  'egi',
  'oge',
  'ogi',
  'unga',
  'ung',
  'ungi',
  'iye',
  'iya',
  'iy',
  'ie',
  'aon',
  'aen',
  'uon',
  'uen',
  'on',
  'en',
  'ae',
  'ai',
  'ye',
  'a',
  'e',
  'i',
  'o',
  'u',
].sort((a, b) => b.length - a.length);

/** As for Devanagari stems: "ki" (कि) is no stem of "kiye". */
const MIN_LATIN_STEM = 3;

/** A loose Latin key without a Hindi inflectional ending ("sarkari" -> "sarkar"). */
export function stemLatinKey(key: string): string {
  for (const ending of LATIN_ENDINGS) {
    if (key.length - ending.length >= MIN_LATIN_STEM && key.endsWith(ending))
      return key.slice(0, -ending.length);
  }
  return key;
}

const VOWEL = /[aeiou]/;
const isConsonantAt = (s: string, i: number) => i >= 0 && i < s.length && !VOWEL.test(s[i]!);
const isVowelAt = (s: string, i: number) => i >= 0 && i < s.length && VOWEL.test(s[i]!);

/**
 * Spellings of one word that a loose key still tells apart, made one:
 * - "au" as "o", as औ is often typed ("kachori", कचौरी "kachauri");
 * - "ai" before a nasal and a consonant: English "a" of loanwords, written ै (बैंक "baink",
 *   "bank"; कैंप "kainp", "camp");
 * - a written "a" before a "y" and a vowel: a conjunct with य, or not (ख्याल "khyal", खयाल
 *   "khayal");
 * - an "a" Hindi does not say, between a vowel + consonant and a consonant + vowel, from the
 *   right, as the transliteration drops it ("indradhanush", इंद्रधनुष "indradhnush").
 * Then the inflectional ending goes (`stemLatinKey`).
 */
export function foldKey(loose: string): string {
  let s = loose
    .replace(/au/g, 'o')
    .replace(/ai(?=n[^aeiou])/g, 'a')
    .replace(/([^aeiou])a(?=y[aeiou])/g, '$1');
  for (let i = s.length - 2; i >= 2; i--) {
    if (
      s[i] === 'a' &&
      isConsonantAt(s, i - 1) &&
      isVowelAt(s, i - 2) &&
      isConsonantAt(s, i + 1) &&
      isVowelAt(s, i + 2)
    )
      s = s.slice(0, i) + s.slice(i + 1);
  }
  return stemLatinKey(s);
}

/*
 * English loanwords written in Devanagari are written as they sound: साइबर, मोबाइल, डॉक्टर.
 * A Latin word is also read as English would say it, by a few rules of English spelling, so
 * "cyber" reaches साइबर through the same loose keys. Rules only, no word list:
 * - "c" is "s" before e, i or y, else "k" ("ch" stays);
 * - "y" after a consonant is "ai" before a consonant ("cyber"), "i" at the end of a longer
 *   word ("city");
 * - a vowel, one consonant and a final silent "e": i_e is "ai" ("mobile", "online"), a_e is
 *   "e" ("date", "game"), o_e and u_e keep their vowel ("phone");
 * - "er" and "or" before a consonant or at the end are "ar" ("server", "doctor");
 * - "tion" is "shan";
 * - a final "ue" is "u" ("dengue" डेंगू, "value", "issue": the e is silent);
 * - "com" and "con" before a consonant at the start are "kam", "kan" ("computer" कंप्यूटर,
 *   "company" कंपनी, "control" कंट्रोल): an unstressed o, said as Hindi's short a;
 * - "u" after p, b, m, k, g, f, v or h and before one consonant and a vowel is "yu"
 *   ("computer" कंप्यूटर, "music" म्यूज़िक, "human" ह्यूमन); not after t, d, s, n or l, which
 *   Indian English says "u" ("student" स्टूडेंट, "super" सुपर).
 * Not "u" closing a syllable as "a" ("startup" स्टार्टअप) nor "ai" as "e" ("railway" रेलवे):
 * Hindi typed in Latin letters has both sounds ("kuch", "dukh", "kaise"), and every such word
 * would also find another ("dukh" डाक, "kaise" केस; docs/decisions/038).
 */
export function englishReading(latin: string): string {
  let s = latin.toLowerCase();
  if (!/^[a-z]+$/.test(s)) return s;
  s = s
    .replace(/ue$/, 'u')
    .replace(/^co(?=[mn][^aeiouy])/, 'ka')
    .replace(/(?<=[pbmkgfvh])u(?=[^aeiouy][aeiouy])/g, 'yu')
    .replace(/tion/g, 'shan')
    .replace(/c(?!h)(?=[eiy])/g, 's')
    .replace(/c(?!h)/g, 'k')
    .replace(/([^aeiouy])y(?=[^aeiouy])/g, '$1ai')
    .replace(/(?<=[aeiou][^aeiou]*[^aeiouy])y$/, 'i')
    .replace(/^([^aeiou]*)y$/, '$1ai')
    .replace(/i([^aeiou])e$/, 'ai$1')
    .replace(/a([^aeiou])e$/, 'e$1')
    .replace(/([ou])([^aeiou])e$/, '$1$2')
    .replace(/[eo]r(?=[^aeiou]|$)/g, 'ar');
  return s;
}
