/*
 * A story's "More stories" are random picks drawn from a seed (the story and the day): every
 * process renders the same two, so its cached page is the same bytes whichever process answers;
 * without a seed (GET /api/articles/random) each call draws afresh.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listRandomPublished } from '../../../server/modules/articles/article-random-repository';
import { createAdmin, createArticle, createCategory } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin);
  for (let i = 0; i < 12; i++)
    await createArticle(t.app, admin, category._id, { name: `Pick ${i}` });
});
afterAll(async () => t.close());

const picks = (seed?: string) =>
  listRandomPublished(t.database.db, { limit: 3, now: new Date(), seed }).then((rows) =>
    rows.map((r) => r.id).join(' '),
  );

it('draws the same picks in the same order for one seed, and others for another', async () => {
  const first = await picks('story-a 2026-11-26');
  expect(first.split(' ')).toHaveLength(3);
  for (let i = 0; i < 5; i++) expect(await picks('story-a 2026-11-26')).toBe(first);
  const others = new Set<string>();
  for (let day = 1; day <= 8; day++) others.add(await picks(`story-a 2026-12-0${day}`));
  expect(others.size).toBeGreaterThan(1);
});

it('draws afresh on each call without a seed', async () => {
  const seen = new Set<string>();
  for (let i = 0; i < 10; i++) seen.add(await picks());
  expect(seen.size).toBeGreaterThan(1);
});
