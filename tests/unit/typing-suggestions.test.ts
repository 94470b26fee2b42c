import { describe, expect, it } from 'vitest';
import { latinKey, normaliseText } from '../../common/search/search-text';
import { transliterateDevanagari } from '../../common/slug';
import { COMMON_HINDI_WORDS } from '../../common/typing/hindi-words';
import { latinToDevanagari } from '../../common/typing/latin-to-devanagari';
import {
  makeLexicon,
  MAX_SUGGESTIONS,
  suggest,
  type SiteWord,
} from '../../common/typing/suggestions';
import { SLOW_TEST } from '../setup/timeouts';

/** A site word as GET /api/search/vocabulary sends it: normalised, with its Latin key. */
const site = (word: string, count: number): SiteWord => {
  const normal = normaliseText(word);
  return { word: normal, key: latinKey(normal), count };
};
const nfc = (word: string) => word.normalize('NFC');

describe('suggest', () => {
  const common = makeLexicon([]);

  it.each([
    // The examples of issue 27 item 6: rules and common words, no site vocabulary.
    ['bharat', 'भारत'],
    ['namaste', 'नमस्ते'],
    ['kya', 'क्या'],
    ['hai', 'है'],
    ['mein', 'में'],
    ['sarkar', 'सरकार'],
    ['chunav', 'चुनाव'],
    ['pradhan', 'प्रधान'],
    ['mantri', 'मंत्री'],
    ['gyan', 'ज्ञान'],
    ['nahi', 'नहीं'],
    ['main', 'मैं'],
  ])('%s -> %s first', (latin, word) => {
    expect(suggest(latin, common)[0]).toBe(nfc(word));
  });

  it('offers at most five, each once, the rules\u2019 spellings among them', () => {
    for (const latin of ['bharat', 'kal', 'samachar', 'din', 'x', 'ab']) {
      const words = suggest(latin, common);
      expect(words.length).toBeGreaterThan(0);
      expect(words.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
      expect(new Set(words).size).toBe(words.length);
      expect(words).toContain(latinToDevanagari(latin, 1)[0]);
    }
    expect(suggest('bharat', common)).toEqual(expect.arrayContaining(['भारत', 'भरत']));
    expect(suggest('', common)).toEqual([]);
    expect(suggest('42', common)).toEqual([]);
  });

  it("puts the site's own words of the typed key first, most used first", () => {
    const lexicon = makeLexicon([site('मोदी', 40), site('राहुल', 25), site('रहल', 2)]);
    // The rules alone spell "rahul" रहुल; the site writes राहुल.
    expect(latinToDevanagari('rahul', 1)[0]).toBe('रहुल');
    expect(suggest('rahul', lexicon)[0]).toBe('राहुल');
    expect(suggest('modi', lexicon)[0]).toBe('मोदी');
    // Without the site's words, the rules' spelling.
    expect(suggest('rahul', common)[0]).toBe('रहुल');
  });

  it("offers the site's spelling where the rules have none like it", () => {
    // ट्ट is two retroflex choices away: not among the rules' spellings of "mitti".
    expect(latinToDevanagari('mitti', 8)).not.toContain('मिट्टी');
    expect(suggest('mitti', makeLexicon([site('मिट्टी', 1)]))[0]).toBe('मिट्टी');
  });

  it('ranks site words of one key by how many articles use them', () => {
    const lexicon = makeLexicon([site('कमल', 3), site('कमाल', 9)]);
    // Both are "kamal" to a Latin key (vowel length falls away).
    expect(suggest('kamal', lexicon).slice(0, 2)).toEqual(['कमाल', 'कमल']);
  });

  it('shows a site word with the nukta the writer typed (the index keeps it without)', () => {
    const lexicon = makeLexicon([site('ज़माना', 7)]);
    expect(makeLexicon([site('ज़माना', 7)]).byKey.get('jaman')?.[0]?.word).toBe('जमाना');
    expect(suggest('zamana', lexicon)[0]).toBe(nfc('ज़माना'));
    expect(suggest('jamana', lexicon)[0]).toBe('जमाना');
  });

  it('offers words that begin with what is typed, after its own spellings', () => {
    const lexicon = makeLexicon([site('चुनावों', 30), site('चुनौती', 12)]);
    const words = suggest('chuna', lexicon);
    expect(words.length).toBe(MAX_SUGGESTIONS);
    // The word's own spelling first (what a space makes of it), completions among the five.
    expect(words[0]).toBe(latinToDevanagari('chuna', 1)[0]);
    expect(words).toContain('चुनावों');
    expect(words).toContain('चुनौती');
  });

  it('keeps common words first for their key, whatever the site uses more', () => {
    const lexicon = makeLexicon([site('भरत', 50)]);
    expect(suggest('bharat', lexicon).slice(0, 2)).toEqual(['भारत', 'भरत']);
  });

  it('a site word that is a common word is that word, once', () => {
    const lexicon = makeLexicon([site('सरकार', 80)]);
    expect(suggest('sarkar', lexicon).filter((w) => w === 'सरकार')).toHaveLength(1);
  });

  // Property: every common word is offered when typed as slugs and search keys romanise it.
  it('offers every common word typed as its romanisation', SLOW_TEST, () => {
    for (const { word } of COMMON_HINDI_WORDS) {
      const typed = transliterateDevanagari(word);
      expect(suggest(typed, common), `${word} typed "${typed}"`).toContain(word);
    }
  });
});
