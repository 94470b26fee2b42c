/*
 * Article texts are cleaned on a worker thread (issue 13 item 7): asking for a large text to be
 * cleaned costs the event loop almost nothing, and the answer is the sanitiser's own.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../server/modules/articles/sanitize';
import { sanitizeOffThread } from '../../server/modules/articles/sanitize-pool';
import { SLOW_TEST } from '../setup/timeouts';

const LARGE = '<p>Some <b>bold</b> text with <a href="https://x.example">a link</a>.</p>'.repeat(
  6_000,
);

// The first text starts the worker thread, which loads tsx and the sanitiser.
describe('sanitizeOffThread', SLOW_TEST, () => {
  it('answers what sanitizeArticleHtml answers, scripts removed', async () => {
    const html = '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:x">a</a></p>';
    expect(await sanitizeOffThread(html)).toBe(sanitizeArticleHtml(html));
    expect(await sanitizeOffThread(html)).not.toMatch(/script|onclick|javascript/);
  });

  it('leaves the event loop free while a large text is cleaned', async () => {
    await sanitizeOffThread('<p>warm</p>');
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      const cleaned = await sanitizeOffThread(LARGE);
      expect(cleaned).toBe(sanitizeArticleHtml(LARGE));
      // Cleaned in this thread, no timer could have run before the answer.
      expect(turns).toBeGreaterThan(0);
    } finally {
      clearInterval(ticking);
    }
  });

  it('refuses a text still being cleaned at its deadline, and cleans the next one', async () => {
    const slow = sanitizeOffThread(LARGE.repeat(4), { deadlineMs: 1 });
    const after = sanitizeOffThread('<p>next</p>');
    await expect(slow).rejects.toMatchObject({
      statusCode: 400,
      errors: [
        { path: 'body.description', message: expect.stringContaining('took too long to clean') },
      ],
    });
    expect(await after).toBe('<p>next</p>');
  });

  it('cleans several texts at once, each getting its own answer', async () => {
    const texts = ['<p>one</p>', '<h2>two</h2><script>x</script>', '<em>three</em>'];
    expect(await Promise.all(texts.map((text) => sanitizeOffThread(text)))).toEqual(
      texts.map(sanitizeArticleHtml),
    );
  });
});
