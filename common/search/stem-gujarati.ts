/*
 * Word forms of Gujarati (issue 27 item 5, docs/decisions/041): a light stemmer in the manner of
 * the Hindi and Marathi ones, written in Gujarati letters. Gujarati writes its case endings onto
 * the word (સરકારની, સરકારનો, સરકારને, ગામમાં, શહેરથી), after a plural -ઓ/-ો (ખેડૂતોને) or an
 * oblique vowel (છોકરાને); the agent is a vowel sign (સરકારે). A word loses at most one ending,
 * then a plural or a final vowel: ખેડૂતોને -> ખેડૂતો -> ખેડૂત; સરકારે -> સરકાર.
 *
 * Words are folded first: long ી and ૂ as short િ and ુ, the candrabindu as the anusvara.
 */

const fold = (word: string) =>
  word
    .replace(/\u0ac0/g, '\u0abf')
    .replace(/\u0ac2/g, '\u0ac1')
    .replace(/\u0a81/g, '\u0a82');

/** Case endings and postpositions written onto a word, folded (િ for ી), longest first. */
const CASE_ENDINGS = ['માંથિ', 'માટે', 'સાથે', 'માં', 'થિ', 'નો', 'નિ', 'નું', 'ના', 'ને', 'એ'].sort(
  (a, b) => b.length - a.length,
);

/** A final vowel: -ો (a plural, or a masculine nominative), -ા, -ે, -િ, -ું, -ુ. */
const FINAL_VOWELS = ['ું', 'ો', 'ા', 'ે', 'િ', 'ુ'];
/** The plural -ઓ after a vowel (છોકરાઓ): it goes before the final vowel (છોકરા -> છોકર). */
const PLURAL = 'ઓ';

const MIN_STEM = 2;
const VIRAMA = '\u0acd';

const strip = (word: string, ending: string) =>
  word.length - ending.length >= MIN_STEM && word.endsWith(ending)
    ? word.slice(0, -ending.length)
    : undefined;

/** The stem of a normalised Gujarati word ("સરકારની" -> "સરકાર"). */
export function stemGujarati(word: string): string {
  let s = fold(word);
  for (const ending of CASE_ENDINGS) {
    const rest = strip(s, ending);
    if (rest !== undefined && !rest.endsWith(VIRAMA)) {
      s = rest;
      break;
    }
  }
  s = strip(s, PLURAL) ?? s;
  for (const vowel of FINAL_VOWELS) {
    const rest = strip(s, vowel);
    if (rest !== undefined && !rest.endsWith(VIRAMA)) return rest;
  }
  return s;
}

/** Words that carry no meaning of their own in Gujarati (search never counts them). */
export const GUJARATI_STOP_WORDS =
  'અને છે છો છું હતો હતી હતું હતા આ એ તે તેમ કે પણ જ નો ની નું ના ને માં થી પર એક જે તો હવે ' +
  'માટે સાથે કરી કર્યું કર્યો કરવામાં આવ્યું આવી આવ્યો તેમણે તેઓ તેના તેની તેનો તેનું અથવા ' +
  'પરંતુ જો શકે રહ્યા થયું થઈ ગયા ગયું';
