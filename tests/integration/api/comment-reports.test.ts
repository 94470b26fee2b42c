/*
 * Reports and bans (issue 42 items 2 and 4): a signed-in reader reports a shown comment once;
 * three reports hide it (held, reason `reports`) and list it under `reported` with its count
 * until a moderator decides, which settles them. A moderator bans a reader: their writes answer
 * 403 `comment.banned` with the reason, until the ban's time has passed. Authors may not ban;
 * newsroom members are not banned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
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
let moderator: TestUser;
let writer: TestUser;
let story: { _id: string };
const c = commentCalls(() => t.app);

const report = (who: TestUser, id: string, reason = 'Abusive') =>
  t.app.inject({
    method: 'POST',
    url: `/api/comments/${id}/report`,
    headers: auth(who),
    payload: { reason },
  });
const ban = (who: TestUser, userId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/ban`, headers: auth(who), payload });
const shownIds = async () =>
  (await c.list(story._id)).json().comments.map((x: { _id: string }) => x._id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  moderator = await createUser(t.app, 'moderator');
  writer = await confirmedReader(t.app, 'Writer');
  const category = await createCategory(t.app, admin);
  story = await createArticle(t.app, admin, category._id);
  await c.settings(admin, { hold: 'none', minAccountAgeMinutes: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('reports', () => {
  it('count once per reader; the third hides the comment until a moderator decides', async () => {
    const posted = await c.post(writer, story._id, { body: 'A remark some dislike' });
    const id = posted.json()._id as string;
    expect(posted.json().status).toBe('approved');
    const readers = [];
    for (const name of ['R1', 'R2', 'R3'])
      readers.push(await createUser(t.app, 'reader', { name }));

    const first = await report(readers[0]!, id);
    expect([first.statusCode, first.json()]).toEqual([200, { reportCount: 1, hidden: false }]);
    const again = await report(readers[0]!, id, 'Again');
    expect([again.statusCode, again.json().code]).toEqual([409, 'comment.already_reported']);
    expect((await report(readers[1]!, id)).json()).toEqual({ reportCount: 2, hidden: false });
    expect(await shownIds()).toContain(id);

    const reported = await c.queue(moderator, '?status=reported');
    expect(reported.json().comments).toMatchObject([
      { _id: id, status: 'approved', reportCount: 2 },
    ]);

    expect((await report(readers[2]!, id)).json()).toEqual({ reportCount: 3, hidden: true });
    expect(await shownIds()).not.toContain(id);
    const held = (await c.queue(moderator)).json().comments;
    expect(held).toMatchObject([{ _id: id, reason: 'reports', reportCount: 3 }]);

    // The moderator looks and keeps it: shown again, no longer reported; reports stay made.
    expect((await c.setStatus(moderator, id, 'approved')).statusCode).toBe(200);
    expect(await shownIds()).toContain(id);
    expect((await c.queue(moderator, '?status=reported')).json().total).toBe(0);
    expect((await report(readers[0]!, id)).statusCode).toBe(409);
  });

  it('are for signed-in people, of shown comments only', async () => {
    const posted = await c.post(writer, story._id, { body: 'Another remark' });
    const id = posted.json()._id as string;
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${id}/report`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const someone = await createUser(t.app, 'reader');
    expect((await report(someone, id, '')).statusCode).toBe(400);
    await c.setStatus(moderator, id, 'spam');
    expect((await report(someone, id)).statusCode).toBe(404);
  });
});

describe('bans', () => {
  it('refuse a banned reader’s writes with the reason, until the ban ends', async () => {
    const banned = await confirmedReader(t.app, 'Troll');
    const before = await c.post(banned, story._id, { body: 'Before the ban' });
    expect(before.statusCode).toBe(201);

    const answer = await ban(moderator, banned._id, { reason: 'Insults' });
    expect([answer.statusCode, answer.json()]).toEqual([
      200,
      { userId: banned._id, reason: 'Insults', until: null },
    ]);
    const refused = await c.post(banned, story._id, { body: 'After the ban' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'comment.banned', reason: 'Insults' });
    expect(refused.json().message).toEqual(expect.any(String));
    const edit = await c.edit(banned, before.json()._id, { body: 'Changed' });
    expect([edit.statusCode, edit.json().code]).toEqual([403, 'comment.banned']);

    // A ban whose time has passed lets them write again.
    await ban(admin, banned._id, { reason: 'Served', until: '2020-01-01T00:00:00Z' });
    expect((await c.post(banned, story._id, { body: 'Back again' })).statusCode).toBe(201);
  });

  it('are for moderators and up, of readers only', async () => {
    const someone = await confirmedReader(t.app);
    const author = await createUser(t.app, 'author');
    const byAuthor = await ban(author, someone._id, { reason: 'x' });
    expect([byAuthor.statusCode, byAuthor.json().code]).toEqual([403, 'auth.role_required']);
    const ofStaff = await ban(moderator, author._id, { reason: 'x' });
    expect([ofStaff.statusCode, ofStaff.json().code]).toEqual([403, 'comment.ban_staff']);
    const nobody = await ban(moderator, '00000000-0000-4000-8000-000000000000', { reason: 'x' });
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'user.not_found']);
    expect((await ban(moderator, someone._id, { reason: '' })).statusCode).toBe(400);
    expect((await c.post(someone, story._id, { body: 'Still free' })).statusCode).toBe(201);
  });

  it('are listed for moderators with who and why, and lifted', async () => {
    const banned = await confirmedReader(t.app, 'Loud Reader');
    expect((await ban(moderator, banned._id, { reason: 'Spam links' })).statusCode).toBe(200);
    const list = async (who: TestUser) =>
      t.app.inject({ url: '/api/comments/bans', headers: auth(who) });
    const listed = await list(moderator);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().bans[0]).toMatchObject({
      userId: banned._id,
      name: 'Loud Reader',
      email: banned.email,
      reason: 'Spam links',
      until: null,
      active: true,
    });
    expect(listed.json().bans[0].bannedBy).toEqual(expect.any(String));
    expect((await list(banned)).statusCode).toBe(403);

    const lift = (who: TestUser) =>
      t.app.inject({ method: 'DELETE', url: `/api/users/${banned._id}/ban`, headers: auth(who) });
    expect((await lift(banned)).statusCode).toBe(403);
    expect((await c.post(banned, story._id, { body: 'Still banned' })).statusCode).toBe(403);
    expect((await lift(moderator)).statusCode).toBe(204);
    const after = (await list(moderator)).json().bans as { userId: string }[];
    expect(after.some((b) => b.userId === banned._id)).toBe(false);
    expect((await c.post(banned, story._id, { body: 'Free again' })).statusCode).toBe(201);
  });
});

describe('notifications', () => {
  it('are off until a reader opts in to mail about replies, and are their own', async () => {
    const someone = await confirmedReader(t.app);
    const other = await confirmedReader(t.app);
    const call = (who: TestUser | null, method: 'GET' | 'PUT', payload?: unknown) =>
      t.app.inject({
        method,
        url: '/api/me/notifications',
        headers: who ? auth(who) : {},
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    expect((await call(someone, 'GET')).json()).toEqual({ commentReplies: false });
    const on = await call(someone, 'PUT', { commentReplies: true });
    expect([on.statusCode, on.json()]).toEqual([200, { commentReplies: true }]);
    expect((await call(someone, 'GET')).json()).toEqual({ commentReplies: true });
    expect((await call(other, 'GET')).json()).toEqual({ commentReplies: false });
    expect((await call(someone, 'PUT', { commentReplies: 'yes' })).statusCode).toBe(400);
    expect((await call(null, 'GET')).statusCode).toBe(401);
    expect((await call(someone, 'GET')).json()).toEqual({ commentReplies: true });
  });
});
