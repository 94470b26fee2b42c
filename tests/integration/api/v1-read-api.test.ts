/*
 * The read API an app syncs from (issue 41 item 2): /api/v1/articles with its filters and
 * updatedSince, one article by id or slug, /api/v1/deleted from the events, /api/v1/home, each
 * with an ETag and 304; in the OpenAPI document as version 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  updateArticle,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let writer: TestUser;
let news: { _id: string; slug: string };
let city: { _id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  writer = await createUser(t.app, 'author', { name: 'Sync Writer' });
  news = await createCategory(t.app, admin, { slug: 'sync-news' });
  city = await createCategory(t.app, admin, { slug: 'sync-city', parentId: news._id });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

type Page = {
  articles: { _id: string; name: string; changedAt: string; url: string }[];
  total: number;
};
const list = async (query: string): Promise<Page> => {
  const res = await get(`/api/v1/articles?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const ids = (page: Page) => page.articles.map((a) => a._id);

describe('GET /api/v1/articles', () => {
  it('lists published articles whole, with body HTML, bylines, tags, address and changedAt', async () => {
    const story = await createArticle(t.app, admin, city._id, {
      status: 'published',
      tags: ['monsoon'],
      authors: [writer._id],
      credit: 'PTI',
      language: 'en',
    });
    const draft = await createArticle(t.app, admin, city._id, { status: 'draft' });
    const page = await list('category=sync-news&limit=100');
    expect(ids(page)).toContain(story._id);
    expect(ids(page)).not.toContain(draft._id);
    const got = page.articles.find((a) => a._id === story._id) as unknown as Record<
      string,
      unknown
    >;
    expect(got).toMatchObject({
      description: expect.stringContaining('<p>First paragraph of the story.</p>'),
      tags: ['monsoon'],
      credit: 'PTI',
      authors: [expect.objectContaining({ _id: writer._id, name: 'Sync Writer' })],
      liveBlog: false,
      url: `${t.config.publicUrl}/sync-city/${story.slug}`,
    });
    expect(got).not.toHaveProperty('views');
    expect(got).not.toHaveProperty('reviewNote');
    // Filters: a tag, a byline, a language; a name that selects nothing answers nothing.
    expect(ids(await list('tag=monsoon'))).toEqual([story._id]);
    const writerSlug = (got.authors as { slug: string }[])[0]!.slug;
    expect(ids(await list(`author=${writerSlug}`))).toEqual([story._id]);
    expect(ids(await list('category=sync-news&language=hi'))).not.toContain(story._id);
    expect(await list('category=no-such-section')).toMatchObject({ articles: [], total: 0 });
  });

  it('with updatedSince, answers the stories changed after that moment', async () => {
    const first = await createArticle(t.app, admin, news._id, { status: 'published' });
    const second = await createArticle(t.app, admin, news._id, { status: 'published' });
    const before = await list('category=sync-news&limit=100');
    const seen = before.articles.find((a) => a._id === second._id)!.changedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await updateArticle(t.app, admin, first as never, { name: 'First, edited' });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await list(`updatedSince=${encodeURIComponent(seen)}`);
    expect(ids(after)).toEqual([first._id]);
    expect(after.articles[0]!.name).toBe('First, edited');
    expect(Date.parse(after.articles[0]!.changedAt)).toBeGreaterThan(Date.parse(seen));
  });

  it('answers an ETag, and 304 while nothing changed', async () => {
    const first = await get('/api/v1/articles?category=sync-news');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get('/api/v1/articles?category=sync-news', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createArticle(t.app, admin, news._id, { status: 'published' });
    const changed = await get('/api/v1/articles?category=sync-news', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a bad updatedSince by code', async () => {
    const res = await get('/api/v1/articles?updatedSince=yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation.invalid');
  });
});

describe('GET /api/v1/articles/{idOrSlug}', () => {
  it('answers a published article by id or slug, and 404 for a draft', async () => {
    const story = await createArticle(t.app, admin, news._id, { status: 'published' });
    const byId = await get(`/api/v1/articles/${story._id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ _id: story._id, slug: story.slug });
    const bySlug = await get(`/api/v1/articles/${story.slug}`);
    expect(bySlug.json()._id).toBe(story._id);
    const again = await get(`/api/v1/articles/${story.slug}`, {
      'if-none-match': bySlug.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    const draft = await createArticle(t.app, admin, news._id, { status: 'draft' });
    const missing = await get(`/api/v1/articles/${draft._id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('article.not_found');
  });
});

describe('GET /api/v1/deleted', () => {
  it('lists articles unpublished or deleted since, but not one published again', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const pulled = await createArticle(t.app, admin, news._id, { status: 'published' });
    const removed = await createArticle(t.app, admin, news._id, { status: 'published' });
    const back = await createArticle(t.app, admin, news._id, { status: 'published' });
    expect(
      (await updateArticle(t.app, admin, pulled as never, { status: 'draft' })).statusCode,
    ).toBe(200);
    expect((await updateArticle(t.app, admin, back as never, { status: 'draft' })).statusCode).toBe(
      200,
    );
    expect(
      (await updateArticle(t.app, admin, back as never, { status: 'published' })).statusCode,
    ).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${removed._id}`,
      headers: auth(admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const res = await get(`/api/v1/deleted?since=${encodeURIComponent(since)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { ids: string[]; keptSince: string; until: string };
    expect(body.ids).toEqual(expect.arrayContaining([pulled._id, removed._id]));
    expect(body.ids).not.toContain(back._id);
    expect(Date.parse(body.keptSince)).toBeLessThan(Date.now() - 29 * 86_400_000);
    expect(res.headers.etag).toBeDefined();
  });
});

describe('GET /api/v1/home', () => {
  it('answers Latest and the home sections as readers see them', async () => {
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { homeSectionSlugs: ['sync-news'] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const story = await createArticle(t.app, admin, city._id, { status: 'published' });
    const res = await get('/api/v1/home');
    expect(res.statusCode).toBe(200);
    const home = res.json() as {
      sections: { key: string; category: { slug: string } | null; articles: { _id: string }[] }[];
    };
    expect(home.sections.map((s) => s.key)).toEqual(['latest', 'sync-news']);
    expect(home.sections[0]!.articles[0]!._id).toBe(story._id);
    // A section lists its category's stories and those of the categories inside it.
    expect(home.sections[1]!.category?.slug).toBe('sync-news');
    expect(home.sections[1]!.articles.map((a) => a._id)).toContain(story._id);
  });
});

describe('the OpenAPI document', () => {
  it('lists the read API as version 1, beside SPEC.md’s calls', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/articles',
        '/api/v1/articles/{idOrSlug}',
        '/api/v1/deleted',
        '/api/v1/home',
        '/api/articles/latest',
      ]),
    );
  });
});
