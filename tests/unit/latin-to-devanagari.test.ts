import { describe, expect, it } from 'vitest';
import { latinKey, looseLatin } from '../../common/search/search-text';
import { transliterateDevanagari } from '../../common/slug';
import { latinLineToDevanagari, latinToDevanagari } from '../../common/typing/latin-to-devanagari';
import { tokenize } from '../../common/typing/latin-letters';
import { SLOW_TEST } from '../setup/timeouts';

/** A small seeded generator (mulberry32): the same cases every run, on every machine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.floor(next() * list.length)] as T;

describe('latinToDevanagari: the rules', () => {
  it.each([
    // As Indian writers type: schwa left out at the end, the silent "a" kept in writing.
    ['namaste', 'नमस्ते'],
    ['kya', 'क्या'],
    ['hai', 'है'],
    ['mein', 'में'],
    ['hain', 'हैं'],
    ['sarkar', 'सरकार'],
    ['chunav', 'चुनाव'],
    ['mantri', 'मंत्री'],
    ['hindi', 'हिंदी'],
    ['kamal', 'कमल'],
    ['karna', 'करना'],
    ['kisan', 'किसान'],
    ['dharm', 'धर्म'],
    ['dost', 'दोस्त'],
    ['satya', 'सत्य'],
    ['kshetra', 'क्षेत्र'],
    ['gyaan', 'ज्ञान'],
    ['logon', 'लोगों'],
    ['sansad', 'संसद'],
    ['andar', 'अंदर'],
    ['patta', 'पत्ता'],
    ['zila', 'ज़िला'],
    ['hamara', 'हमारा'],
    ['zamana', 'ज़माना'],
    ['adalat', 'अदालत'],
    ['aaj', 'आज'],
    ['bhi', 'भी'],
    ['ek', 'एक'],
    // ITRANS / Harvard-Kyoto capitals past the first letter say exactly what is meant.
    ['kaTa', 'कटा'],
    ['bhAratI', 'भारती'],
    // The first letter's capital is only a capital.
    ['Namaste', 'नमस्ते'],
  ])('%s -> %s first', (latin, devanagari) => {
    expect(latinToDevanagari(latin)[0]).toBe(devanagari.normalize('NFC'));
  });

  it.each([
    // The spellings a vowel length, a retroflex or a conjunct leave open are offered too.
    ['bharat', ['भरत', 'भारत']],
    ['gyan', ['ज्ञान']],
    ['pradhan', ['प्रधान']],
    ['sampadak', ['संपादक']],
    ['ladki', ['लड़की']],
    ['shiksha', ['शिक्षा']],
    ['din', ['दिन', 'दीन']],
  ])('%s offers %j', (latin, expected) => {
    const candidates = latinToDevanagari(latin, 8);
    for (const word of expected) expect(candidates).toContain(word.normalize('NFC'));
  });

  it('takes letters only, and nothing from a word without them', () => {
    expect(latinToDevanagari('')).toEqual([]);
    expect(latinToDevanagari('123')).toEqual([]);
    expect(latinToDevanagari("kya'")[0]).toBe('क्या');
  });

  it('cuts a word into its sounds, longest first', () => {
    expect(tokenize('kshetra').map((t) => t.latin)).toEqual(['ksh', 'e', 't', 'r', 'a']);
    expect(tokenize('achchha').map((t) => t.latin)).toEqual(['a', 'ch', 'chh', 'a']);
    expect(tokenize('gyan').map((t) => t.latin)).toEqual(['gy', 'a', 'n']);
    expect(tokenize('yogya').map((t) => t.latin)).toEqual(['y', 'o', 'gy', 'a']);
    expect(tokenize('agla').map((t) => t.latin)).toEqual(['a', 'g', 'l', 'a']);
  });

  it('turns a line word by word, leaving everything else', () => {
    expect(latinLineToDevanagari('namaste, kya hai? 2026')).toBe('नमस्ते, क्या है? 2026');
    expect(latinLineToDevanagari('भारत mein')).toBe('भारत में');
  });
});

/** What a well-formed Devanagari word may not have (a sign must follow what it marks). */
const SIGN = /[\u093c\u093e-\u094d\u0901-\u0903]/;
const INDEPENDENT_VOWEL = /[\u0904-\u0914]/;
const CONSONANT = /[\u0915-\u0939]/;
function malformed(word: string): string | null {
  const chars = [...word];
  if (!/^[\u0900-\u097f]+$/.test(word)) return 'not Devanagari only';
  if (SIGN.test(chars[0] ?? '')) return 'starts with a sign';
  for (let i = 1; i < chars.length; i++) {
    const ch = chars[i] as string;
    const prev = chars[i - 1] as string;
    if (prev === '\u094d' && !CONSONANT.test(ch)) return `virama before ${ch}`;
    if (/[\u093e-\u094c]/.test(ch) && !(CONSONANT.test(prev) || prev === '\u093c'))
      return `vowel sign ${ch} after ${prev}`;
    if (ch === '\u094d' && !(CONSONANT.test(prev) || prev === '\u093c'))
      return 'virama after no consonant';
    if (/[\u0901\u0902]/.test(ch) && /[\u0901\u0902\u094d]/.test(prev))
      return 'nasal after a nasal or virama';
    if (ch === '\u093c' && !CONSONANT.test(prev)) return 'nukta after no consonant';
    if (INDEPENDENT_VOWEL.test(ch) && prev === '\u094d') return 'vowel after a virama';
  }
  if (word.endsWith('\u094d')) return 'ends in a virama';
  return null;
}

describe('latinToDevanagari: properties over generated words', () => {
  const LETTERS = 'abcdefghijklmnopqrstuvwxyzaaeeiioouuhhnnrr';

  it(
    'every spelling of any Latin word is well-formed Devanagari, each once, at most max, the same every time',
    SLOW_TEST,
    () => {
      const next = random(27);
      for (let n = 0; n < 1500; n++) {
        const length = 1 + Math.floor(next() * 12);
        let latin = '';
        for (let i = 0; i < length; i++) latin += pick(next, [...LETTERS]);
        const max = 1 + Math.floor(next() * 8);
        const spellings = latinToDevanagari(latin, max);
        expect(spellings.length, latin).toBeGreaterThan(0);
        expect(spellings.length, latin).toBeLessThanOrEqual(max);
        expect(new Set(spellings).size, latin).toBe(spellings.length);
        for (const word of spellings) expect(malformed(word), `${latin} -> ${word}`).toBeNull();
        expect(latinToDevanagari(latin, max)).toEqual(spellings);
      }
    },
  );

  /*
   * A Devanagari word typed the way slugs and search keys romanise it (common/slug.ts) comes
   * back, first, as a word with the same Latin key: the rules read the letters a writer typed,
   * whatever vowel lengths or retroflexes they chose.
   */
  it(
    'the first spelling of a romanised Hindi word has the Latin key that was typed',
    SLOW_TEST,
    () => {
      const next = random(6);
      const consonants = [...'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह'];
      const signs = ['', '', 'ा', 'ि', 'ी', 'ु', 'ू', 'े', 'ै', 'ो', 'ौ'];
      for (let n = 0; n < 1000; n++) {
        let word = '';
        const syllables = 1 + Math.floor(next() * 4);
        for (let s = 0; s < syllables; s++) {
          word += pick(next, consonants);
          // Now and then a conjunct with य, र or व, or a nasal before the next syllable.
          const r = next();
          if (r < 0.1 && s > 0) word += `्${pick(next, ['य', 'र', 'व'])}`;
          word += pick(next, signs);
          if (r > 0.9 && s < syllables - 1) word += 'ं';
        }
        const typed = transliterateDevanagari(word);
        const first = latinToDevanagari(typed, 1)[0] ?? '';
        expect(latinKey(first), `${word} typed "${typed}" gave ${first}`).toBe(looseLatin(typed));
      }
    },
  );
});
