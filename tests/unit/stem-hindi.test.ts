/*
 * The Hindi stemmer and the stem keys (issue 27 item 1): paradigms that must meet, words that
 * must not, and properties over generated words (bounded by a fixed count, seeded).
 */
import { describe, expect, it } from 'vitest';
import { transliterateDevanagari } from '../../common/slug';
import { normaliseText, textLexemes } from '../../common/search/search-text';
import { queryTerms } from '../../common/search/search-query';
import { englishReading, foldKey, stemHindi, stemLatinKey } from '../../common/search/stem-hindi';
import { seededRandom } from '../setup/seeded-random';

const stem = (word: string) => stemHindi(normaliseText(word));
const finds = (query: string, text: string) => {
  const lexemes = new Set(textLexemes(text));
  const terms = queryTerms(query);
  return terms.length > 0 && terms.every((t) => t.match.some((l) => lexemes.has(l)));
};

describe('the Hindi stemmer', () => {
  it.each([
    ['सरकार', 'सरकारी', 'सरकारें', 'सरकारों'],
    ['डाकिया', 'डाकिए', 'डाकिये', 'डाकियों'],
    ['लड़का', 'लड़के', 'लड़की', 'लड़कों', 'लड़कियाँ', 'लड़कियों'],
    ['नदी', 'नदियाँ', 'नदियों'],
    ['कहानी', 'कहानियां', 'कहानियों'],
    ['माता', 'माताएं', 'माताओं'],
    ['मिठाई', 'मिठाइयाँ', 'मिठाइयों'],
    ['बात', 'बातें', 'बातों'],
    ['अच्छा', 'अच्छे', 'अच्छी'],
    // Adjectives in -ईय, with their noun (issue 27 item 3).
    ['भारत', 'भारतीय', 'भारतीयों'],
    ['राष्ट्र', 'राष्ट्रीय'],
  ])('brings the forms of %s to one stem', (...forms) => {
    const stems = new Set(forms.map(stem));
    expect([...stems], forms.join(' ')).toHaveLength(1);
  });

  it('leaves short words and words without an ending alone', () => {
    for (const word of ['कि', 'में', 'मैं', 'घर', 'भारत', 'साइबर', 'ख्याल'])
      expect(stem(word), word).toBe(normaliseText(word).replace(/ी/g, 'ि'));
  });

  it('keeps apart words that only look alike', () => {
    expect(stem('घटना')).not.toBe(stem('घटा'));
    expect(stem('भारत')).not.toBe(stem('भर्ती'));
    expect(stem('किए')).not.toBe('कि');
  });

  it('gives each generated word a stem that is a prefix of it and its own stem', () => {
    const consonants = [...'कखगचजटडतदनपबमयरलवसह'];
    const signs = ['', 'ा', 'ि', 'ी', 'ु', 'े', 'ो', '्'];
    const endings = ['', 'ा', 'ी', 'े', 'ों', 'ें', 'ियाँ', 'ियों', 'िया', 'िए', 'ाएं', 'ाओं', 'ेंगे'];
    const random = seededRandom(27);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    for (let n = 0; n < 2000; n++) {
      let word = '';
      const syllables = 1 + Math.floor(random() * 4);
      for (let k = 0; k < syllables; k++) word += pick(consonants) + pick(signs);
      word = normaliseText(word.replace(/्$/, '') + pick(endings));
      const folded = word.replace(/ी/g, 'ि').replace(/ू/g, 'ु');
      const stemmed = stemHindi(word);
      expect(folded.startsWith(stemmed), word).toBe(true);
      expect(stemHindi(stemmed), word).toBe(stemmed);
      // A word typed in Latin letters, as the site romanises it, finds the word.
      expect(finds(transliterateDevanagari(word), word), word).toBe(true);
      // And the word finds itself, in any of the spellings the normaliser folds.
      expect(finds(word, word), word).toBe(true);
    }
  });
});

describe('the Latin keys', () => {
  it('lose the endings a Devanagari word loses', () => {
    expect(stemLatinKey('sarkari')).toBe('sarkar');
    expect(stemLatinKey('dakiy')).toBe('dak');
    expect(stemLatinKey('dakie')).toBe('dak');
    expect(stemLatinKey('nadiyon')).toBe('nad');
    // Never below three letters.
    expect(stemLatinKey('kiye')).toBe('kiy');
  });

  it('fold the spellings a loose key still tells apart', () => {
    expect(foldKey('kayal')).toBe(foldKey('kyal'));
    expect(foldKey('indradanus')).toBe(foldKey('indradnus'));
    expect(foldKey('baink')).toBe(foldKey('bank'));
    expect(foldKey('kacauri')).toBe(foldKey('kacori'));
    expect(foldKey('barat')).not.toBe(foldKey('barti'));
  });

  it('read a Latin word as English says it, by rules', () => {
    expect(englishReading('cyber')).toBe('saibar');
    expect(englishReading('mobile')).toBe('mobail');
    expect(englishReading('doctor')).toBe('doktar');
    expect(englishReading('online')).toBe('onlain');
    expect(englishReading('city')).toBe('siti');
    expect(englishReading('sarkar')).toBe('sarkar');
    expect(englishReading('dengue')).toBe('dengu');
    // An unstressed "com" and a "u" said "yu" (issue 36 item 8): कंप्यूटर, कंपनी.
    expect(englishReading('computer')).toBe('kampyutar');
    expect(englishReading('company')).toBe('kampani');
    expect(englishReading('human')).toBe('hyuman');
    // Indian English says "u" after t, d, s, n and l (स्टूडेंट, सुपर).
    expect(englishReading('student')).toBe('student');
    expect(englishReading('super')).toBe('supar');
  });

  it('find loanwords written in Devanagari by their English spelling', () => {
    for (const [query, text] of [
      ['cyber', 'साइबर'],
      ['mobile', 'मोबाइल'],
      ['bank', 'बैंक'],
      ['doctor', 'डॉक्टर'],
      ['internet', 'इंटरनेट'],
      ['online', 'ऑनलाइन'],
      ['dengue', 'डेंगू'],
    ] as const)
      expect(finds(query, text), `${query} ${text}`).toBe(true);
  });
});
