import { describe, expect, it } from 'vitest';
import { detectLanguage, excerpt, htmlExcerpt, stripHtml } from '../../common/text';

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
});

describe('detectLanguage', () => {
  it('tells Hindi from English by script', () => {
    expect(detectLanguage('राजस्थान की यात्रा')).toBe('hi');
    expect(detectLanguage('A trip to Rajasthan')).toBe('en');
  });
});
