/*
 * A walled story's opening (issue 66 item 10): the first paragraph of the story's text, never
 * a list, table or quote before it (nor a paragraph inside one), and at most OPENING_MAX_CHARS
 * characters of it. db/schema/content.ts's `articleOpenBody` says the same in SQL
 * (tests/integration/web/page-cache.test.ts reads it through the feed and the API).
 */
import { describe, expect, it } from 'vitest';
import { freeOpeningOf, OPENING_MAX_CHARS, openingOf } from '../../common/article-access';

const LEAD = '<p>Delhi woke to the news.</p>';

describe('openingOf', () => {
  it('is the first paragraph, and nothing when there is none', () => {
    expect(openingOf(`${LEAD}<p>More.</p>`)).toBe(LEAD);
    expect(openingOf(`<h2>Heading</h2><figure><img src="/a.jpg"></figure>${LEAD}`)).toBe(LEAD);
    expect(openingOf('<h2>Only a heading</h2>')).toBe('');
    expect(openingOf('<p>never closed')).toBe('');
  });

  it('never gives a list, table or quote before the first paragraph, nor one inside them', () => {
    const held = [
      '<ul><li>secret one</li><li><p>secret two</p></li></ul>',
      '<ol><li><ul><li><p>secret nested</p></li></ul><p>secret after</p></li></ol>',
      '<table><tr><td><p>secret cell</p></td></tr></table>',
      '<blockquote><p>secret quote</p></blockquote>',
      '<dl><dt>secret</dt><dd><p>secret term</p></dd></dl>',
    ];
    for (const block of held) {
      const opening = openingOf(`${block}${LEAD}<p>The rest.</p>`);
      expect(opening, block).toBe(LEAD);
      expect(opening, block).not.toContain('secret');
    }
    expect(openingOf('<ul><li><p>secret</p></li></ul>')).toBe('');
  });

  it('cuts a long first paragraph to its text, at most OPENING_MAX_CHARS characters', () => {
    const words = 'शब्द और words &amp; more '.repeat(60);
    const opening = openingOf(`<p><strong>${words}</strong></p><p>Second.</p>`);
    expect(opening).toMatch(/^<p>[^<]*…<\/p>$/);
    const text = opening.slice(3, -'…</p>'.length);
    expect(Array.from(text).length).toBeLessThanOrEqual(OPENING_MAX_CHARS);
    expect(text).not.toMatch(/&[#a-z0-9]*$/i);
    expect(words.startsWith(text)).toBe(true);
  });

  it('splits an entitled page at the opening only when the body begins with it', () => {
    expect(freeOpeningOf(`${LEAD}<p>More.</p>`)).toBe(LEAD);
    expect(freeOpeningOf(`<ul><li>x</li></ul>${LEAD}`)).toBe('');
  });
});
