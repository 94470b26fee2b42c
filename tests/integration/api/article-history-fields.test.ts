/*
 * An article's history (issue 13 item 7): the old site's number (`legacyId`) and a publication
 * date in the past are set by editors and administrators only. Authors are refused with 403
 * and nothing changes; they may still schedule (a future date) and keep what is stored.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../../db/schema/content';
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
let author: TestUser;
let editor: TestUser;
let categoryId: string;
let legacyIds = 9000;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author');
  editor = await createUser(t.app, 'editor');
  categoryId = (await createCategory(t.app, admin))._id;
});
afterAll(async () => t.close());

const DAY = 24 * 3600_000;
const past = () => new Date(Date.now() - 30 * DAY).toISOString();
const future = () => new Date(Date.now() + 3 * DAY).toISOString();

const create = (by: TestUser, overrides: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/articles/article',
    headers: auth(by),
    payload: articleBody(categoryId, overrides),
  });
const update = (by: TestUser, id: string, overrides: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    headers: auth(by),
    payload: articleBody(categoryId, overrides),
  });
const stored = async (id: string) =>
  (
    await t.database.db
      .select({ legacyId: articles.legacyId, publishedAt: articles.publishedAt })
      .from(articles)
      .where(eq(articles.id, id))
  )[0];

describe('legacyId and a past publishedAt', () => {
  it('an author setting either on a new article gets 403 and nothing is stored', async () => {
    for (const overrides of [{ legacyId: legacyIds++ }, { publishedAt: past() }]) {
      const name = `Refused ${legacyIds}`;
      const res = await create(author, { ...overrides, name });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(403);
      expect(res.json().message).toMatch(/^Only editors and administrators can set /);
      const [row] = await t.database.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.name, name));
      expect(row).toBeUndefined();
    }
  });

  it('an author changing either on an existing article gets 403 and nothing changes', async () => {
    const made = await create(editor, {
      legacyId: legacyIds++,
      publishedAt: past(),
      author: author._id,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json()._id as string;
    const before = await stored(id);
    for (const overrides of [{ legacyId: legacyIds++ }, { publishedAt: past() }]) {
      const res = await update(author, id, { ...overrides, name: 'Changed by the author' });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(403);
    }
    expect(await stored(id)).toEqual(before);
    // Sending back what is stored is no change; a future date schedules.
    const same = await update(author, id, {
      legacyId: before?.legacyId,
      publishedAt: before?.publishedAt.toISOString(),
    });
    expect(same.statusCode).toBe(200);
    expect(await stored(id)).toEqual(before);
    const scheduled = await update(author, id, {
      legacyId: before?.legacyId,
      publishedAt: future(),
    });
    expect(scheduled.statusCode).toBe(200);
  });

  it('editors set both', async () => {
    const at = past();
    const res = await create(editor, { legacyId: legacyIds++, publishedAt: at });
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json()._id))?.publishedAt.toISOString()).toBe(at);
  });

  it('an edit without legacyId keeps the stored one (the admin form never sends it)', async () => {
    const legacyId = legacyIds++;
    const made = await create(editor, { legacyId, author: author._id });
    const id = made.json()._id as string;
    for (const by of [author, editor]) {
      const res = await update(by, id, { name: `Edited by ${by.role}` });
      expect(res.statusCode).toBe(200);
      expect((await stored(id))?.legacyId).toBe(legacyId);
    }
  });
});
