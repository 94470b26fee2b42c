/*
 * Sections inside sections (issue 26 item 6) and names per interface language (item 7)
 * through the API: parentId on add and edit, every refusal (a 400 or 409 that changes
 * nothing), a parent's list carrying its children's articles, the names stored and answered.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../db/schema/content';
import { auth, createArticle, createCategory, createUser, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, 'editor');
});
afterAll(async () => t.close());

const unique = () => randomBytes(4).toString('hex');
const db = () => t.app.services.database.db;

async function categoryCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(categories);
  return Number(row?.n ?? 0);
}

async function stored(id: string) {
  const [row] = await db()
    .select({
      name: categories.name,
      nameHi: categories.nameHi,
      nameEn: categories.nameEn,
      parentId: categories.parentId,
      description: categories.description,
      updatedAt: categories.updatedAt,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

const add = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/categories/addCategory',
    headers: auth(editor),
    payload: { description: 'A place.', ...payload },
  });

const edit = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/categories/edit',
    headers: auth(editor),
    payload: { description: 'A place.', ...payload },
  });

type ErrorBody = {
  message: string;
  code: string;
  params?: Record<string, unknown>;
  errors?: { path: string; message: string }[];
};

/** A 400 about parentId, with its message under the field too. */
function expectParentRefusal(res: { statusCode: number; json(): unknown }, text: RegExp) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as ErrorBody;
  expect(body.message).toMatch(text);
  // The same refusal at the top and under the field, by its code and params.
  expect(body.errors).toEqual([
    {
      path: 'body.parentId',
      message: body.message,
      code: body.code,
      ...(body.params ? { params: body.params } : {}),
    },
  ]);
}

describe('parentId on addCategory', () => {
  it('makes a category inside a top-level one, answered and listed with its parent', async () => {
    const state = await createCategory(t.app, editor, { name: `State ${unique()}` });
    const res = await add({ name: `City ${unique()}`, parentId: state._id });
    expect(res.statusCode).toBe(201);
    const city = res.json() as { _id: string; parentId: string | null };
    expect(city.parentId).toBe(state._id);
    expect((await stored(city._id))?.parentId).toBe(state._id);

    const list = (await t.app.inject({ url: '/api/categories' })).json() as {
      _id: string;
      parentId: string | null;
    }[];
    expect(list.find((c) => c._id === city._id)?.parentId).toBe(state._id);
    expect(list.find((c) => c._id === state._id)?.parentId).toBeNull();
  });

  it('without parentId, or with null, makes a top-level category', async () => {
    const a = await add({ name: `Top ${unique()}` });
    const b = await add({ name: `Top ${unique()}`, parentId: null });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((a.json() as { parentId: unknown }).parentId).toBeNull();
    expect((b.json() as { parentId: unknown }).parentId).toBeNull();
  });

  it('refuses a parent that is itself inside another: one level only, nothing made', async () => {
    const state = await createCategory(t.app, editor, { name: `State ${unique()}` });
    const city = await createCategory(t.app, editor, {
      name: `City ${unique()}`,
      parentId: state._id,
    });
    const before = await categoryCount();
    const res = await add({ name: `Ward ${unique()}`, parentId: city._id });
    expectParentRefusal(res, new RegExp(`"${city.name}" is itself inside "${state.name}"`));
    expect(await categoryCount()).toBe(before);
  });

  it('refuses a parent that does not exist, and one that is not an id', async () => {
    const before = await categoryCount();
    const missing = await add({
      name: `Lost ${unique()}`,
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expectParentRefusal(missing, /The parent category does not exist/);
    const garbage = await add({ name: `Lost ${unique()}`, parentId: 'state' });
    expect(garbage.statusCode).toBe(400);
    expect((garbage.json() as ErrorBody).errors?.[0]?.path).toBe('body.parentId');
    expect(await categoryCount()).toBe(before);
  });
});

describe('parentId on edit', () => {
  it('moves a category inside another, to the top with null, and keeps it when left out', async () => {
    const state = await createCategory(t.app, editor, { name: `State ${unique()}` });
    const city = await createCategory(t.app, editor, { name: `City ${unique()}` });

    const moved = await edit({ _id: city._id, name: city.name, parentId: state._id });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as { parentId: string }).parentId).toBe(state._id);

    // An old client's edit (no parentId, no names) leaves the parent where it is.
    const renamed = await edit({ _id: city._id, name: `${city.name} renamed` });
    expect(renamed.statusCode).toBe(200);
    expect((await stored(city._id))?.parentId).toBe(state._id);

    const top = await edit({ _id: city._id, name: city.name, parentId: null });
    expect(top.statusCode).toBe(200);
    expect((await stored(city._id))?.parentId).toBeNull();
  });

  it('refuses a category as its own parent, changing nothing', async () => {
    const city = await createCategory(t.app, editor, { name: `City ${unique()}` });
    const before = await stored(city._id);
    const res = await edit({ _id: city._id, name: `${city.name} x`, parentId: city._id });
    expectParentRefusal(res, /cannot be its own parent/);
    expect(await stored(city._id)).toEqual(before);
  });

  it('refuses a parent inside another, and a category with children a parent', async () => {
    const state = await createCategory(t.app, editor, { name: `State ${unique()}` });
    const city = await createCategory(t.app, editor, {
      name: `City ${unique()}`,
      parentId: state._id,
    });
    const other = await createCategory(t.app, editor, { name: `Other ${unique()}` });
    const [stateBefore, otherBefore] = [await stored(state._id), await stored(other._id)];

    // Another category may not go inside the city: the city is inside the state.
    const deeper = await edit({ _id: other._id, name: other.name, parentId: city._id });
    expectParentRefusal(deeper, /sections go one level deep/);
    expect(await stored(other._id)).toEqual(otherBefore);

    // The state has the city inside it: it may not go inside another category.
    const nested = await edit({ _id: state._id, name: state.name, parentId: other._id });
    expectParentRefusal(
      nested,
      new RegExp(`"${state.name}" has sections of its own \\(${city.name}\\)`),
    );
    expect(await stored(state._id)).toEqual(stateBefore);
  });

  it('refuses a parent that does not exist, changing nothing', async () => {
    const city = await createCategory(t.app, editor, { name: `City ${unique()}` });
    const before = await stored(city._id);
    const res = await edit({
      _id: city._id,
      name: `${city.name} x`,
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expectParentRefusal(res, /The parent category does not exist/);
    expect(await stored(city._id)).toEqual(before);
  });

  it('two moves at once never make a second level', async () => {
    // A into B while B goes into C: whichever runs second is refused.
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map((n) => createCategory(t.app, editor, { name: `${n} ${unique()}` })),
    );
    const answers = await Promise.all([
      edit({ _id: a!._id, name: a!.name, parentId: b!._id }),
      edit({ _id: b!._id, name: b!.name, parentId: c!._id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [sa, sb] = [await stored(a!._id), await stored(b!._id)];
    // Never both: A inside B while B is inside C.
    expect(sa?.parentId === b!._id && sb?.parentId === c!._id).toBe(false);
  });
});

describe('deleting a category with sections inside it', () => {
  it('is refused with 409 naming them; once they are moved out it goes', async () => {
    const state = await createCategory(t.app, editor, { name: `State ${unique()}` });
    const city = await createCategory(t.app, editor, {
      name: `City ${unique()}`,
      parentId: state._id,
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/categories/delete/${state._id}`,
      headers: auth(editor),
    });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ErrorBody).message).toBe(
      `Category "${state.name}" has sections inside it (${city.name}). Move them to another category or to the top level first.`,
    );
    expect(await stored(state._id)).toBeDefined();

    expect((await edit({ _id: city._id, name: city.name, parentId: null })).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/categories/delete/${state._id}`,
      headers: auth(editor),
    });
    expect(gone.statusCode).toBe(200);
    expect(await stored(state._id)).toBeUndefined();
  });
});

describe("a parent's list", () => {
  it("GET /api/articles/category-detail carries its children's articles, newest first, paged", async () => {
    const state = await createCategory(t.app, editor, { name: `State ${unique()}` });
    const city = await createCategory(t.app, editor, {
      name: `City ${unique()}`,
      parentId: state._id,
    });
    const other = await createCategory(t.app, editor, { name: `Other ${unique()}` });
    const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12)).toISOString();
    const own = await createArticle(t.app, editor, state._id, { publishedAt: day(1) });
    const fromCity = await createArticle(t.app, editor, city._id, { publishedAt: day(3) });
    const older = await createArticle(t.app, editor, city._id, { publishedAt: day(2) });
    await createArticle(t.app, editor, other._id, { publishedAt: day(4) });

    const page = async (categoryId: string, n: number, limit: number) =>
      (
        await t.app.inject({
          url: `/api/articles/category-detail?categoryId=${categoryId}&page=${n}&limit=${limit}`,
        })
      ).json() as {
        articles: { _id: string; category: { _id: string } }[];
        totalArticles: number;
        totalPages: number;
      };

    const first = await page(state._id, 1, 2);
    expect(first.totalArticles).toBe(3);
    expect(first.totalPages).toBe(2);
    expect(first.articles.map((a) => a._id)).toEqual([fromCity._id, older._id]);
    expect(first.articles[0]?.category._id).toBe(city._id);
    const second = await page(state._id, 2, 2);
    expect(second.articles.map((a) => a._id)).toEqual([own._id]);

    // The city's own list is its own.
    const cityList = await page(city._id, 1, 10);
    expect(cityList.articles.map((a) => a._id)).toEqual([fromCity._id, older._id]);
  });
});

describe('names per interface language', () => {
  it('are stored and answered, on the category and on its articles; an edit without them keeps them', async () => {
    const res = await add({ name: `Travel ${unique()}`, nameHi: 'यात्रा', nameEn: 'Journeys' });
    expect(res.statusCode).toBe(201);
    const category = res.json() as { _id: string; name: string; nameHi: string; nameEn: string };
    expect(category).toEqual(expect.objectContaining({ nameHi: 'यात्रा', nameEn: 'Journeys' }));

    const article = await createArticle(t.app, editor, category._id);
    expect(article.category).toEqual(
      expect.objectContaining({ _id: category._id, nameHi: 'यात्रा', nameEn: 'Journeys' }),
    );

    expect((await edit({ _id: category._id, name: category.name })).statusCode).toBe(200);
    expect(await stored(category._id)).toEqual(
      expect.objectContaining({ nameHi: 'यात्रा', nameEn: 'Journeys' }),
    );
    // An empty name clears it: the interface shows `name` again.
    expect((await edit({ _id: category._id, name: category.name, nameEn: '' })).statusCode).toBe(
      200,
    );
    expect((await stored(category._id))?.nameEn).toBe('');
  });

  it('refuses a name longer than 100 characters, storing nothing', async () => {
    const before = await categoryCount();
    const res = await add({ name: `Long ${unique()}`, nameHi: 'क'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).errors?.[0]?.path).toBe('body.nameHi');
    expect(await categoryCount()).toBe(before);
  });
});
