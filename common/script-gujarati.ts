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

/** Gujarati code points with a Devanagari letter of the same meaning 0x180 below (ranges). */
const MAPPED: readonly [number, number][] = [
  [0x0a81, 0x0a83],
  [0x0a85, 0x0a8d],
  [0x0a8f, 0x0a91],
  [0x0a93, 0x0aa8],
  [0x0aaa, 0x0ab0],
  [0x0ab2, 0x0ab3],
  [0x0ab5, 0x0ab9],
  [0x0abc, 0x0ac5],
  [0x0ac7, 0x0ac9],
  [0x0acb, 0x0acd],
  [0x0ad0, 0x0ad0],
  [0x0ae0, 0x0ae3],
  [0x0ae6, 0x0af0],
  [0x0af9, 0x0af9],
];
const isMapped = (code: number) => MAPPED.some(([from, to]) => code >= from && code <= to);
const GUJARATI_RUPEE = 0x0af1;
const isArabicMark = (code: number) => code >= 0x0afa && code <= 0x0aff;

/** Any Gujarati letter, sign or digit. */
export const GUJARATI = /[\u0a80-\u0aff]/;
export const isGujarati = (text: string) => GUJARATI.test(text);

/** Gujarati text written in Devanagari letters, letter for letter; other characters kept. */
export function gujaratiToDevanagari(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code < FIRST || code > LAST) out += ch;
    else if (isMapped(code)) out += String.fromCodePoint(code - OFFSET);
    else if (code === GUJARATI_RUPEE) out += '₹';
    else if (!isArabicMark(code)) out += ch;
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
    out +=
      code >= 0x0900 && code <= 0x097f && isMapped(code + OFFSET)
        ? String.fromCodePoint(code + OFFSET)
        : ch;
  }
  return out;
}
