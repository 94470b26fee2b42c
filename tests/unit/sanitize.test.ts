import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../server/modules/articles/sanitize';
import { XSS_VECTORS as XSS } from '../setup/xss-vectors';

/** What no stored article body may contain, however the attack was spelled. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script/i);
  // Inside a tag; escaped text such as "&lt;img onerror=…&gt;" is shown, never run.
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/vbscript:/i);
  expect(html).not.toMatch(/(?:href|src|action|data|srcdoc)\s*=\s*["']?\s*data:/i);
  expect(html).not.toMatch(
    /<(?:iframe|object|embed|form|input|button|meta|base|style|link|svg|math)\b(?![^>]*\bsrc="https:\/\/(?:www\.youtube\.com|www\.youtube-nocookie\.com|player\.vimeo\.com)\/)/i,
  );
  expect(html).not.toMatch(/\bsrcdoc\b/i);
  expect(html).not.toMatch(/expression\s*\(/i);
}

describe('sanitizeArticleHtml: what must never survive', () => {
  it.each(XSS)('%s', (_name, html) => {
    expectHarmless(sanitizeArticleHtml(html));
  });

  it('removes every vector when they come together', () => {
    expectHarmless(sanitizeArticleHtml(XSS.map(([, html]) => html).join('\n')));
  });

  it('keeps the text of a paragraph whose handler it removes', () => {
    expect(sanitizeArticleHtml('<p onclick="alert(1)">Hello</p>')).toBe('<p>Hello</p>');
  });

  it('drops the href of a dangerous link but keeps its text', () => {
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
  });

  it('drops script content rather than showing it as text', () => {
    expect(sanitizeArticleHtml('<p>a</p><script>alert("x")</script><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
  });

  it('removes images that are not from /media/ or https', () => {
    for (const src of [
      'http://cdn.example/a.jpg',
      '//cdn.example/a.jpg',
      'data:image/png;base64,AAAA',
      'x',
      '/elsewhere/a.jpg',
    ]) {
      expect(sanitizeArticleHtml(`<img src="${src}" alt="a">`), src).not.toMatch(/<img/);
    }
  });

  it('keeps only text-align in style', () => {
    expect(sanitizeArticleHtml('<p style="color:red;text-align:right">x</p>')).toBe(
      '<p style="text-align:right">x</p>',
    );
    expect(sanitizeArticleHtml('<p style="text-align:expression(alert(1))">x</p>')).toBe(
      '<p>x</p>',
    );
  });

  it('refuses classes other than a code language', () => {
    expect(sanitizeArticleHtml('<p class="admin-only">x</p>')).toBe('<p>x</p>');
    expect(sanitizeArticleHtml('<code class="language-js evil">x</code>')).toBe(
      '<code class="language-js">x</code>',
    );
  });
});

describe('sanitizeArticleHtml: what an editor writes survives', () => {
  it('keeps h2 and h3 headings, paragraphs and inline marks', () => {
    const html =
      '<h2>शीर्षक</h2><h3>Sub heading</h3><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> text.<br />Next line.</p>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('keeps ordered and unordered lists, with a start number', () => {
    const html = '<ul><li>One</li><li>Two</li></ul><ol start="3"><li>Three</li></ol>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('keeps https links and marks external ones noopener noreferrer nofollow', () => {
    expect(sanitizeArticleHtml('<a href="https://example.com/page">read</a>')).toBe(
      '<a href="https://example.com/page" rel="noopener noreferrer nofollow">read</a>',
    );
    expect(
      sanitizeArticleHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>'),
    ).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('keeps mailto and site-relative links without forcing rel', () => {
    expect(sanitizeArticleHtml('<a href="mailto:editor@patrika.example">mail</a>')).toBe(
      '<a href="mailto:editor@patrika.example">mail</a>',
    );
    expect(sanitizeArticleHtml('<a href="/about-us">about</a>')).toBe(
      '<a href="/about-us">about</a>',
    );
  });

  it('keeps images from /media/ and https, lazily loaded', () => {
    expect(
      sanitizeArticleHtml(
        '<img src="/media/2026/01/0b7c1d2e-0000-4000-8000-000000000000/w800.webp" alt="A lake" width="800" height="450">',
      ),
    ).toBe(
      '<img src="/media/2026/01/0b7c1d2e-0000-4000-8000-000000000000/w800.webp" alt="A lake" width="800" height="450" loading="lazy" />',
    );
    expect(sanitizeArticleHtml('<img src="https://images.example.com/a.jpg" alt="x">')).toBe(
      '<img src="https://images.example.com/a.jpg" alt="x" loading="lazy" />',
    );
  });

  it('keeps tables with header cells and spans', () => {
    const html =
      '<table><thead><tr><th colspan="2" scope="col">Head</th></tr></thead><tbody><tr><td rowspan="2">1</td><td>2</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('writes the column elements of an editor table as void elements, never <col></col>', () => {
    // What TipTap's table extension emits: a colgroup of one <col> per column, with inline widths.
    const fromEditor =
      '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"><col style="width: 120px"><col span="2"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>Place</p></th><td colspan="1" rowspan="1"><p>Jaipur</p></td></tr></tbody></table>';
    const stored = sanitizeArticleHtml(fromEditor);
    expect(stored).toBe(
      '<table><colgroup><col /><col /><col span="2" /></colgroup>' +
        '<tbody><tr><th colspan="1" rowspan="1"><p>Place</p></th><td colspan="1" rowspan="1"><p>Jaipur</p></td></tr></tbody></table>',
    );
    expect(stored).not.toContain('</col>');
    // Stored once, sanitised again on the next save: the markup does not change.
    expect(sanitizeArticleHtml(stored)).toBe(stored);
  });

  it('keeps code blocks with their language class', () => {
    const html =
      '<pre class="language-typescript"><code class="language-typescript">const a = 1 &lt; 2;</code></pre>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('keeps blockquotes', () => {
    const html = '<blockquote><p>Quoted words.</p></blockquote>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30',
    'https://player.vimeo.com/video/76979871',
  ])('keeps the video embed %s, sandboxed', (src) => {
    const out = sanitizeArticleHtml(
      `<iframe src="${src}" width="560" height="315" title="Video" allowfullscreen></iframe>`,
    );
    expect(out).toMatch(/^<iframe /);
    expect(out).toContain(`src="${src.replace(/&/g, '&amp;')}"`);
    expect(out).toMatch(/\ssandbox="[^"]*allow-scripts[^"]*"/);
    expect(out).not.toMatch(/allow-top-navigation|allow-forms/);
    expect(out).toContain('title="Video"');
    expect(out).toContain('allowfullscreen');
  });

  it('overrides a sandbox the author wrote', () => {
    const out = sanitizeArticleHtml(
      '<iframe src="https://www.youtube.com/embed/abc" sandbox="allow-top-navigation allow-forms"></iframe>',
    );
    expect(out).toMatch(
      /\ssandbox="allow-scripts allow-same-origin allow-presentation allow-popups"/,
    );
  });

  it.each(['left', 'right', 'center', 'justify'])('keeps text-align:%s', (align) => {
    expect(sanitizeArticleHtml(`<p style="text-align:${align}">x</p>`)).toBe(
      `<p style="text-align:${align}">x</p>`,
    );
    expect(sanitizeArticleHtml(`<h2 style="text-align:${align}">x</h2>`)).toBe(
      `<h2 style="text-align:${align}">x</h2>`,
    );
  });

  it('keeps a whole article unchanged', () => {
    const article = [
      '<h2>परिचय</h2>',
      '<p style="text-align:justify">पहला अनुच्छेद, <a href="https://hi.wikipedia.org/wiki/%E0%A4%AD%E0%A4%BE%E0%A4%B0%E0%A4%A4" rel="noopener noreferrer nofollow">भारत</a> के बारे में।</p>',
      '<h3>Details</h3>',
      '<ul><li>One</li><li>Two</li></ul>',
      '<blockquote><p>Quote</p></blockquote>',
      '<pre class="language-js"><code class="language-js">let x = 1;</code></pre>',
    ].join('');
    expect(sanitizeArticleHtml(article)).toBe(article);
  });
});

describe('language of parts (WCAG 3.1.2)', () => {
  it('keeps the language of an English phrase inside Hindi text', () => {
    const html = '<p>हिंदी <span lang="en">phrase</span></p>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it.each([
    '<p lang="en-IN">x</p>',
    '<blockquote lang="sa-Deva" dir="auto"><p>x</p></blockquote>',
    '<h2 lang="ur" dir="rtl">x</h2>',
    '<ul><li lang="zh-Hant-TW">x</li></ul>',
    '<em lang="x-pig-latin">x</em>',
    '<table><tbody><tr><td lang="de-CH-1996">x</td></tr></tbody></table>',
    '<span dir="ltr">x</span>',
  ])('keeps lang and dir on an allowed element: %s', (html) => {
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('keeps them beside what the other rules keep, on links, images and embeds', () => {
    expect(sanitizeArticleHtml('<a href="/about-us" lang="hi">हमारे बारे में</a>')).toBe(
      '<a href="/about-us" lang="hi">हमारे बारे में</a>',
    );
    expect(sanitizeArticleHtml('<img src="/media/a.webp" alt="" lang="en" />')).toBe(
      '<img src="/media/a.webp" alt="" loading="lazy" lang="en" />',
    );
    expect(
      sanitizeArticleHtml('<iframe src="https://www.youtube.com/embed/abc" lang="en"></iframe>'),
    ).toMatch(/ sandbox="[^"]+".* lang="en"/);
  });

  it('writes a direction in lower case, as HTML names it', () => {
    expect(sanitizeArticleHtml('<p dir="RTL">x</p>')).toBe('<p dir="rtl">x</p>');
  });

  it.each([
    ['not a language tag', '<span lang="english please">x</span>'],
    ['a tag with a quote in it', '<span lang=\'en" onclick="alert(1)\'>x</span>'],
    ['a subtag too long', '<span lang="en-abcdefghi">x</span>'],
    ['an empty tag', '<span lang="">x</span>'],
    ['a grandfathered form', '<span lang="i-klingon">x</span>'],
    ['a very long tag', `<span lang="en${'-abcde'.repeat(20)}">x</span>`],
    ['no such direction', '<span dir="up">x</span>'],
  ])('drops %s', (_name, html) => {
    const out = sanitizeArticleHtml(html);
    expect(out).toBe('<span>x</span>');
    expectHarmless(out);
  });

  it('keeps no other attribute that came along with them', () => {
    expect(sanitizeArticleHtml('<span lang="en" title="t" class="c" data-x="1">x</span>')).toBe(
      '<span lang="en">x</span>',
    );
  });
});
