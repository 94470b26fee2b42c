/*
 * Word forms of Marathi (issue 27 item 5, docs/decisions/041): a light stemmer in the manner of
 * the Hindi one (stem-hindi.ts), for Marathi's own inflections. Marathi writes its case endings
 * and postpositions onto the word (सरकारच्या, सरकारला, सरकारने, सरकारमध्ये, सरकारसाठी), after the
 * noun's oblique form (घर -> घराचा, शाळा -> शाळेत, मुले -> मुलांना). So a word loses, at most,
 * one such ending and then one final vowel (the oblique's or the nominative's): घराचा -> घरा ->
 * घर; शाळेत and शाळा -> शाळ; मुलांना -> मुलां -> मुल. Derivation is left alone.
 *
 * Words are folded first as the Hindi stemmer folds them: long ी and ू as short, and (as
 * search-text.ts `normaliseText` already did) the chandrabindu as the anusvara.
 */

const LONG_VOWELS: Record<string, string> = { '\u0940': '\u093f', '\u0942': '\u0941' };
const fold = (word: string) => word.replace(/[\u0940\u0942]/g, (v) => LONG_VOWELS[v] as string);

/**
 * Case endings and postpositions written onto a word, in folded spelling (ि for ी, ु for ू).
 * Longest first. A `after` says what must come before: "-त" (locative) only after a vowel sign
 * (शाळेत, घरात), never after a consonant (भारत); "-ना" and "-नी" (plural dative and agent)
 * only after the plural oblique -ां (मुलांना, लोकांनी), so घटना keeps its ना.
 */
const CASE_ENDINGS: { ending: string; after?: RegExp }[] = [
  { ending: 'मध्ये' },
  { ending: 'पर्यंत' },
  { ending: 'पासुन' },
  { ending: 'बरोबर' },
  { ending: 'विषयि' },
  { ending: 'साठि' },
  { ending: 'कडुन' },
  { ending: 'कडे' },
  { ending: 'मुळे' },
  { ending: 'च्या' },
  { ending: 'चा' },
  { ending: 'चि' },
  { ending: 'चे' },
  { ending: 'ला' },
  { ending: 'ने' },
  { ending: 'हि' },
  { ending: 'वर' },
  { ending: 'ना', after: /\u0902$/ },
  { ending: 'नि', after: /\u0902$/ },
  { ending: 'त', after: /[\u093e-\u094c\u0902]$/ },
].sort((a, b) => b.ending.length - a.ending.length);

/** A final vowel: the oblique's (-ा, -े, -ां) or the nominative's (-ा, -ि, -े, -ु, -ो). */
const FINAL_VOWELS = ['ां', 'ें', 'ा', 'े', 'ि', 'ु', 'ो'];

/** Fewer code points than this left, and the ending was part of the word (ना, ही). */
const MIN_STEM = 2;

const strip = (word: string, ending: string) =>
  word.length - ending.length >= MIN_STEM && word.endsWith(ending)
    ? word.slice(0, -ending.length)
    : undefined;

/** The stem of a normalised Devanagari word read as Marathi ("सरकारच्या" -> "सरकार"). */
export function stemMarathi(word: string): string {
  let s = fold(word);
  for (const { ending, after } of CASE_ENDINGS) {
    const rest = strip(s, ending);
    if (rest !== undefined && (!after || after.test(rest))) {
      s = rest;
      break;
    }
  }
  for (const vowel of FINAL_VOWELS) {
    const rest = strip(s, vowel);
    if (rest !== undefined && !/\u094d$/.test(rest)) return rest;
  }
  return s;
}

/**
 * Endings no Hindi word has: a query word ending so is read as Marathi whatever language the
 * search is limited to (search-text.ts `queryTerms`). The others (-ला, -ने, -चा ...) end Hindi
 * words too (वाला, करने, बच्चा), so they are Marathi only in a search of Marathi articles.
 */
const MARATHI_ONLY = /(च्या|मध्ये|साठ[िी]|पासून|कडून|ांना|ांनी|ांचा|ांच[िी]|ांचे)$/;
export const hasMarathiOnlyEnding = (word: string) => MARATHI_ONLY.test(word);

/** Words that carry no meaning of their own in Marathi (search never counts them). */
export const MARATHI_STOP_WORDS =
  'आणि व हे ही हा ते ती तो या त्या आहे आहेत होते होता होती असे असा अशी अशा असून केले केली ' +
  'करण्यात आले आली आला म्हणून म्हणाले की पण तर मात्र नाही ना त्यांनी त्याने त्यांच्या त्याच्या ' +
  'त्याचा त्याची एक सर्व तसेच यांनी येथे येथील झाले झाली काही तरी आता';
