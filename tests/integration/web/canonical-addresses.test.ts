/*
 * One address per page (issue 12 item 2, DECISIONS.md §14): other spellings of a page's path
 * answer 301 to the canonical one with the query kept; tracking parameters change neither the
 * canonical nor the cached page; the API, files and React Router's own requests are left alone.
 */
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath, formerPathKey } from '../../../common/paths';
import { articleFormerPaths, articles } from '../../../db/schema/content';
import {
  createAdmin,
  createArticle,
  createCategory,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';

let t: TestApp;
let admin: TestUser;
let news: Awaited<ReturnType<typeof createCategory>>;
let story: Awaited<ReturnType<typeof createArticle>>;
/** "हिंदी-लेख" as a browser sends it (UTF-8, upper-case hex) and as WordPress writes it. */
const HINDI_SLUG = 'हिंदी-लेख';
const HINDI_UPPER = encodeURIComponent(HINDI_SLUG);
const HINDI_LOWER = HINDI_UPPER.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const canonicalOf = (res: LightMyRequestResponse) =>
  /<link rel="canonical" href="([^"]*)"/.exec(res.body)?.[1];
const expectMoved = (res: LightMyRequestResponse, location: string) => {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(301);
  expect(res.headers.location).toBe(location);
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  news = await createCategory(t.app, admin, { name: 'News' });
  story = await createArticle(t.app, admin, news._id, { name: 'Canonical story', legacyId: 9101 });
}, 300_000);
afterAll(async () => t?.close());

describe('other spellings of a page answer 301 to its canonical address', () => {
  it('upper case, a trailing slash and doubled slashes (the acceptance of issue 12)', async () => {
    expectMoved(await get('/Category/News'), '/category/news');
    expectMoved(await get('/category/news/'), '/category/news');
    expectMoved(await get('//about-us'), '/about-us');
    expectMoved(await get('/about-us//'), '/about-us');
    expectMoved(await get(`/NEWS/${story.slug.toUpperCase()}/`), articlePath(story));
    expect((await get('/category/news')).statusCode).toBe(200);
    expect((await get('/about-us')).statusCode).toBe(200);
    expect((await get('/')).statusCode).toBe(200);
  });

  it('keeps the query string as it was', async () => {
    expectMoved(
      await get('/Category/News/?page=1&utm_source=x%20y'),
      '/category/news?page=1&utm_source=x%20y',
    );
    expectMoved(await get('//about-us?utm_source=mail'), '/about-us?utm_source=mail');
  });

  it('never sends a reader to another host', async () => {
    for (const url of [
      '//evil.example/',
      '///evil.example',
      '/\\evil.example/',
      '/%5Cevil.example/',
    ]) {
      const res = await get(url);
      const location = res.headers.location as string | undefined;
      if (location) expect(location, url).toMatch(/^\/(?![/\\])/);
    }
  });

  it('a Hindi slug: upper-case hex is canonical, lower-case hex moves to it, Devanagari is never lower-cased', async () => {
    await t.app.services.database.db
      .update(articles)
      .set({ slug: HINDI_SLUG })
      .where(eq(articles.id, story._id));
    try {
      const page = await get(`/news/${HINDI_UPPER}`);
      expect(page.statusCode, page.body.slice(0, 200)).toBe(200);
      expectMoved(await get(`/news/${HINDI_LOWER}/`), `/news/${HINDI_UPPER}`);
      expectMoved(await get(`/News/${HINDI_UPPER}?x=1`), `/news/${HINDI_UPPER}?x=1`);
    } finally {
      await t.app.services.database.db
        .update(articles)
        .set({ slug: story.slug })
        .where(eq(articles.id, story._id));
    }
  });

  it('a malformed escape is not guessed at: it is refused as it is, never moved', async () => {
    const res = await get('/News/%E0%A4/');
    expect(res.statusCode).toBe(400);
  });
});

describe('what is not a page keeps its spelling', () => {
  it('the API, uploaded files, assets, .data and __manifest requests are never redirected', async () => {
    const up = await upload(t.app, admin, await testImage(400, 300));
    const media = (up.json() as { url: string }).url;
    const urls = [
      '/api/categories/',
      '/api/Categories',
      '/API/categories',
      `${media}/`,
      media.replace('/media/', '/Media/'),
      '/assets/Missing.js',
      '/category/News.data',
      '/Category/news/_.data',
      '/__manifest?p=%2FCategory%2FNews&version=x',
      '/Robots.txt',
    ];
    for (const url of urls) expect((await get(url)).statusCode, url).not.toBe(301);
    expect((await get('/api/categories/')).statusCode).toBe(200);
    expect((await get(media)).statusCode).toBe(200);
  });
});

describe('old addresses keep working', () => {
  it('/articles/{number} and /article/{slug} still answer 301, in any spelling', async () => {
    expectMoved(await get('/articles/9101'), articlePath(story));
    expectMoved(await get('/Articles/9101/'), '/articles/9101');
    expectMoved(await get(`/article/${story.slug}`), articlePath(story));
  });

  it('an old site’s permalink, in any spelling, goes to the article in one step', async () => {
    await t.app.services.database.db.insert(articleFormerPaths).values([
      { path: formerPathKey('/2019/05/My-Old-Post/'), articleId: story._id },
      { path: formerPathKey(`/2019/06/${HINDI_LOWER}/`), articleId: story._id },
    ]);
    for (const old of [
      '/2019/05/My-Old-Post/',
      '/2019/05/my-old-post/',
      '/2019/05/my-old-post',
      `/2019/06/${HINDI_LOWER}/`,
      `/2019/06/${HINDI_UPPER}`,
    ])
      expectMoved(await get(old), articlePath(story));
    // Not an old address: moved to its canonical spelling, where it is not found.
    expectMoved(await get('/2019/05/No-Such-Post/'), '/2019/05/no-such-post');
  });
});

describe('tracking parameters', () => {
  it('leave the canonical plain and meet the cached page', async () => {
    const first = await get('/about-us');
    expect(first.statusCode).toBe(200);
    const tagged = await get('/about-us?utm_source=x');
    expect(tagged.statusCode).toBe(200);
    expect(tagged.headers['x-page-cache']).toBe('hit');
    expect(canonicalOf(tagged)).toBe(`${PUBLIC_URL}/about-us`);
    // A made-up parameter cannot force a fresh render either.
    const random = await get(`/about-us?x=${Math.random()}`);
    expect(random.headers['x-page-cache']).toBe('hit');
  });

  it('a parameter the page reads is part of the cache key', async () => {
    for (let i = 0; i < 10; i++)
      await createArticle(t.app, admin, news._id, { name: `Filler ${i}` });
    const one = await get('/category/news');
    const two = await get('/category/news?page=2&utm_source=x');
    expect(two.statusCode).toBe(200);
    expect(two.headers['x-page-cache']).toBe('miss');
    expect(canonicalOf(two)).toBe(`${PUBLIC_URL}/category/news?page=2`);
    expect(canonicalOf(one)).toBe(`${PUBLIC_URL}/category/news`);
    expect((await get('/category/news?utm_medium=y&page=2')).headers['x-page-cache']).toBe('hit');
  });
});
