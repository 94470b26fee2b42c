/*
 * Moderating comments (issue 42 item 2): moderators, editors and administrators read the queue (each held
 * comment with its story, reader and reason), approve or refuse one, or many at once; readers
 * and authors may not. Approving records the event that refreshes the story's page; a held
 * comment records none that touches a kept page.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { events } from '../../../db/schema/events';
import {
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { commentCalls, confirmedReader } from '../../setup/comment-calls';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reader: TestUser;
let story: { _id: string; name: string };
let otherStory: { _id: string };
const c = commentCalls(() => t.app);

const post = async (articleId: string, body: string) => {
  const res = await c.post(reader, articleId, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
};
const eventOf = async (type: string, id: string) =>
  (
    await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, type), eq(events.subjectId, id)))
  ).at(-1);
const shownIds = async (articleId: string) =>
  (await c.list(articleId)).json().comments.map((x: { _id: string }) => x._id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  reader = await confirmedReader(t.app, 'Ravi');
  const category = await createCategory(t.app, admin);
  story = await createArticle(t.app, admin, category._id);
  otherStory = await createArticle(t.app, admin, category._id);
  // Every comment waits: the queue is what this file is about.
  await c.settings(admin, { hold: 'all', minAccountAgeMinutes: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('the moderator role (issue 42 item 2)', () => {
  it('is given with PUT /api/users/{id}/role, moderates comments and reads the blocked words', async () => {
    const someone = await createUser(t.app, 'reader');
    const given = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${someone._id}/role`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { role: 'moderator' },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().role).toBe('moderator');
    const moderator = { ...someone, role: 'moderator' as const };
    await c.settings(admin, { blockedWords: ['ज़लील'] });
    // Another reader on another story: the queue's counts below are about `reader`'s.
    const category = await createCategory(t.app, admin);
    const elsewhere = await createArticle(t.app, admin, category._id);
    const posted = await c.post(await confirmedReader(t.app, 'Mira'), elsewhere._id, {
      body: 'For the moderator',
    });
    const id = posted.json()._id as string;
    const queue = await c.queue(moderator, `?article=${elsewhere._id}`);
    expect(queue.json().comments.map((x: { _id: string }) => x._id)).toEqual([id]);
    expect((await c.setStatus(moderator, id, 'rejected')).statusCode).toBe(200);
    const seen = await t.app.inject({
      url: '/api/settings',
      headers: { authorization: `Bearer ${moderator.token}` },
    });
    expect(seen.json().comments.blockedWords).toEqual(['ज़लील']);
    const author = await createUser(t.app, 'author');
    const unseen = await t.app.inject({
      url: '/api/settings',
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(unseen.json().comments.blockedWords).toEqual([]);
    await c.settings(admin, { blockedWords: [] });
  });
});

describe('the moderation queue', () => {
  it('is for editors and administrators only', async () => {
    const author = await createUser(t.app, 'author');
    for (const who of [reader, author]) {
      const res = await c.queue(who);
      expect([res.statusCode, res.json().code]).toEqual([403, 'auth.role_required']);
      expect((await c.setStatus(who, story._id, 'approved')).statusCode).toBe(403);
      expect((await c.moderate(who, [story._id], 'approved')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/comments' })).statusCode).toBe(401);
    expect((await c.queue(admin)).statusCode).toBe(200);
  });

  it('lists held comments with their story, reader and reason, by status and story', async () => {
    const id = await post(story._id, 'Waiting <i>here</i>');
    await post(otherStory._id, 'Elsewhere');
    const queue = (await c.queue(editor, `?article=${story._id}`)).json();
    expect(queue).toMatchObject({ total: 1, currentPage: 1, totalPages: 1 });
    expect(queue.comments[0]).toMatchObject({
      _id: id,
      text: 'Waiting <i>here</i>',
      body: '<p>Waiting &lt;i&gt;here&lt;/i&gt;</p>',
      status: 'pending',
      reason: 'all',
      article: { _id: story._id, title: story.name },
      author: { _id: reader._id, name: 'Ravi', staff: false },
    });
    expect((await c.queue(editor)).json().total).toBe(2);
    expect((await c.queue(editor, '?status=approved')).json().total).toBe(0);
    // `reported` lists comments readers reported (reports.test.ts); none here.
    expect((await c.queue(editor, '?status=reported')).json().total).toBe(0);
    expect((await c.queue(editor, '?status=held')).statusCode).toBe(400);
    expect(queue.comments[0].reportCount).toBe(0);
    // Held: no kept page showed it, so its event touches none.
    expect((await eventOf('comment.created', id))?.cache).toBeNull();
  });

  it('approves one: readers see it, and the story’s page is refreshed', async () => {
    const id = await post(story._id, 'Approve me');
    expect(await shownIds(story._id)).not.toContain(id);
    const res = await c.setStatus(editor, id, 'approved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: id, status: 'approved' });
    expect(await shownIds(story._id)).toContain(id);
    const event = await eventOf('comment.moderated', id);
    expect(event?.data).toEqual({ articleId: story._id, status: 'approved' });
    expect(event?.cache?.stale).toEqual([CacheTags.articlePage(story._id)]);
    // Taken away again: the page is refreshed again.
    expect((await c.setStatus(admin, id, 'rejected')).statusCode).toBe(200);
    expect(await shownIds(story._id)).not.toContain(id);
    expect((await eventOf('comment.moderated', id))?.data).toMatchObject({ status: 'rejected' });
    const unknown = await c.setStatus(editor, '00000000-0000-4000-8000-000000000000', 'approved');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'comment.not_found']);
    expect((await c.setStatus(editor, id, 'shown')).statusCode).toBe(400);
  });

  it('moves many at once, passing over ids that name no comment', async () => {
    const ids = [await post(otherStory._id, 'Spam one'), await post(otherStory._id, 'Spam two')];
    const res = await c.moderate(editor, [...ids, '00000000-0000-4000-8000-000000000000'], 'spam');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const spam = (await c.queue(editor, `?status=spam&article=${otherStory._id}`)).json();
    expect(spam.comments.map((x: { _id: string }) => x._id).sort()).toEqual([...ids].sort());
    expect((await c.moderate(editor, [], 'spam')).statusCode).toBe(400);
  });
});
