/*
 * Live blogs (issue 25 item 1): an article becomes one with liveBlog; entries are rows written
 * through their own calls by the blog's author and by editors, cleaned like articles; the JSON
 * every open page polls answers newest first, `since` a time, with ETags and 304s; the page
 * shows the entries with their times and writers, key events, the badge and LiveBlogPosting.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { LIVE_ENTRY_MAX } from '../../../common/schemas/live';
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
let editor: TestUser;
let author: TestUser;
let otherAuthor: TestUser;
let category: { _id: string; slug: string };

interface Entry {
  _id: string;
  body: string;
  pinned: boolean;
  keyEvent: boolean;
  author: { _id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  deleted?: boolean;
}
interface Feed {
  entries: Entry[];
  updatedAt: string;
  liveBlog: boolean;
  coverageStartTime: string | null;
  coverageEndTime: string | null;
}

const add = (who: TestUser | undefined, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/articles/${id}/live`,
    headers: who ? auth(who) : {},
    payload,
  });
const change = (who: TestUser, id: string, entryId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}/live/${entryId}`,
    headers: auth(who),
    payload,
  });
const remove = (who: TestUser, id: string, entryId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/articles/${id}/live/${entryId}`,
    headers: auth(who),
  });
const feed = async (id: string, query = '', app: FastifyInstance = t.app) => {
  const res = await app.inject({ url: `/api/articles/${id}/live${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { feed: res.json() as Feed, res };
};
const liveBlog = (by: TestUser, overrides: Record<string, unknown> = {}) =>
  createArticle(t.app, by, category._id, { liveBlog: true, ...overrides });

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  otherAuthor = await createUser(t.app, 'author');
  category = await createCategory(t.app, admin, { name: 'Results Night' });
});
afterAll(async () => {
  await t?.close();
});

describe('an article becomes a live blog', () => {
  it('with liveBlog on create; false ends it, keeps its entries and says when', async () => {
    const blog = await liveBlog(editor, { name: 'Counting day live' });
    expect(blog).toMatchObject({ liveBlog: true, liveEndedAt: null });
    expect(typeof blog.liveStartedAt).toBe('string');
    const posted = await add(editor, blog._id, { body: '<p>Counting begins</p>' });
    expect(posted.statusCode, posted.body).toBe(201);

    const ended = await updateArticle(t.app, editor, blog, { liveBlog: false });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ liveBlog: false, liveStartedAt: blog.liveStartedAt });
    expect(typeof ended.json().liveEndedAt).toBe('string');
    const { feed: after } = await feed(blog._id);
    expect(after.entries.map((e) => e.body)).toEqual(['<p>Counting begins</p>']);
    expect(after).toMatchObject({
      liveBlog: false,
      coverageStartTime: blog.liveStartedAt,
      coverageEndTime: ended.json().liveEndedAt,
    });
    // Ended: no new entries, with a message saying why.
    const late = await add(editor, blog._id, { body: '<p>One more</p>' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('not a live blog');
  });

  it('an update that leaves liveBlog out keeps it live; an article is not live by default', async () => {
    const plain = await createArticle(t.app, editor, category._id);
    expect(plain).toMatchObject({ liveBlog: false, liveStartedAt: null, liveEndedAt: null });
    const blog = await liveBlog(editor);
    const edited = await updateArticle(t.app, editor, blog, { name: 'Renamed live' });
    expect(edited.json()).toMatchObject({ liveBlog: true, liveEndedAt: null });
    const bad = await add(editor, plain._id, { body: '<p>x</p>' });
    expect(bad.statusCode).toBe(409);
  });
});

describe('entries: POST, PUT and DELETE /api/articles/{id}/live', () => {
  it('answers 201 with the entry, its writer and times; bodies are cleaned', async () => {
    const blog = await liveBlog(editor);
    const res = await add(editor, blog._id, {
      body: '<p onclick="steal()">Result: <b>BJP</b> leads <script>alert(1)</script></p>',
      pinned: true,
      keyEvent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as Entry;
    expect(entry).toMatchObject({
      pinned: true,
      keyEvent: true,
      author: { _id: editor._id, name: editor.name },
    });
    expect(entry.body).toContain('<b>BJP</b>');
    expect(entry.body).not.toMatch(/onclick|script|alert/);
    expect(entry.createdAt).toBe(entry.updatedAt);
  });

  it('an author writes in their own blog only; readers and strangers are refused and nothing changes', async () => {
    const own = await liveBlog(author);
    const theirs = await liveBlog(editor);
    expect((await add(author, own._id, { body: '<p>Mine</p>' })).statusCode).toBe(201);
    expect((await add(undefined, own._id, { body: '<p>x</p>' })).statusCode).toBe(401);
    expect((await add(otherAuthor, own._id, { body: '<p>x</p>' })).statusCode).toBe(403);
    expect((await add(author, theirs._id, { body: '<p>x</p>' })).statusCode).toBe(403);
    const reader = await createUser(t.app, 'reader');
    expect((await add(reader, own._id, { body: '<p>x</p>' })).statusCode).toBe(403);
    // Editors and administrators write in any.
    expect((await add(admin, own._id, { body: '<p>Desk</p>' })).statusCode).toBe(201);
    const { feed: got } = await feed(own._id);
    expect(got.entries.map((e) => e.body)).toEqual(['<p>Desk</p>', '<p>Mine</p>']);
    const entryId = got.entries[0]!._id;
    expect((await change(otherAuthor, own._id, entryId, { pinned: true })).statusCode).toBe(403);
    expect((await remove(otherAuthor, own._id, entryId)).statusCode).toBe(403);
    expect((await feed(own._id)).feed.entries).toHaveLength(2);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const blog = await liveBlog(editor);
    const bad: [Record<string, unknown>, string][] = [
      [{}, 'body'],
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(LIVE_ENTRY_MAX + 1) }, 'body'],
      [{ body: '<p>x</p>', pinned: 'yes' }, 'pinned'],
      [{ body: '<p>x</p>', keyEvent: 1 }, 'keyEvent'],
    ];
    for (const [payload, field] of bad) {
      const res = await add(editor, blog._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(field);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await add(editor, missing, { body: '<p>x</p>' })).statusCode).toBe(404);
    expect((await add(editor, 'nope', { body: '<p>x</p>' })).statusCode).toBe(400);
    const posted = (await add(editor, blog._id, { body: '<p>Kept</p>' })).json() as Entry;
    expect((await change(editor, blog._id, posted._id, {})).statusCode).toBe(400);
    expect((await change(editor, blog._id, missing, { pinned: true })).statusCode).toBe(404);
    expect((await remove(editor, blog._id, missing)).statusCode).toBe(404);
    const { feed: got } = await feed(blog._id);
    expect(got.entries.map((e) => e.body)).toEqual(['<p>Kept</p>']);
  });

  it('two writers posting at the same moment are both kept', async () => {
    const blog = await liveBlog(editor);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        add(i % 2 ? admin : editor, blog._id, { body: `<p>Update ${i}</p>` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const { feed: got } = await feed(blog._id);
    expect(got.entries).toHaveLength(10);
  });

  it('changes and removes an entry; a poll since a time hears of both', async () => {
    const blog = await liveBlog(editor);
    const first = (await add(editor, blog._id, { body: '<p>First</p>' })).json() as Entry;
    const second = (await add(editor, blog._id, { body: '<p>Second</p>' })).json() as Entry;
    const { feed: before } = await feed(blog._id);
    expect(before.entries.map((e) => e._id)).toEqual([second._id, first._id]);

    const changed = await change(editor, blog._id, first._id, {
      body: '<p>First, corrected</p>',
      keyEvent: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ body: '<p>First, corrected</p>', keyEvent: true });
    const removed = await remove(editor, blog._id, second._id);
    expect(removed.statusCode).toBe(200);
    expect((await remove(editor, blog._id, second._id)).statusCode).toBe(404);

    const { feed: whole } = await feed(blog._id);
    expect(whole.entries.map((e) => e.body)).toEqual(['<p>First, corrected</p>']);
    const { feed: since } = await feed(blog._id, `?since=${encodeURIComponent(before.updatedAt)}`);
    expect(since.entries.map((e) => [e._id, e.deleted ?? false])).toEqual([
      [second._id, true],
      [first._id, false],
    ]);
    expect(Date.parse(since.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const { feed: nothing } = await feed(blog._id, `?since=${encodeURIComponent(since.updatedAt)}`);
    expect(nothing.entries).toEqual([]);
    expect(
      (await t.app.inject({ url: `/api/articles/${blog._id}/live?since=noon` })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/articles/{id}/live', () => {
  it('has an ETag and answers 304 to it, with a Cache-Control a shared cache may keep', async () => {
    const blog = await liveBlog(editor);
    await add(editor, blog._id, { body: '<p>One</p>' });
    const { res } = await feed(blog._id);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const again = await t.app.inject({
      url: `/api/articles/${blog._id}/live`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // A new entry: the kept answer is dropped, not served stale, and the tag changes.
    await add(admin, blog._id, { body: '<p>Two</p>' });
    const after = await t.app.inject({
      url: `/api/articles/${blog._id}/live`,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Feed).entries.map((e) => e.body)).toEqual(['<p>Two</p>', '<p>One</p>']);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('is public only while the article is published; its writers read a draft', async () => {
    const draft = await liveBlog(author, { status: 'draft' });
    await add(author, draft._id, { body: '<p>Prepared</p>' });
    expect((await t.app.inject({ url: `/api/articles/${draft._id}/live` })).statusCode).toBe(404);
    const stranger = await t.app.inject({
      url: `/api/articles/${draft._id}/live`,
      headers: auth(otherAuthor),
    });
    expect(stranger.statusCode).toBe(404);
    const own = await t.app.inject({
      url: `/api/articles/${draft._id}/live`,
      headers: auth(author),
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).not.toContain('public');
    expect((own.json() as Feed).entries).toHaveLength(1);
    // An anonymous reader still gets 404 afterwards: the writer's answer was not kept for them.
    expect((await t.app.inject({ url: `/api/articles/${draft._id}/live` })).statusCode).toBe(404);
  });

  it('taken back or deleted, its kept JSON goes at once: the next request answers 404 (issue 44 item 6)', async () => {
    for (const takeBack of ['unpublish', 'delete'] as const) {
      const blog = await liveBlog(editor, { name: `Kept live ${takeBack}` });
      await add(editor, blog._id, { body: '<p>First</p>' });
      await feed(blog._id);
      // Kept: a second reader gets the kept answer.
      expect((await feed(blog._id)).res.headers['x-page-cache']).toBe('hit');
      const gone =
        takeBack === 'unpublish'
          ? await t.app.inject({
              method: 'POST',
              url: `/api/articles/${blog._id}/status`,
              headers: auth(editor),
              payload: { status: 'draft' },
            })
          : await t.app.inject({
              method: 'DELETE',
              url: `/api/articles/delete/${blog._id}`,
              headers: auth(editor),
            });
      expect(gone.statusCode, gone.body).toBe(200);
      const next = await t.app.inject({ url: `/api/articles/${blog._id}/live` });
      expect(next.statusCode, takeBack).toBe(404);
    }
  });
});

/** The JSON-LD blocks of a page. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res;
};

describe('the live blog page', () => {
  it('shows entries newest first with pinned on top, times, writers, key events and the badge', async () => {
    const blog = await liveBlog(editor, { name: 'Budget speech live' });
    const first = (
      await add(editor, blog._id, { body: '<p>Speech begins</p>', keyEvent: true })
    ).json() as Entry;
    await add(admin, blog._id, { body: '<p>Income tax slabs unchanged</p>' });
    await add(editor, blog._id, { body: '<p>Follow our analysis</p>', pinned: true });
    const html = (await page(articlePath(blog))).body;
    expect(html).toContain('class="live-badge"');
    const order = ['Follow our analysis', 'Income tax slabs unchanged', 'Speech begins'].map((s) =>
      html.indexOf(`<p>${s}</p>`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Key events jump to their entry; each entry says its time in the site's zone and how long ago.
    expect(html).toContain(`href="#update-${first._id}"`);
    expect(html).toContain(`id="update-${first._id}"`);
    expect(html).toMatch(/<time datetime="[^"]+">\d\d:\d\d IST<\/time>/i);
    expect(html).toMatch(/class="live-ago"[^>]*>(now|\d+ (second|minute)s? ago)</);
    expect(html).toContain(`>${editor.name}</a>`);
    expect(html).toContain('data-live="on"');

    const [posting] = jsonLdOf(html).filter((d) => d['@type'] === 'LiveBlogPosting');
    expect(posting).toBeDefined();
    expect(posting).toMatchObject({
      headline: 'Budget speech live',
      coverageStartTime: blog.liveStartedAt,
    });
    expect(posting).not.toHaveProperty('coverageEndTime');
    const updates = posting!.liveBlogUpdate as Record<string, unknown>[];
    expect(updates.map((u) => u.articleBody)).toEqual([
      'Follow our analysis',
      'Income tax slabs unchanged',
      'Speech begins',
    ]);
    expect(updates[0]).toMatchObject({ '@type': 'BlogPosting', headline: 'Follow our analysis' });
    expect(typeof updates[0]!.datePublished).toBe('string');
  });

  it('a new entry refreshes its page and JSON, not the home page; the home card shows the badge', async () => {
    const blog = await liveBlog(editor, { name: 'Cricket final live' });
    const url = articlePath(blog);
    await page(url);
    await page('/');
    const home = await page('/');
    expect(home.headers['x-page-cache']).toBe('hit');
    expect(home.body).toContain('Cricket final live');
    expect(home.body).toContain('class="live-badge"');
    await add(editor, blog._id, { body: '<p>Six! 12 needed off 6</p>' });
    await expect
      .poll(async () => (await t.app.inject({ url })).body, { timeout: 30_000, interval: 100 })
      .toContain('Six! 12 needed off 6');
    expect((await page('/')).headers['x-page-cache']).toBe('hit');
  });

  it('once ended says when coverage ended, drops the badge and gives coverageEndTime', async () => {
    const blog = await liveBlog(editor, { name: 'Monsoon alert live' });
    await add(editor, blog._id, { body: '<p>Red alert for Mumbai</p>' });
    const ended = await updateArticle(t.app, editor, blog, { liveBlog: false });
    const html = (await page(articlePath(blog))).body;
    expect(html).toContain('Live coverage ended on');
    expect(html).toContain('<p>Red alert for Mumbai</p>');
    // No badge over its title (cards of other live blogs below may have theirs).
    expect(html.slice(0, html.indexOf('<h1'))).not.toContain('class="live-badge"');
    expect(html).toContain('data-live="off"');
    const [posting] = jsonLdOf(html).filter((d) => d['@type'] === 'LiveBlogPosting');
    expect(posting).toMatchObject({ coverageEndTime: ended.json().liveEndedAt });
  });

  it('an article that never was live has no live section and stays a NewsArticle', async () => {
    const plain = await createArticle(t.app, editor, category._id, { name: 'Quiet story' });
    const html = (await page(articlePath(plain))).body;
    expect(html).not.toContain('data-live-blog');
    expect(jsonLdOf(html).some((d) => d['@type'] === 'NewsArticle')).toBe(true);
  });
});

describe('search engines and feeds', () => {
  it('the news sitemap lists a live blog of the last 48 hours, never an older one (Google News: two days); the feed marks it live', async () => {
    // Issue 71 item 4: the news sitemap holds the last 48 hours only, live or not (it listed
    // a live blog however long ago it began before).
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const old = await createArticle(t.app, editor, category._id, {
      name: 'Old story',
      publishedAt: threeDaysAgo,
    });
    const blog = await liveBlog(editor, { name: 'Long count live', publishedAt: threeDaysAgo });
    const recent = await liveBlog(editor, { name: 'Counting day live' });
    const news = (await page('/news-sitemap.xml')).body;
    expect(news).toContain(articlePath(recent));
    expect(news).not.toContain(articlePath(blog));
    expect(news).not.toContain(articlePath(old));
    const feedXml = (await page('/feed.xml')).body;
    const item = feedXml.split('<item>').find((i) => i.includes('Long count live'));
    expect(item).toContain('<category domain="https://schema.org/LiveBlogPosting">live</category>');
    const plainItem = feedXml.split('<item>').find((i) => i.includes('Old story'));
    expect(plainItem).toBeDefined();
    expect(plainItem).not.toContain('LiveBlogPosting');
  });
});
