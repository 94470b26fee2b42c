import { describe, expect, it } from 'vitest';
import { createPageCache, isCacheable } from '../../server/lib/page-cache';

const clockAt = (start: number) => {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
};
const page = (body: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body,
});

describe('page cache', () => {
  it('keeps a page until its time is up', () => {
    const clock = clockAt(0);
    const cache = createPageCache({ clock, ttlMs: 1000 });
    cache.set('/a', page('A'));
    expect(cache.get('/a')?.body).toBe('A');
    clock.advance(1001);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('drops the least recently used page past its size', () => {
    const cache = createPageCache({ clock: clockAt(0), maxEntries: 2 });
    cache.set('/a', page('A'));
    cache.set('/b', page('B'));
    cache.get('/a');
    cache.set('/c', page('C'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.body).toBe('A');
    expect(cache.get('/c')?.body).toBe('C');
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
    expect(cache.get('/a')?.body).toBe('A');
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
      // Route discovery answers for the paths it is asked about: one key would mix them up.
      '/__manifest?paths=%2Farticles%2F1&version=abc',
    ]) {
      expect(isCacheable(req(path), 'patrika_token'), path).toBe(false);
    }
  });
});

describe('page cache size', () => {
  it('counts bytes, not UTF-16 units: Hindi pages take their real size', () => {
    const hindi = 'पत्रिका'.repeat(100); // 700 code units, 2,100 UTF-8 bytes
    const cache = createPageCache({ clock: clockAt(1), maxBytes: 8 * 4000 });
    cache.set('/hi', page(hindi));
    expect(cache.bytes).toBeGreaterThanOrEqual(Buffer.byteLength(hindi));
    // A page over an eighth of the cache is not kept: 2,100 bytes > 16,000 / 8 (its 700
    // UTF-16 units would have fitted).
    const big = createPageCache({ clock: clockAt(1), maxBytes: 8 * 2000 });
    big.set('/hi', page(hindi));
    expect(big.get('/hi')).toBeUndefined();
  });
});
