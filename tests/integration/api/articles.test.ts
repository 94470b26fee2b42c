/*
 * The article calls of SPEC.md §7 with the rules of DECISIONS.md §2 (roles) and §5 (status,
 * language, legacyId, slugs), through the real app. One database for the file; users are made
 * once, and each test makes the categories and articles it looks at.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleSchema } from '../../../common/schemas/articles';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { articles } from '../../../db/schema/content';
import type { Clock } from '../../../server/lib/clock';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

/** A clock that stands still until a test moves it, so "now" can be asserted exactly. */
let current = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock: Clock = { now: () => new Date(current) };
const advance = (ms: number) => {
  current = new Date(current.getTime() + ms);
  return new Date(current);
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let otherAuthor: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor', { name: 'Eda Editor' });
  author = await createUser(t.app, 'author', { name: 'Anu Author' });
  otherAuthor = await createUser(t.app, 'author', { name: 'Oma Other' });
  reader = await createUser(t.app, 'reader', { name: 'Ravi Reader' });
});
afterAll(async () => t.close());

type Who = TestUser | undefined;
const headers = (who: Who) => (who ? auth(who) : {});
const get = (url: string, who?: Who) => t.app.inject({ method: 'GET', url, headers: headers(who) });
const post = (who: Who, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/articles/article', headers: headers(who), payload });
const put = (who: Who, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, headers: headers(who), payload });
const del = (who: Who, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/articles/delete/${id}`, headers: headers(who) });

const newCategory = () => createCategory(t.app, editor);

/** The stored row, to prove what changed and what did not. */
async function stored(id: string) {
  const [row] = await t.database.db.select().from(articles).where(eq(articles.id, id));
  return row;
}
async function countNamed(name: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(articles)
    .where(eq(articles.name, name));
  return Number(row?.n ?? 0);
}
const ids = (list: { _id: string }[]) => list.map((a) => a._id);
const iso = (d: Date) => d.toISOString();

describe('POST /api/articles/article', () => {
  it('creates a published article and answers the whole article', async () => {
    const category = await newCategory();
    const body = articleBody(category._id, { name: 'A morning in Jaipur' });
    const res = await post(author, body);
    expect(res.statusCode).toBe(201);
    const article = res.json();
    expect(Object.keys(article).sort()).toEqual(Object.keys(ArticleSchema.shape).sort());
    expect(() => ArticleSchema.parse(article)).not.toThrow();
    expect(article).toEqual({
      _id: expect.any(String),
      name: 'A morning in Jaipur',
      slug: 'a-morning-in-jaipur',
      author: { _id: author._id, name: 'Anu Author', slug: 'anu-author' },
      authors: [{ _id: author._id, name: 'Anu Author', slug: 'anu-author' }],
      credit: '',
      category: { _id: category._id, slug: category.slug, name: category.name },
      imageUrl: 'https://images.example.com/photo.jpg',
      image: null,
      imageAlt: '',
      description: body.description,
      metaTitle: 'A morning in Jaipur',
      metaDescription: 'A test article.',
      metaKeywords: 'test, article',
      status: 'published',
      reviewNote: '',
      publishedAt: iso(current),
      language: 'en',
      legacyId: null,
      translationId: null,
      translations: [],
      tags: [],
      // Issue 65: a story in no chosen edition is in the national one.
      editions: [NATIONAL_EDITION_ID],
      primaryEdition: NATIONAL_EDITION_ID,
      liveBlog: false,
      liveStartedAt: null,
      liveEndedAt: null,
      adsOff: false,
      access: 'free',
      commentsOpen: null,
      walled: false,
      views: 0,
      createdAt: iso(current),
      updatedAt: iso(current),
    });
    const row = await stored(article._id);
    expect(row).toMatchObject({
      name: 'A morning in Jaipur',
      status: 'published',
      authorId: author._id,
      categoryId: category._id,
    });
  });

  it('describes an uploaded image with its size and resized variants', async () => {
    const category = await newCategory();
    const up = await upload(t.app, author, await testImage(1000, 600));
    expect(up.statusCode).toBe(201);
    const media = up.json();
    expect(media.secure_url).toMatch(/^\/media\//);
    const res = await post(author, articleBody(category._id, { imageUrl: media.secure_url }));
    expect(res.statusCode).toBe(201);
    const article = res.json();
    expect(article.imageUrl).toBe(media.secure_url);
    expect(article.image).toEqual({
      width: 1000,
      height: 600,
      variants: media.variants,
      // The same widths in AVIF (docs/decisions/026).
      avif: media.variants.map((v: { width: number; url: string }) => ({
        width: v.width,
        url: v.url.replace(/\.webp$/, '.avif'),
      })),
      // Crops made at upload for search engines and share cards (issue 12 item 4).
      crops: ['16x9', '4x3', '1x1'].map((ratio) => ({
        ratio,
        width: expect.any(Number),
        height: expect.any(Number),
        url: expect.stringMatching(new RegExp(`^/media/.+/crop-${ratio}\\.jpg$`)),
      })),
    });
    expect(article.image.variants.length).toBeGreaterThan(0);
    for (const v of article.image.variants) expect(v.url).toMatch(/^\/media\//);
    const again = await get(`/api/articles/article/${article._id}`);
    expect(again.json().image).toEqual(article.image);
  });

  it('suggests an ASCII slug from a Hindi name, detects Hindi and numbers repeats', async () => {
    const category = await newCategory();
    const hindi = {
      name: 'भारत का इतिहास',
      description: '<p>यह भारत के इतिहास की एक छोटी सी कहानी है।</p>',
      metaTitle: 'भारत का इतिहास',
    };
    const first = await post(author, articleBody(category._id, hindi));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ slug: 'bharat-ka-itihas', language: 'hi' });

    const second = await post(author, articleBody(category._id, hindi));
    expect(second.statusCode).toBe(201);
    expect(second.json().slug).toBe('bharat-ka-itihas-2');
    expect((await stored(second.json()._id))?.language).toBe('hi');
  });

  it('lets the language be given, and defaults to English for Latin text', async () => {
    const category = await newCategory();
    const given = await post(author, articleBody(category._id, { language: 'hi' }));
    expect(given.json().language).toBe('hi');
    const english = await post(author, articleBody(category._id));
    expect(english.json().language).toBe('en');
  });

  it('keeps the stored language when an edit leaves it out (an older client)', async () => {
    const category = await newCategory();
    // Marathi in Devanagari, which the text alone would call Hindi.
    const marathi = { name: 'पुण्यातील पाऊस', description: '<p>आज पुण्यात खूप पाऊस पडला.</p>' };
    const created = await post(author, articleBody(category._id, { ...marathi, language: 'mr' }));
    expect(created.json().language).toBe('mr');
    const edit = articleBody(category._id, { ...marathi, name: 'पुण्यात पाऊस' });
    expect(edit).not.toHaveProperty('language');
    const res = await put(author, created.json()._id, edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'पुण्यात पाऊस', language: 'mr' });
    expect((await stored(created.json()._id))?.language).toBe('mr');
  });

  it('normalises an explicit slug and refuses one already taken with 409', async () => {
    const category = await newCategory();
    const res = await post(author, articleBody(category._id, { slug: '  My Own Slug!! ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toBe('my-own-slug');

    const name = 'Same slug again';
    const taken = await post(author, articleBody(category._id, { name, slug: 'My own slug' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Another article already uses the slug "my-own-slug". Choose another one.',
      code: 'article.slug_taken',
      params: { slug: 'my-own-slug' },
      errors: [
        {
          path: 'body.slug',
          message: 'Another article already uses "my-own-slug". "my-own-slug-2" is free.',
          code: 'article.slug_in_use',
          params: { slug: 'my-own-slug', free: 'my-own-slug-2' },
        },
      ],
    });
    expect(await countNamed(name)).toBe(0);
  });

  it('refuses an unknown category with 400 and stores nothing', async () => {
    const name = 'No such category';
    const res = await post(author, articleBody(randomUUID(), { name }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The category does not exist.',
      code: 'article.category_unknown',
      errors: [
        {
          path: 'body.category',
          message: 'The category does not exist.',
          code: 'article.category_unknown',
        },
      ],
    });
    expect(await countNamed(name)).toBe(0);
  });

  it('refuses readers with 403 and strangers with 401', async () => {
    const category = await newCategory();
    const name = 'Written by the wrong people';
    const asReader = await post(reader, articleBody(category._id, { name }));
    expect(asReader.statusCode).toBe(403);
    expect(asReader.json()).toEqual({
      message: 'Only authors, editors and administrators can write articles.',
      code: 'article.write_forbidden',
    });
    const anonymous = await post(undefined, articleBody(category._id, { name }));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      message: 'Not signed in, or the session has expired.',
      code: 'auth.signed_out',
    });
    expect(await countNamed(name)).toBe(0);
  });

  it('keeps authors to their own name; editors may name any writer, not a reader', async () => {
    const category = await newCategory();
    const ghost = 'Ghost written';
    const byAuthor = await post(
      author,
      articleBody(category._id, { name: ghost, author: otherAuthor._id }),
    );
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toEqual({
      message: 'Authors can publish only under their own name.',
      code: 'article.byline_forbidden',
    });
    expect(await countNamed(ghost)).toBe(0);

    const byEditor = await post(
      editor,
      articleBody(category._id, { name: 'Filed for an author', author: otherAuthor._id }),
    );
    expect(byEditor.statusCode).toBe(201);
    expect(byEditor.json().author).toEqual({
      _id: otherAuthor._id,
      name: 'Oma Other',
      slug: 'oma-other',
    });
    expect((await stored(byEditor.json()._id))?.authorId).toBe(otherAuthor._id);

    const toReader = 'Filed for a reader';
    const res = await post(
      editor,
      articleBody(category._id, { name: toReader, author: reader._id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The author must be a user who can write.',
      code: 'article.author_cannot_write',
      errors: [
        {
          path: 'body.author',
          message: 'The author must be a user who can write.',
          code: 'article.author_cannot_write',
        },
      ],
    });
    expect(await countNamed(toReader)).toBe(0);

    const toNobody = await post(editor, articleBody(category._id, { author: randomUUID() }));
    expect(toNobody.statusCode).toBe(400);
  });

  it('refuses a legacyId another article has with 409 (editors set old numbers)', async () => {
    const category = await newCategory();
    const first = await post(editor, articleBody(category._id, { legacyId: 7001 }));
    expect(first.statusCode).toBe(201);
    expect(first.json().legacyId).toBe(7001);
    const name = 'Second with the same old number';
    const dup = await post(editor, articleBody(category._id, { name, legacyId: 7001 }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: 'Another article already has this legacyId.',
      code: 'article.legacy_id_taken',
    });
    expect(await countNamed(name)).toBe(0);
  });

  it('answers 400 naming the field for a body that is not an article', async () => {
    const category = await newCategory();
    const res = await post(author, articleBody(category._id, { name: '', imageUrl: 'ftp://x' }));
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.imageUrl']));
  });
});

describe('description sanitising (DECISIONS.md §4)', () => {
  it('removes scripts, handlers, javascript: links and foreign frames; keeps the rest', async () => {
    const category = await newCategory();
    const description = [
      '<h2>Safe heading</h2>',
      '<p onclick="steal()">Paragraph <strong>bold</strong></p>',
      '<script>alert("xss")</script>',
      '<a href="javascript:alert(1)">bad link</a>',
      '<a href="https://example.com/ok">good link</a>',
      '<img src="x.jpg" onerror="alert(2)">',
      '<iframe src="https://evil.example.net/frame"></iframe>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(3)"></iframe>',
      '<table><tbody><tr><th>Head</th><td>Cell</td></tr></tbody></table>',
      '<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>',
    ].join('');
    const res = await post(author, articleBody(category._id, { description }));
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json()._id);
    const html = row?.description ?? '';
    expect(res.json().description).toBe(html);

    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert');
    expect(html).not.toMatch(/\bon[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('evil.example.net');
    expect(html).toContain('bad link');

    const frames = html.match(/<iframe[^>]*>/g) ?? [];
    expect(frames).toHaveLength(1);
    expect(frames[0]).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(frames[0]).toMatch(/\ssandbox="[^"]*"/);

    expect(html).toContain('<h2>Safe heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com/ok"');
    expect(html).toContain('<table><tbody><tr><th>Head</th><td>Cell</td></tr></tbody></table>');
    expect(html).toContain('<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>');
  });

  it('sanitises again on update', async () => {
    const category = await newCategory();
    const created = await createArticle(t.app, author, category._id);
    const res = await put(
      author,
      created._id,
      articleBody(category._id, {
        name: created.name,
        description: '<p>Kept</p><script>document.cookie</script><p onmouseover="x()">Too</p>',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((await stored(created._id))?.description).toBe('<p>Kept</p><p>Too</p>');
  });
});

describe('alt text and captions (issue 9 item 8)', () => {
  it('keeps the article image alt text, and an image caption in the body', async () => {
    const category = await newCategory();
    const description =
      '<p>Text</p><figure><img src="https://example.com/a.jpg" alt="Boats at dawn" onerror="x()">' +
      '<figcaption>गंगा घाट, सुबह</figcaption></figure>';
    const res = await post(
      author,
      articleBody(category._id, { imageAlt: '  The old city from the river  ', description }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().imageAlt).toBe('The old city from the river');
    expect(res.json().description).toBe(
      '<p>Text</p><figure><img src="https://example.com/a.jpg" alt="Boats at dawn" loading="lazy" />' +
        '<figcaption>गंगा घाट, सुबह</figcaption></figure>',
    );
    const read = await get(`/api/articles/article/${res.json()._id}`);
    expect(read.json().imageAlt).toBe('The old city from the river');

    // Left out on an update, it is emptied like the other optional texts of the form.
    const updated = await put(author, res.json()._id, articleBody(category._id));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().imageAlt).toBe('');
  });

  it('refuses alt text over 300 characters with 400 naming the field and stores nothing', async () => {
    const category = await newCategory();
    const countAll = async () =>
      Number((await t.database.db.select({ n: count() }).from(articles))[0]?.n ?? 0);
    const before = await countAll();
    const res = await post(author, articleBody(category._id, { imageAlt: 'x'.repeat(301) }));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('imageAlt must be at most 300 characters');
    expect(await countAll()).toBe(before);
  });
});

describe('public reads show published articles only', () => {
  it('lists the latest published articles newest first by publishedAt', async () => {
    const now = advance(HOUR);
    const category = await newCategory();
    const at = (minutesAgo: number) => iso(new Date(now.getTime() - minutesAgo * MINUTE));
    // Created out of publishing order, so the order must come from publishedAt.
    const b = await createArticle(t.app, editor, category._id, { publishedAt: at(3) });
    const a = await createArticle(t.app, editor, category._id, { publishedAt: at(1) });
    await createArticle(t.app, editor, category._id, { publishedAt: at(4) });
    const c = await createArticle(t.app, editor, category._id, { publishedAt: at(2) });
    const draft = await createArticle(t.app, author, category._id, { status: 'draft' });
    const future = await createArticle(t.app, author, category._id, {
      publishedAt: iso(new Date(now.getTime() + DAY)),
    });

    const res = await get('/api/articles/latest?limit=3');
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([a._id, c._id, b._id]);

    const all = ids((await get('/api/articles/latest?limit=100')).json());
    expect(all).not.toContain(draft._id);
    expect(all).not.toContain(future._id);

    // The home page's default: three.
    expect((await get('/api/articles/latest')).json()).toHaveLength(3);
  });

  it('gives random published articles, leaving out the one asked to', async () => {
    const category = await newCategory();
    const kept = await createArticle(t.app, author, category._id);
    const draft = await createArticle(t.app, author, category._id, { status: 'draft' });
    const future = await createArticle(t.app, author, category._id, {
      publishedAt: iso(new Date(current.getTime() + DAY)),
    });
    const publicIds = (
      await t.database.db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.status, 'published'), lte(articles.publishedAt, current)))
    ).map((r) => r.id);
    expect(publicIds.length).toBeLessThan(100);

    const two = await get('/api/articles/random?limit=2');
    expect(two.statusCode).toBe(200);
    expect(two.json()).toHaveLength(2);
    for (const id of ids(two.json())) expect(publicIds).toContain(id);

    const all = ids((await get('/api/articles/random?limit=100')).json());
    expect([...all].sort()).toEqual([...publicIds].sort());
    expect(all).not.toContain(draft._id);
    expect(all).not.toContain(future._id);

    const without = ids((await get(`/api/articles/random?limit=100&exclude=${kept._id}`)).json());
    expect(without).not.toContain(kept._id);
    expect(without).toHaveLength(publicIds.length - 1);
  });

  it('varies the random articles from call to call, never repeating one within a call', async () => {
    const category = await newCategory();
    for (let i = 0; i < 10; i++) await createArticle(t.app, author, category._id);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.status, 'published'), lte(articles.publishedAt, current)));
    const publicCount = Number(row?.n ?? 0);
    expect(publicCount).toBeGreaterThanOrEqual(10);
    const seen = new Set<string>();
    const firsts = new Set<string>();
    for (let call = 0; call < 40; call++) {
      const got = ids((await get('/api/articles/random?limit=2')).json());
      expect(got).toHaveLength(2);
      expect(new Set(got).size).toBe(2);
      got.forEach((id) => seen.add(id));
      firsts.add(got[0]!);
    }
    // 80 picks from ten or more articles: a fixed or narrow choice would show here.
    expect(seen.size).toBeGreaterThanOrEqual(Math.min(8, publicCount));
    expect(firsts.size).toBeGreaterThan(3);
  });

  it('lists a category newest first with GET /api/articles?categoryId=&limit=', async () => {
    const now = advance(HOUR);
    const category = await newCategory();
    const elsewhere = await newCategory();
    const at = (minutesAgo: number) => iso(new Date(now.getTime() - minutesAgo * MINUTE));
    const second = await createArticle(t.app, editor, category._id, { publishedAt: at(20) });
    const first = await createArticle(t.app, editor, category._id, { publishedAt: at(10) });
    const third = await createArticle(t.app, editor, category._id, { publishedAt: at(30) });
    await createArticle(t.app, editor, category._id, { publishedAt: at(40) });
    await createArticle(t.app, editor, category._id, { status: 'draft' });
    await createArticle(t.app, editor, elsewhere._id, { publishedAt: at(5) });

    const res = await get(`/api/articles?categoryId=${category._id}&limit=3`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([first._id, second._id, third._id]);
    for (const card of res.json()) expect(card.category._id).toBe(category._id);

    const bad = await get('/api/articles?categoryId=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('querystring.categoryId');
  });

  it('pages a category by nine with totals, and answers [] past the end', async () => {
    const now = advance(HOUR);
    const category = await newCategory();
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const a = await createArticle(t.app, editor, category._id, {
        publishedAt: iso(new Date(now.getTime() - (i + 1) * MINUTE)),
      });
      made.push(a._id);
    }
    await createArticle(t.app, author, category._id, { status: 'draft' });
    await createArticle(t.app, author, category._id, {
      publishedAt: iso(new Date(now.getTime() + DAY)),
    });
    const url = (query: string) =>
      `/api/articles/category-detail?categoryId=${category._id}${query}`;

    const page1 = await get(url('&page=1'));
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ totalArticles: 10, currentPage: 1, totalPages: 2 });
    expect(ids(page1.json().articles)).toEqual(made.slice(0, 9));

    const page2 = (await get(url('&page=2&limit=9'))).json();
    expect(page2).toMatchObject({ totalArticles: 10, currentPage: 2, totalPages: 2 });
    expect(ids(page2.articles)).toEqual(made.slice(9));

    expect((await get(url('&page=3'))).json()).toEqual({
      articles: [],
      totalArticles: 10,
      currentPage: 3,
      totalPages: 2,
    });

    const byFour = (await get(url('&page=3&limit=4'))).json();
    expect(byFour).toMatchObject({ totalArticles: 10, currentPage: 3, totalPages: 3 });
    expect(ids(byFour.articles)).toEqual(made.slice(8));

    const noCategory = await get('/api/articles/category-detail?page=1');
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errors[0].path).toBe('querystring.categoryId');
  });

  it('hides drafts and future articles from every list and from their address', async () => {
    const category = await newCategory();
    const published = await createArticle(t.app, author, category._id);
    const draft = await createArticle(t.app, author, category._id, { status: 'draft' });
    const future = await createArticle(t.app, author, category._id, {
      publishedAt: iso(new Date(current.getTime() + 30 * DAY)),
    });
    expect(draft.status).toBe('draft');

    const lists = [
      (await get('/api/articles/latest?limit=100')).json(),
      (await get('/api/articles/random?limit=100')).json(),
      (await get(`/api/articles?categoryId=${category._id}&limit=100`)).json(),
      (await get(`/api/articles/category-detail?categoryId=${category._id}&limit=100`)).json()
        .articles,
    ];
    for (const list of lists) {
      expect(ids(list)).toContain(published._id);
      expect(ids(list)).not.toContain(draft._id);
      expect(ids(list)).not.toContain(future._id);
    }
    expect(
      (await get(`/api/articles/category-detail?categoryId=${category._id}`)).json().totalArticles,
    ).toBe(1);

    const ok = await get(`/api/articles/${category.slug}/${published.slug}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()._id).toBe(published._id);
    for (const hidden of [draft, future]) {
      const res = await get(`/api/articles/${category.slug}/${hidden.slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Article not found.', code: 'article.not_found' });
    }
    expect((await get(`/api/articles/some-other-category/${published.slug}`)).statusCode).toBe(404);
  });

  it('shows a draft by id to its author and editors only', async () => {
    const category = await newCategory();
    const draft = await createArticle(t.app, author, category._id, { status: 'draft' });
    const future = await createArticle(t.app, author, category._id, {
      publishedAt: iso(new Date(current.getTime() + DAY)),
    });
    const url = `/api/articles/article/${draft._id}`;

    for (const who of [author, editor, admin]) {
      const res = await get(url, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: draft._id, status: 'draft' });
    }
    for (const who of [undefined, reader, otherAuthor]) {
      const res = await get(url, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Article not found.', code: 'article.not_found' });
    }
    expect((await get(`/api/articles/article/${future._id}`)).statusCode).toBe(404);
    expect((await get(`/api/articles/article/${future._id}`, author)).statusCode).toBe(200);
    expect((await get(`/api/articles/article/${randomUUID()}`, editor)).statusCode).toBe(404);
    const bad = await get('/api/articles/article/123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('params.id');
  });
});

describe('cards', () => {
  it('carry name, slug, image, category, dates and a plain-text excerpt cut at a word', async () => {
    advance(HOUR);
    const category = await newCategory();
    const words = Array.from({ length: 80 }, (_, i) => `word${String(i).padStart(2, '0')}`);
    const description = `<h2>${words.slice(0, 3).join(' ')}</h2><p>${words
      .slice(3, 40)
      .join(
        ' ',
      )} <strong>${words.slice(40, 45).join(' ')}</strong> <a href="https://example.com">${words
      .slice(45)
      .join(' ')}</a></p>`;
    const plain = words.join(' ');
    const article = await createArticle(t.app, author, category._id, { description });

    const card = (await get('/api/articles/latest?limit=1')).json()[0];
    expect(card._id).toBe(article._id);
    expect(card).toMatchObject({
      name: article.name,
      slug: article.slug,
      imageUrl: 'https://images.example.com/photo.jpg',
      category: { _id: category._id, slug: category.slug, name: category.name },
      publishedAt: iso(current),
      createdAt: iso(current),
      updatedAt: iso(current),
    });
    expect(card).not.toHaveProperty('description');
    const excerpt: string = card.excerpt;
    expect(excerpt).not.toMatch(/[<>]/);
    expect(excerpt.length).toBeLessThanOrEqual(203);
    expect(excerpt.endsWith('...')).toBe(true);
    const cut = excerpt.slice(0, -3);
    expect(plain.startsWith(cut)).toBe(true);
    expect(plain[cut.length]).toBe(' ');
    expect(cut.length).toBeGreaterThan(150);

    const lists = [
      (await get(`/api/articles?categoryId=${category._id}`)).json(),
      (await get(`/api/articles/category-detail?categoryId=${category._id}`)).json().articles,
      (await get('/api/articles/random?limit=100')).json(),
    ];
    for (const list of lists) {
      const same = list.find((c: { _id: string }) => c._id === article._id);
      expect(same).toMatchObject({ excerpt, name: article.name, slug: article.slug });
      expect(same.category).toEqual({
        _id: category._id,
        slug: category.slug,
        name: category.name,
      });
    }
  });

  it('show a short body whole, without an ellipsis', async () => {
    advance(HOUR);
    const category = await newCategory();
    await createArticle(t.app, author, category._id, {
      description: '<p>Short <em>and</em> sweet &amp; done.</p>',
    });
    const card = (await get(`/api/articles?categoryId=${category._id}`)).json()[0];
    expect(card.excerpt).toBe('Short and sweet & done.');
  });
});

describe('GET /api/articles/admin-article', () => {
  it('is for staff only', async () => {
    const asReader = await get('/api/articles/admin-article', reader);
    expect(asReader.statusCode).toBe(403);
    const anonymous = await get('/api/articles/admin-article');
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows authors their own articles, drafts included', async () => {
    const category = await newCategory();
    const mine = await createArticle(t.app, author, category._id);
    const myDraft = await createArticle(t.app, author, category._id, { status: 'draft' });
    const theirs = await createArticle(t.app, otherAuthor, category._id);

    const res = await get('/api/articles/admin-article?page=1&limit=1000', author);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const listed = ids(body.articles);
    expect(listed).toEqual(expect.arrayContaining([mine._id, myDraft._id]));
    expect(listed).not.toContain(theirs._id);
    for (const row of body.articles) expect(row.author._id).toBe(author._id);
    const [own] = await t.database.db
      .select({ n: count() })
      .from(articles)
      .where(eq(articles.authorId, author._id));
    expect(body.totalArticles).toBe(Number(own?.n));
    expect(body).toMatchObject({ currentPage: 1, totalPages: 1 });
    expect(body.articles.find((r: { _id: string }) => r._id === myDraft._id).status).toBe('draft');
  });

  it('shows editors every article with what the sitemap needs', async () => {
    const category = await newCategory();
    const draft = await createArticle(t.app, otherAuthor, category._id, { status: 'draft' });
    const published = await createArticle(t.app, author, category._id);

    const res = await get('/api/articles/admin-article?page=1&limit=1000', editor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [all] = await t.database.db.select({ n: count() }).from(articles);
    expect(body.totalArticles).toBe(Number(all?.n));
    expect(body.articles).toHaveLength(Number(all?.n));
    const row = body.articles.find((r: { _id: string }) => r._id === draft._id);
    expect(row).toMatchObject({
      slug: draft.slug,
      status: 'draft',
      category: { _id: category._id, slug: category.slug, name: category.name },
      author: { _id: otherAuthor._id, name: 'Oma Other' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(ids(body.articles)).toContain(published._id);

    const paged = (await get('/api/articles/admin-article?page=2&limit=1', editor)).json();
    expect(paged.articles).toHaveLength(1);
    expect(paged).toMatchObject({ currentPage: 2, totalPages: Number(all?.n) });

    const byDefault = (await get('/api/articles/admin-article', editor)).json();
    expect(byDefault.currentPage).toBe(1);
    expect(byDefault.articles.length).toBeLessThanOrEqual(10);
    expect(byDefault.totalPages).toBe(Math.ceil(Number(all?.n) / 10));
  });

  it('validates page and limit', async () => {
    const ask = (query: string) => get(`/api/articles/admin-article?${query}`, editor);
    expect((await ask('page=1&limit=1000')).statusCode).toBe(200);
    const cases: [string, string][] = [
      ['page=1&limit=1001', 'querystring.limit'],
      ['page=1&limit=0', 'querystring.limit'],
      ['page=0', 'querystring.page'],
      ['page=abc', 'querystring.page'],
      ['page=1.5', 'querystring.page'],
    ];
    for (const [query, path] of cases) {
      const res = await ask(query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(path);
    }
  });
});

describe('PUT /api/articles/{id}', () => {
  it('lets an author change their own article', async () => {
    const category = await newCategory();
    const created = await createArticle(t.app, author, category._id);
    advance(MINUTE);
    const res = await put(
      author,
      created._id,
      articleBody(category._id, {
        name: 'Rewritten title',
        description: '<p>New words.</p>',
        updatedAt: created.updatedAt,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: created._id,
      name: 'Rewritten title',
      slug: created.slug,
      description: '<p>New words.</p>',
      author: { _id: author._id, name: 'Anu Author', slug: 'anu-author' },
      updatedAt: iso(current),
    });
    const row = await stored(created._id);
    expect(row).toMatchObject({ name: 'Rewritten title', description: '<p>New words.</p>' });
    expect(row?.updatedAt.toISOString()).toBe(iso(current));
  });

  it("refuses an author changing someone else's article and changes nothing", async () => {
    const category = await newCategory();
    const theirs = await createArticle(t.app, otherAuthor, category._id);
    const before = await stored(theirs._id);
    advance(MINUTE);
    const res = await put(
      author,
      theirs._id,
      articleBody(category._id, { name: 'Hijacked', author: author._id }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Authors can change and delete only their own articles.',
      code: 'article.not_own',
    });
    expect(await stored(theirs._id)).toEqual(before);

    expect((await put(reader, theirs._id, articleBody(category._id))).statusCode).toBe(403);
    expect((await put(undefined, theirs._id, articleBody(category._id))).statusCode).toBe(401);
    expect(await stored(theirs._id)).toEqual(before);
  });

  it('refuses an author handing their own article to someone else', async () => {
    const category = await newCategory();
    const mine = await createArticle(t.app, author, category._id);
    const before = await stored(mine._id);
    advance(MINUTE);
    const res = await put(
      author,
      mine._id,
      articleBody(category._id, { name: mine.name, author: otherAuthor._id }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Authors can publish only under their own name.',
      code: 'article.byline_forbidden',
    });
    expect(await stored(mine._id)).toEqual(before);
  });

  it('lets an editor change any article, keeping its author', async () => {
    const category = await newCategory();
    const theirs = await createArticle(t.app, otherAuthor, category._id);
    advance(MINUTE);
    const res = await put(
      editor,
      theirs._id,
      articleBody(category._id, { name: 'Edited by the desk' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Edited by the desk',
      author: { _id: otherAuthor._id, name: 'Oma Other' },
    });
    expect((await stored(theirs._id))?.name).toBe('Edited by the desk');
  });

  it('refuses a stale edit with 409 and accepts the updatedAt it holds', async () => {
    const category = await newCategory();
    const created = await createArticle(t.app, author, category._id, { name: 'Original' });
    const opened = created.updatedAt;

    advance(MINUTE);
    const first = await put(
      editor,
      created._id,
      articleBody(category._id, { name: 'Editor saved first', updatedAt: opened }),
    );
    expect(first.statusCode).toBe(200);
    const saved = first.json().updatedAt;
    expect(saved).toBe(iso(current));
    const before = await stored(created._id);

    advance(MINUTE);
    const stale = await put(
      author,
      created._id,
      articleBody(category._id, { name: 'Author saved late', updatedAt: opened }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message:
        'Someone else saved this article after you opened it. Reload it to see their changes, then apply yours again.',
      code: 'article.stale',
    });
    expect(await stored(created._id)).toEqual(before);

    const fresh = await put(
      author,
      created._id,
      articleBody(category._id, { name: 'Author saved after reload', updatedAt: saved }),
    );
    expect(fresh.statusCode).toBe(200);
    expect((await stored(created._id))?.name).toBe('Author saved after reload');
  });

  it('publishes a draft with publishedAt set to now', async () => {
    const category = await newCategory();
    const draft = await createArticle(t.app, author, category._id, { status: 'draft' });
    expect((await get(`/api/articles/${category.slug}/${draft.slug}`)).statusCode).toBe(404);

    const publishing = advance(2 * HOUR);
    const res = await put(
      author,
      draft._id,
      articleBody(category._id, { name: draft.name, status: 'published' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', publishedAt: iso(publishing) });
    expect((await stored(draft._id))?.publishedAt.toISOString()).toBe(iso(publishing));

    const live = await get(`/api/articles/${category.slug}/${draft.slug}`);
    expect(live.statusCode).toBe(200);
    expect(live.json()._id).toBe(draft._id);
  });

  it('answers 404 for an unknown article', async () => {
    const category = await newCategory();
    const res = await put(editor, randomUUID(), articleBody(category._id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Article not found.', code: 'article.not_found' });
  });
});

describe('DELETE /api/articles/delete/{id}', () => {
  it('lets an author delete their own article, then it is gone', async () => {
    const category = await newCategory();
    const mine = await createArticle(t.app, author, category._id, { name: 'Short lived' });
    const res = await del(author, mine._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Article "Short lived" deleted.' });
    expect(await stored(mine._id)).toBeUndefined();
    expect((await get(`/api/articles/article/${mine._id}`, author)).statusCode).toBe(404);
    expect((await get(`/api/articles/${category.slug}/${mine.slug}`)).statusCode).toBe(404);
    expect((await del(author, mine._id)).statusCode).toBe(404);
  });

  it("refuses an author deleting someone else's article", async () => {
    const category = await newCategory();
    const theirs = await createArticle(t.app, otherAuthor, category._id);
    const res = await del(author, theirs._id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Authors can change and delete only their own articles.',
      code: 'article.not_own',
    });
    expect((await del(reader, theirs._id)).statusCode).toBe(403);
    expect((await del(undefined, theirs._id)).statusCode).toBe(401);
    expect(await stored(theirs._id)).toBeDefined();
    expect((await get(`/api/articles/article/${theirs._id}`)).statusCode).toBe(200);
  });

  it('lets an editor delete any article', async () => {
    const category = await newCategory();
    const theirs = await createArticle(t.app, otherAuthor, category._id, { status: 'draft' });
    const res = await del(editor, theirs._id);
    expect(res.statusCode).toBe(200);
    expect(await stored(theirs._id)).toBeUndefined();
    expect((await get(`/api/articles/article/${theirs._id}`, editor)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown article', async () => {
    const res = await del(editor, randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Article not found.', code: 'article.not_found' });
  });
});
