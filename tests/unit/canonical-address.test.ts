/* Which requests the canonical-address hook moves, and where to (issue 12 item 2). */
import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '../../server/caching/kept-answers';
import { canonicalLocation } from '../../server/plugins/canonical-address';

describe('canonicalLocation', () => {
  it('moves a page to its canonical path with the query as it was', () => {
    expect(canonicalLocation('GET', '/Category/News')).toBe('/category/news');
    expect(canonicalLocation('HEAD', '/category/news/?page=2&utm_source=X')).toBe(
      '/category/news?page=2&utm_source=X',
    );
    expect(canonicalLocation('GET', '//about-us?a=1')).toBe('/about-us?a=1');
  });

  it('leaves a canonical path alone', () => {
    for (const url of ['/', '/about-us', '/category/news?page=2', '/news/%E0%A4%B9'])
      expect(canonicalLocation('GET', url), url).toBeUndefined();
  });

  it('never moves a write, the API, files, assets or React Router’s own requests', () => {
    expect(canonicalLocation('POST', '/Login/')).toBeUndefined();
    for (const url of [
      '/api/articles/',
      '/API/Articles',
      '//api/x/',
      '/media/Photo.JPG',
      '/assets/entry-AbC.js',
      '/category/News.data',
      '/_root.data',
      '/__manifest?p=%2FNews',
      '/@vite/client',
      '/Favicon.ico',
    ])
      expect(canonicalLocation('GET', url), url).toBeUndefined();
  });

  it('escapes what a header cannot carry in the query', () => {
    expect(canonicalLocation('GET', '/About-Us?q=a b')).toBe('/about-us?q=a%20b');
  });
});

describe('pageCacheKey', () => {
  it('keeps the path and only the parameters a page reads, in one order', () => {
    expect(pageCacheKey('/about-us')).toBe('/about-us');
    expect(pageCacheKey('/about-us?utm_source=x&fbclid=y')).toBe('/about-us');
    expect(pageCacheKey('/category/news?x=1&page=2')).toBe('/category/news?page=2');
    expect(pageCacheKey('/category/news?q=a&page=2')).toBe(
      pageCacheKey('/category/news?page=2&q=a'),
    );
    // The home page answers an old site's /?p=123 with a redirect; it is not the home page.
    expect(pageCacheKey('/?p=123&utm_source=x')).toBe('/?p=123');
    expect(pageCacheKey('/news.data?_routes=routes%2Fpublic%2Farticle')).toBe(
      '/news.data?_routes=routes%2Fpublic%2Farticle',
    );
  });
});
