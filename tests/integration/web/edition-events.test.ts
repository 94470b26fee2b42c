/*
 * An edition's own write is an event (issue 65): POST, PUT and DELETE /api/editions record
 * `edition.created`, `edition.updated` and `edition.deleted` in their transaction. Every process
 * drops the tree it kept (here a second process on the same database), and the kept pages that
 * name the edition are made again: its page, its state's, a story naming it as its place; a
 * new address drops the old page (404, never served stale), and the event names the addresses
 * before and after for front caches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { articlePath } from '../../../common/paths';
import { events } from '../../../db/schema/events';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { jsonLdBlocks } from '../../setup/rich-results';
import { editionTree } from '../../factories/editions';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let second: FastifyInstance;
let dir: string;
let admin: TestUser;
const tail = randomBytes(3).toString('hex');
const { made: ed, add: addEdition } = editionTree(() => ({ app: t.app, by: admin }), tail);
let story: { _id: string; slug: string; category: { slug: string } };
/** Long enough for a notice to reach another process on a busy machine; never a speed test. */
const SETTLES = { timeout: 30_000, interval: 100 };

const get = (url: string, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url });
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) });
const lastEvent = async (type: string, id: string) => {
  const [row] = await t.database.db
    .select()
    .from(events)
    .where(and(eq(events.type, type), eq(events.subjectId, id)))
    .orderBy(desc(events.id))
    .limit(1);
  return row;
};
/** The English name `GET /api/editions` answers for an edition, in process `app`. */
const nameIn = async (app: FastifyInstance, id: string) =>
  ((await get('/api/editions', app)).json() as { _id: string; names: { en: string } }[]).find(
    (e) => e._id === id,
  )?.names.en;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  dir = mkdtempSync(join(tmpdir(), 'patrika-editions-'));
  second = await buildApp(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }), {
    database: t.database,
    web: 'build',
  });
  await second.ready();
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin);
  await addEdition('raj', 'state', NATIONAL_EDITION_ID, { hi: 'raj हि', en: `Old raj ${tail}` });
  await addEdition('ajmer', 'city', ed.raj!._id, { hi: 'ajmer हि', en: `Old ajmer ${tail}` });
  story = await createArticle(t.app, admin, category._id, {
    status: 'published',
    language: 'en',
    editions: [ed.ajmer!._id],
    primaryEdition: ed.ajmer!._id,
  });
}, 300_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cityPath = (slug = ed.ajmer!.slug) => `/local/${ed.raj!.slug}/${slug}`;

describe('an edition’s own write', () => {
  it('is an event: the tree is read again in every process, and the pages naming it are made again', async () => {
    const created = await lastEvent('edition.created', ed.ajmer!._id);
    expect(created?.cache?.urls).toEqual([cityPath(), `/local/${ed.raj!.slug}`]);
    // Both processes keep the tree and the pages that name Ajmer.
    for (const app of [t.app, second]) {
      expect(await nameIn(app, ed.ajmer!._id)).toBe(`Old ajmer ${tail}`);
      for (const url of [cityPath(), `/local/${ed.raj!.slug}`, articlePath(story)]) {
        await get(url, app);
        expect((await get(url, app)).headers['x-page-cache'], url).toBe('hit');
      }
    }

    const renamed = await write('PUT', `/api/editions/${ed.ajmer!._id}`, {
      names: { hi: 'अजमेर', en: `Ajmer ${tail}` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const event = await lastEvent('edition.updated', ed.ajmer!._id);
    expect(event?.cache).toEqual({
      stale: [
        CacheTags.editions,
        CacheTags.sitemaps,
        // Its e-paper's pages name it and show its wall (issue 68 item 3, docs/decisions/074).
        CacheTags.epaperDates(ed.ajmer!._id),
        CacheTags.editionTree(ed.raj!._id),
        CacheTags.editionNamed(ed.ajmer!._id),
      ],
      drop: [],
      urls: [cityPath(), `/local/${ed.raj!.slug}`],
    });
    for (const app of [t.app, second]) {
      await expect.poll(() => nameIn(app, ed.ajmer!._id), SETTLES).toBe(`Ajmer ${tail}`);
      await expect
        .poll(async () => (await get(cityPath(), app)).body, SETTLES)
        .toContain(`Ajmer ${tail} news`);
      await expect
        .poll(async () => (await get(`/local/${ed.raj!.slug}`, app)).body, SETTLES)
        .toContain(`From Ajmer ${tail}`);
      await expect
        .poll(async () => {
          const page = await get(articlePath(story), app);
          return jsonLdBlocks(page.body).find((b) => b['@type'] === 'NewsArticle')?.contentLocation;
        }, SETTLES)
        .toEqual({ '@type': 'Place', name: `Ajmer ${tail}` });
    }
  });

  it('a new slug drops the page at the old address; a delete drops its page', async () => {
    const slug = `ajmer-city-${tail}`;
    const moved = await write('PUT', `/api/editions/${ed.ajmer!._id}`, { slug });
    expect(moved.statusCode, moved.body).toBe(200);
    const event = await lastEvent('edition.updated', ed.ajmer!._id);
    expect(event?.cache?.drop).toEqual([CacheTags.editionNamed(ed.ajmer!._id)]);
    expect(event?.cache?.urls).toEqual([cityPath(), cityPath(slug), `/local/${ed.raj!.slug}`]);
    for (const app of [t.app, second]) {
      await expect.poll(async () => (await get(cityPath(), app)).statusCode, SETTLES).toBe(404);
      expect((await get(cityPath(slug), app)).statusCode).toBe(200);
    }

    // A new place with no story, seen by both processes, then deleted: gone from both.
    const town = await write('POST', '/api/editions', {
      slug: `pushkar-${tail}`,
      kind: 'town',
      parentId: ed.ajmer!._id,
      names: { hi: 'पुष्कर', en: 'Pushkar' },
    });
    expect(town.statusCode, town.body).toBe(201);
    const townPath = `${cityPath(slug)}/pushkar-${tail}`;
    for (const app of [t.app, second])
      await expect.poll(async () => (await get(townPath, app)).statusCode, SETTLES).toBe(200);
    expect((await write('DELETE', `/api/editions/${town.json()._id}`)).statusCode).toBe(200);
    const deleted = await lastEvent('edition.deleted', town.json()._id);
    expect(deleted?.cache?.drop).toEqual([CacheTags.editionNamed(town.json()._id)]);
    expect(deleted?.cache?.urls).toEqual([townPath, cityPath(slug)]);
    for (const app of [t.app, second]) {
      await expect.poll(async () => (await get(townPath, app)).statusCode, SETTLES).toBe(404);
      expect(await nameIn(app, town.json()._id)).toBeUndefined();
    }
  });
});
