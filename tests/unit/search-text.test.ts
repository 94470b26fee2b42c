import { describe, expect, it } from 'vitest';
import { articleSearchColumns } from '../../common/search/search-document';
import {
  looseLatin,
  markMatches,
  normaliseText,
  queryTerms,
  snippet,
  textLexemes,
  toTsquery,
} from '../../common/search/search-text';
import { stemEnglish } from '../../common/search/stem-english';
import { FINDS, MISSES } from '../fixtures/search-pairs';

/** Whether a text is found by a query: every query word has a lexeme among the text's. */
function finds(query: string, text: string): boolean {
  const lexemes = new Set(textLexemes(text));
  const terms = queryTerms(query);
  return terms.length > 0 && terms.every((t) => t.lexemes.some((l) => lexemes.has(l)));
}

describe('the search normaliser', () => {
  it('has at least 60 query/text pairs to hold it to', () => {
    expect(FINDS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(FINDS)('"%s" finds "%s" (%s)', (query, text) => {
    expect(finds(query, text)).toBe(true);
  });

  it.each(MISSES)('"%s" does not find "%s" (%s)', (query, text) => {
    expect(finds(query, text)).toBe(false);
  });

  it('folds the nukta, chandrabindu, half nasals and joiners to one spelling', () => {
    expect(normaliseText('ज़माना')).toBe(normaliseText('जमाना'));
    expect(normaliseText('\u095b')).toBe('ज'); // ज़ as one code point
    expect(normaliseText('चाँद')).toBe('चांद');
    expect(normaliseText('गङ्गा')).toBe('गंगा');
    expect(normaliseText('क्\u200dष')).toBe('क्ष');
    expect(normaliseText('Café')).toBe('café');
  });

  it('romanises loosely: aspiration, vowel length, w/v, z/j, doubled letters', () => {
    expect(looseLatin('chitthi')).toBe(looseLatin('chiti'));
    expect(looseLatin('diwaali')).toBe(looseLatin('divali'));
    expect(looseLatin('zamana')).toBe(looseLatin('jamana'));
    expect(looseLatin('sarkar')).not.toBe(looseLatin('sarkari'));
  });

  it('stems English as Porter does', () => {
    const cases: [string, string][] = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['running', 'run'],
      ['mornings', 'morn'],
      ['relational', 'relat'],
      ['hopeful', 'hope'],
      ['generalization', 'gener'],
      ['agreed', 'agre'],
      ['sky', 'sky'],
    ];
    for (const [word, stem] of cases) expect(stemEnglish(word), word).toBe(stem);
  });

  it('leaves stop words out of a query unless nothing else is asked', () => {
    expect(queryTerms('the monsoon').map((t) => t.word)).toEqual(['monsoon']);
    expect(queryTerms('भारत की टीम').map((t) => t.word)).toEqual(['भारत', 'टीम']);
    expect(queryTerms('the').map((t) => t.word)).toEqual(['the']);
    expect(queryTerms('  ,, ')).toEqual([]);
  });

  it('quotes every lexeme in the tsquery, so nothing in a query is syntax', () => {
    // Operators typed by a reader are not words: they never reach the tsquery.
    expect(toTsquery(queryTerms('monsoon & !rain | (delhi)'))).toBe(
      "('monsoon' | '~monsun') & ('rain' | '~rain') & ('delhi' | '~delhi')",
    );
    expect(toTsquery([{ word: 'x', lexemes: ["o'brien", 'a\\b'] }])).toBe(
      "('o''brien' | 'a\\\\b')",
    );
    expect(toTsquery(queryTerms('sarkar'))).toBe("('sarkar' | '~sarkar')");
  });

  it('marks the asked-for words in a title, escaping the rest', () => {
    expect(markMatches('<b>ज़माना</b> & सरकार', queryTerms('जमाना'))).toBe(
      '&lt;b&gt;<mark>ज़माना</mark>&lt;/b&gt; &amp; सरकार',
    );
    expect(markMatches('Three mornings of rain', queryTerms('morning'))).toBe(
      'Three <mark>mornings</mark> of rain',
    );
  });

  it('cuts a snippet around the first match, never inside a grapheme cluster', () => {
    const filler = 'क्षत्रिय स्त्री '.repeat(40);
    const text = `${filler}यहाँ चिट्ठी मिली ${filler}`;
    const cut = snippet(text, queryTerms('chitthi'), 80);
    expect(cut).toContain('<mark>चिट्ठी</mark>');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    const plain = cut.replace(/<\/?mark>/g, '').replace(/…/g, '');
    // Whole words only: every word of the snippet is a word of the text.
    for (const word of plain.trim().split(/\s+/)) expect(text.split(/\s+/)).toContain(word);
    const graphemes = [...new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(plain)];
    expect(graphemes.length).toBeLessThanOrEqual(80);
    // Deep inside a long article the snippet is the same (only the part around it is segmented).
    const far = 'क्षत्रिय स्त्री '.repeat(800);
    expect(snippet(`${far}यहाँ चिट्ठी मिली ${far}`, queryTerms('chitthi'), 80)).toBe(cut);
  });

  it('indexes title, keywords and body apart, and title words with their romanisation', () => {
    const columns = articleSearchColumns({
      name: 'नई सरकार',
      metaKeywords: 'budget, 2026',
      description: '<p>The <b>mornings</b> were cold.</p>',
    });
    // Title lexemes weigh A, keywords B, body C (positions carry the weights).
    expect(columns.search).toMatch(/'सरकार':\d+A/);
    expect(columns.search).toMatch(/'~sarkar':\d+A/);
    expect(columns.search).toMatch(/'budget':\d+B/);
    expect(columns.search).toMatch(/'2026':\d+B/);
    expect(columns.search).toMatch(/'morn':\d+C/);
    expect(columns.search).toMatch(/'cold':\d+C/);
    expect(columns.search).not.toMatch(/'b':/);
    expect(columns.searchWords.split(' ')).toEqual(expect.arrayContaining(['सरकार', 'sarkar']));
  });
});
