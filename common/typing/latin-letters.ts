/*
 * The letters of Hindi typed in Latin (latin-to-devanagari.ts reads words with them): each
 * consonant, flap and vowel as typed, with the Devanagari it may stand for and what each
 * spelling costs (0: the likeliest), and a word cut into them. A table, so a letter is added in
 * one place.
 */

/** One spelling of a piece of the word and what it costs (0: the likeliest). */
export type Option = readonly [text: string, cost: number];

export const VIRAMA = '\u094d';
export const ANUSVARA = '\u0902';
export const CHANDRABINDU = '\u0901';
const NUKTA = '\u093c';

/** Consonants as typed; the longest match is taken ("chh" before "ch" before "c"). */
export const CONSONANTS: Record<string, readonly Option[]> = {
  ksh: [['क्ष', 0]],
  chh: [['छ', 0]],
  Sh: [['ष', 0]],
  sh: [
    ['श', 0],
    ['ष', 0.9],
  ],
  kh: [
    ['ख', 0],
    [`ख${NUKTA}`, 1.4],
  ],
  gh: [['घ', 0]],
  ch: [
    ['च', 0],
    ['छ', 1.2],
  ],
  jh: [['झ', 0]],
  Th: [['ठ', 0]],
  th: [
    ['थ', 0],
    ['ठ', 0.9],
  ],
  Dh: [['ढ', 0]],
  dh: [
    ['ध', 0],
    ['ढ', 1],
  ],
  ph: [
    ['फ', 0],
    [`फ${NUKTA}`, 0.8],
  ],
  bh: [['भ', 0]],
  // "gy" is ज्ञ as Hindi says it ("gyan" ज्ञान) or ग्य ("yogya" योग्य): see `consonantOptions`.
  gy: [
    ['ज्ञ', 0],
    ['ग्य', 0.5],
  ],
  T: [['ट', 0]],
  D: [['ड', 0]],
  N: [['ण', 0]],
  S: [['ष', 0]],
  k: [['क', 0]],
  g: [
    ['ग', 0],
    [`ग${NUKTA}`, 1.8],
  ],
  c: [
    ['च', 0.3],
    ['क', 0.8],
  ],
  j: [
    ['ज', 0],
    [`ज${NUKTA}`, 1.3],
  ],
  t: [
    ['त', 0],
    ['ट', 0.9],
  ],
  d: [
    ['द', 0],
    ['ड', 0.9],
  ],
  n: [
    ['न', 0],
    ['ण', 1.2],
  ],
  p: [['प', 0]],
  f: [
    [`फ${NUKTA}`, 0],
    ['फ', 0.6],
  ],
  b: [['ब', 0]],
  m: [['म', 0]],
  y: [['य', 0]],
  r: [['र', 0]],
  l: [['ल', 0]],
  v: [['व', 0]],
  w: [['व', 0]],
  s: [
    ['स', 0],
    ['श', 1.4],
  ],
  h: [['ह', 0]],
  z: [
    [`ज${NUKTA}`, 0],
    ['ज', 0.6],
  ],
  q: [
    [`क${NUKTA}`, 0],
    ['क', 0.6],
  ],
  x: [
    ['क्स', 0],
    ['क्ष', 0.5],
  ],
};

/**
 * The flapped ड़ and ढ़ are typed "d"/"r" and "dh" ("ladki", "larki" लड़की; "padhai" पढ़ाई), only
 * after a vowel.
 */
export const FLAPS: Record<string, readonly Option[]> = {
  d: [[`ड${NUKTA}`, 1]],
  D: [[`ड${NUKTA}`, 0.4]],
  r: [[`ड${NUKTA}`, 1.5]],
  dh: [[`ढ${NUKTA}`, 1.1]],
  Dh: [[`ढ${NUKTA}`, 0.4]],
};

/** Vowels as typed: [after a consonant (a vowel sign; "" is the inherent a), on its own]. */
export const VOWELS: Record<string, readonly [readonly Option[], readonly Option[]]> = {
  aa: [[['ा', 0]], [['आ', 0]]],
  ai: [
    [
      ['ै', 0],
      ['ाई', 1],
      ['ई', 1.2],
    ],
    [['ऐ', 0]],
  ],
  au: [[['ौ', 0]], [['औ', 0]]],
  ou: [[['ौ', 0]], [['औ', 0]]],
  ee: [[['ी', 0]], [['ई', 0]]],
  ii: [[['ी', 0]], [['ई', 0]]],
  ei: [
    [
      ['े', 0],
      ['ै', 1],
    ],
    [['ए', 0]],
  ],
  oo: [[['ू', 0]], [['ऊ', 0]]],
  uu: [[['ू', 0]], [['ऊ', 0]]],
  A: [[['ा', 0]], [['आ', 0]]],
  I: [[['ी', 0]], [['ई', 0]]],
  U: [[['ू', 0]], [['ऊ', 0]]],
  a: [
    [
      ['', 0],
      ['ा', 1],
    ],
    [
      ['अ', 0],
      ['आ', 1],
    ],
  ],
  i: [
    [
      ['ि', 0],
      ['ी', 0.8],
    ],
    [
      ['इ', 0],
      ['ई', 0.8],
    ],
  ],
  u: [
    [
      ['ु', 0],
      ['ू', 0.8],
    ],
    [
      ['उ', 0],
      ['ऊ', 0.8],
    ],
  ],
  e: [
    [
      ['े', 0],
      ['ै', 1.5],
    ],
    [['ए', 0]],
  ],
  o: [
    [
      ['ो', 0],
      ['ौ', 1.5],
    ],
    [['ओ', 0]],
  ],
};

export type Token = { kind: 'C'; latin: string } | { kind: 'V'; latin: string };
const CONSONANT_KEYS = Object.keys(CONSONANTS).sort((a, b) => b.length - a.length);
const VOWEL_KEYS = Object.keys(VOWELS).sort((a, b) => b.length - a.length);
/** Upper-case letters that mean something past a word's first letter (ITRANS, Harvard-Kyoto). */
const MEANINGFUL_CAPITALS = /[TDNSAIU]/;

/** The latin word cut into consonants and vowels; letters only (others are dropped). */
export function tokenize(latin: string): Token[] {
  let s = '';
  for (const [i, ch] of [...latin].entries()) {
    if (!/[a-zA-Z]/.test(ch)) continue;
    s += i > 0 && MEANINGFUL_CAPITALS.test(ch) ? ch : ch.toLowerCase();
  }
  const tokens: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const vowel = VOWEL_KEYS.find((k) => s.startsWith(k, i));
    // "gy" is one sound only before a vowel ("gyan"); otherwise "g" and "y".
    const consonant = CONSONANT_KEYS.find(
      (k) =>
        s.startsWith(k, i) &&
        (k !== 'gy' || VOWEL_KEYS.some((v) => s.startsWith(v, i + 2)) || i + 2 === s.length),
    );
    if (vowel !== undefined) {
      tokens.push({ kind: 'V', latin: vowel });
      i += vowel.length;
    } else if (consonant !== undefined) {
      tokens.push({ kind: 'C', latin: consonant });
      i += consonant.length;
    } else {
      // Upper-case letters without a meaning of their own are read as lower case.
      const lower = s.slice(i, i + 1).toLowerCase();
      tokens.push(VOWELS[lower] ? { kind: 'V', latin: lower } : { kind: 'C', latin: lower || 'a' });
      i += 1;
    }
  }
  return tokens;
}
