/*
 * The rules that hold a comment (issue 42 item 3) through the API: a first comment, every
 * comment, two links, a blocked word entered once in Devanagari and written without its nukta
 * or in Latin letters, the same text twice, a young account; the sixth comment in a minute is
 * 429, counted in the database. A held comment is pending with its reason and readers do not
 * see it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comments } from '../../../db/schema/comments';
import { users } from '../../../db/schema/users';
import { paceKey } from '../../../server/modules/comments/comment-guards';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { commentCalls, confirmedReader } from '../../setup/comment-calls';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let story: { _id: string };
const c = commentCalls(() => t.app);
const HOUR = 3600_000;

/** Posts and answers the stored status and reason. */
const held = async (who: TestUser, body: string) => {
  const res = await c.post(who, story._id, { body });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db
    .select({ status: comments.status, reason: comments.reason })
    .from(comments)
    .where(eq(comments.id, res.json()._id));
  expect(row?.status).toBe(res.json().status);
  return row;
};

/** A reader with a proved address whose account is `ageMs` old. */
const readerAged = async (ageMs: number) => {
  const who = await confirmedReader(t.app);
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(users.id, who._id));
  return who;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin);
  story = await createArticle(t.app, admin, category._id);
  reader = await readerAged(2 * HOUR);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.services.rateLimits.reset(paceKey(reader._id));
});

describe('holding a comment for review', () => {
  it('holds a reader’s first comment until one is approved, then shows the next', async () => {
    expect(await held(reader, 'My first')).toEqual({ status: 'pending', reason: 'first' });
    expect((await c.list(story._id)).json().total).toBe(0);
    await t.database.db
      .update(comments)
      .set({ status: 'approved', reason: null })
      .where(eq(comments.authorId, reader._id));
    expect(await held(reader, 'My second')).toEqual({ status: 'approved', reason: null });
    expect((await c.list(story._id)).json().total).toBe(2);
  });

  it('holds two links, a blocked word in any spelling, a repeat and a young account', async () => {
    const set = await c.settings(admin, { blockedWords: ['ज़लील'], maxLinks: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(await held(reader, 'See https://a.org')).toEqual({ status: 'approved', reason: null });
    expect(await held(reader, 'https://a.org and https://b.org')).toMatchObject({
      reason: 'links',
    });
    for (const body of ['तुम ज़लील हो', 'तुम जलील हो', 'you are zaleel'])
      expect(await held(reader, body), body).toMatchObject({ reason: 'blockedWord' });
    await t.app.services.rateLimits.reset(paceKey(reader._id));
    expect(await held(reader, 'Said once')).toMatchObject({ status: 'approved' });
    expect(await held(reader, 'said ONCE')).toMatchObject({ reason: 'duplicate' });
    const young = await readerAged(10 * 60_000);
    expect(await held(young, 'Hello')).toMatchObject({ reason: 'accountAge' });

    // The list is for those who moderate: anyone else reads it empty, and no shared cache keeps it.
    const read = (headers = {}) => t.app.inject({ method: 'GET', url: '/api/settings', headers });
    const anonymous = await read();
    expect(anonymous.json().comments.blockedWords).toEqual([]);
    expect(anonymous.headers['cache-control']).toBe('private, no-cache');
    expect(anonymous.body).not.toContain('लील');
    expect((await read(auth(reader))).json().comments.blockedWords).toEqual([]);
    expect((await read(auth(admin))).json().comments.blockedWords).toEqual(['ज़लील']);
  });

  it('holds every comment when the settings say so, and none when they say none', async () => {
    await c.settings(admin, { hold: 'all' });
    expect(await held(reader, 'Held anyway')).toMatchObject({ reason: 'all' });
    await c.settings(admin, { hold: 'none', minAccountAgeMinutes: 0 });
    const fresh = await confirmedReader(t.app);
    expect(await held(fresh, 'Shown at once')).toEqual({ status: 'approved', reason: null });
    await c.settings(admin, { hold: 'first', minAccountAgeMinutes: 60 });
  });

  it('refuses the sixth comment in a minute with 429, counted in the database', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await c.post(reader, story._id, { body: `Quick ${i}` })).statusCode).toBe(201);
    const sixth = await c.post(reader, story._id, { body: 'Quick 6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'comment.too_fast', params: { count: 5 } });
    // Another reader is not slowed by this one.
    const other = await confirmedReader(t.app);
    expect((await c.post(other, story._id, { body: 'Not slowed' })).statusCode).toBe(201);
  });
});
