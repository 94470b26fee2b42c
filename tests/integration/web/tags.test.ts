/*
 * Tags (issue 26 item 5): `tags` on create and update, Hindi or English, each with a page at
 * /tag/{slug} that lists the tag's published stories with paging, a feed, a sitemap entry and
 * CollectionPage JSON-LD; the article links its tags; the editor's suggestions; revisions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { tagPath } from '../../../common/paths';
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

const PUBLIC_URL = 'https://patrika.example';
/** How long a kept page's refresh may take on a busy machine: a bound, not a measure. */
const SETTLES = { timeout: 30_000, interval: 50 };

let t: TestApp;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let category: Awaited<ReturnType<typeof createCategory>>;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const byId = async (id: string) =>
  (await t.app.inject({ url: `/api/articles/article/${id}`, headers: auth(admin) })).json<{
    tags: string[];
    updatedAt: string;
  }>();
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author');
  reader = await createUser(t.app, 'reader');
  category = await createCategory(t.app, admin);
});
afterAll(async () => t?.close());

describe('tags through the API', () => {
  it('stores tags in order, one per address, and an update keeps, replaces or clears them', async () => {
    const story = await createArticle(t.app, author, category._id, {
      tags: ['  क्रिकेट  ', 'IPL  2026', 'ipl 2026'],
    });
    // Trimmed, inner spaces made one; "ipl 2026" is the address of "IPL 2026": one tag.
    expect(story.tags).toEqual(['क्रिकेट', 'IPL 2026']);
    expect((await byId(story._id)).tags).toEqual(['क्रिकेट', 'IPL 2026']);

    // The original client's update names no tags: they stay.
    const kept = await updateArticle(t.app, author, story, { name: 'Edited, tags kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().tags).toEqual(['क्रिकेट', 'IPL 2026']);

    const replaced = await updateArticle(t.app, author, story, { tags: ['Ipl 2026', 'Mumbai'] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // A known address keeps the name it was first given.
    expect(replaced.json().tags).toEqual(['IPL 2026', 'Mumbai']);

    const cleared = await updateArticle(t.app, author, story, { tags: [] });
    expect(cleared.json().tags).toEqual([]);
  });

  it('refuses tags that are not a list of usable names, and changes nothing', async () => {
    const story = await createArticle(t.app, author, category._id, { tags: ['बजट'] });
    const cases: [unknown, string, RegExp][] = [
      ['बजट', 'body.tags', /list/],
      [[''], 'body.tags.0', /empty/],
      [['ok', 42], 'body.tags.1', /text/],
      [['x'.repeat(61)], 'body.tags.0', /at most 60/],
      [['!!!'], 'body.tags.0', /letter or digit/],
      [Array.from({ length: 21 }, (_, i) => `tag ${i}`), 'body.tags', /at most 20 tags/],
    ];
    for (const [tags, path, message] of cases) {
      const res = await updateArticle(t.app, author, story, { tags });
      expect(res.statusCode, JSON.stringify(tags)).toBe(400);
      const errors = res.json<{ errors: { path: string; message: string }[] }>().errors;
      expect(errors.find((e) => e.path === path)?.message, JSON.stringify(tags)).toMatch(message);
    }
    expect((await byId(story._id)).tags).toEqual(['बजट']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(author),
      payload: { name: 'Never made', category: category._id, tags: [''] },
    });
    expect(created.statusCode).toBe(400);
  });

  it('suggests existing tags by the start of their name or address, to writers only', async () => {
    await createArticle(t.app, author, category._id, { tags: ['चुनाव 2029', 'Chess'] });
    const ask = (q: string, by: TestUser | null = author) =>
      t.app.inject({
        url: `/api/tags?q=${encodeURIComponent(q)}`,
        headers: by ? auth(by) : {},
      });
    const names = async (q: string) =>
      (await ask(q)).json<{ tags: { name: string; slug: string }[] }>().tags.map((x) => x.name);
    expect(await names('चुना')).toContain('चुनाव 2029');
    // Latin letters find a Hindi tag by its address.
    expect(await names('chun')).toContain('चुनाव 2029');
    expect(await names('ches')).toEqual(['Chess']);
    expect(await names('100%')).toEqual([]);
    const one = (await ask('Chess')).json<{ tags: { slug: string; _id: string }[] }>().tags[0];
    expect(one).toMatchObject({ slug: 'chess' });
    expect((await ask('ch', null)).statusCode).toBe(401);
    expect((await ask('ch', reader)).statusCode).toBe(403);
    expect((await ask('x'.repeat(61))).statusCode).toBe(400);
  });
});

describe('a tag’s page', () => {
  const HINDI_TAG = 'मानसून सत्र';

  it('lists the Hindi tag’s published pieces, newest first, with a feed, JSON-LD and the sitemap', async () => {
    const older = await createArticle(t.app, admin, category._id, {
      name: 'Older monsoon piece',
      tags: [HINDI_TAG],
      publishedAt: '2026-01-01T10:00:00.000Z',
    });
    const newer = await createArticle(t.app, admin, category._id, {
      name: 'Newer monsoon piece',
      tags: ['Parliament', HINDI_TAG],
    });
    await createArticle(t.app, author, category._id, {
      name: 'A draft with the tag',
      status: 'draft',
      tags: [HINDI_TAG],
    });
    const path = tagPath(HINDI_TAG);
    expect(path).toMatch(/^\/tag\/[a-z0-9-]+$/);

    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(HINDI_TAG);
    expect(page.body).not.toContain('A draft with the tag');
    const newerAt = page.body.indexOf('Newer monsoon piece');
    const olderAt = page.body.indexOf('Older monsoon piece');
    expect(newerAt).toBeGreaterThan(-1);
    expect(olderAt).toBeGreaterThan(newerAt);
    expect(page.body).toContain(
      `<link rel="alternate" type="application/rss+xml" href="${PUBLIC_URL}${path}/feed.xml"`,
    );
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}"/>`);
    const collection = jsonLd(page.body).find((d) => d['@type'] === 'CollectionPage');
    expect(collection).toMatchObject({
      url: `${PUBLIC_URL}${path}`,
      mainEntity: {
        '@type': 'ItemList',
        itemListElement: [
          { position: 1, url: `${PUBLIC_URL}/${category.slug}/${newer.slug}` },
          { position: 2, url: `${PUBLIC_URL}/${category.slug}/${older.slug}` },
        ],
      },
    });
    expect(String(collection?.name)).toContain(HINDI_TAG);

    const feed = await get(`${path}/feed.xml`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(feed.body).toContain(`<title>${HINDI_TAG} |`);
    expect(feed.body).toContain('<title>Newer monsoon piece</title>');
    expect(feed.body).toContain('<title>Older monsoon piece</title>');
    expect(feed.body).not.toContain('A draft with the tag');

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
  });

  it('the article page links its tags', async () => {
    const story = await createArticle(t.app, author, category._id, {
      name: 'A tagged story',
      tags: ['रेल बजट', 'Railways'],
    });
    const page = await get(`/${category.slug}/${story.slug}`);
    expect(page.statusCode).toBe(200);
    for (const name of ['रेल बजट', 'Railways'])
      expect(page.body).toMatch(
        new RegExp(`<a href="${tagPath(name)}" rel="tag" lang="(hi|en)"[^>]*>${name}</a>`),
      );
    expect(page.body).toContain('<meta property="article:tag" content="रेल बजट"/>');
  });

  it('answers 404 for an unknown tag, its feed and a page past the end; a tag of drafts only is no sitemap entry', async () => {
    expect((await get('/tag/no-such-tag')).statusCode).toBe(404);
    expect((await get('/tag/no-such-tag/feed.xml')).statusCode).toBe(404);
    await createArticle(t.app, author, category._id, {
      status: 'draft',
      tags: ['Only drafts here'],
    });
    const path = tagPath('Only drafts here');
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No published stories with this tag yet.');
    expect((await get(`${path}?page=2`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(`${path}</loc>`);
  });

  it('pages the list nine to a page', async () => {
    const many = 'Paged tag';
    for (let i = 0; i < 10; i++)
      await createArticle(t.app, admin, category._id, { name: `Paged ${i}`, tags: [many] });
    const path = tagPath(many);
    const first = await get(path);
    const second = await get(`${path}?page=2`);
    expect(second.statusCode).toBe(200);
    expect(first.body).toContain(`<link rel="next" href="${PUBLIC_URL}${path}?page=2"/>`);
    const cards = (html: string) => html.match(/card-title"><a[^>]*>Paged \d</g) ?? [];
    expect(cards(first.body)).toHaveLength(9);
    expect(cards(second.body)).toHaveLength(1);
  });

  it('follows its articles’ status: one taken back to draft leaves the page', async () => {
    const name = 'Status follows';
    const story = await createArticle(t.app, admin, category._id, {
      name: 'Soon taken back',
      tags: [name],
    });
    expect((await get(tagPath(name))).body).toContain('Soon taken back');
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${story._id}/status`,
      headers: auth(admin),
      payload: { status: 'draft' },
    });
    expect(back.statusCode, back.body).toBe(200);
    await expect
      .poll(async () => (await get(tagPath(name))).body.includes('Soon taken back'), SETTLES)
      .toBe(false);
  });

  it('is kept with its own list tag: tagging an article refreshes that page, not another tag’s', async () => {
    const [one, two] = ['Kept tag one', 'Kept tag two'];
    await createArticle(t.app, admin, category._id, { name: 'First in one', tags: [one] });
    await createArticle(t.app, admin, category._id, { name: 'First in two', tags: [two] });
    for (const name of [one, two]) await get(tagPath(name));
    const kept = await get(tagPath(one));
    expect(kept.headers['x-page-cache']).toBe('hit');
    const tagId = (
      await t.app.inject({
        url: `/api/tags?q=${encodeURIComponent(one)}`,
        headers: auth(admin),
      })
    ).json<{ tags: { _id: string }[] }>().tags[0]!._id;
    expect(String(kept.headers['cache-tag']).split(',')).toContain(CacheTags.tagList(tagId));

    const later = await createArticle(t.app, admin, category._id, { name: 'Tagged later' });
    const res = await updateArticle(t.app, admin, later, { tags: [one] });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () => {
        const page = await get(tagPath(one));
        return page.headers['x-page-cache'] === 'hit' && page.body.includes('Tagged later');
      }, SETTLES)
      .toBe(true);
    const other = await get(tagPath(two));
    expect(other.headers['x-page-cache']).toBe('hit');
    expect(other.body).not.toContain('Tagged later');
  });
});

describe('tags in revisions', () => {
  it('a revision keeps the tags and a restore brings them back', async () => {
    const story = await createArticle(t.app, author, category._id, { tags: ['पहला टैग'] });
    const edit = await updateArticle(t.app, author, story, { tags: ['दूसरा टैग'] });
    expect(edit.statusCode).toBe(200);
    const list = await t.app.inject({
      url: `/api/articles/${story._id}/revisions`,
      headers: auth(author),
    });
    const revisions = list.json<{ revisions: { _id: string }[] }>().revisions;
    const first = revisions[revisions.length - 1]!;
    const whole = await t.app.inject({
      url: `/api/articles/${story._id}/revisions/${first._id}`,
      headers: auth(author),
    });
    expect(whole.json().content.tags).toEqual(['पहला टैग']);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${story._id}/revisions/${first._id}/restore`,
      headers: auth(author),
      payload: { updatedAt: edit.json().updatedAt },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().tags).toEqual(['पहला टैग']);
  });
});
