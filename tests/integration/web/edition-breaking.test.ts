/*
 * The breaking-news band by edition (issue 65 item 3): a band is national (every page) or an
 * edition's own (`edition` on POST /api/breaking). An edition's page shows its own band under
 * the national one; the national home and the other editions' pages show only the national
 * band, and stay kept when an edition's band changes. A desk limited to editions sets and
 * removes bands only in them (403 `edition.desk_elsewhere`), the national one included; an
 * edition's band leaves its page at its time by itself.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { events } from '../../../db/schema/events';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import { editionTree } from '../../factories/editions';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let jodhpurDesk: TestUser;
const tail = randomBytes(3).toString('hex');
const SETTLES = { timeout: 30_000, interval: 100 };

const { made: ed, add: addEdition } = editionTree(() => ({ app: t.app, by: admin }), tail);
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/breaking', headers: auth(who), payload });
const remove = (who: TestUser, edition?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/breaking${edition ? `?edition=${edition}` : ''}`,
    headers: auth(who),
  });
const pathOf = (key: string) => `/local/${ed.raj!.slug}/${ed[key]!.slug}`;
/** Each band a page shows: its name for screen readers and its text. */
const bandsIn = (body: string) =>
  [
    ...body.matchAll(
      /<section class="breaking-band" aria-label="([^"]*)"[^>]*>([\s\S]*?)<\/section>/g,
    ),
  ].map((m) => `${m[1]}: ${m[2]!.replace(/<[^>]+>/g, '').trim()}`);
const bandsOn = async (url: string) => bandsIn((await get(url)).body);

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  await addEdition('raj', 'state', NATIONAL_EDITION_ID);
  await addEdition('jaipur', 'city', ed.raj!._id);
  await addEdition('jodhpur', 'city', ed.raj!._id);
  jodhpurDesk = await createUser(t.app, 'editor');
  const desk = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${jodhpurDesk._id}`,
    headers: auth(admin),
    payload: { editions: [ed.jodhpur!._id] },
  });
  expect(desk.statusCode, desk.body).toBe(200);
}, 300_000);
afterAll(async () => t.close());

describe('an edition’s own breaking band', () => {
  it('shows on its page under the national band, and nowhere else', async () => {
    expect((await post(admin, { text: `National ${tail}` })).statusCode).toBe(201);
    // The home, kept before the edition's band is set, stays kept after it.
    await expect
      .poll(async () => {
        await get('/');
        return (await get('/')).headers['x-page-cache'];
      }, SETTLES)
      .toBe('hit');
    const set = await post(admin, { text: `Jaipur ${tail}`, edition: ed.jaipur!._id });
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json()).toMatchObject({ text: `Jaipur ${tail}`, edition: ed.jaipur!._id });
    // Its change names the edition's band and page, not every page's.
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'breaking.set'), eq(events.subjectId, set.json()._id)))
      .orderBy(desc(events.id));
    expect(event?.cache).toMatchObject({
      stale: [CacheTags.breakingEdition(ed.jaipur!._id)],
      urls: [pathOf('jaipur')],
    });

    expect(await bandsOn(pathOf('jaipur'))).toEqual([
      `Breaking news: Breaking National ${tail}`,
      `Breaking news: ${ed.jaipur!.slug}: Breaking Jaipur ${tail}`,
    ]);
    expect((await get('/')).headers['x-page-cache']).toBe('hit');
    expect(await bandsOn('/')).toEqual([`Breaking news: Breaking National ${tail}`]);
    expect(await bandsOn(pathOf('jodhpur'))).toEqual([`Breaking news: Breaking National ${tail}`]);
    expect((await get('/api/breaking')).json().text).toBe(`National ${tail}`);
    expect((await get(`/api/breaking?edition=${ed.jaipur!._id}`)).json().text).toBe(
      `Jaipur ${tail}`,
    );
    expect((await get(`/api/breaking?edition=${ed.jodhpur!._id}`)).json()).toBeNull();
  });

  it('a new national band leaves the edition’s; removing the edition’s leaves the national', async () => {
    expect((await post(admin, { text: `National two ${tail}` })).statusCode).toBe(201);
    expect((await get(`/api/breaking?edition=${ed.jaipur!._id}`)).json().text).toBe(
      `Jaipur ${tail}`,
    );
    expect((await remove(admin, ed.jaipur!._id)).statusCode).toBe(200);
    expect((await get(`/api/breaking?edition=${ed.jaipur!._id}`)).json()).toBeNull();
    expect((await get('/api/breaking')).json().text).toBe(`National two ${tail}`);
    await expect
      .poll(() => bandsOn(pathOf('jaipur')), SETTLES)
      .toEqual([`Breaking news: Breaking National two ${tail}`]);
    expect((await remove(admin)).statusCode).toBe(200);
  });

  it('refuses a desk outside its editions (national included) and an unknown edition', async () => {
    const jaipur = await post(jodhpurDesk, { text: 'Not mine', edition: ed.jaipur!._id });
    expect(jaipur.statusCode).toBe(403);
    expect(jaipur.json().code).toBe('edition.desk_elsewhere');
    const national = await post(jodhpurDesk, { text: 'Not mine either' });
    expect(national.statusCode).toBe(403);
    expect(national.json().code).toBe('edition.desk_elsewhere');
    expect((await remove(jodhpurDesk)).json().code).toBe('edition.desk_elsewhere');
    const unknown = await post(admin, {
      text: 'Nowhere',
      edition: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('edition.unknown');
    expect((await get('/api/breaking')).json()).toBeNull();
    expect((await get(`/api/breaking?edition=${ed.jaipur!._id}`)).json()).toBeNull();
  });

  it('its desk sets it; it leaves its page at its time by itself', async () => {
    // The band's end is a job at its time, not the page's lifetime: the page showing the band
    // is kept whole ('hit') while it shows. The first reads may be 'stale' with the band
    // already on them: a render that began before this process heard of the band (a refresh of
    // a page kept over a minute, on a busy gate) is kept stale and rendered once more.
    const ends = Date.now() + 15_000;
    const expiresAt = new Date(ends).toISOString();
    const set = await post(jodhpurDesk, {
      text: `Jodhpur ${tail}`,
      edition: ed.jodhpur!._id,
      expiresAt,
    });
    expect(set.statusCode, set.body).toBe(201);
    const band = `Breaking news: ${ed.jodhpur!.slug}: Breaking Jodhpur ${tail}`;
    await expect
      .poll(async () => {
        const page = await get(pathOf('jodhpur'));
        return { kept: page.headers['x-page-cache'], bands: bandsIn(page.body) };
      }, SETTLES)
      .toEqual({ kept: 'hit', bands: [band] });
    await expect
      .poll(() => bandsOn(pathOf('jodhpur')), { ...SETTLES, timeout: 60_000 })
      .toEqual([]);
    expect((await get(`/api/breaking?edition=${ed.jodhpur!._id}`)).json()).toBeNull();
  });
});
