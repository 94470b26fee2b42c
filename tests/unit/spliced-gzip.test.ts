import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SPLICE_MIN, splicedGzip } from '../../server/caching/spliced-gzip';

/** Text that compresses as a stylesheet does, of about `n` bytes. */
const css = (n: number, seed = 'a') =>
  Array.from(
    { length: Math.ceil(n / 40) },
    (_, i) => `.${seed}${i % 97}{margin:${i}px;color:#${(i * 7919).toString(16)}}`,
  ).join('');

const page = (style: string, words = 'नमस्ते पाठक, the news of the day') =>
  Buffer.from(
    `<!DOCTYPE html><html lang="hi"><head><title>${words}</title><style>${style}</style></head>` +
      `<body><main>${words.repeat(40)}</main></body></html>`,
  );

describe('splicedGzip', () => {
  it('decodes to the very bytes of the page, CRC and length checked by gunzip', () => {
    const style = css(40_000);
    for (const words of ['a', 'नमस्ते', randomBytes(3000).toString('base64'), 'x'.repeat(70_000)]) {
      const bytes = page(style, words);
      expect(gunzipSync(splicedGzip(bytes, 4)).equals(bytes)).toBe(true);
    }
  });

  it('is no larger than plain gzip at the same level for a page with a large stylesheet', () => {
    const bytes = page(css(40_000));
    expect(splicedGzip(bytes, 4).length).toBeLessThanOrEqual(gzipSync(bytes, { level: 4 }).length);
  });

  it('keeps each stylesheet apart: two pages with different ones decode to their own bytes', () => {
    const [one, two] = [page(css(20_000, 'a')), page(css(20_000, 'b'))];
    for (let i = 0; i < 3; i++)
      for (const bytes of [one, two])
        expect(gunzipSync(splicedGzip(bytes, 4)).equals(bytes)).toBe(true);
  });

  it('compresses pages without a stylesheet, or with a small or unclosed one, as plain gzip', () => {
    const cases = [
      Buffer.from('<html><body>no style here</body></html>'),
      page('.a{}'),
      page(css(SPLICE_MIN - 100)),
      Buffer.from(`<html><style>${css(20_000)}`),
      Buffer.alloc(0),
    ];
    for (const bytes of cases) {
      const out = splicedGzip(bytes, 4);
      expect(out.equals(gzipSync(bytes, { level: 4 }))).toBe(true);
      expect(gunzipSync(out).equals(bytes)).toBe(true);
    }
  });

  it('splices a stylesheet at the very start or end of the bytes', () => {
    const style = css(10_000);
    for (const bytes of [
      Buffer.from(`<style>${style}</style>`),
      Buffer.from(`x<style>${style}</style>`),
    ])
      expect(gunzipSync(splicedGzip(bytes, 1)).equals(bytes)).toBe(true);
  });
});
