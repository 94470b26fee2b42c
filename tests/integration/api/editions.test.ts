/*
 * Editions (issue 65 items 1 and 2) through the API: the tree's wire contract, the
 * administrators' writes and every refusal (a 4xx with its code that changes nothing), and
 * articles placed in editions (`editions`, `primaryEdition`, national by default).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { EDITION_CATEGORY_DOMAIN } from '../../../server/modules/seo/feeds';
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

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let category: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  category = await createCategory(t.app, editor);
});
afterAll(async () => t.close());

const unique = () => randomBytes(4).toString('hex');

type Edition = {
  _id: string;
  slug: string;
  kind: string;
  parentId: string | null;
  names: { hi: string; en: string; mr?: string; gu?: string };
  latinNames: string[];
  location?: { lat: number; lng: number };
  active: boolean;
};

const tree = async () => (await t.app.inject({ url: '/api/editions' })).json() as Edition[];

const post = (payload: Record<string, unknown>, by: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: '/api/editions', headers: auth(by), payload });

async function addEdition(kind: string, parentId: string | null, extra: object = {}) {
  const slug = `${kind}-${unique()}`;
  const res = await post({
    slug,
    kind,
    parentId,
    names: { hi: `हि ${slug}`, en: `En ${slug}` },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Edition;
}

describe('GET /api/editions', () => {
  it('answers the tree as a flat list in the frozen shape, the national edition first', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID, {
      latinNames: ['Rajya', 'rajya'],
      location: { lat: 26.9, lng: 75.8 },
    });
    const res = await t.app.inject({ url: '/api/editions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const list = res.json() as Edition[];
    expect(list[0]).toEqual({
      _id: NATIONAL_EDITION_ID,
      slug: 'india',
      kind: 'national',
      parentId: null,
      names: { hi: 'देश', en: 'India' },
      latinNames: expect.arrayContaining(['india']),
      active: true,
      epaper: { access: 'free', freePages: [1] },
    });
    expect(list.filter((e) => e.kind === 'national')).toHaveLength(1);
    expect(list.find((e) => e._id === state._id)).toEqual({
      _id: state._id,
      slug: state.slug,
      kind: 'state',
      parentId: NATIONAL_EDITION_ID,
      names: { hi: state.names.hi, en: state.names.en },
      latinNames: ['rajya'],
      location: { lat: 26.9, lng: 75.8 },
      active: true,
      epaper: { access: 'free', freePages: [1] },
    });
  });

  it('finds editions by a name in any script with q', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID);
    const city = await addEdition('city', state._id, {
      names: { hi: 'झुमरीतलैया', en: 'Jhumri Telaiya' },
      latinNames: ['jhumri tilaiya'],
    });
    for (const q of ['jhumri telaiya', 'Jhumri Telaiya city', 'झुमरीतलैया', 'jhumri tilaiya']) {
      const found = (
        await t.app.inject({ url: `/api/editions?q=${encodeURIComponent(q)}` })
      ).json() as Edition[];
      expect(
        found.map((e) => e._id),
        q,
      ).toContain(city._id);
    }
  });
});

describe('administrators’ writes', () => {
  it('adds, edits and deletes an edition', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID);
    const city = await addEdition('city', state._id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/editions/${city._id}`,
      headers: auth(admin),
      payload: { names: { hi: 'नया', en: 'New' }, active: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      slug: city.slug,
      names: { hi: 'नया', en: 'New' },
      active: false,
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/editions/${city._id}`,
      headers: auth(admin),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await tree()).some((e) => e._id === city._id)).toBe(false);
  });

  it('refuses each rule with its code, changing nothing', async () => {
    const before = await tree();
    const state = before.find((e) => e.kind === 'state')!;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ slug: 'x', kind: 'city', parentId: NATIONAL_EDITION_ID }, 400, 'edition.kind_mismatch'],
      [{ slug: 'x', kind: 'town', parentId: state._id }, 400, 'edition.kind_mismatch'],
      [{ slug: 'x', kind: 'state', parentId: null }, 400, 'edition.kind_mismatch'],
      [{ slug: 'x', kind: 'national', parentId: null }, 409, 'edition.national_fixed'],
      [
        { slug: 'x', kind: 'state', parentId: '00000000-0000-4000-8000-000000000999' },
        400,
        'edition.parent_unknown',
      ],
      [
        { slug: 'Not A Slug!', kind: 'state', parentId: NATIONAL_EDITION_ID },
        400,
        'edition.slug_invalid',
      ],
      [
        { slug: state.slug, kind: 'state', parentId: NATIONAL_EDITION_ID },
        409,
        'edition.slug_taken',
      ],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post({ names: { hi: 'क', en: 'K' }, ...payload });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const byEditor = await post(
      { slug: 'y', kind: 'state', parentId: NATIONAL_EDITION_ID, names: { hi: 'क', en: 'K' } },
      editor,
    );
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().code).toBe('auth.role_required');
    expect(await tree()).toEqual(before);
  });

  it('allows a slug again under another parent', async () => {
    const a = await addEdition('state', NATIONAL_EDITION_ID);
    const b = await addEdition('state', NATIONAL_EDITION_ID);
    const one = await addEdition('city', a._id);
    const res = await post({
      slug: one.slug,
      kind: 'city',
      parentId: b._id,
      names: { hi: 'क', en: 'K' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('never deletes, demotes, moves or switches off the national edition', async () => {
    const before = await tree();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/editions/${NATIONAL_EDITION_ID}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('edition.national_fixed');
    const state = before.find((e) => e.kind === 'state')!;
    for (const payload of [
      { kind: 'state', parentId: NATIONAL_EDITION_ID },
      { parentId: state._id },
      { active: false },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/editions/${NATIONAL_EDITION_ID}`,
        headers: auth(admin),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await tree()).toEqual(before);
  });

  it('refuses to delete an edition with editions under it or stories in it', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID);
    const city = await addEdition('city', state._id);
    const parent = await t.app.inject({
      method: 'DELETE',
      url: `/api/editions/${state._id}`,
      headers: auth(admin),
    });
    expect(parent.statusCode).toBe(409);
    expect(parent.json().code).toBe('edition.has_children');
    await createArticle(t.app, editor, category._id, { editions: [city._id] });
    const used = await t.app.inject({
      method: 'DELETE',
      url: `/api/editions/${city._id}`,
      headers: auth(admin),
    });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ code: 'edition.in_use', params: { count: 1 } });
    expect((await tree()).some((e) => e._id === city._id)).toBe(true);
  });
});

describe('articles in editions', () => {
  it('puts a new story in the national edition by default', async () => {
    const article = await createArticle(t.app, editor, category._id);
    expect(article.primaryEdition).toBe(NATIONAL_EDITION_ID);
    expect(article.editions).toEqual([NATIONAL_EDITION_ID]);
  });

  it('places a story in several editions, keeps them on an edit that leaves them out', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID);
    const a = await addEdition('city', state._id);
    const b = await addEdition('city', state._id);
    const article = await createArticle(t.app, editor, category._id, {
      editions: [a._id, b._id],
      primaryEdition: a._id,
    });
    expect(article.primaryEdition).toBe(a._id);
    expect(article.editions).toEqual([a._id, b._id].sort());
    const kept = await updateArticle(t.app, editor, article, { name: 'Renamed' });
    expect(kept.json()).toMatchObject({ primaryEdition: a._id, editions: [a._id, b._id].sort() });
    const moved = await updateArticle(t.app, editor, article, { editions: [b._id] });
    // The primary edition left the list: the first listed takes its place.
    expect(moved.json()).toMatchObject({ primaryEdition: b._id, editions: [b._id] });
    const read = await t.app.inject({
      url: `/api/articles/article/${article._id}`,
      headers: auth(editor),
    });
    expect(read.json()).toMatchObject({ primaryEdition: b._id, editions: [b._id] });
  });

  it('adds the primary edition to the list when it is not named there', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID);
    const article = await createArticle(t.app, editor, category._id, { primaryEdition: state._id });
    expect(article.editions).toEqual([state._id]);
  });

  it('refuses an unknown edition with 400 edition.unknown, writing nothing', async () => {
    const ghost = '00000000-0000-4000-8000-00000000dead';
    const article = await createArticle(t.app, editor, category._id);
    for (const body of [{ editions: [ghost] }, { primaryEdition: ghost }]) {
      const res = await updateArticle(t.app, editor, article, { name: 'Not saved', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('edition.unknown');
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(editor),
      payload: articleBody(category._id, { editions: [ghost] }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().code).toBe('edition.unknown');
    const read = await t.app.inject({
      url: `/api/articles/article/${article._id}`,
      headers: auth(editor),
    });
    expect(read.json()).toMatchObject({ name: article.name, editions: [NATIONAL_EDITION_ID] });
  });

  it('carries editions to apps: the v1 sync answers them for a published story', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID);
    const article = await createArticle(t.app, editor, category._id, {
      editions: [state._id, NATIONAL_EDITION_ID],
      primaryEdition: state._id,
    });
    const res = await t.app.inject({ url: `/api/v1/articles/${article._id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      primaryEdition: state._id,
      editions: [state._id, NATIONAL_EDITION_ID].sort(),
    });
  });

  it('names a story’s editions among its feed item’s categories', async () => {
    const state = await addEdition('state', NATIONAL_EDITION_ID);
    const article = await createArticle(t.app, editor, category._id, {
      editions: [state._id],
      primaryEdition: state._id,
    });
    const feed = await t.app.inject({ url: '/feed.xml' });
    expect(feed.statusCode).toBe(200);
    const item = feed.body.split('<item>').find((i) => i.includes(article.slug));
    expect(item).toContain(
      `<category domain="${EDITION_CATEGORY_DOMAIN}">${state.slug}</category>`,
    );
  });
});
