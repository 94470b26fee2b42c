/*
 * A draft needs no picture (issue 26 item 2, DECISIONS.md §18): drafts and pieces in review
 * save without imageUrl; publishing or scheduling, by a save or a status move, still needs one
 * and is refused with the field named, changing nothing. The original client's create call,
 * which always sends an image, keeps working (every other test's factory sends one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TO_PUBLISH } from '../../../common/schemas/articles';
import {
  articleBody,
  auth,
  createAdmin,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let editor: TestUser;
let author: TestUser;
let categoryId: string;

const textOnly = (overrides: Record<string, unknown> = {}) => {
  const { imageUrl: _none, ...body } = articleBody(categoryId, overrides);
  return body;
};
const create = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/articles/article', headers: auth(who), payload });
const update = (who: TestUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, headers: auth(who), payload });
const move = (who: TestUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/articles/${id}/status`,
    headers: auth(who),
    payload,
  });
const stored = async (id: string) =>
  (await t.app.inject({ url: `/api/articles/article/${id}`, headers: auth(editor) })).json();

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  categoryId = (await createCategory(t.app, admin))._id;
});
afterAll(async () => {
  await t?.close();
});

describe('a text-only piece', () => {
  it('saves as a draft and goes to review without an image', async () => {
    const draft = await create(author, textOnly({ status: 'draft' }));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', imageUrl: '' });
    const empty = await create(author, { ...textOnly({ status: 'pending' }), imageUrl: '' });
    expect(empty.statusCode, empty.body).toBe(201);
    const id = draft.json()._id as string;
    const edited = await update(
      author,
      id,
      textOnly({ name: 'Still no photo', status: 'pending' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'pending', imageUrl: '' });
  });

  it('is refused publishing or scheduling without one, by any call, and nothing changes', async () => {
    const published = await create(editor, textOnly({ status: 'published' }));
    expect(published.statusCode).toBe(400);
    expect(published.json().errors).toEqual([
      { path: 'body.imageUrl', message: IMAGE_TO_PUBLISH, code: 'article.image_to_publish' },
    ]);
    // Left out, the status is "published" (SPEC.md's create): refused the same way.
    expect((await create(editor, textOnly())).statusCode).toBe(400);

    const id = (await create(editor, textOnly({ status: 'draft' }))).json()._id as string;
    const before = await stored(id);
    const byUpdate = await update(editor, id, textOnly({ status: 'published' }));
    expect(byUpdate.statusCode).toBe(400);
    expect(JSON.stringify(byUpdate.json())).toContain('body.imageUrl');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const bySchedule = await move(editor, id, { status: 'published', publishedAt: later });
    expect(bySchedule.statusCode).toBe(400);
    const byMove = await move(editor, id, { status: 'published' });
    expect(byMove.statusCode).toBe(400);
    expect(byMove.json().errors).toEqual([
      { path: 'body.imageUrl', message: IMAGE_TO_PUBLISH, code: 'article.image_to_publish' },
    ]);
    expect(await stored(id)).toMatchObject({ status: 'draft', updatedAt: before.updatedAt });
  });

  it('publishes once it has an image; a published piece cannot lose it', async () => {
    const id = (await create(editor, textOnly({ status: 'draft' }))).json()._id as string;
    const withImage = await update(editor, id, articleBody(categoryId, { status: 'draft' }));
    expect(withImage.statusCode).toBe(200);
    const out = await move(editor, id, { status: 'published' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ status: 'published' });
    const losing = await update(editor, id, { ...textOnly(), imageUrl: '' });
    expect(losing.statusCode).toBe(400);
    expect((await stored(id)).imageUrl).toBe('https://images.example.com/photo.jpg');
  });
});
