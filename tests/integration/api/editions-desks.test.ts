/*
 * Desks by edition (issue 65 item 5) through the API: an administrator limits a user's desk
 * (`PUT /api/users/{id}` `editions`), and the limited desk is refused (403
 * `edition.not_yours`, nothing written) when it places a story outside its editions, national
 * included unless listed; a change it does not make (another edition the story is in) stays.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  updateArticle,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let admin: TestUser;
let category: { _id: string };
let state: { _id: string };
let jaipur: { _id: string };
let jodhpur: { _id: string };

const unique = () => randomBytes(4).toString('hex');

async function addEdition(kind: string, parentId: string) {
  const slug = `${kind}-${unique()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editions',
    headers: auth(admin),
    payload: { slug, kind, parentId, names: { hi: slug, en: slug } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

const setDesk = (user: TestUser, editions: string[], by: TestUser = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${user._id}`,
    headers: auth(by),
    payload: { editions },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin);
  state = await addEdition('state', NATIONAL_EDITION_ID);
  jaipur = await addEdition('city', state._id);
  jodhpur = await addEdition('city', state._id);
});
afterAll(async () => t.close());

describe('PUT /api/users/{id} editions', () => {
  it('sets and lifts a desk’s editions, refusing unknown ids and non-administrators', async () => {
    const editor = await createUser(t.app, 'editor');
    const set = await setDesk(editor, [jaipur._id]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ _id: editor._id, editions: [jaipur._id] });
    const mine = await t.app.inject({
      url: `/api/users/${editor._id}/editions`,
      headers: auth(editor),
    });
    expect(mine.json()).toEqual({ _id: editor._id, editions: [jaipur._id] });

    const ghost = await setDesk(editor, ['00000000-0000-4000-8000-00000000beef']);
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().code).toBe('edition.unknown');
    const self = await setDesk(editor, [], editor);
    expect(self.statusCode).toBe(403);
    const after = await t.app.inject({
      url: `/api/users/${editor._id}/editions`,
      headers: auth(admin),
    });
    expect(after.json().editions).toEqual([jaipur._id]);

    expect((await setDesk(editor, [])).json()).toEqual({ _id: editor._id, editions: [] });
    // Each change of a desk is on the trail, with its editions (after the answer is out).
    type Entry = { subject: { id: string }; details: { editions?: string[] } };
    let entries: Entry[] = [];
    await waitUntil(
      async () => {
        const res = await t.app.inject({
          url: '/api/audit?action=user.editions_changed&limit=200',
          headers: auth(admin),
        });
        entries = (res.json() as { entries: Entry[] }).entries.filter(
          (e) => e.subject.id === editor._id,
        );
        return entries.length === 2;
      },
      { timeoutMs: 20_000, message: 'the desk’s changes never reached the audit trail' },
    );
    expect(entries.map((e) => e.details.editions).sort()).toEqual([[], [jaipur._id]]);
  });
});

describe('a desk limited to editions', () => {
  it('places stories only in its editions, national only when listed (403 edition.not_yours)', async () => {
    const editor = await createUser(t.app, 'editor');
    await setDesk(editor, [jaipur._id]);
    // A new story without editions goes to the desk's own edition, not national.
    const own = await createArticle(t.app, editor, category._id);
    expect(own).toMatchObject({ primaryEdition: jaipur._id, editions: [jaipur._id] });

    for (const body of [
      { editions: [jodhpur._id] },
      { editions: [jaipur._id, NATIONAL_EDITION_ID] },
      { primaryEdition: NATIONAL_EDITION_ID },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/articles/article',
        headers: auth(editor),
        payload: articleBody(category._id, body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'edition.not_yours' });
      const moved = await updateArticle(t.app, editor, own, { name: 'Not saved', ...body });
      expect(moved.statusCode, JSON.stringify(body)).toBe(403);
      expect(moved.json().code).toBe('edition.not_yours');
    }
    const read = await t.app.inject({
      url: `/api/articles/article/${own._id}`,
      headers: auth(editor),
    });
    expect(read.json()).toMatchObject({ name: own.name, editions: [jaipur._id] });

    await setDesk(editor, [jaipur._id, NATIONAL_EDITION_ID]);
    const national = await updateArticle(t.app, editor, own, {
      editions: [jaipur._id, NATIONAL_EDITION_ID],
    });
    expect(national.statusCode, national.body).toBe(200);
    expect(national.json().editions).toEqual([jaipur._id, NATIONAL_EDITION_ID].sort());
  });

  it('keeps editions it did not touch on a story another desk placed there too', async () => {
    const both = await createArticle(t.app, admin, category._id, {
      editions: [jaipur._id, jodhpur._id],
      primaryEdition: jaipur._id,
    });
    const editor = await createUser(t.app, 'editor');
    await setDesk(editor, [jaipur._id]);
    const edit = await updateArticle(t.app, editor, both, { name: 'Edited by Jaipur' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().editions).toEqual([jaipur._id, jodhpur._id].sort());
    // Taking it out of Jodhpur is Jodhpur's desk's call.
    const out = await updateArticle(t.app, editor, both, { editions: [jaipur._id] });
    expect(out.statusCode).toBe(403);
    expect(out.json()).toMatchObject({ code: 'edition.not_yours' });
  });
});

describe('the audit trail', () => {
  it('records a story’s editions changing, with who did it and what moved', async () => {
    const editor = await createUser(t.app, 'editor');
    const story = await createArticle(t.app, editor, category._id, { editions: [jaipur._id] });
    const moved = await updateArticle(t.app, editor, story, {
      editions: [jodhpur._id],
      primaryEdition: jodhpur._id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const about = (e: { subject: { id: string } }) => e.subject.id === story._id;
    type Entry = { subject: { id: string }; actor: { _id: string } | null; details: object };
    let entries: Entry[] = [];
    await waitUntil(
      async () => {
        const res = await t.app.inject({
          url: '/api/audit?action=article.editions_changed&limit=200',
          headers: auth(admin),
        });
        entries = (res.json() as { entries: Entry[] }).entries.filter(about);
        return entries.length > 0;
      },
      { timeoutMs: 20_000, message: 'the editions change never reached the audit trail' },
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { _id: editor._id },
      details: {
        editions: {
          added: [jodhpur._id],
          removed: [jaipur._id],
          primaryFrom: jaipur._id,
          primaryTo: jodhpur._id,
        },
      },
    });
  });
});

describe('the admin list by edition', () => {
  it('filters by edition, and shows a limited desk its editions’ stories first', async () => {
    const city = await addEdition('city', state._id);
    const inCity = await createArticle(t.app, admin, category._id, { editions: [city._id] });
    const elsewhere = await createArticle(t.app, admin, category._id);
    const list = async (by: TestUser, query = '') =>
      (
        (
          await t.app.inject({
            url: `/api/articles/admin-article?limit=1000${query}`,
            headers: auth(by),
          })
        ).json() as { articles: { _id: string }[] }
      ).articles.map((a) => a._id);
    expect(await list(admin, `&edition=${city._id}`)).toEqual([inCity._id]);
    // Newest first for everyone else; the city's desk sees the city's story before the newer one.
    const all = await list(admin);
    expect(all.indexOf(elsewhere._id)).toBeLessThan(all.indexOf(inCity._id));
    const desk = await createUser(t.app, 'editor');
    await setDesk(desk, [city._id]);
    expect((await list(desk))[0]).toBe(inCity._id);
  });
});

describe('bulk edition changes', () => {
  const bulk = (by: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/articles/editions', headers: auth(by), payload });
  const editionsOf = async (id: string) =>
    (await t.app.inject({ url: `/api/articles/article/${id}`, headers: auth(admin) })).json() as {
      editions: string[];
      primaryEdition: string;
    };

  it('adds an edition to the selected stories and takes it out again', async () => {
    const a = await createArticle(t.app, admin, category._id);
    const b = await createArticle(t.app, admin, category._id, { editions: [jaipur._id] });
    const added = await bulk(admin, { ids: [a._id, b._id], add: jodhpur._id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ updated: 2 });
    expect((await editionsOf(a._id)).editions).toEqual([NATIONAL_EDITION_ID, jodhpur._id].sort());
    expect((await editionsOf(b._id)).editions).toEqual([jaipur._id, jodhpur._id].sort());
    const again = await bulk(admin, { ids: [a._id, b._id], add: jodhpur._id });
    expect(again.json()).toEqual({ updated: 0 });
    const removed = await bulk(admin, { ids: [b._id], remove: jaipur._id });
    expect(removed.json()).toEqual({ updated: 1 });
    // Out of its primary edition: the one left takes its place.
    expect(await editionsOf(b._id)).toMatchObject({
      editions: [jodhpur._id],
      primaryEdition: jodhpur._id,
    });
  });

  it('refuses the whole change when one story is outside a desk’s editions, or the edition is unknown', async () => {
    const desk = await createUser(t.app, 'editor');
    await setDesk(desk, [jaipur._id]);
    const national = await createArticle(t.app, admin, category._id);
    const theirs = await createArticle(t.app, admin, category._id, { editions: [jodhpur._id] });
    // Jaipur may join both, but taking a story out of Jodhpur is Jodhpur's desk's call.
    const refused = await bulk(desk, {
      ids: [national._id, theirs._id],
      add: jaipur._id,
      remove: jodhpur._id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('edition.not_yours');
    expect((await editionsOf(national._id)).editions).toEqual([NATIONAL_EDITION_ID]);
    expect((await editionsOf(theirs._id)).editions).toEqual([jodhpur._id]);
    const ghost = await bulk(admin, {
      ids: [national._id],
      add: '00000000-0000-4000-8000-00000000f00d',
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().code).toBe('edition.unknown');
    const author = await createUser(t.app, 'author');
    expect((await bulk(author, { ids: [national._id], add: jaipur._id })).statusCode).toBe(403);
    expect((await editionsOf(national._id)).editions).toEqual([NATIONAL_EDITION_ID]);
  });
});
