/*
 * Revisions, autosave and presence through the API (issue 9 items 4, 5 and 7,
 * docs/decisions/023), on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffWords, htmlToDiffText } from '../../../common/text-diff';
import { PRESENCE_WINDOW_MS } from '../../../common/schemas/revisions';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let other: TestUser;
let category: { _id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock, pollJobs: false });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  other = await createUser(t.app, 'author');
  category = await createCategory(t.app, admin);
});
afterAll(async () => t.close());

const put = (by: TestUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, headers: auth(by), payload });
const list = (by: TestUser, id: string) =>
  t.app.inject({ url: `/api/articles/${id}/revisions`, headers: auth(by) });
const one = (by: TestUser, id: string, revisionId: string) =>
  t.app.inject({ url: `/api/articles/${id}/revisions/${revisionId}`, headers: auth(by) });
const restore = (by: TestUser, id: string, revisionId: string, updatedAt: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/articles/${id}/revisions/${revisionId}/restore`,
    headers: auth(by),
    payload: { updatedAt },
  });
const stored = async (id: string) =>
  (await t.app.inject({ url: `/api/articles/article/${id}`, headers: auth(admin) })).json();

const FIRST = '<p>प्रधानमंत्री ने इस क्षेत्र में विकास की बात कही।</p>';
const SECOND = '<p>प्रधानमंत्री ने इन क्षेत्रों में विकास की बात कही।</p>';
const THIRD = '<p>प्रधानमंत्री ने इन क्षेत्रों में शिक्षा की बात कही।</p>';

describe('revisions', () => {
  it('three saves give three revisions; a Hindi edit diffs by whole words; restore records a fourth', async () => {
    const created = await createArticle(t.app, author, category._id, {
      name: 'पहला शीर्षक',
      description: FIRST,
    });
    time.shift(1000);
    const second = await put(author, created._id, {
      ...articleBody(category._id, { name: 'दूसरा शीर्षक', description: SECOND }),
      updatedAt: created.updatedAt,
    });
    expect(second.statusCode, second.body).toBe(200);
    time.shift(2000);
    const third = await put(editor, created._id, {
      ...articleBody(category._id, { name: 'तीसरा शीर्षक', description: THIRD }),
      updatedAt: second.json().updatedAt,
    });
    expect(third.statusCode, third.body).toBe(200);

    const listed = await list(author, created._id);
    expect(listed.statusCode).toBe(200);
    const { revisions } = listed.json();
    expect(revisions).toHaveLength(3);
    // Newest first, each with who, when, the title then, and the status.
    expect(revisions.map((r: { name: string }) => r.name)).toEqual([
      'तीसरा शीर्षक',
      'दूसरा शीर्षक',
      'पहला शीर्षक',
    ]);
    expect(revisions[0]).toMatchObject({
      user: { _id: editor._id, name: editor.name },
      status: 'published',
      kind: 'save',
    });
    expect(revisions[2].user).toEqual({ _id: author._id, name: author.name });
    expect(Object.keys(revisions[0]).sort()).toEqual(
      ['_id', 'createdAt', 'kind', 'name', 'status', 'user', 'writers'].sort(),
    );
    // Without co-editing, a save's only writer is whoever saved it.
    expect(revisions[2].writers).toEqual([{ _id: author._id, name: author.name }]);

    const [newest, middle, oldest] = await Promise.all(
      revisions.map((r: { _id: string }) => one(author, created._id, r._id).then((x) => x.json())),
    );
    expect(oldest.content).toMatchObject({
      name: 'पहला शीर्षक',
      description: FIRST,
      category: category._id,
      slug: created.slug,
    });
    expect(middle.content.description).toBe(SECOND);
    // The Hindi edit, word by word: whole words changed, never a matra or a conjunct.
    const changes = diffWords(
      htmlToDiffText(oldest.content.description),
      htmlToDiffText(middle.content.description),
    ).filter((p) => p.kind !== 'same');
    expect(changes).toEqual([
      { kind: 'removed', text: 'इस' },
      { kind: 'added', text: 'इन' },
      { kind: 'removed', text: 'क्षेत्र' },
      { kind: 'added', text: 'क्षेत्रों' },
    ]);

    // A stale restore is refused and changes nothing.
    time.shift(3000);
    const stale = await restore(editor, created._id, oldest._id, created.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect((await stored(created._id)).description).toBe(THIRD);
    expect((await list(author, created._id)).json().revisions).toHaveLength(3);

    const restored = await restore(author, created._id, oldest._id, newest.basedOn);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ name: 'पहला शीर्षक', description: FIRST });
    expect(await stored(created._id)).toMatchObject({ name: 'पहला शीर्षक', description: FIRST });
    const after = (await list(author, created._id)).json().revisions;
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ kind: 'restore', name: 'Restored: पहला शीर्षक' });
    time.shift(0);
  });

  it('a status move is recorded too', async () => {
    const created = await createArticle(t.app, author, category._id, { status: 'draft' });
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${created._id}/status`,
      headers: auth(author),
      payload: { status: 'pending' },
    });
    expect(moved.statusCode).toBe(200);
    const { revisions } = (await list(author, created._id)).json();
    expect(revisions.map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([
      ['status', 'pending'],
      ['save', 'draft'],
    ]);
  });

  it('only whoever may change the article reads or restores its revisions', async () => {
    const created = await createArticle(t.app, author, category._id);
    const [rev] = (await list(author, created._id)).json().revisions;
    expect((await list(other, created._id)).statusCode).toBe(403);
    expect((await one(other, created._id, rev._id)).statusCode).toBe(403);
    expect((await restore(other, created._id, rev._id, created.updatedAt)).statusCode).toBe(403);
    expect((await list(admin, created._id)).statusCode).toBe(200);
    // A revision of another article is not found under this one.
    const elsewhere = await createArticle(t.app, author, category._id);
    expect((await one(author, elsewhere._id, rev._id)).statusCode).toBe(404);
  });
});

describe('autosave', () => {
  it('keeps unsaved text as one autosave per user without touching the article', async () => {
    const created = await createArticle(t.app, author, category._id, { name: 'Readers see this' });
    const autosave = (name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/articles/${created._id}/autosave`,
        headers: auth(author),
        payload: {
          name,
          description: '<p>Half written</p>',
          category: category._id,
          basedOn: created.updatedAt,
        },
      });
    expect((await autosave('Half a ti')).statusCode).toBe(200);
    const res = await autosave('Half a title');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Autosave', kind: 'autosave' });
    expect(await stored(created._id)).toMatchObject({ name: 'Readers see this' });

    const { revisions } = (await list(author, created._id)).json();
    expect(revisions.map((r: { kind: string }) => r.kind)).toEqual(['autosave', 'save']);
    const kept = (await one(author, created._id, revisions[0]._id)).json();
    expect(kept.content).toMatchObject({
      name: 'Half a title',
      description: '<p>Half written</p>',
    });
    expect(kept.basedOn).toBe(created.updatedAt);

    // Saving retires the autosave: the work is saved now.
    time.shift(1000);
    const saved = await put(author, created._id, {
      ...articleBody(category._id, { name: 'Half a title, done' }),
      updatedAt: created.updatedAt,
    });
    time.shift(0);
    expect(saved.statusCode).toBe(200);
    expect(
      (await list(author, created._id)).json().revisions.map((r: { kind: string }) => r.kind),
    ).toEqual(['save', 'save']);
  });

  it('prunes an autosave once its writer saves or restores, and keeps the others and every save', async () => {
    const created = await createArticle(t.app, author, category._id, { name: 'First words' });
    const autosave = (by: TestUser, name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/articles/${created._id}/autosave`,
        headers: auth(by),
        payload: {
          name,
          description: '<p>Typing</p>',
          category: category._id,
          basedOn: created.updatedAt,
        },
      });
    const kinds = async () =>
      (await list(admin, created._id))
        .json()
        .revisions.map((r: { kind: string; user: { _id: string } }) => [
          r.kind,
          r.user._id === author._id ? 'author' : 'editor',
        ]);
    const autosaveOf = async (by: TestUser) => {
      const revisions = (await list(admin, created._id)).json().revisions as {
        _id: string;
        kind: string;
        user: { _id: string };
      }[];
      const found = revisions.find((r) => r.kind === 'autosave' && r.user._id === by._id);
      return found && (await one(admin, created._id, found._id)).json().content.name;
    };

    // Typing for a while leaves one autosave per person, the newest text.
    for (const name of ['S', 'Se', 'Sec', 'Second words']) {
      expect((await autosave(author, name)).statusCode).toBe(200);
    }
    expect((await autosave(editor, 'Editor typing')).statusCode).toBe(200);
    expect(await autosaveOf(author)).toBe('Second words');

    // The editor's save takes the editor's work, not the author's, which is still unsaved.
    time.shift(1000);
    const saved = await put(editor, created._id, {
      ...articleBody(category._id, { name: 'Edited by the editor' }),
      updatedAt: created.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await kinds()).toEqual([
      ['save', 'editor'],
      ['autosave', 'author'],
      ['save', 'author'],
    ]);

    // A status move saves none of the author's text: their autosave stays.
    time.shift(2000);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${created._id}/status`,
      headers: auth(author),
      payload: { status: 'pending' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await autosaveOf(author)).toBe('Second words');

    // Restoring a version replaces the text the author was typing, by their choice: pruned.
    time.shift(3000);
    const first = (await list(author, created._id))
      .json()
      .revisions.find((r: { kind: string; name: string }) => r.name === 'First words');
    const restored = await restore(author, created._id, first._id, moved.json().updatedAt);
    expect(restored.statusCode, restored.body).toBe(200);
    time.shift(0);
    // Every save, status move and restore is kept; no autosave is left.
    expect(await kinds()).toEqual([
      ['restore', 'author'],
      ['status', 'author'],
      ['save', 'editor'],
      ['save', 'author'],
    ]);
    expect(await stored(created._id)).toMatchObject({ name: 'First words', status: 'pending' });
  });
});

describe('presence', () => {
  it('tells who else has had the article open in the last 45 seconds', async () => {
    const created = await createArticle(t.app, author, category._id);
    const beat = (by: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: `/api/articles/${created._id}/presence`,
        headers: auth(by),
      });
    expect((await beat(author)).json()).toEqual({ editors: [] });
    const seen = await beat(editor);
    expect(seen.json().editors).toEqual([
      expect.objectContaining({ _id: author._id, name: author.name }),
    ]);
    expect((await beat(author)).json().editors.map((e: { _id: string }) => e._id)).toEqual([
      editor._id,
    ]);
    // A tab closed without a word: gone once its last heartbeat is 45 s old.
    time.shift(PRESENCE_WINDOW_MS - 5000);
    expect((await beat(author)).json().editors).toHaveLength(1);
    time.shift(PRESENCE_WINDOW_MS + 1000);
    expect((await beat(author)).json()).toEqual({ editors: [] });
    time.shift(0);
    expect((await beat(other)).statusCode).toBe(403);
  });

  it('a closed form says so at once (DELETE), and only its own user leaves', async () => {
    const created = await createArticle(t.app, author, category._id);
    const url = `/api/articles/${created._id}/presence`;
    const beat = (by: TestUser) => t.app.inject({ method: 'POST', url, headers: auth(by) });
    await beat(editor);
    expect((await beat(author)).json().editors).toHaveLength(1);
    const left = await t.app.inject({ method: 'DELETE', url, headers: auth(editor) });
    expect(left.statusCode).toBe(200);
    expect((await beat(author)).json()).toEqual({ editors: [] });
    // Someone who may not edit it cannot clear anyone's presence; nobody signed in neither.
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth(other) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await beat(editor)).json().editors).toHaveLength(1);
  });
});

describe('slugs', () => {
  it('a duplicate slug is marked on the field with a free one', async () => {
    await createArticle(t.app, author, category._id, { slug: 'taken-slug' });
    await createArticle(t.app, author, category._id, { slug: 'taken-slug-2' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(author),
      payload: articleBody(category._id, { slug: 'taken-slug' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      {
        path: 'body.slug',
        message: 'Another article already uses "taken-slug". "taken-slug-3" is free.',
        code: 'article.slug_in_use',
        params: { slug: 'taken-slug', free: 'taken-slug-3' },
      },
    ]);
  });
});
