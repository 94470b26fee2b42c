import Fastify from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '../../../common/paths';
import { SLUG_PATTERN } from '../../../common/slug';
import { articles, categories } from '../../../db/schema/content';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { registerHttp } from '../../../server/http';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  reader = await createUser(t.app, 'reader');
});
afterAll(async () => t.close());

const unique = () => randomBytes(4).toString('hex');
const db = () => t.app.services.database.db;

async function categoryCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(categories);
  return Number(row?.n ?? 0);
}

async function storedCategory(id: string) {
  const [row] = await db()
    .select({
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      isHome: categories.isHome,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

function addCategory(by: TestUser | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/categories/addCategory',
    headers: by ? auth(by) : {},
    payload: payload as Record<string, unknown>,
  });
}

function editCategory(by: TestUser | undefined, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/categories/edit',
    headers: by ? auth(by) : {},
    payload: payload as Record<string, unknown>,
  });
}

function deleteCategory(by: TestUser | undefined, id: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/categories/delete/${id}`,
    headers: by ? auth(by) : {},
  });
}

describe('GET /api/categories', () => {
  it('lists every category, home or not, sorted by name, with the wire fields', async () => {
    const zebra = await createCategory(t.app, editor, { name: `Zebra ${unique()}`, isHome: true });
    const apple = await createCategory(t.app, editor, { name: `Apple ${unique()}` });

    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; name: string }[];
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          _id: zebra._id,
          name: zebra.name,
          slug: zebra.slug,
          description: 'About things.',
          isHome: true,
        }),
        expect.objectContaining({ _id: apple._id, name: apple.name, isHome: false }),
      ]),
    );
    expect(list).toHaveLength(await categoryCount());
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('GET /api/categories/home', () => {
  it('answers only the home categories', async () => {
    const home = await createCategory(t.app, editor, { isHome: true });
    const notHome = await createCategory(t.app, editor, { isHome: false });

    const res = await t.app.inject({ method: 'GET', url: '/api/categories/home?isHome=true' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; isHome: boolean }[];
    const ids = list.map((c) => c._id);
    expect(ids).toContain(home._id);
    expect(ids).not.toContain(notHome._id);
    expect(list.every((c) => c.isHome)).toBe(true);
    expect(list[0]).toEqual(
      expect.objectContaining({ _id: expect.any(String), name: expect.any(String) }),
    );
  });
});

describe('GET /api/categories/{slug}', () => {
  it('answers the category with that slug', async () => {
    const made = await createCategory(t.app, editor, {
      name: `Travel ${unique()}`,
      description: 'Journeys near and far.',
      isHome: true,
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/categories/${made.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.objectContaining({
        _id: made._id,
        name: made.name,
        slug: made.slug,
        description: 'Journeys near and far.',
        isHome: true,
      }),
    );
  });

  it('answers 404 with a message for an unknown slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/categories/no-such-${unique()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found.' });
  });
});

describe('GET /api/categories/admin-categories', () => {
  it('answers editors a page of 10 with currentPage and totalPages', async () => {
    // Enough categories for at least two pages.
    for (let n = await categoryCount(); n < 12; n++) await createCategory(t.app, editor);
    const total = await categoryCount();

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/categories/admin-categories?page=1&limit=10',
      headers: auth(editor),
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toEqual(
      expect.objectContaining({
        currentPage: 1,
        totalPages: Math.ceil(total / 10),
        categories: expect.any(Array),
      }),
    );
    expect(page1.categories).toHaveLength(10);

    const last = await t.app.inject({
      method: 'GET',
      url: `/api/categories/admin-categories?page=${Math.ceil(total / 10)}&limit=10`,
      headers: auth(admin),
    });
    expect(last.statusCode).toBe(200);
    const pageN = last.json();
    expect(pageN.currentPage).toBe(Math.ceil(total / 10));
    expect(pageN.categories).toHaveLength(total - (Math.ceil(total / 10) - 1) * 10);
    // No category shows on two pages.
    const firstIds = new Set(page1.categories.map((c: { _id: string }) => c._id));
    for (const c of pageN.categories as { _id: string }[]) expect(firstIds.has(c._id)).toBe(false);
  });

  it.each([
    ['nobody', undefined, 401],
    ['a reader', () => reader, 403],
    ['an author', () => author, 403],
  ] as const)('refuses %s', async (_who, by, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories/admin-categories?page=1&limit=10',
      headers: by ? auth(by()) : {},
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('POST /api/categories/addCategory', () => {
  it('creates a category with a slug made from the name and answers 201 with its _id', async () => {
    const before = await categoryCount();
    const res = await addCategory(editor, {
      name: "Editor's Choice",
      description: 'Picked by our editors.',
      isHome: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        name: "Editor's Choice",
        slug: 'editors-choice',
        description: 'Picked by our editors.',
        isHome: true,
      }),
    );
    expect(await categoryCount()).toBe(before + 1);
    expect(await storedCategory(body._id)).toEqual({
      name: "Editor's Choice",
      slug: 'editors-choice',
      description: 'Picked by our editors.',
      isHome: true,
    });
  });

  it('transliterates a Devanagari name into a Latin slug', async () => {
    const res = await addCategory(editor, {
      name: 'स्वास्थ्य और पत्रिका',
      description: 'स्वास्थ्य के बारे में।',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(
      expect.objectContaining({ name: 'स्वास्थ्य और पत्रिका', slug: 'svasthya-aur-patrika' }),
    );
  });

  it('keeps an explicit slug, normalised to the slug alphabet', async () => {
    const plain = `yatra-${unique()}`;
    const res = await addCategory(admin, {
      name: `Travel Notes ${unique()}`,
      description: 'Trips.',
      slug: plain,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toBe(plain);

    const suffix = unique();
    const messy = await addCategory(editor, {
      name: `Food ${suffix}`,
      description: 'Recipes.',
      slug: `  Street Food ${suffix}! `,
    });
    expect(messy.statusCode).toBe(201);
    expect(messy.json().slug).toBe(`street-food-${suffix}`);
    expect(messy.json().slug).toMatch(SLUG_PATTERN);
  });

  it('stores isHome as false when it is not given', async () => {
    const res = await addCategory(editor, { name: `Plain ${unique()}`, description: 'x' });
    expect(res.statusCode).toBe(201);
    expect(res.json().isHome).toBe(false);
    expect((await storedCategory(res.json()._id))?.isHome).toBe(false);
  });

  it('requires name and description: 400 with errors[] naming both, nothing stored', async () => {
    const before = await categoryCount();
    for (const payload of [{}, { name: '', description: '' }, { name: '   ', description: ' ' }]) {
      const res = await addCategory(editor, payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toEqual(expect.any(String));
      expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'body.description',
        'body.name',
      ]);
    }
    const onlyName = await addCategory(editor, { name: `Only name ${unique()}` });
    expect(onlyName.statusCode).toBe(400);
    expect(onlyName.json().errors).toEqual([
      { path: 'body.description', message: expect.any(String) },
    ]);
    expect(await categoryCount()).toBe(before);
  });

  it('answers 409 for a duplicate name, and stores nothing', async () => {
    const first = await createCategory(t.app, editor, { name: `Parenting ${unique()}` });
    const before = await categoryCount();
    const res = await addCategory(editor, {
      name: first.name,
      description: 'Again.',
      slug: `other-${unique()}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `A category named "${first.name}" already exists.` });
    expect(await categoryCount()).toBe(before);
  });

  it('answers 409 for a duplicate slug, given or made from the name, and stores nothing', async () => {
    const first = await createCategory(t.app, editor, { name: `Apna Gyaan ${unique()}` });
    const before = await categoryCount();
    const given = await addCategory(editor, {
      name: `Something else ${unique()}`,
      description: 'x',
      slug: first.slug,
    });
    expect(given.statusCode).toBe(409);
    expect(given.json()).toEqual({
      message: `A category with the slug "${first.slug}" already exists.`,
    });
    // Same words, different punctuation: a different name, but the same slug.
    const fromName = await addCategory(editor, {
      name: `${first.name.toUpperCase()}!`,
      description: 'x',
    });
    expect(fromName.statusCode).toBe(409);
    expect(fromName.json().message).toBe(
      `A category with the slug "${first.slug}" already exists.`,
    );
    expect(await categoryCount()).toBe(before);
  });

  it.each(['admin', 'api', 'category', 'login', 'sitemap', 'media', 'feed', 'search', '404'])(
    'refuses the reserved slug "%s" with 400, given as slug or as name',
    async (slug) => {
      const before = await categoryCount();
      const asSlug = await addCategory(editor, {
        name: `Name ${unique()}`,
        description: 'x',
        slug,
      });
      expect(asSlug.statusCode).toBe(400);
      expect(asSlug.json()).toEqual({
        message: `"${slug}" is used by the site itself; choose another slug.`,
        errors: [
          {
            path: 'body.slug',
            message: `"${slug}" is used by the site itself; choose another slug.`,
          },
        ],
      });
      const asName = await addCategory(editor, { name: slug.toUpperCase(), description: 'x' });
      expect(asName.statusCode).toBe(400);
      expect(await categoryCount()).toBe(before);
    },
  );

  it('refuses every reserved first path segment that is a valid slug', async () => {
    const before = await categoryCount();
    for (const slug of [...RESERVED_SLUGS].filter((s) => SLUG_PATTERN.test(s))) {
      const res = await addCategory(editor, { name: `Name ${unique()}`, description: 'x', slug });
      expect(res.statusCode, slug).toBe(400);
    }
    expect(await categoryCount()).toBe(before);
  });

  it('refuses the first segment of every route the server and the pages answer', async () => {
    // Walked from the live route tables (Fastify's and app/routes.ts), never from a copied list.
    type Entry = { path?: string; children?: Entry[] };
    const { default: pageRoutes } = await import('../../../app/routes');
    const walk = (entries: Entry[], prefix = ''): string[] =>
      entries.flatMap((e) => {
        const path = [prefix, e.path ?? ''].filter(Boolean).join('/');
        return [...(path ? [path.split('/')[0] as string] : []), ...walk(e.children ?? [], path)];
      });
    // The server's routes as Fastify registers them, on a second instance of the same wiring.
    const server: string[] = [];
    const probe = Fastify();
    probe.addHook('onRoute', (route) => void server.push(route.url.split('/')[1] ?? ''));
    await registerHttp(probe, {
      config: t.config,
      database: t.database,
      services: t.app.services,
      web: false,
      buildDir: '',
    });
    await probe.close();
    const segments = [...new Set([...walk(pageRoutes as Entry[]), ...server])].filter((s) =>
      SLUG_PATTERN.test(s),
    );
    expect(segments).toEqual(expect.arrayContaining(['api', 'media', 'admin', 'category']));
    const before = await categoryCount();
    for (const slug of segments) {
      const res = await addCategory(editor, { name: `Name ${unique()}`, description: 'x', slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().errors, slug).toEqual([
        {
          path: 'body.slug',
          message: `"${slug}" is used by the site itself; choose another slug.`,
        },
      ]);
    }
    expect(await categoryCount()).toBe(before);
  });

  it('keeps "General" off the uncategorised segment, and its articles reachable', async () => {
    const before = await categoryCount();
    const named = await addCategory(editor, { name: 'General', description: 'Everything else' });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual({
      message:
        '"general" is where articles without a category live; choose another slug, such as "general-news".',
      errors: [
        {
          path: 'body.slug',
          message:
            '"general" is where articles without a category live; choose another slug, such as "general-news".',
        },
      ],
    });
    expect(await categoryCount()).toBe(before);

    const created = await addCategory(editor, {
      name: 'General',
      description: 'Everything else',
      slug: 'general-news',
    });
    expect(created.statusCode).toBe(201);
    const article = await createArticle(t.app, editor, created.json()._id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/articles/general-news/${article.slug}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(article._id);
    const redart = await t.app.inject({
      method: 'GET',
      url: `/api/articles/redart/${article.slug}`,
    });
    expect(redart.json()).toEqual({ newUrl: `/general-news/${article.slug}` });
    // Renaming it onto the reserved segment is refused too.
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/edit',
      headers: auth(editor),
      payload: {
        _id: created.json()._id,
        name: 'General',
        description: 'Everything else',
        isHome: false,
        slug: 'general',
      },
    });
    expect(edit.statusCode).toBe(400);
    expect((await storedCategory(created.json()._id))?.slug).toBe('general-news');
  });

  it('never gives a category a dotted reserved address such as sitemap.xml', async () => {
    // Slugs have no dots: "sitemap.xml" can only become "sitemap-xml" or be refused.
    for (const slug of ['sitemap.xml', 'robots.txt', 'feed.xml']) {
      const res = await addCategory(editor, { name: `Name ${unique()}`, description: 'x', slug });
      expect([201, 400]).toContain(res.statusCode);
      if (res.statusCode === 201) expect(res.json().slug).toBe(slug.replace('.', '-'));
    }
    const rows = await db()
      .select({ slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, ['sitemap.xml', 'robots.txt', 'feed.xml']));
    expect(rows).toEqual([]);
  });

  it.each([
    ['nobody', undefined, 401],
    ['a reader', () => reader, 403],
    ['an author', () => author, 403],
  ] as const)('refuses %s, storing nothing', async (_who, by, status) => {
    const before = await categoryCount();
    const res = await addCategory(by?.(), { name: `Nope ${unique()}`, description: 'x' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await categoryCount()).toBe(before);
  });
});

describe('PUT /api/categories/edit', () => {
  it('changes name, description and isHome; the slug stays unless one is given', async () => {
    const made = await createCategory(t.app, editor, { name: `Health ${unique()}` });
    const newName = `Health and Fitness ${unique()}`;
    const res = await editCategory(editor, {
      _id: made._id,
      name: newName,
      description: 'Body and mind.',
      isHome: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.objectContaining({
        _id: made._id,
        name: newName,
        slug: made.slug,
        description: 'Body and mind.',
        isHome: true,
      }),
    );
    expect(await storedCategory(made._id)).toEqual({
      name: newName,
      slug: made.slug,
      description: 'Body and mind.',
      isHome: true,
    });

    const back = await editCategory(admin, {
      _id: made._id,
      name: newName,
      description: 'Body and mind.',
      isHome: false,
    });
    expect(back.statusCode).toBe(200);
    expect((await storedCategory(made._id))?.isHome).toBe(false);
  });

  it('a home section follows its category to a new slug (an editor may rename it)', async () => {
    const made = await createCategory(t.app, editor);
    const other = await createCategory(t.app, editor);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { homeSectionSlugs: [other.slug, made.slug] },
    });
    expect(put.statusCode).toBe(200);
    const slug = `moved-${unique()}`;
    const res = await editCategory(editor, {
      _id: made._id,
      name: made.name,
      description: made.description,
      isHome: made.isHome,
      slug,
    });
    expect(res.statusCode).toBe(200);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(settings.homeSectionSlugs).toEqual([other.slug, slug]);
  });

  it('changes the slug when one is given', async () => {
    const made = await createCategory(t.app, editor);
    const slug = `renamed-${unique()}`;
    const res = await editCategory(editor, {
      _id: made._id,
      name: made.name,
      description: made.description,
      isHome: made.isHome,
      slug,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().slug).toBe(slug);
    const old = await t.app.inject({ method: 'GET', url: `/api/categories/${made.slug}` });
    expect(old.statusCode).toBe(404);
    const current = await t.app.inject({ method: 'GET', url: `/api/categories/${slug}` });
    expect(current.json()._id).toBe(made._id);
  });

  it("answers 409 for another category's name and leaves both as they were", async () => {
    const one = await createCategory(t.app, editor);
    const two = await createCategory(t.app, editor);
    const res = await editCategory(editor, {
      _id: two._id,
      name: one.name,
      description: 'x',
      isHome: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `A category named "${one.name}" already exists.` });
    expect((await storedCategory(two._id))?.name).toBe(two.name);
  });

  it('answers 404 for an unknown _id and creates nothing', async () => {
    const before = await categoryCount();
    const res = await editCategory(editor, {
      _id: randomUUID(),
      name: `Ghost ${unique()}`,
      description: 'x',
      isHome: false,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found.' });
    expect(await categoryCount()).toBe(before);
  });

  it('requires name and description', async () => {
    const made = await createCategory(t.app, editor);
    const res = await editCategory(editor, { _id: made._id, name: '', isHome: true });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.description', 'body.name']);
    expect((await storedCategory(made._id))?.name).toBe(made.name);
  });

  it.each([
    ['nobody', undefined, 401],
    ['a reader', () => reader, 403],
    ['an author', () => author, 403],
  ] as const)('refuses %s and changes nothing', async (_who, by, status) => {
    const made = await createCategory(t.app, editor);
    const res = await editCategory(by?.(), {
      _id: made._id,
      name: `Taken over ${unique()}`,
      description: 'x',
      isHome: true,
    });
    expect(res.statusCode).toBe(status);
    expect(await storedCategory(made._id)).toEqual({
      name: made.name,
      slug: made.slug,
      description: made.description,
      isHome: made.isHome,
    });
  });
});

describe('DELETE /api/categories/delete/{id}', () => {
  it('deletes an empty category', async () => {
    const made = await createCategory(t.app, editor);
    const res = await deleteCategory(editor, made._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Category "${made.name}" deleted.` });
    expect(await storedCategory(made._id)).toBeUndefined();
    const gone = await t.app.inject({ method: 'GET', url: `/api/categories/${made.slug}` });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a category with articles with 409 naming the count, deleting nothing', async () => {
    const made = await createCategory(t.app, editor);
    const a1 = await createArticle(t.app, author, made._id);
    const a2 = await createArticle(t.app, editor, made._id, { status: 'draft' });

    const res = await deleteCategory(editor, made._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `Category "${made.name}" still has 2 articles. Move or delete them first.`,
    });
    expect(await storedCategory(made._id)).toBeDefined();
    const left = await db()
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.categoryId, made._id));
    expect(left.map((r) => r.id).sort()).toEqual([a1._id, a2._id].sort());
  });

  it('names a single article in the singular', async () => {
    const made = await createCategory(t.app, editor);
    await createArticle(t.app, author, made._id);
    const res = await deleteCategory(admin, made._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `Category "${made.name}" still has 1 article. Move or delete it first.`,
    });
    expect(await storedCategory(made._id)).toBeDefined();
  });

  it('refuses a category that feeds a home section with 409 naming the setting', async () => {
    const made = await createCategory(t.app, editor);
    const other = await createCategory(t.app, editor);
    const put = (slugs: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { homeSectionSlugs: slugs },
      });
    expect((await put([other.slug, made.slug])).statusCode).toBe(200);
    const res = await deleteCategory(admin, made._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `Category "${made.name}" feeds a home section (setting "homeSectionSlugs"). Choose other home sections in Settings first.`,
    });
    expect(await storedCategory(made._id)).toBeDefined();
    expect((await put([other.slug])).statusCode).toBe(200);
    // Once the section names another category, the delete goes through.
    expect((await deleteCategory(admin, made._id)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const before = await categoryCount();
    const res = await deleteCategory(editor, randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found.' });
    expect(await categoryCount()).toBe(before);
  });

  it.each([
    ['nobody', undefined, 401],
    ['a reader', () => reader, 403],
    ['an author', () => author, 403],
  ] as const)('refuses %s and deletes nothing', async (_who, by, status) => {
    const made = await createCategory(t.app, editor);
    const res = await deleteCategory(by?.(), made._id);
    expect(res.statusCode).toBe(status);
    expect(await storedCategory(made._id)).toBeDefined();
  });
});
