/*
 * Slugs are lower-case ASCII words joined by hyphens (DECISIONS.md §5). Devanagari is
 * transliterated (a simple, diacritic-free scheme that readers of Hindi URLs recognise:
 * "पत्रिका" -> "patrika"), every other letter is folded to ASCII where it can be.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
/** A consonant followed by the nukta sign (input is NFD, so क़ arrives as क + ़). */
const WITH_NUKTA: Record<string, string> = {
  क: 'q',
  ख: 'kh',
  ग: 'g',
  ज: 'z',
  ड: 'r',
  ढ: 'rh',
  फ: 'f',
  य: 'y',
};
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};
const MATRAS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};
const SIGNS: Record<string, string> = { 'ं': 'n', 'ँ': 'n', 'ः': 'h', ॐ: 'om' };
const DIGITS = '०१२३४५६७८९';
const VIRAMA = '्';
const NUKTA = '़';

function transliterateDevanagari(input: string): string {
  const chars = Array.from(input.normalize('NFD'));
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    let consonant = CONSONANTS[ch];
    if (consonant !== undefined && chars[i + 1] === NUKTA) {
      consonant = WITH_NUKTA[ch] ?? consonant;
      i++;
    }
    if (consonant !== undefined) {
      const next = chars[i + 1];
      if (next === VIRAMA) {
        out += consonant;
        i++;
      } else if (next !== undefined && MATRAS[next] !== undefined) {
        out += consonant + MATRAS[next];
        i++;
      } else {
        // Inherent vowel, dropped at the end of a word ("कमल" -> "kamal") unless the word
        // ends in a conjunct ("स्वास्थ्य" -> "svasthya").
        const inWord = next !== undefined && /[\u0900-\u0963\u0970-\u097F]/.test(next);
        const afterConjunct = chars[i - 1] === VIRAMA;
        out += inWord || afterConjunct ? `${consonant}a` : consonant;
      }
      continue;
    }
    if (VOWELS[ch] !== undefined) out += VOWELS[ch];
    else if (MATRAS[ch] !== undefined) out += MATRAS[ch];
    else if (SIGNS[ch] !== undefined) out += SIGNS[ch];
    else if (DIGITS.includes(ch)) out += String(DIGITS.indexOf(ch));
    else if (ch === VIRAMA || ch === NUKTA) continue;
    else if (ch === '।' || ch === '॥') out += ' ';
    else out += ch;
  }
  return out;
}

/** A slug suggested from a title or name; may be empty when nothing usable remains. */
export function slugify(input: string): string {
  const ascii = transliterateDevanagari(input)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // "Editor's Choice" -> "editors choice": apostrophes join, other marks separate.
    .replace(/['’‘`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= SLUG_MAX_LENGTH) return ascii;
  const cut = ascii.slice(0, SLUG_MAX_LENGTH);
  return cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut;
}

/** First path segments the site itself uses; a category may not take them (DECISIONS.md §5). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  '404',
  'about-us',
  'account',
  'admin',
  'api',
  'article',
  'articles',
  'assets',
  'auth',
  'category',
  'categories',
  'contact-us',
  'dashboard',
  'disclaimer',
  'favicon.ico',
  'feed',
  'feed.xml',
  'login',
  'logout',
  'media',
  'news-sitemap.xml',
  'privacy-policy',
  'profile',
  'robots.txt',
  'rss',
  'search',
  'signin',
  'signout',
  'signup',
  'sitemap',
  'sitemap.xml',
  'static',
  'tag',
  'tags',
  'user',
  'users',
]);
