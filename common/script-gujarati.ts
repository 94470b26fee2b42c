/*
 * Gujarati letters as Devanagari ones (issue 27 item 5, docs/decisions/041). Unicode encodes
 * Gujarati (U+0A80–U+0AFF) in the layout of Devanagari (U+0900–U+097F), both from ISCII: a
 * letter of one is the letter 0x180 below or above in the other (ક U+0A95 is क U+0915; the vowel
 * sign ી U+0AC0 is ी U+0940; the virama, nukta, anusvara and digits likewise). So a Gujarati word
 * is transliterated, romanised for search and folded by the Devanagari machinery
 * (common/slug.ts, common/search/search-text.ts) after this mapping.
 *
 * Where the two blocks differ (tests/unit/script-gujarati.test.ts checks every code point):
 * - Gujarati has no letters at the places of Devanagari's short ऎ, ऒ, ऴ, the vowel signs ॆ, ॊ,
 *   the stress and Vedic marks, and the Sindhi and Kashmiri letters (U+0978–U+097F), and uses
 *   Devanagari's own danda (।, ॥) rather than one of its own: there is nothing to map there.
 * - U+0AF1 is the Gujarati rupee sign (૱), where Devanagari has the high spacing dot (U+0971):
 *   it becomes ₹ (U+20B9), which means the same.
 * - U+0AFA–U+0AFF are marks for transliterating Arabic (sukun, shadda, maddah and the nukta
 *   variants), where Devanagari has the Sindhi letters ॺ ॻ ॼ ॽ ॾ ॿ: they are dropped, as the
 *   nukta is for search (they change no letter a reader types).
 * - U+0AF9 ૹ (zha) is U+0979 ॹ, the same letter, and maps as the others.
 */

const OFFSET = 0x180;
const FIRST = 0x0a80;
const LAST = 0x0aff;

/** Gujarati code points with a Devanagari letter of the same meaning 0x180 below. */
const MAPPED =
  /[\u0a81-\u0a83\u0a85-\u0a8d\u0a8f-\u0a91\u0a93-\u0aa8\u0aaa-\u0ab0\u0ab2\u0ab3\u0ab5-\u0ab9\u0abc-\u0ac5\u0ac7-\u0ac9\u0acb-\u0acd\u0ad0\u0ae0-\u0ae3\u0ae6-\u0af0\u0af9]/;
const GUJARATI_RUPEE = '\u0af1';
const ARABIC_MARKS = /[\u0afa-\u0aff]/;

/** Any Gujarati letter, sign or digit. */
export const GUJARATI = /[\u0a80-\u0aff]/;
export const isGujarati = (text: string) => GUJARATI.test(text);

/** Gujarati text written in Devanagari letters, letter for letter; other characters kept. */
export function gujaratiToDevanagari(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code < FIRST || code > LAST) out += ch;
    else if (MAPPED.test(ch)) out += String.fromCodePoint(code - OFFSET);
    else if (ch === GUJARATI_RUPEE) out += '₹';
    else if (!ARABIC_MARKS.test(ch)) out += ch;
  }
  return out;
}

/**
 * Devanagari written back in Gujarati letters (the inverse, for the letters Gujarati has): what
 * search keeps of a Gujarati word after folding it as Devanagari. Letters Gujarati lacks stay.
 */
export function devanagariToGujarati(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    const gujarati = String.fromCodePoint(code + OFFSET);
    out += code >= 0x0900 && code <= 0x097f && MAPPED.test(gujarati) ? gujarati : ch;
  }
  return out;
}
