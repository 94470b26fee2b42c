import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_PART_MARK } from '../../../common/document-bytes';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  testImage,
  upload,
  type TestUser,
} from '../../factories/index';
import { ensureBuild } from '../../setup/spawn-server';
import { createTestDatabase } from '../../setup/test-db';

let app: FastifyInstance;
let second: FastifyInstance | undefined;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: TestUser;
const dirs: string[] = [];

const pagesApp = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'patrika-cache-'));
  dirs.push(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://patrika.example',
  });
  const built = await buildApp(config, { database, web: 'build' });
  await built.ready();
  return built;
};

beforeAll(async () => {
  ensureBuild();
  database = await createTestDatabase();
  app = await pagesApp();
  admin = await createAdmin(app);
}, 300_000);
afterAll(async () => {
  await second?.close();
  await app.close();
  await database.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const BR = { 'accept-encoding': 'gzip, deflate, br' };
const GZIP = { 'accept-encoding': 'gzip, deflate' };
const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .find((d) => d.startsWith('script-src'));

describe('whole-page cache for anonymous readers', () => {
  it('keeps a page once as bytes: a hit sends the same bytes and ETag, with no nonce', async () => {
    const category = await createCategory(app, admin, { name: 'Cache News' });
    const article = await createArticle(app, admin, category._id, { name: 'Cached story' });
    const url = `/${category.slug}/${article.slug}`;
    const first = await app.inject({ url, headers: BR });
    const again = await app.inject({ url, headers: BR });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(again.headers['x-page-cache']).toBe('hit');
    for (const res of [first, again]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
      );
      // One policy for everyone: no nonce, scripts only from this site.
      expect(scriptSrc(res.headers['content-security-policy'])).toBe("script-src 'self'");
    }
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const html = brotliDecompressSync(again.rawPayload).toString();
    expect(html).toContain('Cached story');
    expect(html).not.toContain('nonce');
    expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);

    // gzip for a client without brotli, from the same page: its own tag, the same document.
    const gz = await app.inject({ url, headers: GZIP });
    expect(gz.headers['x-page-cache']).toBe('hit');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).not.toBe(first.headers.etag);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    // And the plain document for one that takes neither.
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('answers a hit without rendering: no loader runs', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Renders' });
    const article = await createArticle(app, admin, category._id, { name: 'Rendered once' });
    const url = `/${category.slug}/${article.slug}`;
    const settings = app.services.settings;
    const read = settings.get.bind(settings);
    let reads = 0;
    settings.get = () => {
      reads++;
      return read();
    };
    try {
      expect((await app.inject({ url, headers: BR })).headers['x-page-cache']).toBe('miss');
      expect(reads).toBeGreaterThan(0);
      reads = 0;
      for (const headers of [BR, GZIP, {}]) {
        const hit = await app.inject({ url, headers });
        expect(hit.headers['x-page-cache']).toBe('hit');
      }
      expect(reads).toBe(0);
    } finally {
      settings.get = read;
    }
  });

  it('a conditional request for a page, a feed, the sitemap, robots.txt and an image: 304, no body', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Validators' });
    const article = await createArticle(app, admin, category._id, { name: 'Validated story' });
    const uploaded = (await upload(app, admin, await testImage(640, 360))).json() as {
      url: string;
    };
    const image = new URL(uploaded.url, 'https://patrika.example').pathname;
    for (const url of [
      `/${category.slug}/${article.slug}`,
      '/feed.xml',
      `/category/${category.slug}/feed.xml`,
      '/sitemap.xml',
      '/robots.txt',
      image,
    ]) {
      for (const headers of [BR, GZIP, {}]) {
        const full = await app.inject({ url, headers });
        expect(full.statusCode, url).toBe(200);
        const etag = String(full.headers.etag);
        expect(etag, url).toMatch(/^"[^"]+"$/);
        const again = await app.inject({ url, headers });
        expect(again.headers.etag, url).toBe(etag);
        const cond = await app.inject({ url, headers: { ...headers, 'if-none-match': etag } });
        expect(cond.statusCode, url).toBe(304);
        expect(cond.rawPayload.length, url).toBe(0);
        expect(cond.headers.etag, url).toBe(etag);
        const stale = await app.inject({ url, headers: { ...headers, 'if-none-match': '"x"' } });
        expect(stale.statusCode, url).toBe(200);
      }
    }
    // Text answers are compressed once, and their tag names the bytes sent.
    for (let i = 0; i < 4; i++)
      await createArticle(app, admin, category._id, { name: `Validated story ${i}` });
    const feed = await app.inject({ url: '/feed.xml', headers: BR });
    expect(feed.headers['content-encoding']).toBe('br');
    expect(feed.headers.etag).toMatch(/-br"$/);
    expect(brotliDecompressSync(feed.rawPayload).toString()).toContain('Validated story');
    const robots = await app.inject({ url: '/robots.txt', headers: BR });
    expect(robots.headers['cache-control']).toBeDefined();
  });

  it('a page changes its ETag when its content changes', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Tags' });
    const article = await createArticle(app, admin, category._id, { name: 'Tag before' });
    const url = `/${category.slug}/${article.slug}`;
    const before = await app.inject({ url, headers: BR });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}`,
      headers: auth(admin),
      payload: {
        name: 'Tag after',
        category: category._id,
        imageUrl: 'https://images.example.com/a.jpg',
        description: '<p>New body.</p>',
      },
    });
    expect(res.statusCode).toBe(200);
    const after = await app.inject({
      url,
      headers: { ...BR, 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('Tag after');
  });

  it('pages with a nonce (sign-in) and signed-in pages are kept by no cache', async () => {
    const login = await app.inject({ url: '/login', headers: BR });
    expect(login.headers['cache-control']).toBe('no-store');
    expect(scriptSrc(login.headers['content-security-policy'])).toMatch(/'nonce-[^']+'/);
    expect(login.headers['x-page-cache']).toBeUndefined();
  });

  it('shows an edit at once: a change empties the cache', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Edits' });
    const article = await createArticle(app, admin, category._id, { name: 'Before the edit' });
    const url = `/${category.slug}/${article.slug}`;
    await app.inject({ url });
    expect((await app.inject({ url })).headers['x-page-cache']).toBe('hit');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}`,
      headers: auth(admin),
      payload: {
        name: 'After the edit',
        category: category._id,
        imageUrl: 'https://images.example.com/a.jpg',
        description: '<p>New body.</p>',
      },
    });
    expect(res.statusCode).toBe(200);
    const after = await app.inject({ url });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('After the edit');
  });

  it('never caches for a signed-in reader, and sends the page compressed whole, unvalidated', async () => {
    const cookie = `patrika_token=${admin.token}`;
    await app.inject({ url: '/', headers: { cookie } });
    const res = await app.inject({ url: '/', headers: { cookie, ...BR } });
    expect(res.headers['x-page-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    // One encoding of the whole page, with its length (not a stream of chunks), and no ETag:
    // a page no cache may keep has nothing to revalidate. gzip, though brotli is taken too: its
    // stylesheet's gzip was made once, so the page's costs a fifth of brotli's.
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['etag']).toBeUndefined();
    const page = gunzipSync(res.rawPayload).toString();
    expect(page).toContain(admin.name);
    expect(page).toMatch(/<style>[^<]{1000,}<\/style>/);
    expect(page).not.toContain(SHARED_PART_MARK);
    // A client that takes brotli alone gets brotli.
    const br = await app.inject({ url: '/', headers: { cookie, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const brPage = brotliDecompressSync(br.rawPayload).toString();
    expect(brPage).toContain(admin.name);
    expect(brPage).toMatch(/<style>[^<]{1000,}<\/style>/);
  });

  it('hears changes made by another process on the same database', async () => {
    second = await pagesApp();
    const category = await createCategory(app, admin, { name: 'Cache Shared' });
    const article = await createArticle(app, admin, category._id, { name: 'Seen by both' });
    const url = `/${category.slug}/${article.slug}`;
    // The first app's writes reach the second as notifications a moment later, and each one
    // empties its cache (another process's change): read until the page stays cached.
    await expect
      .poll(
        async () => {
          await second!.inject({ url });
          return (await second!.inject({ url })).headers['x-page-cache'];
        },
        { timeout: 5000 },
      )
      .toBe('hit');
    // Deleted through the first app: the second must not keep serving it.
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/articles/delete/${article._id}`,
          headers: auth(admin),
        })
      ).statusCode,
    ).toBe(200);
    await expect
      .poll(async () => (await second!.inject({ url })).statusCode, { timeout: 5000 })
      .toBe(404);
  });
});
