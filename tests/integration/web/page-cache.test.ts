import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { CacheTags } from '../../../common/cache-tags';
import { openingOf } from '../../../common/article-access';
import { articleOpenBody, articles } from '../../../db/schema/content';
import { inArray } from 'drizzle-orm';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../../server/caching/http-caching';
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
/** How long a refresh or a notice may take on a busy machine: a bound, not a measure. */
const SETTLES = { timeout: 30_000, interval: 50 };
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
      expect(res.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(res.headers['cache-control']).toMatch(/stale-if-error=\d+/);
      // Front caches learn what the page shows (docs/decisions/029).
      expect(String(res.headers['cache-tag']).split(',')).toContain(
        CacheTags.articlePage(article._id),
      );
      expect(String(res.headers['surrogate-key']).split(' ')).toContain(
        CacheTags.article(article._id),
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
    // Served stale, at most, while one render refreshes it.
    const conditional = { ...BR, 'if-none-match': String(before.headers.etag) };
    await expect
      .poll(async () => (await app.inject({ url, headers: conditional })).statusCode, SETTLES)
      .toBe(200);
    const after = await app.inject({ url, headers: conditional });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('Tag after');
  });

  it('pages with a nonce (sign-in) and signed-in pages are kept by no cache', async () => {
    const login = await app.inject({ url: '/login', headers: BR });
    expect(login.headers['cache-control']).toBe('no-store');
    expect(scriptSrc(login.headers['content-security-policy'])).toMatch(/'nonce-[^']+'/);
    expect(login.headers['x-page-cache']).toBeUndefined();
  });

  it('an edit refreshes what showed it, off the readers’ path; other pages stay kept', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Edits' });
    const article = await createArticle(app, admin, category._id, { name: 'Before the edit' });
    const other = await createArticle(app, admin, category._id, { name: 'Untouched story' });
    const url = `/${category.slug}/${article.slug}`;
    const otherUrl = `/${category.slug}/${other.slug}`;
    const categoryUrl = `/category/${category.slug}`;
    // A list the article is not in: another category's page.
    const elsewhere = await createCategory(app, admin, { name: 'Cache Elsewhere' });
    await createArticle(app, admin, elsewhere._id, { name: 'Story elsewhere' });
    const elsewhereUrl = `/category/${elsewhere.slug}`;
    for (const u of [url, otherUrl, categoryUrl, elsewhereUrl]) await app.inject({ url: u });
    // The other story's page shows two stories picked at random under it: this one or not.
    const otherShowsIt = (await app.inject({ url: otherUrl })).body.includes('Before the edit');
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
    // The edited page and the list showing its card: either still the old copy while its
    // one refresh runs (stale), or already the new one; never a render for the reader.
    for (const u of [url, categoryUrl]) {
      const first = await app.inject({ url: u });
      expect(['stale', 'hit', 'coalesced'], u).toContain(first.headers['x-page-cache']);
      await expect
        .poll(async () => {
          const page = await app.inject({ url: u });
          return page.headers['x-page-cache'] === 'hit' && page.body.includes('After the edit');
        }, SETTLES)
        .toBe(true);
    }
    // A page that does not show the article was never touched.
    const untouched = await app.inject({ url: elsewhereUrl });
    expect(untouched.headers['x-page-cache']).toBe('hit');
    expect(untouched.body).not.toContain('After the edit');
    if (!otherShowsIt)
      expect((await app.inject({ url: otherUrl })).headers['x-page-cache'], otherUrl).toBe('hit');
  });

  it('a page that must go is never served stale: deleted or unpublished, 404 at once', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Gone' });
    const deleted = await createArticle(app, admin, category._id, { name: 'Soon deleted' });
    const drafted = await createArticle(app, admin, category._id, { name: 'Soon a draft' });
    const deletedUrl = `/${category.slug}/${deleted.slug}`;
    const draftedUrl = `/${category.slug}/${drafted.slug}`;
    for (const u of [deletedUrl, draftedUrl]) {
      await app.inject({ url: u });
      expect((await app.inject({ url: u })).headers['x-page-cache']).toBe('hit');
    }
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${deleted._id}`,
      headers: auth(admin),
    });
    expect(gone.statusCode).toBe(200);
    expect((await app.inject({ url: deletedUrl })).statusCode).toBe(404);
    const back = await app.inject({
      method: 'POST',
      url: `/api/articles/${drafted._id}/status`,
      headers: auth(admin),
      payload: { status: 'draft' },
    });
    expect(back.statusCode).toBe(200);
    expect((await app.inject({ url: draftedUrl })).statusCode).toBe(404);
  });

  it('a story walled to more readers is dropped at once, never served whole as stale (issue 66 item 10)', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Walls' });
    const SECRET = 'glimmerquant';
    const description = `<p>Open words first.</p><p>The ${SECRET} detail follows.</p>`;
    const article = await createArticle(app, admin, category._id, {
      name: 'Soon for members',
      description,
    });
    const url = `/${category.slug}/${article.slug}`;
    // Both kept whole and fresh (the feed may first be refreshed off the readers' path).
    for (const u of [url, '/feed.xml'])
      await expect
        .poll(async () => {
          const kept = await app.inject({ url: u });
          return kept.headers['x-page-cache'] === 'hit' && kept.body.includes(SECRET);
        }, SETTLES)
        .toBe(true);
    const walled = await app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}`,
      headers: auth(admin),
      payload: {
        name: 'Soon for members',
        category: category._id,
        imageUrl: 'https://images.example.com/a.jpg',
        description,
        access: 'members',
      },
    });
    expect(walled.statusCode, walled.body).toBe(200);
    // The very next reader gets the walled page and feed, never the kept whole text.
    for (const u of [url, '/feed.xml']) {
      const next = await app.inject({ url: u });
      expect(next.statusCode, u).toBe(200);
      expect(next.headers['x-page-cache'], u).not.toBe('stale');
      expect(next.body, u).not.toContain(SECRET);
    }
    expect((await app.inject({ url })).body).toContain('Open words first.');
  });

  it('cuts a walled story’s opening in SQL as openingOf does (issue 66 item 10)', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Openings' });
    const long = `<p><em>${'लंबा पैराग्राफ और words &amp; more '.repeat(40)}</em></p>`;
    const bodies = [
      '<p>Plain opening.</p><p>secret rest</p>',
      '<ul><li>secret one</li><li><p>secret two</p></li></ul><p>After the list.</p>',
      '<ol><li><ul><li><p>secret</p></li></ul><p>secret after</p></li></ol><p>Story text.</p>',
      '<table><tr><td><p>secret cell</p></td></tr></table><blockquote><p>secret</p></blockquote><p>Text.</p>',
      '<h2>Heading</h2><p class="lead">Lead <a href="/x">link</a>.</p><p>secret</p>',
      '<blockquote><p>secret only a quote</p></blockquote>',
      `${long}<p>secret</p>`,
    ];
    const ids: string[] = [];
    for (const [i, description] of bodies.entries()) {
      const made = await createArticle(app, admin, category._id, {
        name: `Opening ${i}`,
        description,
        access: 'members',
      });
      ids.push(made._id);
    }
    const rows = await database.db
      .select({ id: articles.id, body: articles.description, open: articleOpenBody })
      .from(articles)
      .where(inArray(articles.id, ids));
    expect(rows).toHaveLength(bodies.length);
    for (const row of rows) {
      expect(row.open, row.body).toBe(openingOf(row.body));
      expect(row.open, row.body).not.toContain('secret');
    }
  });

  it('twenty readers of a missing page cause one render, and all get it', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Stampede' });
    const article = await createArticle(app, admin, category._id, { name: 'Stampede story' });
    const url = `/${category.slug}/${article.slug}`;
    const articles = app.services.articles;
    const resolve = articles.resolve.bind(articles);
    let renders = 0;
    articles.resolve = (segment, slug) => {
      if (slug === article.slug) renders++;
      return resolve(segment, slug);
    };
    try {
      // Not kept yet (a change dropped it, or it was never read): twenty at once.
      app.services.pageCache.invalidate();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => app.inject({ url, headers: BR })),
      );
      expect(renders).toBe(1);
      const states = answers.map((a) => a.headers['x-page-cache']).sort();
      expect(states).toEqual(['miss', ...Array<string>(19).fill('coalesced')].sort());
      for (const a of answers) {
        expect(a.statusCode).toBe(200);
        expect(a.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      }
      // Stale (something it shows changed): twenty at once get the kept copy, one refresh runs.
      renders = 0;
      app.services.pageCache.changed({ stale: [CacheTags.article(article._id)] });
      const stale = await Promise.all(Array.from({ length: 20 }, () => app.inject({ url })));
      for (const a of stale)
        expect(['stale', 'hit', 'coalesced']).toContain(a.headers['x-page-cache']);
      await expect
        .poll(async () => (await app.inject({ url })).headers['x-page-cache'], SETTLES)
        .toBe('hit');
      expect(renders).toBe(1);
    } finally {
      articles.resolve = resolve;
    }
  });

  it('never caches for a signed-in reader, and sends the page compressed whole, unvalidated', async () => {
    const cookie = `patrika_token=${admin.token}`;
    await app.inject({ url: '/', headers: { cookie } });
    const res = await app.inject({ url: '/', headers: { cookie, ...BR } });
    expect(res.headers['x-page-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    // One encoding of the whole page, with its length (not a stream of chunks), and no ETag:
    // a page no cache may keep has nothing to revalidate.
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['etag']).toBeUndefined();
    const page = brotliDecompressSync(res.rawPayload).toString();
    expect(page).toContain(admin.name);
    expect(page).toMatch(/<style>[^<]{1000,}<\/style>/);
    // A client without brotli gets gzip of the same page.
    const gz = await app.inject({ url: '/', headers: { cookie, ...GZIP } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    const gzPage = gunzipSync(gz.rawPayload).toString();
    expect(gzPage).toContain(admin.name);
    expect(gzPage).toMatch(/<style>[^<]{1000,}<\/style>/);
  });

  it('hears changes made by another process on the same database', async () => {
    second = await pagesApp();
    const category = await createCategory(app, admin, { name: 'Cache Shared' });
    const article = await createArticle(app, admin, category._id, { name: 'Seen by both' });
    const url = `/${category.slug}/${article.slug}`;
    // The first app's writes reach the second as notices a moment later, and each one marks
    // what showed them stale: read until the page is kept fresh.
    await expect
      .poll(async () => {
        await second!.inject({ url });
        return (await second!.inject({ url })).headers['x-page-cache'];
      }, SETTLES)
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
    await expect.poll(async () => (await second!.inject({ url })).statusCode, SETTLES).toBe(404);
  });
});
