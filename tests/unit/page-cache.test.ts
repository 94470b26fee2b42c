import { gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentBytes, KEPT_PART_ELEMENT, SHARED_PART_MARK } from '../../common/document-bytes';
import {
  bytesOf,
  chooseEncoding,
  createPageCache,
  encodedEtag,
  encodeOnce,
  encodePage,
  etagOf,
  gzipAround,
  withSharedParts,
  isCacheable,
  isStorable,
  noneMatchHits,
} from '../../server/lib/page-cache';
import { piecesText, seededRandom } from '../setup/seeded-random';

const clockAt = (start: number) => {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
};
/** A page as the cache keeps it; its body is read back through `text`. */
const page = (body: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  etag: etagOf(body),
  gzip: Buffer.from(body),
  br: Buffer.from(body),
});
const text = (kept: { br: Buffer } | undefined) => kept?.br.toString();

describe('page cache', () => {
  it('keeps a page until its time is up', () => {
    const clock = clockAt(0);
    const cache = createPageCache({ clock, ttlMs: 1000 });
    cache.set('/a', page('A'));
    expect(text(cache.get('/a'))).toBe('A');
    clock.advance(1001);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('keeps an answer given its own time (sitemaps, feeds) that long, and no longer', () => {
    const clock = clockAt(0);
    const cache = createPageCache({ clock, ttlMs: 1000 });
    cache.set('/sitemap.xml', page('S'), cache.generation, 5000);
    cache.set('/a', page('A'));
    clock.advance(1001);
    expect(cache.get('/a')).toBeUndefined();
    expect(text(cache.get('/sitemap.xml'))).toBe('S');
    clock.advance(4000);
    expect(cache.get('/sitemap.xml')).toBeUndefined();
  });

  it('drops the least recently used page past its size', () => {
    const cache = createPageCache({ clock: clockAt(0), maxEntries: 2 });
    cache.set('/a', page('A'));
    cache.set('/b', page('B'));
    cache.get('/a');
    cache.set('/c', page('C'));
    expect(cache.get('/b')).toBeUndefined();
    expect(text(cache.get('/a'))).toBe('A');
    expect(text(cache.get('/c'))).toBe('C');
  });

  it('forgets everything on a content change, and stops caching while changes may be missed', () => {
    const cache = createPageCache({ clock: clockAt(0) });
    cache.set('/a', page('A'));
    cache.invalidate();
    expect(cache.size).toBe(0);
    cache.distrust();
    cache.set('/a', page('A'));
    expect(cache.get('/a')).toBeUndefined();
    cache.trust();
    cache.set('/a', page('A'));
    expect(text(cache.get('/a'))).toBe('A');
  });

  it('never keeps a page whose render began before a change', () => {
    const cache = createPageCache({ clock: clockAt(0) });
    const since = cache.generation;
    cache.invalidate(); // a write lands while the page renders
    cache.set('/a', page('old'), since);
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', page('new'), cache.generation);
    expect(text(cache.get('/a'))).toBe('new');
  });
});

describe('a page kept as bytes', () => {
  it('is kept once as gzip and brotli of the same bytes, with their strong ETag', async () => {
    const html = `<!DOCTYPE html><html><body>${'पत्रिका news '.repeat(200)}</body></html>`;
    const kept = await encodePage({ status: 200, headers: [] }, Buffer.from(html));
    expect(gunzipSync(kept.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(kept.br).toString()).toBe(html);
    expect(kept.br.length).toBeLessThan(kept.gzip.length);
    expect(kept.etag).toBe(etagOf(html));
    expect(kept.etag).toMatch(/^"[\w-]{22}"$/);
    const stored = { ...kept, storedAt: 0 };
    expect(bytesOf(stored, 'br')).toBe(kept.br);
    expect(bytesOf(stored, 'gzip')).toBe(kept.gzip);
    expect(bytesOf(stored, 'identity').toString()).toBe(html);
  });

  it('has one tag per encoding, and any of them answers If-None-Match', () => {
    const tag = etagOf('page');
    expect(etagOf('page')).toBe(tag);
    expect(etagOf('page!')).not.toBe(tag);
    const br = encodedEtag(tag, 'br');
    const gz = encodedEtag(tag, 'gzip');
    expect(new Set([tag, br, gz]).size).toBe(3);
    for (const sent of [tag, br, gz, `W/${gz}`, `"x", ${br}`, '*'])
      expect(noneMatchHits(sent, tag), sent).toBe(true);
    for (const sent of [undefined, '', '"x"', etagOf('page!'), tag.slice(1, -1)])
      expect(noneMatchHits(sent, tag), String(sent)).toBe(false);
  });

  it('chooses brotli, else gzip, else identity, as Accept-Encoding allows', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    // A reading page asks for gzip first (its stylesheet's gzip is made once): still only when
    // the client takes it, and not when it says it would rather have brotli.
    expect(chooseEncoding('gzip, deflate, br', 'gzip')).toBe('gzip');
    expect(chooseEncoding('br', 'gzip')).toBe('br');
    expect(chooseEncoding('gzip;q=0.5, br', 'gzip')).toBe('br');
    expect(chooseEncoding('identity', 'gzip')).toBe('identity');
  });
});

describe("a document with shared parts (the reading pages' stylesheet, header and footer)", () => {
  const styles = Buffer.from(
    `body{font-family:"Noto Sans"}${'.card-ख{margin:0 auto}'.repeat(400)}`,
  );
  const random = seededRandom(5);
  const words = ['पत्रिका', 'news', '<p>', '</p>', 'समाचार', 'ख़बर', '&amp;', ' ', '\n', '😀'];
  const text = (count: number) => piecesText(random, words, count);
  const wrapped = (n: number, inner = '') =>
    `<${KEPT_PART_ELEMENT} data-part="${n}">${inner}</${KEPT_PART_ELEMENT}>`;

  it('is the rendered text with the shared bytes where the render put the mark', () => {
    const before = `<!DOCTYPE html><html lang="hi"><head><title>${text(20)}</title><style>`;
    const after = `</style></head><body>${text(300)}</body></html>`;
    const document = documentBytes(`${before}${SHARED_PART_MARK}${after}`, { styles });
    expect(document.bytes.toString()).toBe(`${before}${styles.toString()}${after}`);
    expect(document.shared).toEqual([{ start: Buffer.byteLength(before), bytes: styles }]);
    // No mark (an app page, development): the text as it is, nothing shared.
    expect(documentBytes(`${before}${after}`, { styles })).toEqual({
      bytes: Buffer.from(`${before}${after}`),
    });
  });

  it('writes kept parts for their wrappers, and keeps the bytes a render wrote in one', () => {
    const header = Buffer.from(`<header>${text(40)}</header>`);
    const footer = `<footer>${text(40)}</footer>`;
    const keptNow: Buffer[] = [];
    const head = `<head><style>`;
    const middle = `</style></head><body>`;
    const main = `<main>${text(200)}</main>`;
    const document = documentBytes(
      `${head}${SHARED_PART_MARK}${middle}${wrapped(0)}${main}${wrapped(1, footer)}</body>`,
      {
        styles,
        kept: [
          { bytes: header },
          {
            keep: (bytes) => {
              keptNow.push(bytes);
              return bytes;
            },
          },
        ],
      },
    );
    const whole = `${head}${styles}${middle}${header}${main}${footer}</body>`;
    expect(document.bytes.toString()).toBe(whole);
    expect(keptNow.map(String)).toEqual([footer]);
    const at = (piece: string) => Buffer.byteLength(whole.slice(0, whole.indexOf(piece)));
    expect(document.shared).toEqual([
      { start: at(styles.toString()), bytes: styles },
      { start: at(header.toString()), bytes: header },
      { start: at(footer), bytes: keptNow[0] },
    ]);
    // A wrapper the render did not number is a bug, never a page with a hole in it.
    expect(() =>
      documentBytes(`<body>${wrapped(2)}</body>`, { kept: [{ bytes: header }] }),
    ).toThrow('a kept part lost its place');
  });

  it('gzips to the very bytes, with each shared part compressed once, at any place', () => {
    const parts = [styles, Buffer.from(`<header>${text(50)}</header>`), Buffer.from('<p>x</p>')];
    for (let i = 0; i < 80; i++) {
      // Between the parts: nothing, a few bytes (stored as they are), or text to deflate.
      const between = () => {
        const kind = Math.floor(random() * 3);
        return kind === 0
          ? ''
          : text(kind === 1 ? Math.floor(random() * 20) : 400 + random() * 4000);
      };
      const chosen = parts.filter(() => random() < 0.7);
      let html = between();
      for (let n = 0; n < chosen.length; n++) html += `${wrapped(n)}${between()}`;
      const { bytes, shared } = documentBytes(html, { kept: chosen.map((bytes) => ({ bytes })) });
      const gz = gzipAround(bytes, shared ?? [], 4)!;
      expect(gunzipSync(gz).equals(bytes), `text ${i}`).toBe(true);
    }
  });

  it('is smaller than gzip of the whole, and refuses a part that is not where it says', () => {
    const { bytes, shared } = documentBytes(`<head>${SHARED_PART_MARK}</head>${text(2000)}`, {
      styles,
    });
    const [part] = shared!;
    expect(gzipAround(bytes, shared!, 4)!.length).toBeLessThan(
      gzipSync(bytes, { level: 4 }).length,
    );
    expect(gzipAround(bytes, [{ ...part!, start: part!.start + 1 }], 4)).toBeUndefined();
    expect(gzipAround(bytes, [{ start: bytes.length - 10, bytes: styles }], 4)).toBeUndefined();
    // Parts out of order, or overlapping, are refused too.
    const header = { start: bytes.length - 100, bytes: bytes.subarray(bytes.length - 100) };
    expect(gzipAround(bytes, [header, part!], 4)).toBeUndefined();
    expect(gzipAround(bytes, [part!, { ...part!, start: part!.start + 1 }], 4)).toBeUndefined();
  });

  it('is spliced when marked and sent as gzip; brotli and unmarked bytes are compressed whole', async () => {
    const { bytes, shared } = documentBytes(`<head>${SHARED_PART_MARK}</head>${text(2000)}`, {
      styles,
    });
    const plain = await encodeOnce(Buffer.from(bytes), 'gzip');
    const spliced = await encodeOnce(withSharedParts(bytes, shared!), 'gzip');
    expect(spliced).toEqual(gzipAround(bytes, shared!, 2));
    expect(plain).not.toEqual(spliced);
    expect(gunzipSync(plain).equals(bytes)).toBe(true);
    expect(brotliDecompressSync(await encodeOnce(bytes, 'br')).equals(bytes)).toBe(true);
    const kept = await encodePage({ status: 200, headers: [] }, bytes, shared);
    expect(kept.gzip).toEqual(gzipAround(bytes, shared!, 6));
    expect(kept.etag).toBe(etagOf(bytes));
  });
});

describe('isStorable', () => {
  const html = 'text/html; charset=utf-8';
  it('keeps only successful HTML documents that do not forbid it', () => {
    expect(isStorable({ status: 200, contentType: html, cacheControl: null })).toBe(true);
    expect(isStorable({ status: 404, contentType: html, cacheControl: null })).toBe(false);
    expect(isStorable({ status: 301, contentType: html, cacheControl: null })).toBe(false);
    // Route discovery (/__manifest) and .data answers are not documents.
    expect(isStorable({ status: 200, contentType: 'application/json', cacheControl: null })).toBe(
      false,
    );
    expect(isStorable({ status: 200, contentType: 'text/x-script', cacheControl: null })).toBe(
      false,
    );
    expect(isStorable({ status: 200, contentType: html, cacheControl: 'private, no-store' })).toBe(
      false,
    );
  });
});

describe('isCacheable', () => {
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({
    method,
    url,
    headers,
  });
  it('takes anonymous reads of public pages', () => {
    expect(isCacheable(req('/'), 'patrika_token')).toBe(true);
    expect(isCacheable(req('/category/news?page=2'), 'patrika_token')).toBe(true);
    expect(isCacheable(req('/news/some-story', { cookie: 'other=1' }), 'patrika_token')).toBe(true);
  });
  it('never takes signed-in readers, writes or private pages', () => {
    expect(isCacheable(req('/', { cookie: 'a=1; patrika_token=x' }), 'patrika_token')).toBe(false);
    expect(isCacheable(req('/', { authorization: 'Bearer x' }), 'patrika_token')).toBe(false);
    expect(isCacheable(req('/', {}, 'POST'), 'patrika_token')).toBe(false);
    for (const path of [
      '/admin',
      '/admin/articles',
      '/profile',
      '/login?redirect=/x',
      '/signup',
      '/logout',
      '/profile.data',
    ]) {
      expect(isCacheable(req(path), 'patrika_token'), path).toBe(false);
    }
  });
});

describe('page cache size', () => {
  it('counts the bytes of every encoding it keeps', () => {
    const hindi = 'पत्रिका'.repeat(100); // 700 code units, 2,100 UTF-8 bytes in each encoding
    const cache = createPageCache({ clock: clockAt(1), maxBytes: 8 * 5000 });
    cache.set('/hi', page(hindi));
    expect(cache.bytes).toBeGreaterThanOrEqual(2 * Buffer.byteLength(hindi));
    // A page over an eighth of the cache is not kept: 4,200 bytes > 24,000 / 8 (one encoding's
    // 2,100 bytes, or its 700 UTF-16 units, would have fitted).
    const big = createPageCache({ clock: clockAt(1), maxBytes: 8 * 3000 });
    big.set('/hi', page(hindi));
    expect(big.get('/hi')).toBeUndefined();
  });
});
