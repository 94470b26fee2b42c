/*
 * Several bylines and an agency's credit (issue 26 item 4): `authors` and `credit` on create and
 * update (`author` stays the first byline for the original client), pages and cards show every
 * byline and the credit, JSON-LD names each Person and the agency, author pages and feeds list
 * co-written pieces, and any byline may edit the piece as its owner.
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
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let asha: TestUser;
let ravi: TestUser;
let other: TestUser;
let reader: TestUser;
let category: Awaited<ReturnType<typeof createCategory>>;

type Byline = { _id: string; name: string; slug: string };
type Answered = { _id: string; author: Byline | null; authors: Byline[]; credit: string };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const byId = (id: string, by: TestUser = admin) =>
  t.app.inject({ url: `/api/articles/article/${id}`, headers: auth(by) });
const slugOf = async (user: TestUser) =>
  (await get('/api/users/authors'))
    .json<{ _id: string; slug: string }[]>()
    .find((a) => a._id === user._id)?.slug as string;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor', { name: 'Esha Editor' });
  asha = await createUser(t.app, 'author', { name: 'Asha Rao' });
  ravi = await createUser(t.app, 'author', { name: 'रवि कुमार' });
  other = await createUser(t.app, 'author', { name: 'Olu Other' });
  reader = await createUser(t.app, 'reader');
  category = await createCategory(t.app, admin);
});
afterAll(async () => t?.close());

describe('two bylines and an agency, from draft to page', () => {
  it('an author saves a draft, the editor publishes; the page shows both bylines and "PTI"', async () => {
    const draft = await createArticle(t.app, asha, category._id, {
      name: 'Budget day in the capital',
      status: 'draft',
      authors: [asha._id, ravi._id],
      credit: 'PTI',
    });
    expect(draft.author?._id).toBe(asha._id);
    expect((draft as unknown as Answered).authors.map((a) => a._id)).toEqual([asha._id, ravi._id]);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${draft._id}/status`,
      headers: auth(editor),
      payload: { status: 'published' },
    });
    expect(published.statusCode, published.body).toBe(200);

    const page = await get(`/${category.slug}/${draft.slug}`);
    expect(page.statusCode).toBe(200);
    const [ashaSlug, raviSlug] = [await slugOf(asha), await slugOf(ravi)];
    expect(page.body).toContain(`<a href="/author/${ashaSlug}" rel="author">Asha Rao</a>`);
    expect(page.body).toContain(`<a href="/author/${raviSlug}" rel="author">रवि कुमार</a>`);
    expect(page.body).toMatch(/<span lang="en">PTI<\/span>/);

    const article = jsonLd(page.body).find((d) => d['@type'] === 'NewsArticle');
    expect(article?.author).toEqual([
      { '@type': 'Person', name: 'Asha Rao', url: `${PUBLIC_URL}/author/${ashaSlug}` },
      { '@type': 'Person', name: 'रवि कुमार', url: `${PUBLIC_URL}/author/${raviSlug}` },
      { '@type': 'Organization', name: 'PTI' },
    ]);

    // Cards show every byline and the credit too (the category's page).
    const list = await get(`/category/${category.slug}`);
    // Names are not marked with a language (a Latin name on a Hindi page is not English text).
    expect(list.body).toMatch(/By (<!-- -->)?Asha Rao and रवि कुमार/);
    expect(list.body).toContain('<span lang="en">PTI</span>');
  });

  it('a story by an agency alone names it, and only it, as its author', async () => {
    const story = await createArticle(t.app, editor, category._id, {
      name: 'Agency copy',
      authors: [],
      credit: 'भाषा',
    });
    expect(story.author).toBeNull();
    expect((story as unknown as Answered).authors).toEqual([]);
    const page = await get(`/${category.slug}/${story.slug}`);
    const article = jsonLd(page.body).find((d) => d['@type'] === 'NewsArticle');
    expect(article?.author).toEqual({ '@type': 'Organization', name: 'भाषा' });
  });
});

describe('bylines through the API', () => {
  it('keeps them in order, `author` first; an update keeps, reorders or replaces the first', async () => {
    const story = await createArticle(t.app, editor, category._id, {
      authors: [ravi._id, asha._id, ravi._id],
      credit: '  IANS ',
    });
    const answered = story as unknown as Answered;
    expect(answered.authors.map((a) => a.name)).toEqual(['रवि कुमार', 'Asha Rao']);
    expect(answered.author?._id).toBe(ravi._id);
    expect(answered.credit).toBe('IANS');

    // The original client names one author: it takes the first place, the others stay.
    const replaced = await updateArticle(t.app, editor, story, { author: other._id });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Answered>().authors.map((a) => a._id)).toEqual([other._id, asha._id]);
    // Naming neither keeps them; an answered article sent back as it is keeps them too.
    const kept = await updateArticle(t.app, editor, story, { name: 'Kept bylines' });
    expect(kept.json<Answered>().authors.map((a) => a._id)).toEqual([other._id, asha._id]);
    const echoed = await updateArticle(t.app, editor, story, {
      authors: kept.json<Answered>().authors,
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json<Answered>().authors.map((a) => a._id)).toEqual([other._id, asha._id]);
  });

  it('refuses bad bylines and credits, and changes nothing', async () => {
    const story = await createArticle(t.app, editor, category._id, {
      authors: [asha._id],
      credit: 'PTI',
    });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ authors: asha._id }, 400, 'body.authors'],
      [{ authors: ['not-an-id'] }, 400, 'body.authors.0'],
      [{ authors: [asha._id, ravi._id], author: ravi._id }, 400, 'body.author'],
      [{ authors: Array.from({ length: 11 }, () => asha._id) }, 400, 'body.authors'],
      [{ credit: 'x'.repeat(101) }, 400, 'body.credit'],
      [{ authors: [asha._id, reader._id] }, 400, 'body.authors'],
    ];
    for (const [overrides, status, path] of cases) {
      const res = await updateArticle(t.app, editor, story, { credit: 'PTI', ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      const errors = res.json<{ errors?: { path: string }[] }>().errors ?? [];
      expect(
        errors.map((e) => e.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    const after = (await byId(story._id)).json<Answered>();
    expect(after.authors.map((a) => a._id)).toEqual([asha._id]);
    expect(after.credit).toBe('PTI');
  });
});

describe('any byline owns the piece', () => {
  it('a co-author may read and edit the draft; an author who is not a byline may not', async () => {
    const draft = await createArticle(t.app, asha, category._id, {
      name: 'Written together',
      status: 'draft',
      authors: [asha._id, ravi._id],
    });
    expect((await byId(draft._id, ravi)).statusCode).toBe(200);
    const byCoAuthor = await updateArticle(t.app, ravi, draft, { name: 'Edited by the co-author' });
    expect(byCoAuthor.statusCode, byCoAuthor.body).toBe(200);
    expect(byCoAuthor.json().name).toBe('Edited by the co-author');

    expect((await byId(draft._id, other)).statusCode).toBe(404);
    const byOther = await updateArticle(t.app, other, draft, { name: 'Not theirs' });
    expect(byOther.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${draft._id}`,
      headers: auth(other),
    });
    expect(deleted.statusCode).toBe(403);
    expect((await byId(draft._id)).json().name).toBe('Edited by the co-author');
  });

  it('an author names colleagues but never leaves themselves off, nor names a reader', async () => {
    const mine = await createArticle(t.app, asha, category._id, {
      status: 'draft',
      authors: [asha._id, other._id],
    });
    expect((mine as unknown as Answered).authors.map((a) => a._id)).toEqual([asha._id, other._id]);
    const handedOff = await updateArticle(t.app, asha, mine, { authors: [other._id] });
    expect(handedOff.statusCode).toBe(403);
    expect(handedOff.json()).toEqual({
      message: 'Authors can publish only under their own name.',
      code: 'article.byline_forbidden',
    });
    const notOwn = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(asha),
      payload: {
        name: 'Under two other names',
        category: category._id,
        status: 'draft',
        authors: [ravi._id, other._id],
      },
    });
    expect(notOwn.statusCode).toBe(403);
    expect((await byId(mine._id)).json<Answered>().authors.map((a) => a._id)).toEqual([
      asha._id,
      other._id,
    ]);
  });
});

describe('author pages and feeds', () => {
  it('list the pieces an author co-wrote, and the sitemap names a co-author’s page', async () => {
    const cowriter = await createUser(t.app, 'author', { name: 'Cora Cowriter' });
    await createArticle(t.app, editor, category._id, {
      name: 'Co-written report',
      authors: [asha._id, cowriter._id],
    });
    const slug = await slugOf(cowriter);
    const page = await get(`/author/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Co-written report');
    const feed = await get(`/author/${slug}/feed.xml`);
    expect(feed.body).toContain('<title>Co-written report</title>');
    expect(feed.body).toContain(
      '<dc:creator>Asha Rao</dc:creator><dc:creator>Cora Cowriter</dc:creator>',
    );
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${PUBLIC_URL}/author/${slug}</loc>`);
  });
});

describe('bylines in revisions', () => {
  it('a restore brings back the bylines and the credit', async () => {
    const story = await createArticle(t.app, editor, category._id, {
      authors: [asha._id, ravi._id],
      credit: 'PTI',
    });
    const edit = await updateArticle(t.app, editor, story, { authors: [other._id], credit: '' });
    expect(edit.statusCode).toBe(200);
    const list = await t.app.inject({
      url: `/api/articles/${story._id}/revisions`,
      headers: auth(editor),
    });
    const revisions = list.json<{ revisions: { _id: string }[] }>().revisions;
    const first = revisions[revisions.length - 1]!;
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${story._id}/revisions/${first._id}/restore`,
      headers: auth(editor),
      payload: { updatedAt: edit.json().updatedAt },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Answered>().authors.map((a) => a._id)).toEqual([asha._id, ravi._id]);
    expect(restored.json<Answered>().credit).toBe('PTI');
  });
});
