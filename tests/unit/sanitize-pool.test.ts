/*
 * Article texts are cleaned on a worker thread (issue 13 item 7): asking for a large text to be
 * cleaned costs the event loop almost nothing, and the answer is the sanitiser's own.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../server/modules/articles/sanitize';
import { sanitizeOffThread } from '../../server/modules/articles/sanitize-pool';

const LARGE = '<p>Some <b>bold</b> text with <a href="https://x.example">a link</a>.</p>'.repeat(
  6_000,
);

describe('sanitizeOffThread', () => {
  it('answers what sanitizeArticleHtml answers, scripts removed', async () => {
    const html = '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:x">a</a></p>';
    expect(await sanitizeOffThread(html)).toBe(sanitizeArticleHtml(html));
    expect(await sanitizeOffThread(html)).not.toMatch(/script|onclick|javascript/);
  });

  it('holds the event loop for a few milliseconds where cleaning takes far longer', async () => {
    await sanitizeOffThread('<p>warm</p>');
    const inThread = performance.now();
    const expected = sanitizeArticleHtml(LARGE);
    const inThreadMs = performance.now() - inThread;

    const asked = performance.now();
    const pending = sanitizeOffThread(LARGE);
    const askedMs = performance.now() - asked;
    expect(await pending).toBe(expected);
    expect(askedMs).toBeLessThan(Math.min(20, inThreadMs / 3));
  });

  it('cleans several texts at once, each getting its own answer', async () => {
    const texts = ['<p>one</p>', '<h2>two</h2><script>x</script>', '<em>three</em>'];
    expect(await Promise.all(texts.map(sanitizeOffThread))).toEqual(texts.map(sanitizeArticleHtml));
  });
});
