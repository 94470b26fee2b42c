/*
 * `commentsOpen` per story and per section (issue 42 item 1), through their own APIs: editors
 * set a story's (true, false, or null to follow its section) and a section's (null follows the
 * site); both read it back; an author's choice is not theirs to make; the comments' calls obey.
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
import { commentCalls, confirmedReader } from '../../setup/comment-calls';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let section: { _id: string; slug: string; name: string };
const c = commentCalls(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author');
  reader = await confirmedReader(t.app);
  section = await createCategory(t.app, admin);
  await c.settings(admin, { hold: 'none', minAccountAgeMinutes: 0, open: true });
});
afterAll(() => t?.close());

const articleOf = async (id: string) =>
  (await t.app.inject({ url: `/api/articles/article/${id}`, headers: auth(admin) })).json();
const sectionSays = (commentsOpen: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/categories/edit',
    headers: auth(admin),
    payload: { _id: section._id, name: section.name, description: 'A desk', commentsOpen },
  });
const postCode = async (articleId: string) => {
  const res = await c.post(reader, articleId, { body: `A thought ${Math.random()}` });
  return res.statusCode === 201 ? 201 : res.json().code;
};

describe('commentsOpen through the articles and categories APIs', () => {
  it('is set and read on a story; null follows its section, then the site', async () => {
    const story = await createArticle(t.app, admin, section._id, { commentsOpen: false });
    expect(await articleOf(story._id)).toMatchObject({ commentsOpen: false });
    expect(await postCode(story._id)).toBe('comment.closed');

    // A save that leaves it out keeps it.
    expect((await updateArticle(t.app, admin, story, { name: 'Renamed' })).statusCode).toBe(200);
    expect(await articleOf(story._id)).toMatchObject({ commentsOpen: false });

    expect((await updateArticle(t.app, admin, story, { commentsOpen: null })).statusCode).toBe(200);
    expect(await articleOf(story._id)).toMatchObject({ commentsOpen: null });
    expect(await postCode(story._id)).toBe(201);

    const closed = await sectionSays(false);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ commentsOpen: false });
    const listed = await t.app.inject({ url: `/api/categories/${section.slug}` });
    expect(listed.json()).toMatchObject({ commentsOpen: false });
    expect(await postCode(story._id)).toBe('comment.closed');

    expect((await updateArticle(t.app, admin, story, { commentsOpen: true })).statusCode).toBe(200);
    expect(await postCode(story._id)).toBe(201);

    expect((await sectionSays(null)).json()).toMatchObject({ commentsOpen: null });
    await c.settings(admin, { open: false });
    expect((await updateArticle(t.app, admin, story, { commentsOpen: null })).statusCode).toBe(200);
    expect(await postCode(story._id)).toBe('comment.closed');
    await c.settings(admin, { open: true });
  });

  it('is in the OpenAPI document: the story’s and the section’s, read and written', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const said = (path: string, method: string) => JSON.stringify(doc.paths[path]?.[method] ?? {});
    for (const [path, method] of [
      ['/api/articles/article', 'post'],
      ['/api/articles/{id}', 'put'],
      ['/api/articles/article/{id}', 'get'],
      ['/api/categories/edit', 'put'],
      ['/api/categories/addCategory', 'post'],
      ['/api/categories/{slug}', 'get'],
    ] as const)
      expect(said(path, method), `${method} ${path}`).toContain('"commentsOpen"');
  });

  it('refuses what is not a boolean or null, and ignores an author’s choice', async () => {
    const bad = await sectionSays('yes');
    expect(bad.statusCode).toBe(400);
    const story = await createArticle(t.app, admin, section._id);
    const res = await updateArticle(t.app, admin, story, { commentsOpen: 'no' });
    expect(res.statusCode).toBe(400);

    const own = await createArticle(t.app, author, section._id, { commentsOpen: false });
    expect(await articleOf(own._id)).toMatchObject({ commentsOpen: null });
  });
});
