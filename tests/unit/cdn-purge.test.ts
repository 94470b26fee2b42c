/*
 * The purge formats (issue 23 items 3 and 6): what each front cache is sent for a batch, as its
 * documentation describes (README, "Front caches"), and the settings that choose one.
 */
import { describe, expect, it } from 'vitest';
import {
  fastlyServiceUrl,
  purgeRequests,
  VARNISH_ALL_KEY,
  type PurgeBatch,
  type PurgeTarget,
} from '../../server/caching/cdn-purge';
import { purgeBatch } from '../../server/caching/cdn-purger';
import { ConfigError, loadConfig } from '../../server/env';

const tag = (i: number) => `a:${i.toString(16).padStart(32, '0')}`;
const batch = (over: Partial<PurgeBatch> = {}): PurgeBatch => ({
  stale: ['a:1', 'l:latest', 'pa:1'],
  drop: ['pa:1'],
  urls: ['https://patrika.example/news/one'],
  ...over,
});
const target = (format: PurgeTarget['format'], url: string, token = 'secret'): PurgeTarget => ({
  format,
  url,
  token,
});
const body = (r: { body?: string }) => JSON.parse(r.body ?? 'null') as Record<string, unknown>;

describe('purge requests by format', () => {
  it('json: one POST with the tags, those to drop, and the addresses, with a bearer token', () => {
    const [only, ...more] = purgeRequests(target('json', 'https://hooks.example/purge'), batch());
    expect(more).toEqual([]);
    expect(only).toMatchObject({
      method: 'POST',
      url: 'https://hooks.example/purge',
      headers: { authorization: 'Bearer secret', 'content-type': 'application/json' },
    });
    expect(body(only!)).toEqual({
      tags: ['pa:1', 'a:1', 'l:latest'],
      drop: ['pa:1'],
      urls: ['https://patrika.example/news/one'],
    });
    const all = purgeRequests(
      target('json', 'https://hooks.example/purge'),
      batch({ all: 'drop' }),
    );
    expect(all.map(body)).toEqual([
      { tags: ['pa:1'], drop: ['pa:1'], urls: [], everything: 'drop' },
    ]);
    // No token configured: no Authorization header.
    const open = purgeRequests(target('json', 'http://127.0.0.1:9/p', ''), batch());
    expect(open[0]!.headers.authorization).toBeUndefined();
  });

  it('varnish: PURGE with xkey-purge for what must go, first, and xkey-softpurge for the rest', () => {
    const requests = purgeRequests(target('varnish', 'http://127.0.0.1:6081/', ''), batch());
    expect(requests).toEqual([
      { method: 'PURGE', url: 'http://127.0.0.1:6081/', headers: { 'xkey-purge': 'pa:1' } },
      {
        method: 'PURGE',
        url: 'http://127.0.0.1:6081/',
        headers: { 'xkey-softpurge': 'a:1 l:latest' },
      },
    ]);
    // Headers stay well under Varnish's 8 KB request-header limit.
    const many = purgeRequests(
      target('varnish', 'http://127.0.0.1:6081/'),
      batch({ stale: Array.from({ length: 250 }, (_, i) => tag(i)), drop: [] }),
    );
    expect(many).toHaveLength(3);
    for (const r of many) expect(r.headers['xkey-softpurge']!.length).toBeLessThan(4096);
    expect(many.flatMap((r) => r.headers['xkey-softpurge']!.split(' '))).toHaveLength(250);
    // Everything: the key the shipped VCL gives every tagged object.
    const all = purgeRequests(target('varnish', 'http://127.0.0.1:6081/', ''), {
      ...batch({ all: 'stale' }),
    });
    expect(all.map((r) => r.headers)).toEqual([
      { 'xkey-purge': 'pa:1' },
      { 'xkey-softpurge': VARNISH_ALL_KEY },
    ]);
  });

  it('cloudflare: POST {"tags"} at most 30 a request, {"purge_everything": true} for all', () => {
    const url =
      'https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache';
    const tags = Array.from({ length: 65 }, (_, i) => tag(i));
    const requests = purgeRequests(target('cloudflare', url), batch({ stale: tags, drop: [] }));
    expect(requests.map((r) => (body(r).tags as string[]).length)).toEqual([30, 30, 5]);
    for (const r of requests)
      expect(r).toMatchObject({ method: 'POST', url, headers: { authorization: 'Bearer secret' } });
    expect(requests.flatMap((r) => body(r).tags as string[])).toEqual(tags);
    expect(purgeRequests(target('cloudflare', url), batch({ all: 'stale' })).map(body)).toEqual([
      { purge_everything: true },
    ]);
  });

  it('fastly: POST {"surrogate_keys"} to the service’s /purge, soft for the stale ones; purge_all', () => {
    for (const url of [
      'https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY',
      'https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge',
    ]) {
      const [hard, soft, ...more] = purgeRequests(target('fastly', url), batch());
      expect(more).toEqual([]);
      const purge = 'https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge';
      expect(hard).toMatchObject({
        method: 'POST',
        url: purge,
        headers: { 'fastly-key': 'secret' },
      });
      expect(hard!.headers['fastly-soft-purge']).toBeUndefined();
      expect(body(hard!)).toEqual({ surrogate_keys: ['pa:1'] });
      expect(soft).toMatchObject({ url: purge, headers: { 'fastly-soft-purge': '1' } });
      expect(body(soft!)).toEqual({ surrogate_keys: ['a:1', 'l:latest'] });
      expect(purgeRequests(target('fastly', url), batch({ all: 'stale' }))).toEqual([
        {
          method: 'POST',
          url: 'https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge_all',
          headers: { 'content-type': 'application/json', 'fastly-key': 'secret' },
        },
      ]);
    }
    const keys = Array.from({ length: 300 }, (_, i) => tag(i));
    const many = purgeRequests(
      target('fastly', 'https://api.fastly.com/service/X'),
      batch({ stale: keys, drop: [] }),
    );
    expect(many.map((r) => (body(r).surrogate_keys as string[]).length)).toEqual([256, 44]);
    expect(fastlyServiceUrl('https://api.fastly.com/purge/x')).toBeUndefined();
  });
});

describe('CDN_PURGE settings', () => {
  it('are off unless CDN_PURGE_URL is set; json is the format then', () => {
    expect(loadConfig({}).cdnPurge).toBeUndefined();
    expect(
      loadConfig({ CDN_PURGE_URL: 'https://hooks.example/purge', CDN_PURGE_TOKEN: 't' }).cdnPurge,
    ).toEqual({ format: 'json', url: 'https://hooks.example/purge', token: 't' });
    expect(
      loadConfig({ CDN_PURGE: 'varnish', CDN_PURGE_URL: 'http://127.0.0.1:6081/' }).cdnPurge,
    ).toEqual({ format: 'varnish', url: 'http://127.0.0.1:6081/', token: undefined });
  });

  it('name every key that does not fit at boot', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.problems.map((p) => p.key);
      }
    };
    expect(problems({ CDN_PURGE: 'akamai', CDN_PURGE_URL: 'http://x.example/' })).toEqual([
      'CDN_PURGE',
    ]);
    expect(problems({ CDN_PURGE: 'varnish' })).toEqual(['CDN_PURGE_URL']);
    expect(problems({ CDN_PURGE_URL: 'ftp://x.example/' })).toEqual(['CDN_PURGE_URL']);
    expect(
      problems({
        CDN_PURGE: 'cloudflare',
        CDN_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/abc',
      }),
    ).toEqual(['CDN_PURGE_TOKEN', 'CDN_PURGE_URL']);
    expect(
      problems({
        CDN_PURGE: 'fastly',
        CDN_PURGE_URL: 'https://api.fastly.com/purge/x',
        CDN_PURGE_TOKEN: 'k',
      }),
    ).toEqual(['CDN_PURGE_URL']);
  });
});

describe('a batch of events as one purge (purgeBatch)', () => {
  const SITE = 'https://patrika.example';
  it('joins their tags and addresses, absolute under the site’s address', () => {
    const made = purgeBatch(
      [
        { stale: ['a:1', 'l:latest'], drop: [], urls: ['/news/one', '/'] },
        { stale: ['a:1', 'a:2'], drop: ['pa:2'], urls: ['/news/two', '/'] },
        {},
      ],
      SITE,
    );
    expect(made).toEqual({
      stale: ['a:1', 'l:latest', 'a:2'],
      drop: ['pa:2'],
      urls: [`${SITE}/news/one`, `${SITE}/`, `${SITE}/news/two`],
      overflowed: false,
    });
  });

  it('a change nobody can name by tags, or a batch past its bound, purges everything', () => {
    expect(purgeBatch([{ stale: ['a:1'] }, { all: 'stale' }], SITE)).toMatchObject({
      all: 'stale',
      stale: [],
      urls: [],
      overflowed: false,
    });
    // Pages that must go still go first, also within a soft "everything".
    expect(purgeBatch([{ drop: ['pa:1'] }, { all: 'stale' }], SITE).drop).toEqual(['pa:1']);
    const tags = Array.from({ length: 6 }, (_, i) => tag(i));
    expect(purgeBatch([{ stale: tags }], SITE, 5)).toMatchObject({
      all: 'stale',
      overflowed: true,
    });
    expect(purgeBatch([{ stale: tags, drop: ['pa:9'] }], SITE, 5)).toMatchObject({
      all: 'drop',
      drop: [],
    });
  });
});
