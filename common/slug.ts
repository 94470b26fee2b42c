import { gujaratiToDevanagari } from './script-gujarati';

/*
 * Slugs are lower-case ASCII words joined by hyphens (DECISIONS.md §5). Devanagari is
 * transliterated (a simple, diacritic-free scheme that readers of Hindi URLs recognise:
 * "पत्रिका" -> "patrika"), Gujarati likewise through the same letters in Devanagari
 * (common/script-gujarati.ts: "સરકાર" -> "sarkar"), every other letter is folded to ASCII
 * where it can be.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;

/** The `n`-th try at a free slug from `base`: `base` itself, then `base-2`, `base-3`, … */
export const slugTry = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);

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
  // ड़ and ढ़ as Hindi URLs write them: "लड़की" -> "ladki", "पढ़ाई" -> "padhai".
  ड: 'd',
  ढ: 'dh',
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

/**
 * One piece of a transliterated word: a consonant, its inherent vowel, a written vowel (a
 * matra or an independent vowel), a nasal or other sign, or anything else (which ends a word).
 */
type Piece =
  | { kind: 'consonant'; text: string; clustered: boolean }
  | { kind: 'inherent'; dropped: boolean }
  | { kind: 'vowel'; text: string }
  | { kind: 'sign'; text: string }
  | { kind: 'other'; text: string };

const isVowelPiece = (p: Piece | undefined) =>
  p !== undefined && (p.kind === 'vowel' || (p.kind === 'inherent' && !p.dropped));

/**
 * Conjuncts whose last letter is one of these keep a final "a" in speech and in the way
 * readers spell them ("स्वास्थ्य" -> "svasthya", "चक्र" -> "chakra", "विश्व" -> "vishva",
 * "शुक्ल" -> "shukla"); after any other conjunct the "a" is silent ("कोणार्क" -> "konark",
 * "अगस्त" -> "agast", "रिपोर्ट" -> "riport").
 */
const VOICED_AFTER_CONJUNCT = new Set(['y', 'r', 'v', 'l']);

/**
 * Hindi does not pronounce every inherent "a" (schwa deletion): not at the end of a word
 * ("कमल" -> "kamal", "अगस्त" -> "agast"; kept after a conjunct ending in y, r, v or l as in
 * "स्वास्थ्य" -> "svasthya", in "-iya" as in "भारतीय", and as a word's only vowel as in "व"),
 * and not inside one between a vowel + consonant and a consonant + vowel, taken from the
 * right ("करना" -> "karna", "समझना" -> "samajhna", "सरकार" -> "sarkar"). A heuristic: some
 * words come out differently from how readers spell them; the commonest are in COMMON_WORDS.
 */
function dropSilentSchwas(word: Piece[]) {
  const last = word.length - 1;
  const final = word[last];
  if (final?.kind === 'inherent') {
    const consonant = word[last - 1];
    const vowelBefore = word[last - 2];
    const keep =
      !word.slice(0, last).some(isVowelPiece) ||
      (consonant?.kind === 'consonant' &&
        ((consonant.clustered && VOICED_AFTER_CONJUNCT.has(consonant.text)) ||
          (consonant.text === 'y' && vowelBefore?.kind === 'vowel' && vowelBefore.text === 'i')));
    if (!keep) final.dropped = true;
  }
  for (let i = last - 1; i >= 2; i--) {
    const piece = word[i] as Piece;
    if (piece.kind !== 'inherent') continue;
    // vowel, consonant, [this schwa], consonant, vowel: single consonants on both sides.
    if (
      word[i - 1]?.kind === 'consonant' &&
      isVowelPiece(word[i - 2]) &&
      word[i + 1]?.kind === 'consonant' &&
      isVowelPiece(word[i + 2])
    ) {
      piece.dropped = true;
    }
  }
}

export function transliterateDevanagari(input: string): string {
  const chars = Array.from(input.normalize('NFD'));
  const pieces: Piece[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    // ज्ञ is said "gy" in Hindi ("ज्ञान" -> "gyan").
    if (ch === 'ज' && chars[i + 1] === VIRAMA && chars[i + 2] === 'ञ') {
      pieces.push({ kind: 'consonant', text: 'g', clustered: false });
      pieces.push({ kind: 'consonant', text: 'y', clustered: true });
      i += 2;
    } else {
      let consonant = CONSONANTS[ch];
      if (consonant === undefined) {
        if (VOWELS[ch] !== undefined) pieces.push({ kind: 'vowel', text: VOWELS[ch] });
        else if (MATRAS[ch] !== undefined) pieces.push({ kind: 'vowel', text: MATRAS[ch] });
        else if (SIGNS[ch] !== undefined) pieces.push({ kind: 'sign', text: SIGNS[ch] });
        else if (DIGITS.includes(ch))
          pieces.push({ kind: 'other', text: String(DIGITS.indexOf(ch)) });
        else if (ch === VIRAMA || ch === NUKTA || ch === '\u200c' || ch === '\u200d') continue;
        else if (ch === '।' || ch === '॥') pieces.push({ kind: 'other', text: ' ' });
        else pieces.push({ kind: 'other', text: ch });
        continue;
      }
      // A consonant written after a virama is the second half of a conjunct.
      const clustered = chars[i - 1] === VIRAMA;
      if (chars[i + 1] === NUKTA) {
        consonant = WITH_NUKTA[ch] ?? consonant;
        i++;
      }
      pieces.push({ kind: 'consonant', text: consonant, clustered });
    }
    const next = chars[i + 1];
    if (next === VIRAMA) {
      i++;
    } else if (next !== undefined && MATRAS[next] !== undefined) {
      pieces.push({ kind: 'vowel', text: MATRAS[next] });
      i++;
    } else {
      pieces.push({ kind: 'inherent', dropped: false });
    }
  }
  // Words are runs of Devanagari pieces; schwas are dropped word by word.
  let word: Piece[] = [];
  const flush = () => {
    if (word.length) dropSilentSchwas(word);
    word = [];
  };
  for (const piece of pieces) {
    if (piece.kind === 'other') flush();
    else word.push(piece);
  }
  flush();
  return pieces
    .map((p, i) => {
      if (p.kind === 'inherent') return p.dropped ? '' : 'a';
      // The nasal sign before p, b or m is said "m" ("संपादक" -> "sampadak").
      const next = pieces[i + 1];
      if (p.kind === 'sign' && p.text === 'n' && next?.kind === 'consonant')
        return /^[pbm]/.test(next.text) ? 'm' : 'n';
      return p.text;
    })
    .join('');
}

/**
 * Common words spelled the way readers write them in Latin letters, where the letter-by-letter
 * rules give another spelling ("दिवाली" would be "divali"). Whole words only; keep this short
 * and documented (docs/decisions/018-interface-language-translations.md). Only slugs use it:
 * search keys come from transliterateDevanagari, so a word here never changes what is found.
 * Every slug spells these words so, tags' too, whose addresses are made from their names each
 * time a page links them (common/paths.ts `tagPath`): a word added here moves a tag's address.
 * Articles' slugs, which are kept as made, know more words (common/title-slug.ts).
 */
export const COMMON_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    दिवाली: 'diwali',
    दीवाली: 'diwali',
    दीपावली: 'deepawali',
    दिल्ली: 'delhi',
    // Also the Gujarati ગુજરાત, which reaches this table in Devanagari letters.
    गुजरात: 'gujarat',
    ईद: 'eid',
    दशहरा: 'dussehra',
    कृष्ण: 'krishna',
    योग: 'yoga',
    क्रिकेट: 'cricket',
    पुलिस: 'police',
    स्कूल: 'school',
    वीडियो: 'video',
    बॉलीवुड: 'bollywood',
    न्यूज़: 'news',
  }).map(([hindi, latin]) => [hindi.normalize('NFC'), latin]),
);
const DEVANAGARI_WORD = /[\u0900-\u0963\u0966-\u097f\u200c\u200d]+/g;

const spellCommonWords = (input: string, words: ReadonlyMap<string, string>) =>
  input.replace(DEVANAGARI_WORD, (word) => {
    const latin = words.get(word.normalize('NFC').replace(/[\u200c\u200d]/g, ''));
    return latin === undefined ? word : ` ${latin} `;
  });

/**
 * A slug suggested from a title or name; may be empty when nothing usable remains. `words`:
 * the whole Devanagari words spelled as a table says (NFC, no joiners), the rules spell the rest.
 */
export function slugify(input: string, words: ReadonlyMap<string, string> = COMMON_WORDS): string {
  const ascii = transliterateDevanagari(spellCommonWords(gujaratiToDevanagari(input), words))
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
