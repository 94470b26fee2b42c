/*
 * The permission matrix of DECISIONS.md §2: every write call (sign-up aside) and every admin
 * read, sent by every kind of caller. Each cell asserts the exact status, and that a refused
 * call left the database (and the media folder) exactly as it was.
 */
import { settleMediaJobs } from '../../setup/background-jobs';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { count, eq, getTableName, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adCreatives } from '../../../db/schema/ads';
import { commentBans, commentReports, comments } from '../../../db/schema/comments';
import { articles, categories } from '../../../db/schema/content';
import { media, mediaBlobs } from '../../../db/schema/media';
import { jobs } from '../../../db/schema/jobs';
import { articlePresence, articleRevisions } from '../../../db/schema/revisions';
import { siteSettings } from '../../../db/schema/site';
import { users } from '../../../db/schema/users';
import { memberSubscriptions, plans } from '../../../db/schema/payments';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  multipart,
  signUp,
  someAddress,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { shiftedClock } from '../../setup/clock';

const DAY_MS = 24 * 3600 * 1000;

/** A clock tests can move; it follows real time plus an offset. */
const time = shiftedClock();
const clock = time.clock;

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
/** Another author, who owns the articles the `author` caller tries to change. */
let owner: TestUser;
let reader: TestUser;
/** Moderates readers' comments and nothing else (issue 42 item 2). */
let moderator: TestUser;
/** An administrator's token issued eight days ago: seven-day tokens have expired. */
let expiredToken: string;
/** A token for the administrator, well formed but signed with a key the site does not have. */
let forgedToken: string;
let category: { _id: string };
let mediaFolder: string;

beforeAll(async () => {
  // No job runs by itself (an hourly one would change the rows between a refused call's two
  // snapshots); settleMediaJobs runs what is due before each "before".
  t = await createTestApp({}, { clock, pollJobs: false });
  mediaFolder = join(t.config.dataDir, 'media');
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  owner = await createUser(t.app, 'author');
  reader = await createUser(t.app, 'reader');
  moderator = await createUser(t.app, 'moderator');

  time.shift(-8 * DAY_MS);
  try {
    expiredToken = (await createUser(t.app, 'administrator')).token;
  } finally {
    time.shift(0);
  }

  const now = Math.floor(Date.now() / 1000);
  forgedToken = await new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin._id)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode('not-the-site-secret-but-long-enough-to-sign'));

  category = await createCategory(t.app, admin);
  // Something in every table, so "nothing changed" compares real rows.
  await createArticle(t.app, owner, category._id);
});
afterAll(async () => t.close());

const unique = () => randomBytes(4).toString('hex');
const db = () => t.app.services.database.db;

type ActorName =
  | 'no token'
  | 'garbage token'
  | 'forged token'
  | 'expired token'
  | 'reader'
  | 'moderator'
  | 'author'
  | 'editor'
  | 'administrator';

const ACTORS: ActorName[] = [
  'no token',
  'garbage token',
  'forged token',
  'expired token',
  'reader',
  'moderator',
  'author',
  'editor',
  'administrator',
];

function headersOf(actor: ActorName): Record<string, string> {
  switch (actor) {
    case 'no token':
      return {};
    case 'garbage token':
      return { authorization: 'Bearer not-a-token' };
    case 'forged token':
      return auth(forgedToken);
    case 'expired token':
      return auth(expiredToken);
    case 'reader':
      return auth(reader);
    case 'moderator':
      return auth(moderator);
    case 'author':
      return auth(author);
    case 'editor':
      return auth(editor);
    case 'administrator':
      return auth(admin);
  }
}

const userOf = (actor: ActorName): TestUser | undefined =>
  ({ reader, moderator, author, editor, administrator: admin })[actor as string] as
    TestUser | undefined;

/** The content tables a call could change, by name: every row of each is compared whole. */
const CONTENT_TABLES = [
  articles,
  categories,
  users,
  media,
  siteSettings,
  adCreatives,
  comments,
  commentReports,
  commentBans,
  jobs,
  plans,
  memberSubscriptions,
  articleRevisions,
  articlePresence,
].map((table) => getTableName(table));

/**
 * Everything a call could change: a digest of all rows of every content table (each row's whole
 * text, in a fixed order), the stored files' keys (not their bytes) and the media folder's
 * files. A digest per table, made by the database in one query, names the table that changed
 * as the rows themselves did, for a fraction of the work of reading and comparing them all.
 */
async function snapshot() {
  const digests = CONTENT_TABLES.map(
    (name) =>
      sql`SELECT ${name}::text AS name, md5(coalesce(string_agg(r::text, chr(10) ORDER BY r::text), '')) AS digest FROM ${sql.identifier(name)} r`,
  );
  digests.push(
    sql`SELECT ${getTableName(mediaBlobs)}::text AS name, md5(coalesce(string_agg(${mediaBlobs.key}, chr(10) ORDER BY ${mediaBlobs.key}), '')) AS digest FROM ${mediaBlobs}`,
  );
  const { rows } = (await db().execute(sql.join(digests, sql` UNION ALL `))) as unknown as {
    rows: { name: string; digest: string }[];
  };
  return {
    tables: Object.fromEntries(rows.map((r) => [r.name, r.digest])),
    files: existsSync(mediaFolder) ? readdirSync(mediaFolder, { recursive: true }).sort() : [],
  };
}

interface Prepared {
  request: InjectOptions;
  /** What a successful call must have done. */
  effect(res: LightMyRequestResponse, actor: ActorName): Promise<void>;
}

interface Call {
  name: string;
  /** The status each caller gets. */
  status: Record<ActorName, number>;
  prepare(): Promise<Prepared>;
}

const signedOut = {
  'no token': 401,
  'garbage token': 401,
  'forged token': 401,
  'expired token': 401,
};
const writers = {
  ...signedOut,
  reader: 403,
  moderator: 403,
  author: 201,
  editor: 201,
  administrator: 201,
};
const anyArticle = {
  ...signedOut,
  reader: 403,
  moderator: 403,
  author: 403,
  editor: 200,
  administrator: 200,
};
const editorsCreate = {
  ...signedOut,
  reader: 403,
  moderator: 403,
  author: 403,
  editor: 201,
  administrator: 201,
};
const editorsOnly = anyArticle;
/** Readers' comments are moderated by moderators, editors and administrators (issue 42). */
const moderators = {
  ...signedOut,
  reader: 403,
  moderator: 200,
  author: 403,
  editor: 200,
  administrator: 200,
};
const adminsOnly = {
  ...signedOut,
  reader: 403,
  moderator: 403,
  author: 403,
  editor: 403,
  administrator: 200,
};

/** A held comment of another reader on the owner's story, for the moderators' calls. */
async function heldComment(): Promise<string> {
  const [story] = await db().select({ id: articles.id }).from(articles).limit(1);
  const [made] = await db()
    .insert(comments)
    .values({ articleId: story!.id, authorId: owner._id, body: `Held ${unique()}`, reason: 'all' })
    .returning({ id: comments.id });
  return made!.id;
}
const statusOf = async (id: string) =>
  (await db().select({ status: comments.status }).from(comments).where(eq(comments.id, id)))[0]
    ?.status;

/** An image for house ads (issue 39 item 1), uploaded once. */
let adImage: string | undefined;
async function houseAd() {
  if (!adImage) adImage = (await upload(t.app, admin, await testImage(300, 250))).json()._id;
  return {
    name: `House ad ${unique()}`,
    imageId: adImage,
    link: 'https://example.in/offer',
    alt: 'An offer',
    positions: ['header'],
    weight: 1,
  };
}
async function storedAd(id: string) {
  const [row] = await db().select().from(adCreatives).where(eq(adCreatives.id, id));
  return row;
}
/** A house ad made by an administrator, for the calls that change one. */
async function madeAd() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ads/creatives',
    headers: auth(admin),
    payload: await houseAd(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

async function storedArticle(id: string) {
  const [row] = await db()
    .select({ name: articles.name, authorId: articles.authorId })
    .from(articles)
    .where(eq(articles.id, id));
  return row;
}

/** The revision an article's creation recorded. */
async function firstRevision(articleId: string): Promise<string> {
  const [row] = await db()
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId));
  if (!row) throw new Error('the article has no revision');
  return row.id;
}

async function storedCategory(id: string) {
  const [row] = await db()
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

const CALLS: Call[] = [
  {
    name: 'POST /api/articles/article',
    status: writers,
    async prepare() {
      const body = articleBody(category._id, { name: `New story ${unique()}` });
      return {
        request: { method: 'POST', url: '/api/articles/article', payload: body },
        async effect(res, actor) {
          const row = await storedArticle(res.json()._id);
          expect(row).toEqual({ name: body.name, authorId: userOf(actor)?._id });
        },
      };
    },
  },
  {
    name: "PUT /api/articles/{id} (someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id);
      const body = articleBody(category._id, { name: `Edited ${unique()}` });
      return {
        request: { method: 'PUT', url: `/api/articles/${article._id}`, payload: body },
        async effect() {
          expect(await storedArticle(article._id)).toEqual({
            name: body.name,
            authorId: owner._id,
          });
        },
      };
    },
  },
  {
    name: "DELETE /api/articles/delete/{id} (someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id);
      return {
        request: { method: 'DELETE', url: `/api/articles/delete/${article._id}` },
        async effect(res) {
          expect(res.json()).toEqual({ message: `Article "${article.name}" deleted.` });
          expect(await storedArticle(article._id)).toBeUndefined();
        },
      };
    },
  },
  {
    name: "POST /api/articles/{id}/status (someone else's article back to draft, with a note)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id, { status: 'pending' });
      const note = `Check the figures ${unique()}`;
      return {
        request: {
          method: 'POST',
          url: `/api/articles/${article._id}/status`,
          payload: { status: 'draft', note },
        },
        async effect() {
          const [row] = await db()
            .select({ status: articles.status, reviewNote: articles.reviewNote })
            .from(articles)
            .where(eq(articles.id, article._id));
          expect(row).toEqual({ status: 'draft', reviewNote: note });
        },
      };
    },
  },
  {
    name: "POST /api/articles/{id}/status (scheduling someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id, { status: 'pending' });
      const publishedAt = new Date(Date.now() + DAY_MS).toISOString();
      return {
        request: {
          method: 'POST',
          url: `/api/articles/${article._id}/status`,
          payload: { status: 'published', publishedAt },
        },
        async effect() {
          const [row] = await db()
            .select({ runAt: jobs.runAt, doneAt: jobs.doneAt })
            .from(jobs)
            .where(eq(jobs.subjectId, article._id));
          expect(row).toEqual({ runAt: new Date(publishedAt), doneAt: null });
        },
      };
    },
  },
  {
    name: "POST /api/articles/{id}/preview (someone else's draft)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id, { status: 'draft' });
      return {
        request: { method: 'POST', url: `/api/articles/${article._id}/preview` },
        async effect(res) {
          expect(res.json().url).toMatch(/\/preview\/[0-9a-f.-]+$/);
        },
      };
    },
  },
  {
    name: "GET /api/articles/{id}/revisions (someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id);
      return {
        request: { method: 'GET', url: `/api/articles/${article._id}/revisions` },
        async effect(res) {
          expect(res.json().revisions).toHaveLength(1);
        },
      };
    },
  },
  {
    name: "GET /api/articles/{id}/revisions/{revisionId} (someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id);
      const revisionId = await firstRevision(article._id);
      return {
        request: { method: 'GET', url: `/api/articles/${article._id}/revisions/${revisionId}` },
        async effect(res) {
          expect(res.json().content.name).toBe(article.name);
        },
      };
    },
  },
  {
    name: "POST /api/articles/{id}/revisions/{revisionId}/restore (someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id);
      const revisionId = await firstRevision(article._id);
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${article._id}`,
        headers: auth(owner),
        payload: articleBody(category._id, { name: `Edited ${unique()}` }),
      });
      return {
        request: {
          method: 'POST',
          url: `/api/articles/${article._id}/revisions/${revisionId}/restore`,
          payload: { updatedAt: edited.json().updatedAt },
        },
        async effect() {
          expect((await storedArticle(article._id))?.name).toBe(article.name);
        },
      };
    },
  },
  {
    name: "PUT /api/articles/{id}/autosave (someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id);
      return {
        request: {
          method: 'PUT',
          url: `/api/articles/${article._id}/autosave`,
          payload: { name: 'Half typed', basedOn: article.updatedAt },
        },
        async effect(res) {
          expect(res.json().kind).toBe('autosave');
          expect((await storedArticle(article._id))?.name).toBe(article.name);
        },
      };
    },
  },
  {
    name: "POST /api/articles/{id}/presence (someone else's article)",
    status: anyArticle,
    async prepare() {
      const article = await createArticle(t.app, owner, category._id);
      return {
        request: { method: 'POST', url: `/api/articles/${article._id}/presence` },
        async effect(res) {
          expect(res.json()).toEqual({ editors: [] });
        },
      };
    },
  },
  {
    name: 'POST /api/categories/addCategory',
    status: editorsCreate,
    async prepare() {
      const name = `Section ${unique()}`;
      return {
        request: {
          method: 'POST',
          url: '/api/categories/addCategory',
          payload: { name, description: 'x', isHome: false },
        },
        async effect(res) {
          expect(await storedCategory(res.json()._id)).toEqual({ name });
        },
      };
    },
  },
  {
    name: 'PUT /api/categories/edit',
    status: editorsOnly,
    async prepare() {
      const made = await createCategory(t.app, admin);
      const name = `Renamed ${unique()}`;
      return {
        request: {
          method: 'PUT',
          url: '/api/categories/edit',
          payload: { _id: made._id, name, description: 'y', isHome: true },
        },
        async effect() {
          expect(await storedCategory(made._id)).toEqual({ name });
        },
      };
    },
  },
  {
    name: 'DELETE /api/categories/delete/{id}',
    status: editorsOnly,
    async prepare() {
      const made = await createCategory(t.app, admin);
      return {
        request: { method: 'DELETE', url: `/api/categories/delete/${made._id}` },
        async effect() {
          expect(await storedCategory(made._id)).toBeUndefined();
        },
      };
    },
  },
  {
    name: 'POST /api/media',
    status: writers,
    async prepare() {
      const body = multipart([
        {
          name: 'file',
          filename: 'a.png',
          contentType: 'image/png',
          data: await testImage(450, 300, 'png'),
        },
        { name: 'upload_preset', data: 'ml_default' },
      ]);
      return {
        request: {
          method: 'POST',
          url: '/api/media',
          headers: body.headers,
          payload: body.payload,
        },
        async effect(res, actor) {
          const [row] = await db()
            .select({ uploadedBy: media.uploadedBy })
            .from(media)
            .where(eq(media.id, res.json()._id));
          expect(row).toEqual({ uploadedBy: userOf(actor)?._id });
        },
      };
    },
  },
  {
    name: 'PUT /api/settings',
    status: adminsOnly,
    async prepare() {
      const siteName = `Patrika ${unique()}`;
      return {
        request: { method: 'PUT', url: '/api/settings', payload: { siteName } },
        async effect() {
          expect((await t.app.services.settings.get()).siteName).toBe(siteName);
        },
      };
    },
  },
  {
    name: 'PUT /api/users/{id}/role',
    status: adminsOnly,
    async prepare() {
      const target = await signUp(t.app);
      return {
        request: {
          method: 'PUT',
          url: `/api/users/${target._id}/role`,
          payload: { role: 'editor' },
        },
        async effect() {
          const [row] = await db()
            .select({ role: users.role })
            .from(users)
            .where(eq(users.id, target._id));
          expect(row).toEqual({ role: 'editor' });
        },
      };
    },
  },
  {
    name: 'PUT /api/users/{id}/password',
    status: adminsOnly,
    async prepare() {
      const target = await signUp(t.app);
      const password = `new password ${unique()}`;
      return {
        request: {
          method: 'PUT',
          url: `/api/users/${target._id}/password`,
          payload: { password },
        },
        async effect() {
          const signIn = (pw: string) =>
            t.app.inject({
              method: 'POST',
              url: '/api/users/signin',
              payload: { email: target.email, password: pw },
              remoteAddress: someAddress(),
            });
          expect((await signIn(password)).statusCode).toBe(200);
          expect((await signIn(target.password)).statusCode).toBe(401);
          // The old session ended with the old password.
          const me = await t.app.inject({ url: '/api/users/me', headers: auth(target) });
          expect(me.statusCode).toBe(401);
        },
      };
    },
  },
  {
    name: 'GET /api/articles/admin-article',
    // Authors see the list, of their own articles only.
    status: {
      ...signedOut,
      reader: 403,
      moderator: 403,
      author: 200,
      editor: 200,
      administrator: 200,
    },
    async prepare() {
      await createArticle(t.app, author, category._id, { status: 'draft' });
      return {
        request: { method: 'GET', url: '/api/articles/admin-article?page=1&limit=100' },
        async effect(res, actor) {
          const list = res.json().articles as { author: { _id: string } | null }[];
          const authors = [...new Set(list.map((a) => a.author?._id))];
          if (actor === 'author') expect(authors).toEqual([author._id]);
          else expect(authors).toEqual(expect.arrayContaining([owner._id, author._id]));
        },
      };
    },
  },
  {
    name: 'GET /api/articles/admin-article with another author’s id',
    // The filters never widen what an author sees: someone else's articles give an empty page.
    status: {
      ...signedOut,
      reader: 403,
      moderator: 403,
      author: 200,
      editor: 200,
      administrator: 200,
    },
    async prepare() {
      return {
        request: {
          method: 'GET',
          url: `/api/articles/admin-article?page=1&limit=100&authorId=${owner._id}&sort=updated`,
        },
        async effect(res, actor) {
          const list = res.json().articles as { author: { _id: string } | null }[];
          if (actor === 'author') expect(res.json().totalArticles).toBe(0);
          else expect(list.length).toBeGreaterThan(0);
          expect(list.every((a) => a.author?._id === owner._id)).toBe(true);
        },
      };
    },
  },
  {
    name: 'GET /api/stats/dashboard',
    // Authors see their own numbers and pieces; editors and up the whole site's.
    status: {
      ...signedOut,
      reader: 403,
      moderator: 403,
      author: 200,
      editor: 200,
      administrator: 200,
    },
    async prepare() {
      return {
        request: { method: 'GET', url: '/api/stats/dashboard' },
        async effect(res, actor) {
          expect(res.json().scope).toBe(actor === 'author' ? 'own' : 'site');
          if (actor === 'author') expect(res.json().reviewQueue.total).toBe(0);
        },
      };
    },
  },
  {
    name: 'GET /api/articles/review-queue',
    // Editors count what waits for review; an author, what was sent back to them.
    status: {
      ...signedOut,
      reader: 403,
      moderator: 403,
      author: 200,
      editor: 200,
      administrator: 200,
    },
    async prepare() {
      await createArticle(t.app, owner, category._id, { status: 'pending' });
      return {
        request: { method: 'GET', url: '/api/articles/review-queue' },
        async effect(res, actor) {
          if (actor === 'author') expect(res.json()).toEqual({ awaiting: 0, kind: 'sentBack' });
          else expect(res.json()).toEqual({ awaiting: expect.any(Number), kind: 'review' });
          if (actor !== 'author') expect(res.json().awaiting).toBeGreaterThan(0);
        },
      };
    },
  },
  {
    name: 'GET /api/categories/admin-categories',
    status: editorsOnly,
    async prepare() {
      return {
        request: { method: 'GET', url: '/api/categories/admin-categories?page=1&limit=10' },
        async effect(res) {
          expect(res.json()).toEqual(
            expect.objectContaining({ categories: expect.any(Array), currentPage: 1 }),
          );
        },
      };
    },
  },
  {
    name: 'GET /api/users',
    status: adminsOnly,
    async prepare() {
      return {
        // Every test above may add users: ask for a page that holds them all.
        request: { method: 'GET', url: '/api/users?limit=100' },
        async effect(res) {
          const ids = (res.json().users as { _id: string }[]).map((u) => u._id);
          expect(ids).toEqual(expect.arrayContaining([admin._id, reader._id]));
        },
      };
    },
  },
  {
    name: 'POST /api/ads/creatives',
    status: editorsCreate,
    async prepare() {
      const payload = await houseAd();
      return {
        request: { method: 'POST', url: '/api/ads/creatives', payload },
        async effect(res, actor) {
          expect(await storedAd(res.json()._id)).toMatchObject({
            name: payload.name,
            createdBy: userOf(actor)?._id,
          });
        },
      };
    },
  },
  {
    name: 'GET /api/ads/creatives',
    status: editorsOnly,
    async prepare() {
      const ad = await madeAd();
      return {
        request: { method: 'GET', url: '/api/ads/creatives' },
        async effect(res) {
          expect((res.json() as { _id: string }[]).map((c) => c._id)).toContain(ad._id);
        },
      };
    },
  },
  {
    name: 'PUT /api/ads/creatives/{id}',
    status: editorsOnly,
    async prepare() {
      const ad = await madeAd();
      const payload = { ...(await houseAd()), name: `Changed ${unique()}` };
      return {
        request: { method: 'PUT', url: `/api/ads/creatives/${ad._id}`, payload },
        async effect() {
          expect((await storedAd(ad._id))?.name).toBe(payload.name);
        },
      };
    },
  },
  {
    name: 'DELETE /api/ads/creatives/{id}',
    status: editorsOnly,
    async prepare() {
      const ad = await madeAd();
      return {
        request: { method: 'DELETE', url: `/api/ads/creatives/${ad._id}` },
        async effect() {
          expect(await storedAd(ad._id)).toBeUndefined();
        },
      };
    },
  },
  {
    name: 'GET /api/stats',
    status: editorsOnly,
    async prepare() {
      return {
        request: { method: 'GET', url: '/api/stats' },
        async effect(res) {
          const [row] = await db().select({ n: count() }).from(users);
          expect(res.json().users).toBe(Number(row?.n));
        },
      };
    },
  },
  {
    name: 'POST /api/plans',
    status: { ...adminsOnly, administrator: 201 },
    async prepare() {
      const name = `Plan ${unique()}`;
      const payload = {
        name,
        interval: 'month',
        amount: 9900,
        currency: 'INR',
        access: 'members',
        active: true,
      };
      return {
        request: { method: 'POST', url: '/api/plans', payload },
        async effect(res) {
          const [row] = await db().select().from(plans).where(eq(plans.id, res.json()._id));
          expect(row?.name).toBe(name);
        },
      };
    },
  },
  {
    name: 'GET /api/plans/admin-plans',
    status: adminsOnly,
    async prepare() {
      return {
        request: { method: 'GET', url: '/api/plans/admin-plans' },
        async effect(res) {
          expect(res.json()).toEqual(expect.any(Array));
        },
      };
    },
  },
  {
    name: 'POST /api/members/{userId}/complimentary',
    status: { ...adminsOnly, administrator: 201 },
    async prepare() {
      const guest = await createUser(t.app, 'reader');
      return {
        request: { method: 'POST', url: `/api/members/${guest._id}/complimentary`, payload: {} },
        async effect(res) {
          expect(res.json()).toMatchObject({ status: 'active', provider: 'complimentary' });
        },
      };
    },
  },
  {
    name: 'GET /api/members',
    status: adminsOnly,
    async prepare() {
      return {
        request: { method: 'GET', url: '/api/members?status=active' },
        async effect(res) {
          expect(res.json()).toEqual(expect.any(Array));
        },
      };
    },
  },
  {
    name: 'GET /api/members/summary',
    status: adminsOnly,
    async prepare() {
      return {
        request: { method: 'GET', url: '/api/members/summary' },
        async effect(res) {
          expect(res.json().activeMembers).toEqual(expect.any(Number));
        },
      };
    },
  },
  {
    name: 'GET /api/me/membership',
    status: {
      ...signedOut,
      reader: 200,
      moderator: 200,
      author: 200,
      editor: 200,
      administrator: 200,
    },
    async prepare() {
      return {
        request: { method: 'GET', url: '/api/me/membership' },
        async effect(res) {
          expect(res.json().status).toEqual(expect.any(String));
        },
      };
    },
  },
];

CALLS.push(
  {
    name: 'GET /api/comments (the moderation queue)',
    status: moderators,
    async prepare() {
      const id = await heldComment();
      return {
        request: { method: 'GET', url: '/api/comments?status=pending' },
        async effect(res) {
          expect(res.json().comments.map((c: { _id: string }) => c._id)).toContain(id);
        },
      };
    },
  },
  {
    name: 'PUT /api/comments/{id}/status',
    status: moderators,
    async prepare() {
      const id = await heldComment();
      return {
        request: { method: 'PUT', url: `/api/comments/${id}/status`, payload: { status: 'spam' } },
        async effect() {
          expect(await statusOf(id)).toBe('spam');
        },
      };
    },
  },
  {
    name: 'POST /api/comments/moderate',
    status: moderators,
    async prepare() {
      const id = await heldComment();
      return {
        request: {
          method: 'POST',
          url: '/api/comments/moderate',
          payload: { ids: [id], status: 'rejected' },
        },
        async effect(res) {
          expect(res.json()).toEqual({ updated: 1 });
          expect(await statusOf(id)).toBe('rejected');
        },
      };
    },
  },
  {
    name: 'POST /api/users/{id}/ban',
    status: moderators,
    async prepare() {
      const target = await createUser(t.app, 'reader');
      return {
        request: {
          method: 'POST',
          url: `/api/users/${target._id}/ban`,
          payload: { reason: 'Insults' },
        },
        async effect() {
          const bans = await db()
            .select()
            .from(commentBans)
            .where(eq(commentBans.userId, target._id));
          expect(bans.map((b) => b.reason)).toEqual(['Insults']);
        },
      };
    },
  },
  {
    name: 'DELETE /api/comments/{id} (someone else’s)',
    status: moderators,
    async prepare() {
      const id = await heldComment();
      return {
        request: { method: 'DELETE', url: `/api/comments/${id}` },
        async effect() {
          expect(await statusOf(id)).toBeUndefined();
        },
      };
    },
  },
);

describe.each(CALLS)('$name', (call) => {
  it.each(ACTORS)(`as %s`, async (actor) => {
    const expected = call.status[actor];
    const { request, effect } = await call.prepare();
    // Earlier uploads' AVIF jobs are done before "before", so none lands in the middle.
    await settleMediaJobs(t.app);
    const before = await snapshot();
    const res = await t.app.inject({
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...headersOf(actor) },
    });
    expect(res.statusCode, res.body).toBe(expected);
    if (expected < 400) {
      await effect(res, actor);
      return;
    }
    if (expected === 401)
      expect(res.json()).toEqual({
        message: 'Not signed in, or the session has expired.',
        code: 'auth.signed_out',
      });
    else {
      // Every refusal names its code (issue 36 item 2), with its params when its text has any.
      const body = res.json();
      expect(body).toEqual({
        message: expect.any(String),
        code: expect.any(String),
        ...(body.params ? { params: expect.any(Object) } : {}),
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the matrix is sound', () => {
  it('the expired token was accepted while it was fresh', async () => {
    time.shift(-8 * DAY_MS + 3600_000);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: auth(expiredToken),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe('administrator');
    } finally {
      time.shift(0);
    }
  });

  it('a token expires after seven days, not before', async () => {
    // A token issued now: the matrix above takes minutes on a busy machine, so a token from
    // beforeAll would be more than a minute old by here.
    const editor = await createUser(t.app, 'editor');
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/articles/admin-article',
      headers: auth(editor),
    });
    expect(fresh.statusCode).toBe(200);
    time.shift(7 * DAY_MS - 60_000);
    try {
      const almost = await t.app.inject({
        method: 'GET',
        url: '/api/articles/admin-article',
        headers: auth(editor),
      });
      expect(almost.statusCode).toBe(200);
      time.shift(7 * DAY_MS + 60_000);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/articles/admin-article',
        headers: auth(editor),
      });
      expect(after.statusCode).toBe(401);
    } finally {
      time.shift(0);
    }
  });

  it('an author may edit and delete their own article', async () => {
    const own = await createArticle(t.app, author, category._id);
    const name = `My edit ${unique()}`;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${own._id}`,
      headers: auth(author),
      payload: articleBody(category._id, { name }),
    });
    expect(edit.statusCode).toBe(200);
    expect((await storedArticle(own._id))?.name).toBe(name);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${own._id}`,
      headers: auth(author),
    });
    expect(del.statusCode).toBe(200);
    expect(await storedArticle(own._id)).toBeUndefined();
  });

  it('an author may not publish under someone else’s name', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(author),
      payload: articleBody(category._id, { author: owner._id }),
    });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('an author may not move someone else’s article to themselves', async () => {
    const theirs = await createArticle(t.app, owner, category._id);
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${theirs._id}`,
      headers: auth(author),
      payload: articleBody(category._id, { author: author._id }),
    });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
