/*
 * Issue 37 item 2: follows and saved stories through their calls. `GET /api/me` answers the
 * buttons' state; the feed lists followed stories newest first; saving needs a public story.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  signUp,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  reader = await signUp(t.app);
}, 120_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth(reader), ...(payload ? { payload } : {}) });

describe('follows, the feed and saved stories (issue 37 item 2)', () => {
  it('refuses nobody', async () => {
    for (const url of [
      '/api/me',
      '/api/me/follows',
      '/api/me/following',
      '/api/me/feed',
      '/api/me/saved',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('auth.signed_out');
    }
  });

  it('keeps follows and lists followed stories newest first', async () => {
    const sport = await createCategory(t.app, admin, { name: 'Follow Sport' });
    const other = await createCategory(t.app, admin, { name: 'Follow Other' });
    const writer = await signUp(t.app);
    const a1 = await createArticle(t.app, admin, sport._id, { name: 'Sport one' });
    const a2 = await createArticle(t.app, admin, other._id, {
      name: 'Tagged one',
      tags: ['chunav'],
    });
    const unrelated = await createArticle(t.app, admin, other._id, { name: 'Unrelated' });
    const empty = await call('GET', '/api/me/feed');
    expect(empty.json()).toEqual({ articles: [], currentPage: 1, totalPages: 0 });
    const put = await call('PUT', '/api/me/follows', {
      categories: [sport._id],
      tags: ['chunav'],
      authors: [writer._id],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      categories: [sport._id],
      tags: ['chunav'],
      authors: [writer._id],
    });
    expect((await call('GET', '/api/me/follows')).json()).toEqual(put.json());
    const feed = (await call('GET', '/api/me/feed?page=1')).json();
    const ids = feed.articles.map((a: { _id: string }) => a._id);
    expect(ids).toEqual([a2._id, a1._id]);
    expect(ids).not.toContain(unrelated._id);
    expect(feed.currentPage).toBe(1);
    expect(feed.totalPages).toBe(1);
    const bad = await call('PUT', '/api/me/follows', { categories: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
  });

  it('lists what the reader follows by kind with names and pages; an unfollow leaves the rest (issue 72 item 1)', async () => {
    const section = await createCategory(t.app, admin, { name: 'Following Desh', nameHi: 'देश' });
    const writer = await signUp(t.app);
    await createArticle(t.app, admin, section._id, { name: 'Tagged two', tags: ['Monsoon Watch'] });
    const gone = await createCategory(t.app, admin, { name: 'Following Gone' });
    const put = await call('PUT', '/api/me/follows', {
      categories: [section._id, gone._id],
      tags: ['monsoon-watch'],
      authors: [writer._id],
    });
    expect(put.statusCode, put.body).toBe(200);
    // A section deleted since is left out of the list (its follow has nothing to show).
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/categories/delete/${gone._id}`,
      headers: auth(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const listed = await call('GET', '/api/me/following');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().follows).toEqual([
      {
        kind: 'category',
        target: section._id,
        name: 'Following Desh',
        nameHi: 'देश',
        nameEn: expect.any(String),
        path: `/category/${section.slug}`,
      },
      {
        kind: 'tag',
        target: 'monsoon-watch',
        name: 'Monsoon Watch',
        nameHi: '',
        nameEn: '',
        path: '/tag/monsoon-watch',
      },
      {
        kind: 'author',
        target: writer._id,
        name: writer.name,
        nameHi: '',
        nameEn: '',
        path: expect.stringMatching(/^\/author\/[a-z0-9-]+$/),
      },
    ]);
    // Unfollow the tag as /profile does: the whole list less that one.
    const unfollowed = await call('PUT', '/api/me/follows', {
      categories: [section._id],
      tags: [],
      authors: [writer._id],
    });
    expect(unfollowed.statusCode).toBe(200);
    expect(
      (await call('GET', '/api/me/following')).json().follows.map((f: { kind: string }) => f.kind),
    ).toEqual(['category', 'author']);
    await call('PUT', '/api/me/follows', { categories: [], tags: [], authors: [] });
  });

  it('saves, lists and forgets stories; GET /api/me shows the state', async () => {
    const category = await createCategory(t.app, admin, { name: 'Save Things' });
    const first = await createArticle(t.app, admin, category._id, { name: 'Save first' });
    const second = await createArticle(t.app, admin, category._id, { name: 'Save second' });
    const draft = await createArticle(t.app, admin, category._id, {
      name: 'Save draft',
      status: 'draft',
    });
    expect((await call('PUT', `/api/me/saved/${first._id}`)).json()).toEqual({
      articleId: first._id,
      saved: true,
    });
    expect((await call('PUT', `/api/me/saved/${second._id}`)).statusCode).toBe(200);
    expect((await call('PUT', `/api/me/saved/${second._id}`)).statusCode).toBe(200);
    const refused = await call('PUT', `/api/me/saved/${draft._id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('article.not_published');
    // An id no article has is not there at all: 404 with its code (issue 72 item 1).
    const unknown = await call('PUT', '/api/me/saved/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('article.not_found');
    const saved = (await call('GET', '/api/me/saved')).json();
    expect(saved.articles.map((a: { _id: string }) => a._id)).toEqual([second._id, first._id]);
    const me = (await call('GET', '/api/me')).json();
    expect(me.user).toMatchObject({ _id: reader._id, email: reader.email, role: 'reader' });
    expect(me.saved.sort()).toEqual([first._id, second._id].sort());
    expect(me.follows).toHaveProperty('categories');
    expect((await call('DELETE', `/api/me/saved/${first._id}`)).json()).toEqual({
      articleId: first._id,
      saved: false,
    });
    expect((await call('GET', '/api/me')).json().saved).toEqual([second._id]);
  });
});
