import { describe, expect, it } from 'vitest';
import {
  detectLanguage,
  excerpt,
  foldSpace,
  htmlExcerpt,
  isSpace,
  stripHtml,
} from '../../common/text';
import { piecesText, seededRandom } from '../setup/seeded-random';
import { SLOW_TEST } from '../setup/timeouts';

describe('stripHtml', () => {
  it('turns tags into spaces, decodes entities and folds white space', () => {
    expect(stripHtml('<h2>Title</h2><p>One&nbsp;&amp; two&#33; &#x263A;</p>\n<p>Three</p>')).toBe(
      'Title One & two! ☺ Three',
    );
  });
  it('drops script and style contents entirely', () => {
    expect(stripHtml('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('a b');
  });
});

describe('excerpt', () => {
  it('keeps short text whole, without an ellipsis', () => {
    expect(excerpt('Short text.', 200)).toBe('Short text.');
  });
  it('cuts at a word boundary and adds an ellipsis (SPEC.md §9)', () => {
    const text = 'alpha beta gamma delta';
    expect(excerpt(text, 13)).toBe('alpha beta...');
    expect(excerpt(text, 16)).toBe('alpha beta gamma...');
  });
  it('never splits a Devanagari word or its matras', () => {
    const hindi = 'बच्चों में पढ़ने की आदत बचपन से ही डालनी चाहिए';
    const cut = excerpt(hindi, 20);
    expect(cut.endsWith('...')).toBe(true);
    const words = cut.slice(0, -3).split(' ');
    for (const word of words) expect(hindi.split(' ')).toContain(word);
    expect(Array.from(cut.slice(0, -3)).length).toBeLessThanOrEqual(20);
  });
  it('cuts HTML after stripping it', () => {
    expect(htmlExcerpt('<p>Hello <strong>bold</strong> world and more</p>', 16)).toBe(
      'Hello bold world...',
    );
  });

  it('reads only the head of a long body, and says what reading all of it says', SLOW_TEST, () => {
    const random = seededRandom(3);
    const pieces = [
      '<p>',
      '</p>',
      '<strong>',
      '</strong>',
      '<a href="/x?a=1&amp;b=2">',
      '</a>',
      '<br>',
      '<script>if (a < b) x = "</p>";</script>',
      '<style>p > a { color: red }</style>',
      '&amp;',
      '&#2309;',
      '&nbsp;',
      '&bogus',
      ' < ',
      ' > ',
      '\n\n',
      '   ',
      '😀😀😀',
      'राजस्थान',
      'की',
      'यात्रा।',
      'A',
      'trip',
      'to',
      'Rajasthan,',
      'word',
      'another',
    ];
    for (let i = 0; i < 400; i++) {
      const words = Math.floor(random() * 2500);
      const html = Array.from({ length: words }, () => {
        const piece = pieces[Math.floor(random() * pieces.length)]!;
        // Long runs of plain words, as real bodies have, with markup now and then.
        return random() < 0.8 ? `${pieces[19 + Math.floor(random() * 8)]} ` : piece;
      }).join('');
      for (const max of [20, 150, 200])
        expect(htmlExcerpt(html, max), `body ${i}, max ${max}`).toBe(excerpt(stripHtml(html), max));
    }
  });
});

describe('white space', () => {
  it('is what \\s matches, for every UTF-16 code unit', SLOW_TEST, () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0xffff; code++)
      if (isSpace(code) !== /\s/.test(String.fromCharCode(code))) differ.push(code);
    expect(differ).toEqual([]);
  });

  it('folds as replace(/\\s+/g, " ").trim() does, on any text', SLOW_TEST, () => {
    const random = seededRandom(9);
    const pieces = [
      ' ',
      '  ',
      '\n',
      '\t',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      'a',
      'खबर',
      '😀',
      '.',
    ];
    const texts = ['', ' ', 'a', ' a ', 'a b', 'a  b', '\u00a0a', 'a\u00a0b'];
    for (let i = 0; i < 3000; i++)
      texts.push(piecesText(random, pieces, Math.floor(random() * 30)));
    for (const text of texts)
      expect(foldSpace(text), JSON.stringify(text)).toBe(text.replace(/\s+/g, ' ').trim());
    // Text already folded comes back as the very same string.
    const folded = 'already folded text';
    expect(foldSpace(folded)).toBe(folded);
  });
});

describe('detectLanguage', () => {
  it('tells Hindi from English by script', () => {
    expect(detectLanguage('राजस्थान की यात्रा')).toBe('hi');
    expect(detectLanguage('A trip to Rajasthan')).toBe('en');
  });
});
