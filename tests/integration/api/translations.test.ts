/*
 * An article names its translation in the other language (issue 10 item 7): the link is kept
 * both ways, in one transaction, and refused between two articles of the same language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  categoryId = (await createCategory(t.app, admin))._id;
});
afterAll(async () => t.close());

const translationOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/articles/article/${id}` })).json<{
    translationId: string | null;
  }>().translationId;
const update = (id: string, overrides: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    headers: auth(admin),
    payload: articleBody(categoryId, overrides),
  });
const hindi = (name: string) => createArticle(t.app, admin, categoryId, { name, language: 'hi' });
const english = (name: string, overrides: Record<string, unknown> = {}) =>
  createArticle(t.app, admin, categoryId, { name, language: 'en', ...overrides });

describe('translationId', () => {
  it('links both ways when one side names the other, at creation or later', async () => {
    const hi = await hindi('दिवाली की रात');
    const en = await createArticle(t.app, admin, categoryId, {
      name: 'Diwali night',
      language: 'en',
      translationId: hi._id,
    });
    expect(await translationOf(en._id)).toBe(hi._id);
    expect(await translationOf(hi._id)).toBe(en._id);

    const hi2 = await hindi('होली के रंग');
    const en2 = await english('Colours of Holi');
    const res = await update(hi2._id, {
      name: 'होली के रंग',
      language: 'hi',
      translationId: en2._id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().translationId).toBe(en2._id);
    expect(await translationOf(en2._id)).toBe(hi2._id);
  });

  it('keeps the link when an edit leaves translationId out, and unlinks both with null', async () => {
    const hi = await hindi('बारिश');
    const en = await english('Rain', { translationId: hi._id });
    expect(await translationOf(hi._id)).toBe(en._id);
    expect((await update(hi._id, { name: 'बारिश का मौसम', language: 'hi' })).statusCode).toBe(200);
    expect(await translationOf(hi._id)).toBe(en._id);
    expect(
      (await update(en._id, { name: 'Rain', language: 'en', translationId: null })).statusCode,
    ).toBe(200);
    expect(await translationOf(en._id)).toBeNull();
    expect(await translationOf(hi._id)).toBeNull();
  });

  it('re-linking one side unlinks its former partner, so a link is always mutual', async () => {
    const hi = await hindi('पहाड़');
    const en = await english('Mountains', { translationId: hi._id });
    const en2 = await english('The mountains', { translationId: hi._id });
    expect(await translationOf(hi._id)).toBe(en2._id);
    expect(await translationOf(en2._id)).toBe(hi._id);
    expect(await translationOf(en._id)).toBeNull();
  });

  it('refuses a translation in the same language, itself or a missing one, and changes nothing', async () => {
    const hi = await hindi('नदी');
    const hi2 = await hindi('नदी किनारे');
    const same = await update(hi._id, { name: 'नदी', language: 'hi', translationId: hi2._id });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain('The translation must be in another language');
    const self = await update(hi._id, { name: 'नदी', language: 'hi', translationId: hi._id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toContain('cannot be its own translation');
    const missing = await update(hi._id, {
      name: 'नदी',
      language: 'hi',
      translationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('The translation does not exist');
    expect(await translationOf(hi._id)).toBeNull();
    expect(await translationOf(hi2._id)).toBeNull();
  });

  it('refuses changing a linked article into its translation’s language', async () => {
    const hi = await hindi('जंगल');
    const en = await english('Forest', { translationId: hi._id });
    const res = await update(en._id, { name: 'जंगल की सैर', language: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(await translationOf(hi._id)).toBe(en._id);
  });

  it('leaves the other side unlinked when one is deleted', async () => {
    const hi = await hindi('समुद्र');
    const en = await english('Sea', { translationId: hi._id });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${en._id}`,
      headers: auth(admin),
    });
    expect(gone.statusCode).toBe(200);
    expect(await translationOf(hi._id)).toBeNull();
  });
});

/*
 * Issue 44 item 4: joining a group is a change to the version it would push out of its language,
 * so it needs the right to change that version; a draft never pushes out a version readers see;
 * and readers learn only of published versions, through `translations` and `translationId` alike.
 */
describe('translation groups and who may change them (issue 44 item 4)', () => {
  const groupOf = async (id: string, as?: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/articles/article/${id}`,
        headers: as ? auth(as) : {},
      })
    ).json<{ translationId: string | null; translations: { _id: string }[] }>();

  it('refuses an author who would push another writer’s version out of its group, and changes nothing', async () => {
    const author = await createUser(t.app, 'author');
    const hi = await hindi('चुनाव के नतीजे');
    const en = await english('Election results', { translationId: hi._id });
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(author),
      payload: articleBody(categoryId, {
        name: 'चुनाव नतीजे',
        language: 'hi',
        translationId: en._id,
      }),
    });
    expect(create.statusCode, create.body).toBe(403);
    const own = await createArticle(t.app, author, categoryId, { name: 'नतीजे', language: 'hi' });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${own._id}`,
      headers: auth(author),
      payload: articleBody(categoryId, { name: 'नतीजे', language: 'hi', translationId: en._id }),
    });
    expect(update.statusCode, update.body).toBe(403);
    expect(await translationOf(en._id)).toBe(hi._id);
    expect(await translationOf(hi._id)).toBe(en._id);
    expect(await translationOf(own._id)).toBeNull();
  });

  it('lets an author join a group where their language is free, or holds a version of theirs', async () => {
    const author = await createUser(t.app, 'author');
    const en = await english('Monsoon arrives');
    const hi = await createArticle(t.app, author, categoryId, {
      name: 'मानसून आया',
      language: 'hi',
      translationId: en._id,
    });
    expect(await translationOf(en._id)).toBe(hi._id);
    const hi2 = await createArticle(t.app, author, categoryId, {
      name: 'मानसून आ गया',
      language: 'hi',
      translationId: en._id,
    });
    expect(await translationOf(en._id)).toBe(hi2._id);
    expect(await translationOf(hi._id)).toBeNull();
  });

  it('keeps a published version in its place until the draft that would replace it is published', async () => {
    const hi = await hindi('बजट 2026');
    const en = await english('Budget 2026', { translationId: hi._id });
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(admin),
      payload: articleBody(categoryId, {
        name: 'बजट 2026: पूरी जानकारी',
        language: 'hi',
        status: 'draft',
        translationId: en._id,
      }),
    });
    expect(draft.statusCode, draft.body).toBe(409);
    expect(draft.json().errors[0].path).toBe('body.translationId');
    expect((await groupOf(en._id)).translations.map((v) => v._id)).toEqual([hi._id]);

    const hi2 = await hindi('बजट 2026: पूरी खबर');
    const moved = await update(hi2._id, {
      name: 'बजट 2026: पूरी खबर',
      language: 'hi',
      status: 'draft',
      translationId: en._id,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(await translationOf(en._id)).toBe(hi._id);
    const published = await update(hi2._id, {
      name: 'बजट 2026: पूरी खबर',
      language: 'hi',
      status: 'published',
      translationId: en._id,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await groupOf(en._id)).translations.map((v) => v._id)).toEqual([hi2._id]);
  });

  it('names only published versions to readers in translationId; staff who edit see the link', async () => {
    const hi = await hindi('नई रेल लाइन');
    const en = await english('A new railway line', { status: 'draft', translationId: hi._id });
    const seen = await groupOf(hi._id);
    expect(seen.translationId).toBeNull();
    expect(seen.translations).toEqual([]);
    expect((await groupOf(hi._id, admin)).translationId).toBe(en._id);
    expect((await groupOf(en._id, admin)).translationId).toBe(hi._id);
  });
});
