/*
 * A reader's rights over their comments (issue 42 item 5): their export lists them as typed;
 * deleting the account leaves them as "a deleted reader" (author null) or removes them, as
 * `comments.onAccountDeletion` says; a new name shows beside them, kept pages included.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../../db/schema/comments';
import { articlePath } from '../../../common/paths';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { commentCalls, confirmedReader } from '../../setup/comment-calls';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let admin: TestUser;
let story: Awaited<ReturnType<typeof createArticle>>;
const c = commentCalls(() => t.app);

const deleteAccount = (who: TestUser) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: auth(who),
    payload: { password: who.password },
  });
const stored = async (id: string) =>
  (await t.database.db.select().from(comments).where(eq(comments.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin);
  story = await createArticle(t.app, admin, category._id);
  await c.settings(admin, { hold: 'none', minAccountAgeMinutes: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('a reader’s comments and their account', () => {
  it('are in their export, and stay as a deleted reader’s by default', async () => {
    const reader = await confirmedReader(t.app, 'Rameshwar Joshi');
    const id = (await c.post(reader, story._id, { body: 'Mine <b>as typed</b>' })).json()._id;
    const exported = (await t.app.inject({ url: '/api/me/export', headers: auth(reader) })).json();
    expect(exported.comments).toEqual([
      expect.objectContaining({
        _id: id,
        articleId: story._id,
        text: 'Mine <b>as typed</b>',
        status: 'approved',
      }),
    ]);
    // The story's page, kept for every reader, names them while the account lasts.
    const page = () => t.app.inject({ url: articlePath(story) });
    expect((await page()).body).toContain('Rameshwar Joshi');
    expect((await deleteAccount(reader)).statusCode).toBe(200);
    const shown = (await c.list(story._id)).json().comments;
    expect(shown.find((x: { _id: string }) => x._id === id)).toMatchObject({ author: null });
    // And no longer once it is gone: the kept page is made again, as a deleted reader's.
    // (Served stale, at most, while one render refreshes it.)
    let after = '';
    await waitUntil(async () => !(after = (await page()).body).includes('Rameshwar Joshi'), {
      timeoutMs: 10_000,
      message: 'the kept page still names the reader who left',
    });
    expect(after).toContain('A deleted reader');
  });

  it('show their new name once they change it, on the kept page too', async () => {
    const reader = await confirmedReader(t.app, 'Kavita Sharma');
    const id = (await c.post(reader, story._id, { body: 'Well reported.' })).json()._id;
    const page = () => t.app.inject({ url: articlePath(story) });
    await waitUntil(async () => (await page()).body.includes('Kavita Sharma'), {
      timeoutMs: 10_000,
      message: 'the kept page never showed the new comment',
    });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(reader),
      payload: { name: 'K. Sharma' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const shown = (await c.list(story._id)).json().comments;
    expect(shown.find((x: { _id: string }) => x._id === id)).toMatchObject({
      author: expect.objectContaining({ name: 'K. Sharma' }),
    });
    // The page kept for every reader is made again with it (served stale, at most, meanwhile).
    let after = '';
    await waitUntil(async () => (after = (await page()).body).includes('K. Sharma'), {
      timeoutMs: 10_000,
      message: 'the kept page still shows the old name',
    });
    expect(after).not.toContain('Kavita Sharma');
  });

  it('are removed with the account when the setting says remove', async () => {
    await c.settings(admin, { onAccountDeletion: 'remove' });
    const reader = await confirmedReader(t.app, 'Gone');
    const id = (await c.post(reader, story._id, { body: 'Take me with you' })).json()._id;
    expect((await deleteAccount(reader)).statusCode).toBe(200);
    expect(await stored(id)).toBeUndefined();
    const shown = (await c.list(story._id)).json().comments;
    expect(shown.map((x: { _id: string }) => x._id)).not.toContain(id);
    await c.settings(admin, { onAccountDeletion: 'anonymise' });
  });
});
