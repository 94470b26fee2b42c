/*
 * Author pages and bylines (issue 12 item 3): every writer has a slug, a bio and a photo, a page
 * at /author/{slug} with their stories and a feed, and articles link to it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { users } from '../../../db/schema/users';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';

let t: TestApp;
let admin: TestUser;
let writer: TestUser;
let reader: TestUser;
let category: Awaited<ReturnType<typeof createCategory>>;
let story: Awaited<ReturnType<typeof createArticle>>;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const putMe = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me', headers: auth(user), payload });
const authors = async () =>
  (await get('/api/users/authors')).json<
    { _id: string; name: string; slug: string; bio: string; photoUrl: string }[]
  >();
const slugOf = async (id: string) => (await authors()).find((a) => a._id === id)?.slug;

/** Every JSON-LD block of a page, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  writer = await createUser(t.app, 'author', { name: 'राम शर्मा' });
  reader = await createUser(t.app, 'reader', { name: 'Quiet Reader' });
  category = await createCategory(t.app, admin);
  story = await createArticle(t.app, writer, category._id, { name: 'Monsoon arrives early' });
});
afterAll(async () => t?.close());

describe('author profiles in the API', () => {
  it('gives every writer a transliterated, unique slug, listed with bio and photo', async () => {
    const namesake = await createUser(t.app, 'author', { name: 'राम शर्मा' });
    const list = await authors();
    const mine = list.find((a) => a._id === writer._id);
    expect(mine).toEqual({
      _id: writer._id,
      name: 'राम शर्मा',
      slug: 'ram-sharma',
      bio: '',
      photoUrl: '',
    });
    expect(list.find((a) => a._id === namesake._id)?.slug).toBe('ram-sharma-2');
    // Readers do not write: they are not authors.
    expect(list.some((a) => a._id === reader._id)).toBe(false);
  });

  it('lets people edit their own slug, bio and photo on /profile’s call', async () => {
    const someone = await createUser(t.app, 'author', { name: 'Asha Rao' });
    const res = await putMe(someone, {
      slug: 'Asha Rao Writes',
      bio: 'Reports on cities.',
      photoUrl: 'https://images.example.com/asha.jpg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = (await get('/api/users/authors')).json<{ _id: string }[]>();
    expect(me.find((a) => a._id === someone._id)).toEqual({
      _id: someone._id,
      name: 'Asha Rao',
      slug: 'asha-rao-writes',
      bio: 'Reports on cities.',
      photoUrl: 'https://images.example.com/asha.jpg',
    });
  });

  it('refuses a slug another author has, and a photo from elsewhere over http, changing nothing', async () => {
    const someone = await createUser(t.app, 'author', { name: 'Vikram Singh' });
    const before = await slugOf(someone._id);
    const taken = await putMe(someone, { slug: 'ram-sharma', bio: 'changed' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Another author already uses the slug "ram-sharma". Choose another one.',
      code: 'user.slug_taken',
      params: { slug: 'ram-sharma' },
    });
    const badPhoto = await putMe(someone, { photoUrl: 'http://example.com/a.jpg' });
    expect(badPhoto.statusCode).toBe(400);
    expect(badPhoto.json().errors).toEqual([
      {
        path: 'body.photoUrl',
        message: 'photoUrl must be an uploaded image, an https address or empty',
        code: 'user.photo_url_invalid',
      },
    ]);
    const empty = await putMe(someone, { slug: '।।' });
    expect(empty.statusCode).toBe(400);
    const row = (await authors()).find((a) => a._id === someone._id);
    expect(row).toMatchObject({ slug: before, bio: '', photoUrl: '' });
  });

  it('lets an administrator, and only an administrator, edit someone’s profile', async () => {
    const someone = await createUser(t.app, 'author', { name: 'Meera Iyer' });
    const url = `/api/users/${someone._id}/profile`;
    const payload = { slug: 'meera', bio: 'Science desk.' };
    const refused = await t.app.inject({ method: 'PUT', url, headers: auth(writer), payload });
    expect(refused.statusCode).toBe(403);
    expect(await slugOf(someone._id)).toBe('meera-iyer');
    const res = await t.app.inject({ method: 'PUT', url, headers: auth(admin), payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: someone._id, slug: 'meera', bio: 'Science desk.' });
    const nothing = await t.app.inject({ method: 'PUT', url, headers: auth(admin), payload: {} });
    expect(nothing.statusCode).toBe(400);
  });

  it('gives users without a slug (from before slugs existed) one at start-up', async () => {
    const someone = await createUser(t.app, 'author', { name: 'पुराना लेखक' });
    const db = t.app.services.database.db;
    await db
      .update(users)
      .set({ slug: `_${someone._id}` })
      .where(eq(users.id, someone._id));
    expect(await t.app.services.users.assignMissingSlugs()).toBe(1);
    expect(await slugOf(someone._id)).toBe('purana-lekhak');
    expect(await t.app.services.users.assignMissingSlugs()).toBe(0);
  });
});

describe('/profile', () => {
  const profilePage = (who: TestUser) =>
    t.app.inject({
      method: 'GET',
      url: '/profile',
      headers: { cookie: `patrika_token=${who.token}` },
    });

  it('shows a writer their author page’s slug, bio and photo to edit, with a link to it', async () => {
    const someone = await createUser(t.app, 'author', { name: 'Kavya Nair' });
    await putMe(someone, { bio: 'Sports desk.' });
    const res = await profilePage(someone);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<input[^>]*name="slug"[^>]*value="kavya-nair"/);
    expect(res.body).toMatch(/<textarea[^>]*name="bio"[^>]*>Sports desk.<\/textarea>/);
    expect(res.body).toMatch(/<input[^>]*name="photoUrl"/);
    expect(res.body).toContain('href="/author/kavya-nair"');
  });

  it('shows a reader, who has no author page, none of it', async () => {
    const res = await profilePage(reader);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/name="slug"/);
    expect(res.body).not.toMatch(/name="bio"/);
  });
});

describe('the author page', () => {
  it('shows the name, bio, photo and stories, with a feed link and Person JSON-LD', async () => {
    await putMe(writer, {
      bio: 'मौसम और खेती पर लिखते हैं।',
      photoUrl: '/media/2026/01/x/original.jpg',
    });
    const res = await get('/author/ram-sharma');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>राम शर्मा<\/h1>/);
    expect(res.body).toContain('मौसम और खेती पर लिखते हैं।');
    expect(res.body).toMatch(
      /<img[^>]*src="\/media\/2026\/01\/x\/original.jpg"[^>]*alt="Photo of राम शर्मा"/,
    );
    expect(res.body).toContain(`href="${articlePath(story)}"`);
    expect(res.body).toContain(
      `<link rel="alternate" type="application/rss+xml" href="${PUBLIC_URL}/author/ram-sharma/feed.xml"`,
    );
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/author/ram-sharma"/>`);
    const profile = jsonLd(res.body).find((b) => b['@type'] === 'ProfilePage');
    expect(profile?.mainEntity).toEqual({
      '@type': 'Person',
      name: 'राम शर्मा',
      url: `${PUBLIC_URL}/author/ram-sharma`,
      description: 'मौसम और खेती पर लिखते हैं।',
      image: `${PUBLIC_URL}/media/2026/01/x/original.jpg`,
    });
  });

  it('pages the stories nine at a time; a page past the end is 404', async () => {
    const prolific = await createUser(t.app, 'author', { name: 'Prolific Writer' });
    for (let i = 0; i < 10; i++) await createArticle(t.app, prolific, category._id);
    const first = await get('/author/prolific-writer');
    expect(first.body).toContain('href="/author/prolific-writer?page=2"');
    expect((await get('/author/prolific-writer?page=2')).statusCode).toBe(200);
    expect((await get('/author/prolific-writer?page=3')).statusCode).toBe(404);
  });

  it('is 404 for an unknown slug and for a reader (who writes nothing)', async () => {
    expect((await get('/author/nobody-here')).statusCode).toBe(404);
    expect((await get(`/author/${await readerSlug()}`)).statusCode).toBe(404);
    expect((await get('/author/nobody-here/feed.xml')).statusCode).toBe(404);
  });

  it('has an RSS feed of the author’s stories only', async () => {
    const other = await createArticle(t.app, admin, category._id, { name: 'Not by Ram' });
    const res = await get('/author/ram-sharma/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<title>राम शर्मा | ');
    expect(res.body).toContain(`${PUBLIC_URL}${articlePath(story)}`);
    expect(res.body).not.toContain(articlePath(other));
    expect(res.body).toContain(
      `<atom:link href="${PUBLIC_URL}/author/ram-sharma/feed.xml" rel="self"`,
    );
  });

  it('articles carry a byline linking to their author’s page', async () => {
    const res = await get(articlePath(story));
    expect(res.body).toMatch(/By <a[^>]*href="\/author\/ram-sharma"[^>]*>राम शर्मा<\/a>/);
  });
});

async function readerSlug() {
  const [row] = await t.app.services.database.db
    .select({ slug: users.slug })
    .from(users)
    .where(eq(users.id, reader._id));
  return row?.slug ?? '';
}
