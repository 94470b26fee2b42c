/*
 * An edition's own home as its desk curates it (issue 65 item 3): `PUT /api/editions/{id}/home`
 * with its lead story and sections (categories), the page showing the lead and the sections
 * first, then its own stories, its state's and national ones, each story once; a save refreshes
 * that edition's kept page (and names its address for front caches). A desk limited to another
 * edition is refused (403 `edition.desk_elsewhere`, nothing changed), as are authors.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { events } from '../../../db/schema/events';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { editionTree } from '../../factories/editions';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let admin: TestUser;
let jaipurDesk: TestUser;
let jodhpurDesk: TestUser;
const cat: Record<string, { _id: string; name: string }> = {};
const story: Record<string, { _id: string; name: string }> = {};
const tail = randomBytes(3).toString('hex');

const { made: ed, add: addEdition } = editionTree(() => ({ app: t.app, by: admin }), tail);
const get = (url: string) => t.app.inject({ method: 'GET', url });
const curate = (by: TestUser, editionId: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/editions/${editionId}/home`,
    headers: auth(by),
    payload,
  });
const cityPath = () => `/local/${ed.raj!.slug}/${ed.jaipur!.slug}`;
/** Where each story's name first shows on the page (-1: not shown), and how many cards link it. */
const at = (body: string, key: string) => body.indexOf(story[key]!.name);
const times = (body: string, key: string) => body.split(`>${story[key]!.name}</a>`).length - 1;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  cat.politics = await createCategory(t.app, admin, { name: `Politics ${tail}` });
  cat.sport = await createCategory(t.app, admin, { name: `Sport ${tail}` });
  await addEdition('raj', 'state', NATIONAL_EDITION_ID);
  await addEdition('jaipur', 'city', ed.raj!._id);
  await addEdition('jodhpur', 'city', ed.raj!._id);
  jaipurDesk = await createUser(t.app, 'editor');
  jodhpurDesk = await createUser(t.app, 'editor');
  for (const [user, edition] of [
    [jaipurDesk, ed.jaipur!],
    [jodhpurDesk, ed.jodhpur!],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user._id}`,
      headers: auth(admin),
      payload: { editions: [edition._id] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const make = async (key: string, category: string, editions: string[]) => {
    story[key] = await createArticle(t.app, admin, cat[category]!._id, {
      name: `Story ${key} ${tail}`,
      status: 'published',
      editions,
      primaryEdition: editions[0],
    });
  };
  // Oldest first: the chosen lead is the oldest Jaipur story, not the newest with a picture.
  await make('chosen', 'politics', [ed.jaipur!._id]);
  await make('sport', 'sport', [ed.jaipur!._id]);
  await make('politics', 'politics', [ed.jaipur!._id]);
  await make('state', 'politics', [ed.raj!._id]);
  await make('national', 'sport', [NATIONAL_EDITION_ID]);
  await make('jodhpur', 'sport', [ed.jodhpur!._id]);
  await make('newest', 'politics', [ed.jaipur!._id]);
}, 300_000);
afterAll(async () => t.close());

describe('curating an edition’s home', () => {
  it('refuses a desk limited to another edition, an author, a lead from elsewhere, the national home', async () => {
    const before = await get(`/api/editions/${ed.jaipur!._id}/home`);
    expect(before.statusCode).toBe(401);
    const body = { lead: story.chosen!._id, sections: [cat.sport!._id] };
    const other = await curate(jodhpurDesk, ed.jaipur!._id, body);
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json().code).toBe('edition.desk_elsewhere');
    const author = await curate(await createUser(t.app, 'author'), ed.jaipur!._id, body);
    expect(author.statusCode).toBe(403);
    expect(author.json().code).toBe('auth.role_required');
    const elsewhere = await curate(jaipurDesk, ed.jaipur!._id, {
      ...body,
      lead: story.jodhpur!._id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('edition.lead_elsewhere');
    const unknown = await curate(jaipurDesk, ed.jaipur!._id, {
      lead: null,
      sections: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('edition.section_unknown');
    const national = await curate(admin, NATIONAL_EDITION_ID, body);
    expect(national.statusCode).toBe(409);
    expect(national.json().code).toBe('edition.national_home');
    // Nothing was written by any of them.
    const home = await t.app.inject({
      method: 'GET',
      url: `/api/editions/${ed.jaipur!._id}/home`,
      headers: auth(jodhpurDesk),
    });
    expect(home.json()).toEqual({
      edition: ed.jaipur!._id,
      lead: null,
      sections: [],
      updatedAt: null,
    });
  });

  it('shows the desk’s lead and sections first, then its stories, the state’s and national ones', async () => {
    const plain = await get(cityPath());
    expect(plain.statusCode).toBe(200);
    // Uncurated: the newest story with a picture leads.
    expect(at(plain.body, 'newest')).toBeLessThan(at(plain.body, 'chosen'));
    expect((await get(cityPath())).headers['x-page-cache']).toBe('hit');

    const res = await curate(jaipurDesk, ed.jaipur!._id, {
      lead: story.chosen!._id,
      sections: [cat.sport!._id, cat.politics!._id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      edition: ed.jaipur!._id,
      lead: story.chosen!._id,
      sections: [cat.sport!._id, cat.politics!._id],
    });
    // The save names the edition's home and its address, and the kept page is made again.
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'edition.home_changed'), eq(events.subjectId, ed.jaipur!._id)))
      .orderBy(desc(events.id))
      .limit(1);
    expect(event?.cache).toMatchObject({
      stale: [CacheTags.editionHome(ed.jaipur!._id)],
      urls: [cityPath()],
    });
    let body = '';
    await waitUntil(
      async () => {
        const page = (await get(cityPath())).body;
        body = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
        return at(body, 'chosen') < at(body, 'newest');
      },
      { timeoutMs: 30_000, intervalMs: 100, message: 'the edition page kept its old lead' },
    );
    // Lead, then the Sport section, then Politics, then the state's and national stories.
    const order = ['chosen', 'sport', 'newest', 'politics', 'state', 'national'];
    const places = order.map((key) => at(body, key));
    expect(places.every((p) => p >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    expect(body.search(new RegExp(`<h2[^>]*>${cat.sport!.name}</h2>`))).toBeLessThan(
      at(body, 'sport'),
    );
    // Each story once (the sections' stories are not listed again below), Jodhpur's never.
    for (const key of ['chosen', 'sport', 'newest', 'politics']) expect(times(body, key)).toBe(1);
    expect(at(body, 'jodhpur')).toBe(-1);
  });

  it('an editor whose desk has every edition curates any; the sister city is untouched', async () => {
    const res = await curate(admin, ed.jodhpur!._id, { lead: story.jodhpur!._id, sections: [] });
    expect(res.statusCode, res.body).toBe(200);
    const jaipur = await t.app.inject({
      method: 'GET',
      url: `/api/editions/${ed.jaipur!._id}/home`,
      headers: auth(jaipurDesk),
    });
    expect(jaipur.json().lead).toBe(story.chosen!._id);
    expect(jaipur.json().updatedAt).toEqual(expect.any(String));
  });
});
