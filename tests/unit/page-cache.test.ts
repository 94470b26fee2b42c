import { EventEmitter } from 'node:events';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  chooseEncoding,
  encodedEtag,
  encodeOnce,
  encodePage,
  etagOf,
  isCacheable,
  isStorable,
  noneMatchHits,
} from '../../server/caching/http-caching';
import { systemClock } from '../../server/lib/clock';
import { createPageStore } from '../../server/caching/page-store';
import { PageCache } from '../../server/caching/page-cache';
import { fastifyCookie } from '@fastify/cookie';

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
    for (const sent of [tag, br, gz, `W/${gz}`, `"x", ${br}`])
      expect(noneMatchHits(sent, tag), sent).toBe(true);
    for (const sent of [undefined, '', '"x"', etagOf('page!'), tag.slice(1, -1)])
      expect(noneMatchHits(sent, tag), String(sent)).toBe(false);
    // `*` names an answer the server held before this request (a kept page), not one it made
    // for it (RFC 9110 §13.1.2, §13.2.1; issue 44 item 12).
    expect(noneMatchHits('*', tag, { held: true })).toBe(true);
    expect(noneMatchHits('"x", *', tag, { held: true })).toBe(true);
    expect(noneMatchHits('*', tag)).toBe(false);
    expect(noneMatchHits('*', tag, { held: false })).toBe(false);
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
  });

  it('is encoded whole for one request, either way, to the very bytes', async () => {
    const html = `<!DOCTYPE html><html><head><style>${'.card{margin:0 auto}'.repeat(400)}</style></head><body>${'पत्रिका news '.repeat(2000)}</body></html>`;
    const bytes = Buffer.from(html);
    const br = await encodeOnce(bytes, 'br');
    const gz = await encodeOnce(bytes, 'gzip');
    expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
    expect(gunzipSync(gz).equals(bytes)).toBe(true);
    expect(br.length).toBeLessThan(bytes.length / 4);
    // Larger than a page (a sitemap): compressed off the request's thread, to the same bytes.
    const large = Buffer.from(html.repeat(8));
    expect(gunzipSync(await encodeOnce(large, 'gzip')).equals(large)).toBe(true);
    expect(brotliDecompressSync(await encodeOnce(large, 'br')).equals(large)).toBe(true);
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
  /** The cookie plugin as the app registers it: it parses every request's Cookie header. */
  let parseCookie: (header: string) => Record<string, string>;
  beforeAll(async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.ready();
    parseCookie = (header) => app.parseCookie(header);
  });
  /** A request as the cookie plugin leaves it, with its Cookie header parsed. */
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    ({
      method,
      url,
      headers,
      cookies: parseCookie(headers.cookie ?? ''),
    }) as unknown as FastifyRequest;
  it('takes anonymous reads of public pages', () => {
    expect(isCacheable(req('/'))).toBe(true);
    expect(isCacheable(req('/category/news?page=2'))).toBe(true);
    expect(isCacheable(req('/news/some-story', { cookie: 'other=1' }))).toBe(true);
    // Not the session's cookie, however close: names are exact and case-sensitive.
    expect(isCacheable(req('/', { cookie: 'PATRIKA_TOKEN=x; xpatrika_token=y' }))).toBe(true);
    // A reader's own session reads the shared pages (issue 37 item 1).
    expect(isCacheable(req('/news/some-story', { cookie: 'patrika_reader=x' }))).toBe(true);
    expect(isCacheable(req('/profile', { cookie: 'patrika_reader=x' }))).toBe(false);
  });
  it('never takes signed-in readers, writes or private pages', () => {
    expect(isCacheable(req('/', { cookie: 'a=1; patrika_token=x' }))).toBe(false);
    expect(isCacheable(req('/', { authorization: 'Bearer x' }))).toBe(false);
    expect(isCacheable(req('/', {}, 'POST'))).toBe(false);
    for (const path of [
      '/admin',
      '/admin/articles',
      '/profile',
      '/login?redirect=/x',
      '/signup',
      '/logout',
      '/profile.data',
    ]) {
      expect(isCacheable(req(path)), path).toBe(false);
    }
  });
  it('reads the session as the cookie parser does, whatever the spelling (issue 44 item 1)', () => {
    for (const cookie of [
      'patrika_token =x',
      'patrika_token\t=x',
      ' \tpatrika_token=x',
      'a=1;patrika_token= x',
      'patrika_token="x"',
      'a;patrika_token=x',
      'patrika_token=x; patrika_token=y',
    ])
      expect(isCacheable(req('/', { cookie })), JSON.stringify(cookie)).toBe(false);
  });
});

describe('readers waiting for another reader’s render', () => {
  /** Just what PageCache.answer reads of a request: an anonymous GET. */
  const requestFor = (url: string) =>
    ({ method: 'GET', url, headers: {}, cookies: {} }) as unknown as FastifyRequest;
  /** And of its reply: the response underneath, which says when it closes. */
  const replyFor = () => ({ raw: new EventEmitter() }) as unknown as FastifyReply;

  it('are let go when that request ends without an answer (its client went away)', async () => {
    const cache = new PageCache(createPageStore({ clock: systemClock }), {
      now: () => Date.now(),
    });
    const first = replyFor();
    // The first reader renders (nothing kept yet): it is not answered from the cache.
    expect(
      await cache.answer(requestFor('/__manifest?paths=%2Fabout-us&version=1'), first),
    ).toBeUndefined();
    // A second reader of the same key waits for that render…
    let settled = false;
    const second = cache
      .answer(requestFor('/__manifest?paths=%2Fabout-us&version=1'), replyFor())
      .then((answer) => {
        settled = true;
        return answer;
      });
    await Promise.resolve();
    expect(settled).toBe(false);
    // …and when the first request closes with nothing kept, renders for itself.
    first.raw.emit('close');
    // At once: after the promise jobs the close set off, not after any timer.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
    expect(await second).toBeUndefined();
  });
});

describe('stale pages refreshed off the readers’ path', () => {
  it('a change’s own page first, ahead of the pages an earlier change left waiting', async () => {
    const store = createPageStore({ clock: systemClock });
    const cache = new PageCache(store, { now: () => Date.now() });
    const rendered: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    cache.renderWith(async (url) => {
      rendered.push(url);
      await held;
    });
    const answer = await encodePage({ status: 200, headers: [] }, Buffer.from('<p>kept</p>'));
    const keep = (url: string, tags: string[]) =>
      store.set(url, answer, { tags, since: store.begin() });
    // Twenty pages show story Y as a card; story X's own page, and five more show it as a card.
    for (let i = 0; i < 20; i++) keep(`/y-card-${i}`, ['a:y']);
    keep('/story-x', ['pa:x', 'a:x']);
    for (let i = 0; i < 5; i++) keep(`/x-card-${i}`, ['a:x']);

    // Y's change: its first page is being refreshed, the other nineteen wait.
    cache.changed({ stale: ['a:y'] });
    expect(rendered).toHaveLength(1);
    // X's change asks for its own page first: it goes before Y's waiting pages and its cards.
    cache.changed({ stale: ['a:x'], first: ['pa:x'] });
    release();
    await expect.poll(() => rendered.length).toBe(26);
    expect(rendered[1]).toBe('/story-x');
    expect(rendered.slice(2, 21).every((url) => url.startsWith('/y-card-'))).toBe(true);
    expect(rendered.slice(21).every((url) => url.startsWith('/x-card-'))).toBe(true);
  });
});
