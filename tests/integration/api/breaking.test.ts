/*
 * The breaking-news band (issue 25 item 2): editors and up set and remove it through the API,
 * bad input changes nothing, every public page shows it (cached pages too, in every process on
 * the database), and it leaves every page at its expiresAt by a job, with nobody acting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { BREAKING_TEXT_MAX } from '../../../common/schemas/breaking';
import { breakingNews } from '../../../db/schema/breaking';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let second: FastifyInstance | undefined;
const dirs: string[] = [];
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let category: { _id: string; slug: string };

/** Long enough for a notice to reach another process on a busy machine; never a speed test. */
const SETTLES = { timeout: 30_000, interval: 100 };

const current = async (app: FastifyInstance = t.app) => {
  const res = await app.inject({ url: '/api/breaking' });
  expect(res.statusCode).toBe(200);
  return res.json() as { _id: string; text: string; url: string | null } | null;
};
const post = (who: TestUser | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/breaking',
    headers: who ? auth(who) : {},
    payload,
  });
const remove = (who: TestUser | undefined) =>
  t.app.inject({ method: 'DELETE', url: '/api/breaking', headers: who ? auth(who) : {} });

/** The band's text as a page shows it, or undefined. */
const bandOn = (html: string) =>
  html.match(/<section class="breaking-band"[^>]*>([\s\S]*?)<\/section>/)?.[1];

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  category = await createCategory(t.app, admin, { name: 'Breaking Desk' });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('POST, GET and DELETE /api/breaking', () => {
  it('answers null while no band is set', async () => {
    expect(await current()).toBeNull();
  });

  it('is for editors and administrators: nobody 401, an author 403, and nothing changes', async () => {
    expect((await post(undefined, { text: 'Counting begins' })).statusCode).toBe(401);
    const refused = await post(author, { text: 'Counting begins' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only editors and administrators set the band.');
    expect((await remove(author)).statusCode).toBe(403);
    expect(await current()).toBeNull();
  });

  it('refuses bad input with the field named, and keeps what was there', async () => {
    const draft = await createArticle(t.app, admin, category._id, { status: 'draft' });
    const bad: [Record<string, unknown>, string][] = [
      [{}, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(BREAKING_TEXT_MAX + 1) }, 'text'],
      [{ text: 'Counting', expiresAt: 'tonight' }, 'expiresAt'],
      [{ text: 'Counting', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      [{ text: 'Counting', articleId: 'not-an-id' }, 'articleId'],
      [{ text: 'Counting', articleId: '00000000-0000-4000-8000-000000000000' }, 'articleId'],
      [{ text: 'Counting', articleId: draft._id }, 'articleId'],
    ];
    for (const [payload, field] of bad) {
      const res = await post(editor, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(field);
    }
    expect(await current()).toBeNull();
  });

  it('sets a band linking a published story, replaces it with the next, and removes it', async () => {
    const story = await createArticle(t.app, admin, category._id, { name: 'Results live' });
    const set = await post(editor, { text: 'मतगणना शुरू', articleId: story._id });
    expect(set.statusCode, set.body).toBe(201);
    const band = set.json();
    expect(band).toMatchObject({
      text: 'मतगणना शुरू',
      articleId: story._id,
      url: articlePath(story),
      expiresAt: null,
    });
    expect(typeof band._id).toBe('string');
    expect(await current()).toMatchObject({ _id: band._id, url: articlePath(story) });

    const next = await post(admin, { text: 'First result declared' });
    expect(next.statusCode).toBe(201);
    expect(await current()).toMatchObject({ text: 'First result declared', url: null });

    const removed = await remove(editor);
    expect(removed.statusCode).toBe(200);
    expect(await current()).toBeNull();
    // Removing again changes nothing and says so the same way.
    expect((await remove(editor)).statusCode).toBe(200);
  });
});

describe('on every public page', () => {
  it('shows on a page already kept, in this process and in another on the same database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'patrika-breaking-'));
    dirs.push(dir);
    second = await buildApp(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }), {
      database: t.database,
      web: 'build',
    });
    await second.ready();
    const story = await createArticle(t.app, admin, category._id, { name: 'A kept story' });
    const url = articlePath(story);
    for (const app of [t.app, second]) {
      await expect
        .poll(async () => {
          await app.inject({ url });
          return (await app.inject({ url })).headers['x-page-cache'];
        }, SETTLES)
        .toBe('hit');
      expect(bandOn((await app.inject({ url })).body)).toBeUndefined();
    }

    const set = await post(editor, { text: 'Polls close in Rajasthan', articleId: story._id });
    expect(set.statusCode).toBe(201);
    for (const app of [t.app, second]) {
      await expect
        .poll(async () => bandOn((await app.inject({ url })).body) ?? '', SETTLES)
        .toContain('Polls close in Rajasthan');
      const band = bandOn((await app.inject({ url: '/' })).body) ?? '';
      expect(band).toContain('Breaking');
      expect(band).toContain(`href="${url}"`);
    }
    await remove(editor);
    for (const app of [t.app, second])
      await expect
        .poll(async () => bandOn((await app.inject({ url })).body), SETTLES)
        .toBeUndefined();
  });

  it('is kept in memory until a band event: a render does not read it again (issue 36 item 8)', async () => {
    expect((await post(editor, { text: 'Counting begins' })).statusCode).toBe(201);
    expect((await current())?.text).toBe('Counting begins');
    // Gone from the table behind the service's back (no event): what a read of the table on
    // every render would see at once; the process still shows what the last event said.
    await t.database.db.delete(breakingNews);
    expect((await current())?.text).toBe('Counting begins');
    // A band event (here, a new band) is what makes each process read it again.
    expect((await post(editor, { text: 'First trends' })).statusCode).toBe(201);
    expect((await current())?.text).toBe('First trends');
    await remove(editor);
    expect(await current()).toBeNull();
  });

  it('leaves every page at its expiresAt by itself (a job), cached pages included', async () => {
    const url = `/category/${category.slug}`;
    const expiresAt = new Date(Date.now() + 4_000);
    const set = await post(editor, { text: 'Storm warning', expiresAt: expiresAt.toISOString() });
    expect(set.statusCode).toBe(201);
    await expect
      .poll(async () => bandOn((await t.app.inject({ url })).body) ?? '', SETTLES)
      .toContain('Storm warning');
    // Kept whole until the band's end: a 'hit' before it; a busy machine may reach the end
    // first, and then 'stale' is right (the expiry job has the page made again).
    const kept = (await t.app.inject({ url })).headers['x-page-cache'];
    if (Date.now() < expiresAt.getTime()) expect(kept).toBe('hit');
    else expect(['hit', 'stale']).toContain(kept);
    // Nobody acts: the expiry job refreshes every kept page, and the band is gone.
    await expect
      .poll(async () => bandOn((await t.app.inject({ url })).body), SETTLES)
      .toBeUndefined();
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(await current()).toBeNull();
  });
});
