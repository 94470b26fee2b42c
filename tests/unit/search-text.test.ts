import { describe, expect, it } from 'vitest';
import { articleSearchColumns } from '../../common/search/search-document';
import {
  indexedStemKeys,
  looseLatin,
  normaliseText,
  textLexemes,
  wordLexemes,
} from '../../common/search/search-text';
import {
  clusterSteps,
  knownBoundary,
  markMatches,
  snippet,
} from '../../common/search/search-snippet';
import {
  queryTerms,
  toMatchTsquery,
  toTsquery,
  type QueryTerm,
} from '../../common/search/search-query';
import { stemEnglish } from '../../common/search/stem-english';
import { FINDS, MISSES } from '../fixtures/search-pairs';
import { seededRandom } from '../setup/seeded-random';
import { SLOW_TEST } from '../setup/timeouts';

/**
 * Whether a text is found by a query: every query word has a lexeme among the text's; with
 * `match`, only the lexemes the index is asked for (toMatchTsquery).
 */
function finds(query: string, text: string, by: 'lexemes' | 'match' = 'lexemes'): boolean {
  const lexemes = new Set(textLexemes(text));
  const terms = queryTerms(query);
  return terms.length > 0 && terms.every((t) => t[by].some((l) => lexemes.has(l)));
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

  it.each([...FINDS, ...MISSES])(
    '"%s" and "%s": the index is asked fewer lexemes, with the same answer (%s)',
    (query, text) => {
      expect(finds(query, text, 'match')).toBe(finds(query, text));
      // And the other way round: each pair's query against the other pairs' texts.
      for (const [, other] of FINDS) expect(finds(query, other, 'match')).toBe(finds(query, other));
    },
  );

  it('asks the index for a word by its stem keys alone, and ranks by every lexeme', () => {
    const terms = queryTerms('सरकार budget');
    expect(toMatchTsquery(terms)).toBe("('सरकार' | '^sarkar') & ('budget' | '^budget')");
    expect(toTsquery(terms)).toBe(
      "('सरकार' | '~sarkar' | '^sarkar') & ('budget' | '~budget' | '^budget')",
    );
    // A word with no key (a lone vowel sign's word) is asked for as written.
    const [bare] = queryTerms('\u0905');
    expect(bare!.match).toEqual(bare!.lexemes);
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

  it('folds the Latin spellings Indians write for one sound (issue 45 item 1)', () => {
    expect(looseLatin('jaypur')).toBe(looseLatin('jaipur'));
    expect(looseLatin('pehli')).toBe(looseLatin('pahli'));
    expect(looseLatin('shehar')).toBe(looseLatin('shahar'));
    expect(looseLatin('sheher')).toBe(looseLatin('sahar'));
    expect(looseLatin('sunehre')).toBe(looseLatin('sunahre'));
    expect(looseLatin('chhota')).toBe(looseLatin('chota'));
    expect(looseLatin('vishwas')).toBe(looseLatin('vishvaas'));
    // An e after the h before a vowel is an ending's: रहे is not रहा.
    expect(looseLatin('rahe')).not.toBe(looseLatin('raha'));
    // Nor is "ay" before a vowel or at the end: समय keeps its y (its "ai" would be an ending).
    expect(looseLatin('samay')).toBe('samay');
    expect(looseLatin('nayan')).toBe('nayan');
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
      "('monsoon' | '~monsun' | '^monsun') & ('rain' | '~rain' | '^rain') & ('delhi' | '~delhi' | '^delh')",
    );
    const odd = { word: 'x', lexemes: ["o'brien", 'a\\b'], match: ["o'brien", 'a\\b'] };
    expect(toTsquery([odd])).toBe("('o''brien' | 'a\\\\b')");
    expect(toMatchTsquery([odd])).toBe("('o''brien' | 'a\\\\b')");
    expect(toTsquery(queryTerms('sarkar'))).toBe("('sarkar' | '~sarkar' | '^sarkar')");
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

  it('snippets are those of segmenting the whole region around the match', SLOW_TEST, () => {
    // Texts where clusters are long, short, odd (marks after a space, emoji sequences, flags,
    // CR LF, a prepended sign), the match near either end, deep inside, or missing.
    const pieces = [
      'क्षत्रिय स्त्री ',
      'यहाँ ',
      'the quick brown fox ',
      '👩‍👩‍👧 ',
      '🇮🇳🇮🇳🇮 ',
      'a\r\nb ',
      '\u0600x ',
      ' \u093f ',
      'ज़माना\u200dबदला ',
      '\t\n',
      'word, ',
      'कि\u0301\u0301\u0301\u0301 ',
      'cafe\u0301 ',
      'x\u200d\u200dy ',
      'a\u{1F600}b ',
      '\u0600\u0600 ',
    ];
    const random = seededRandom(7);
    const texts = ['', 'चिट्ठी', 'no match here at all'];
    for (let n = 0; n < 300; n++) {
      const parts: string[] = [];
      const count = Math.floor(random() * 400);
      for (let k = 0; k < count; k++) parts.push(pieces[Math.floor(random() * pieces.length)]!);
      parts.splice(Math.floor(random() * (parts.length + 1)), 0, 'चिट्ठी ');
      texts.push(parts.join(''));
    }
    const terms = queryTerms('chitthi');
    for (const text of texts)
      for (const length of [1, 7, 40, 80, 200])
        expect(snippet(text, terms, length), `${length}: ${text}`).toBe(
          wholeRegionSnippet(text, terms, length),
        );
  });

  it('steps between grapheme clusters exactly as Intl.Segmenter does', SLOW_TEST, () => {
    // Every Devanagari code point, ASCII, joiners, a prepended sign, a combining accent, an
    // emoji: random texts of them, walked forwards and backwards.
    const alphabet = [
      ...Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x900 + i)),
      ' ',
      'a',
      '.',
      '\r',
      '\n',
      '\u200c',
      '\u200d',
      '\u0600',
      '\u0301',
      '\u{1F600}',
    ];
    const random = seededRandom(11);
    const segmenter = new Intl.Segmenter('hi', { granularity: 'grapheme' });
    for (let n = 0; n < 200; n++) {
      let text = '';
      for (let k = 0; k < 200; k++) text += alphabet[Math.floor(random() * alphabet.length)];
      const starts = [...segmenter.segment(text)].map((c) => c.index);
      const steps = clusterSteps(text);
      const forwards = [];
      for (let i = 0; i < text.length; i = steps.next(i)) forwards.push(i);
      expect(forwards, text).toEqual(starts);
      const backwards = [];
      for (let i = text.length; i > 0;) backwards.unshift((i = steps.previous(i)));
      expect(backwards, text).toEqual(starts);
      for (let p = 1; p < text.length; p++) {
        const known = knownBoundary(text, p);
        if (known !== undefined) expect(known, `${p} in ${text}`).toBe(starts.includes(p));
      }
    }
  });

  it("never indexes a Devanagari word without its stem keys, even at the body's bound", () => {
    // 19,999 lexemes, then a Hindi word: its key would be the 20,001st.
    const filler = Array.from({ length: 19_999 }, (_, i) => `x${i}`).join(' ');
    const { search } = articleSearchColumns({
      name: 't',
      metaKeywords: '',
      description: `<p>${filler} सरकार</p>`,
    });
    const lexemes = new Set([...search.matchAll(/'((?:[^']|'')*)':/g)].map((m) => m[1]!));
    expect(lexemes.has('x19998')).toBe(true);
    for (const lexeme of lexemes) {
      // What a query asks the index for (QueryTerm `match`): each must be there.
      for (const key of indexedStemKeys(lexeme)) expect(lexemes, lexeme).toContain(key);
    }
    // Just under the bound, the word is kept with all of them.
    const under = articleSearchColumns({
      name: 't',
      metaKeywords: '',
      description: `<p>${filler.split(' ').slice(100).join(' ')} सरकारी</p>`,
    });
    expect(under.search).toContain("'सरकारी':");
    expect(under.search).toContain("'सरकार':");
    expect(under.search).toContain("'^sarkar':");
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

  it('finds an article by the words of its slug, in any of their Latin spellings (issue 36 item 8)', () => {
    const article = {
      name: 'जैसलमेर की यात्रा',
      metaKeywords: '',
      description: '<p>रेत के टीले।</p>',
      slug: 'jaisalmer-registan-ke-sunehre-rang',
    };
    const lexemes = new Set(
      [...articleSearchColumns(article).search.matchAll(/'((?:[^']|'')*)':\d+B/g)].map(
        (m) => m[1]!,
      ),
    );
    for (const q of ['registan', 'sunehre', 'sunahre', 'rang']) {
      const terms = queryTerms(q);
      expect(
        terms[0]!.match.some((l) => lexemes.has(l)),
        q,
      ).toBe(true);
    }
    // The slug's words weigh as keywords do: under the title, over the body.
    expect(articleSearchColumns(article).search).toMatch(/'registan':\d+B/);
  });
});

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/**
 * The snippet as first written (every cluster of the region around the match segmented): what
 * `snippet`, which visits only the clusters it shows, must give.
 */
function wholeRegionSnippet(text: string, terms: QueryTerm[], length: number): string {
  const wanted = new Set(terms.flatMap((t) => t.lexemes));
  const isMatch = (word: string) =>
    wordLexemes(normaliseText(word)).some((lexeme) => wanted.has(lexeme));
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    if (isMatch(found[0])) {
      at = found.index;
      break;
    }
  }
  const reach = length * 4;
  const from = at > reach ? Math.max(0, text.lastIndexOf(' ', at - reach)) : 0;
  const to = at + reach < text.length ? text.indexOf(' ', at + reach) : -1;
  const region = text.slice(from, to < 0 ? text.length : to);
  const clusters = [...graphemes.segment(region)];
  let first = clusters.findIndex((c) => c.index >= at - from);
  if (first < 0) first = 0;
  let start = Math.max(0, first - Math.floor(length / 4));
  let end = Math.min(clusters.length, start + length);
  start = Math.max(0, Math.min(start, end - length));
  if (start > 0) {
    const space = clusters.slice(start, first).findIndex((c) => /\s/.test(c.segment));
    if (space >= 0) start += space + 1;
  }
  if (end < clusters.length) {
    const tail = clusters.slice(first, end);
    const lastSpace = tail.map((c) => /\s/.test(c.segment)).lastIndexOf(true);
    if (lastSpace > 0) end = first + lastSpace;
  }
  const piece = clusters
    .slice(start, end)
    .map((c) => c.segment)
    .join('')
    .trim();
  return `${start > 0 || from > 0 ? '…' : ''}${markMatches(piece, terms)}${end < clusters.length || to >= 0 ? '…' : ''}`;
}
