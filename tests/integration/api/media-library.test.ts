/*
 * The media library (issue 26 item 1, docs/decisions/034): GET /api/media lists, searches and
 * filters the uploads with where each is used; PUT /api/media/{id} edits alt text and caption;
 * DELETE /api/media/{id} removes only what nothing uses, by the rule of `npm run media:prune`.
 * Every refusal leaves everything as it was.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, MediaList } from '../../../common/schemas/media';
import { media } from '../../../db/schema/media';
import { findUnusedMedia } from '../../../server/modules/media/media-prune';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  testImage,
  updateArticle,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let otherAuthor: TestUser;
let reader: TestUser;
let categoryId: string;

interface Uploaded {
  _id: string;
  url: string;
  variants: { width: number; url: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor', { name: 'Esha Editor' });
  author = await createUser(t.app, 'author', { name: 'Arun Author' });
  otherAuthor = await createUser(t.app, 'author', { name: 'Bela Author' });
  reader = await createUser(t.app, 'reader');
  categoryId = (await createCategory(t.app, admin))._id;
});
afterAll(async () => t.close());

async function uploaded(
  by: TestUser,
  filename: string,
  format: 'jpeg' | 'png' | 'gif' = 'jpeg',
): Promise<Uploaded> {
  const res = await upload(t.app, by, await testImage(500, 300, format), filename);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Uploaded;
}

const list = (by: TestUser | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/media${query}`, headers: by ? auth(by) : {} });

const listed = async (by: TestUser, query = ''): Promise<MediaList> => {
  const res = await list(by, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MediaList;
};

const put = (by: TestUser | undefined, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/media/${id}`,
    headers: by ? auth(by) : {},
    payload: payload as object,
  });

const del = (by: TestUser | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: by ? auth(by) : {} });

/** The stored row's texts, straight from the table. */
async function stored(id: string) {
  const [row] = await t.database.db
    .select({ alt: media.alt, caption: media.caption, filename: media.filename })
    .from(media)
    .where(eq(media.id, id));
  return row;
}

const served = async (url: string) => (await t.app.inject({ url })).statusCode;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/media', () => {
  let beach: Uploaded;
  let chart: Uploaded;
  let cat: Uploaded;

  beforeAll(async () => {
    beach = await uploaded(author, 'C:\\Photos\\Beach-Goa.jpg');
    chart = await uploaded(otherAuthor, 'sales_chart.png', 'png');
    cat = await uploaded(editor, 'cat.gif', 'gif');
    expect((await put(author, beach._id, { caption: 'Sunset at Calangute' })).statusCode).toBe(200);
    expect((await put(editor, cat._id, { alt: 'A ginger cat asleep' })).statusCode).toBe(200);
  });

  it('is for authors and up: 401 without a token, 403 for a reader', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(reader)).statusCode).toBe(403);
    for (const who of [author, editor, admin]) expect((await list(who)).statusCode).toBe(200);
  });

  it('lists every upload to an author, newest first, with its fields and uploader', async () => {
    const body = await listed(otherAuthor);
    expect(body.media.slice(0, 3).map((m) => m._id)).toEqual([cat._id, chart._id, beach._id]);
    const item = body.media.find((m) => m._id === beach._id) as MediaItem;
    expect(item).toEqual({
      _id: beach._id,
      url: beach.url,
      thumbnailUrl: beach.variants[0]?.url,
      width: 500,
      height: 300,
      // Only the file's own name is kept, whatever folder the browser named.
      filename: 'Beach-Goa.jpg',
      type: 'jpeg',
      bytes: expect.any(Number),
      alt: '',
      caption: 'Sunset at Calangute',
      uploadedBy: { _id: author._id, name: 'Arun Author' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      usedBy: [],
    });
    expect(body.currentPage).toBe(1);
  });

  it('searches file name, alt text and caption, any case; wildcards match only themselves', async () => {
    const ids = async (q: string) =>
      (await listed(editor, `?q=${encodeURIComponent(q)}`)).media.map((m) => m._id);
    expect(await ids('beach-goa')).toEqual([beach._id]);
    expect(await ids('CALANGUTE')).toEqual([beach._id]);
    expect(await ids('ginger')).toEqual([cat._id]);
    expect(await ids('sales_chart')).toEqual([chart._id]);
    // `_` and `%` are letters here, not LIKE's wildcards.
    expect(await ids('sales%chart')).toEqual([]);
    expect(await ids('s_les')).toEqual([]);
  });

  it('filters by type, month and uploader, and pages', async () => {
    const ids = async (query: string) => (await listed(editor, query)).media.map((m) => m._id);
    expect(await ids('?type=png')).toEqual([chart._id]);
    expect(await ids(`?uploadedBy=${author._id}`)).toEqual([beach._id]);
    expect(await ids(`?uploadedBy=${author._id}&type=png`)).toEqual([]);
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await ids(`?month=${month}&type=gif`)).toEqual([cat._id]);
    expect(await ids('?month=2001-01')).toEqual([]);

    const all = await listed(editor);
    const first = await listed(editor, '?page=1&limit=2');
    const second = await listed(editor, '?page=2&limit=2');
    expect(first.totalPages).toBe(Math.ceil(all.totalMedia / 2));
    expect(first.totalMedia).toBe(all.totalMedia);
    expect([...first.media, ...second.media].map((m) => m._id)).toEqual(
      all.media.slice(0, 4).map((m) => m._id),
    );
    expect(second.currentPage).toBe(2);
  });

  it('refuses a bad page, limit, type, month or uploader with 400', async () => {
    for (const query of [
      '?page=0',
      '?page=two',
      '?limit=1000',
      '?type=svg',
      '?month=2026-13',
      '?month=March',
      '?uploadedBy=42',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const res = await list(editor, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('where an upload is used', () => {
  it('names the articles (drafts too) and settings that use it, by the rule media:prune removes by', async () => {
    const cover = await uploaded(editor, 'cover.jpg');
    const inline = await uploaded(editor, 'inline.jpg');
    const logo = await uploaded(admin, 'logo.png', 'png');
    const unused = await uploaded(editor, 'unused.jpg');

    const featured = await createArticle(t.app, editor, categoryId, {
      name: 'Featured story',
      imageUrl: cover.url,
    });
    // A variant inside a draft's text counts as using the whole upload.
    const draft = await createArticle(t.app, author, categoryId, {
      name: 'Draft with a picture',
      status: 'draft',
      description: `<p>Text</p><p><img src="${inline.variants[0]?.url}" alt="x"></p>`,
    });
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { logoUrl: logo.url, shareImageUrl: logo.url },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const items = new Map((await listed(editor, '?limit=100')).media.map((m) => [m._id, m]));
    expect(items.get(cover._id)?.usedBy).toEqual([
      { kind: 'article', _id: featured._id, title: 'Featured story' },
    ]);
    expect(items.get(inline._id)?.usedBy).toEqual([
      { kind: 'article', _id: draft._id, title: 'Draft with a picture' },
    ]);
    expect(items.get(logo._id)?.usedBy).toEqual(
      expect.arrayContaining([
        { kind: 'setting', setting: 'logoUrl' },
        { kind: 'setting', setting: 'shareImageUrl' },
      ]),
    );
    expect(items.get(logo._id)?.usedBy).toHaveLength(2);
    expect(items.get(unused._id)?.usedBy).toEqual([]);

    // The prune's own scan agrees with usedBy about every upload.
    const prunable = new Set(
      (await findUnusedMedia(t.database.db, { uploadedBefore: new Date(Date.now() + 60_000) })).map(
        (m) => m.id,
      ),
    );
    for (const item of items.values())
      expect(prunable.has(item._id), item.filename).toBe(item.usedBy.length === 0);
  });
});

describe('PUT /api/media/{id}', () => {
  let own: Uploaded;
  beforeAll(async () => {
    own = await uploaded(author, 'own.jpg');
  });

  it('lets an author change the alt text and caption of their own upload', async () => {
    const res = await put(author, own._id, { alt: '  A red bus in Delhi ', caption: 'Route 522' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: own._id,
      alt: 'A red bus in Delhi',
      caption: 'Route 522',
    });
    // Only what is sent changes.
    expect((await put(author, own._id, { caption: '' })).statusCode).toBe(200);
    expect(await stored(own._id)).toEqual({
      alt: 'A red bus in Delhi',
      caption: '',
      filename: 'own.jpg',
    });
  });

  it("refuses another author's upload (403) but lets editors and administrators change any", async () => {
    const before = await stored(own._id);
    const refused = await put(otherAuthor, own._id, { alt: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/only images they uploaded/);
    expect(await stored(own._id)).toEqual(before);
    expect((await put(editor, own._id, { alt: 'Edited by the desk' })).statusCode).toBe(200);
    expect((await put(admin, own._id, { caption: 'Admin caption' })).statusCode).toBe(200);
    expect(await stored(own._id)).toMatchObject({
      alt: 'Edited by the desk',
      caption: 'Admin caption',
    });
  });

  it('refuses bad input and strangers, changing nothing', async () => {
    const before = await stored(own._id);
    const cases: [TestUser | undefined, string, unknown, number][] = [
      [undefined, own._id, { alt: 'x' }, 401],
      [reader, own._id, { alt: 'x' }, 403],
      [editor, own._id, { alt: 'x'.repeat(301) }, 400],
      [editor, own._id, { caption: 'x'.repeat(301) }, 400],
      [editor, own._id, { alt: 5 }, 400],
      [editor, own._id, {}, 400],
      [editor, own._id, { alt: 'x', url: '/media/elsewhere.jpg' }, 400],
      [editor, 'not-an-id', { alt: 'x' }, 400],
      [editor, UNKNOWN_ID, { alt: 'x' }, 404],
    ];
    for (const [who, id, payload, status] of cases) {
      const res = await put(who, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect(await stored(own._id)).toEqual(before);
  });
});

describe('DELETE /api/media/{id}', () => {
  const filesOf = (m: Uploaded) => [m.url, ...m.variants.map((v) => v.url)];

  it('keeps an upload while anything uses it: 409 naming where, files untouched', async () => {
    const used = await uploaded(author, 'used.jpg');
    const article = await createArticle(t.app, author, categoryId, { imageUrl: used.url });
    const refused = await del(author, used._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This image is in use (1 article), so it was not deleted. Replace it there first.',
    );
    expect(await stored(used._id)).toBeDefined();
    for (const url of filesOf(used)) expect(await served(url), url).toBe(200);

    // Once the article is gone, nothing uses it and the author may delete it.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${article._id}`,
      headers: auth(author),
    });
    expect(gone.statusCode).toBe(200);
    expect((await del(author, used._id)).statusCode).toBe(200);
    expect(await stored(used._id)).toBeUndefined();
    for (const url of filesOf(used)) expect(await served(url), url).toBe(404);
  });

  it('says so when a setting uses it', async () => {
    const header = await uploaded(admin, 'header.jpg');
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { headerImageUrl: header.url },
    });
    expect(settings.statusCode).toBe(200);
    const refused = await del(admin, header._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('the site settings (headerImageUrl)');
    expect(await stored(header._id)).toBeDefined();
  });

  it("lets an author delete only their own unused uploads; editors delete anyone's", async () => {
    const mine = await uploaded(author, 'mine.jpg');
    const theirs = await uploaded(otherAuthor, 'theirs.jpg');
    const refused = await del(author, theirs._id);
    expect(refused.statusCode).toBe(403);
    expect(await stored(theirs._id)).toBeDefined();
    expect((await del(author, mine._id)).statusCode).toBe(200);
    expect(await stored(mine._id)).toBeUndefined();
    expect((await del(editor, theirs._id)).statusCode).toBe(200);
    expect(await stored(theirs._id)).toBeUndefined();
    for (const url of filesOf(theirs)) expect(await served(url), url).toBe(404);
  });

  it('refuses strangers, readers, bad and unknown ids, deleting nothing', async () => {
    const kept = await uploaded(editor, 'kept.jpg');
    expect((await del(undefined, kept._id)).statusCode).toBe(401);
    expect((await del(reader, kept._id)).statusCode).toBe(403);
    expect((await del(editor, 'nope')).statusCode).toBe(400);
    expect((await del(editor, UNKNOWN_ID)).statusCode).toBe(404);
    expect(await stored(kept._id)).toBeDefined();
    for (const url of filesOf(kept)) expect(await served(url), url).toBe(200);
  });
});

/*
 * Issue 44 item 5: an image is in use wherever a reader or a restore would look for it: a live
 * blog's entries, a person's photo, and every earlier version of an article (its revisions and
 * autosaves), not only the article as it stands. The delete refuses it (409) and the prune's
 * finder leaves it, by the same rule `usedBy` names.
 */
describe('uses beyond articles and settings (issue 44 item 5)', () => {
  const usesOf = async (filename: string) => {
    const [item] = (await listed(editor, `?q=${encodeURIComponent(filename)}`)).media;
    return item?.usedBy;
  };
  const prunable = async (id: string) =>
    (await findUnusedMedia(t.database.db, { uploadedBefore: new Date(Date.now() + 60_000) })).some(
      (m) => m.id === id,
    );
  const refusedAndKept = async (pic: Uploaded) => {
    const refused = await del(editor, pic._id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await stored(pic._id)).toBeDefined();
    for (const url of [pic.url, ...pic.variants.map((v) => v.url)])
      expect(await served(url), url).toBe(200);
    expect(await prunable(pic._id)).toBe(false);
  };

  it('keeps an image a live-blog entry shows', async () => {
    const pic = await uploaded(editor, 'live-entry.jpg');
    const blog = await createArticle(t.app, editor, categoryId, {
      name: 'Results live',
      liveBlog: true,
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${blog._id}/live`,
      headers: auth(editor),
      payload: { body: `<p>Scenes</p><p><img src="${pic.variants[0]?.url}" alt="x"></p>` },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await refusedAndKept(pic);
    expect(await usesOf('live-entry.jpg')).toEqual([
      { kind: 'live', _id: blog._id, title: 'Results live' },
    ]);
  });

  it('keeps an image that is a person’s photo', async () => {
    const pic = await uploaded(author, 'portrait.jpg');
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(author),
      payload: { photoUrl: pic.url },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await refusedAndKept(pic);
    expect(await usesOf('portrait.jpg')).toEqual([
      { kind: 'person', _id: author._id, name: 'Arun Author' },
    ]);
  });

  it('keeps an image only an earlier version holds, so restoring that version shows it', async () => {
    const pic = await uploaded(editor, 'first-cover.jpg');
    const article = await createArticle(t.app, editor, categoryId, {
      name: 'Changed cover',
      imageUrl: pic.url,
    });
    const replaced = await updateArticle(t.app, editor, article, {
      imageUrl: 'https://images.example.com/another.jpg',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await refusedAndKept(pic);
    expect(await usesOf('first-cover.jpg')).toEqual([
      { kind: 'history', _id: article._id, title: 'Changed cover' },
    ]);

    const { revisions } = (
      await t.app.inject({ url: `/api/articles/${article._id}/revisions`, headers: auth(editor) })
    ).json<{ revisions: { _id: string }[] }>();
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${article._id}/revisions/${revisions.at(-1)?._id}/restore`,
      headers: auth(editor),
      payload: { updatedAt: replaced.json().updatedAt },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().imageUrl).toBe(pic.url);
    expect(await served(pic.url)).toBe(200);
  });

  it('keeps an image only an autosave holds', async () => {
    const pic = await uploaded(editor, 'autosaved.jpg');
    const article = await createArticle(t.app, editor, categoryId, { name: 'Being written' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}/autosave`,
      headers: auth(editor),
      payload: {
        name: 'Being written',
        description: `<p>Draft</p><p><img src="${pic.url}" alt="y"></p>`,
        category: categoryId,
        basedOn: article.updatedAt,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await refusedAndKept(pic);
    expect(await usesOf('autosaved.jpg')).toEqual([
      { kind: 'history', _id: article._id, title: 'Being written' },
    ]);
  });
});
