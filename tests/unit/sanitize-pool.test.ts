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

  it('holds the event loop for a fraction of what cleaning takes', async () => {
    await sanitizeOffThread('<p>warm</p>');
    // The quickest of three runs each way, so a busy machine does not decide the result.
    const quickest = async (run: () => unknown) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await run();
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const inThreadMs = await quickest(() => sanitizeArticleHtml(LARGE));
    const pending: Promise<string>[] = [];
    const askedMs = await quickest(() => {
      pending.push(sanitizeOffThread(LARGE));
    });
    for (const html of await Promise.all(pending)) expect(html).toBe(sanitizeArticleHtml(LARGE));
    expect(askedMs).toBeLessThan(inThreadMs / 4);
  });

  it('cleans several texts at once, each getting its own answer', async () => {
    const texts = ['<p>one</p>', '<h2>two</h2><script>x</script>', '<em>three</em>'];
    expect(await Promise.all(texts.map(sanitizeOffThread))).toEqual(texts.map(sanitizeArticleHtml));
  });
});
