/*
 * "More stories" under an article are in its language first (issue 26 item 9: a Hindi reader
 * was sent to English pieces), topped up from any language when there are too few.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { createAdmin, createArticle, createCategory, updateArticle } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
});
afterAll(async () => t?.close());

/** The titles of the cards under "More stories" on a page. */
const moreStories = (html: string) => {
  const section = html.match(/<section aria-labelledby="more-stories"[\s\S]*?<\/section>/)?.[0];
  return [...(section ?? '').matchAll(/<h3[^>]*>(?:<a[^>]*>)?([^<]+)</g)].map((m) => m[1]!);
};

describe('More stories', () => {
  it('are topped up from other languages when the story’s has too few', async () => {
    // Run first, on an empty site: one Hindi story, and English ones.
    const category = await createCategory(t.app, admin, { name: 'Lone Desk' });
    const lone = await createArticle(t.app, admin, category._id, {
      name: 'अकेली कहानी',
      language: 'hi',
    });
    for (let i = 0; i < 3; i++)
      await createArticle(t.app, admin, category._id, {
        name: `Lone English ${i}`,
        language: 'en',
      });
    const titles = moreStories((await t.app.inject({ url: articlePath(lone) })).body);
    expect(titles).toHaveLength(2);
    for (const title of titles) expect(title).toMatch(/^Lone English \d$/);
  });

  it('are in the story’s language when there are enough, however many others there are', async () => {
    const category = await createCategory(t.app, admin, { name: 'Mixed Desk' });
    const hindi = [];
    for (const name of ['पहली कथा', 'दूसरी कथा', 'तीसरी कथा'])
      hindi.push(await createArticle(t.app, admin, category._id, { name, language: 'hi' }));
    for (let i = 0; i < 12; i++)
      await createArticle(t.app, admin, category._id, {
        name: `English story ${i}`,
        language: 'en',
      });
    for (const story of hindi) {
      const page = await t.app.inject({ url: articlePath(story) });
      expect(page.statusCode).toBe(200);
      const titles = moreStories(page.body);
      expect(titles).toHaveLength(2);
      for (const title of titles) expect(title, story.name).toMatch(/^[\u0900-\u097f ]+$/);
      expect(titles).not.toContain(story.name);
    }
  });

  it('are the same, in the same order, for the day however their rows were edited since', async () => {
    const category = await createCategory(t.app, admin, { name: 'Gujarati Desk' });
    const stories = [];
    for (const name of ['પહેલી વાર્તા', 'બીજી વાર્તા', 'ત્રીજી વાર્તા'])
      stories.push(await createArticle(t.app, admin, category._id, { name, language: 'gu' }));
    const seed = `${stories[0]!._id} 2026-11-28`;
    const draw = async () =>
      (await t.app.services.articles.listRandom(3, undefined, 'gu', seed)).map((c) => c._id);
    const before = await draw();
    expect([...before].sort()).toEqual(stories.map((s) => s._id).sort());
    // Each edit moves its row in the table: the database answers them in another order.
    for (const story of [...stories].sort((a, b) => (a._id < b._id ? 1 : -1))) {
      const name = `${story.name} (સુધારો)`;
      const res = await updateArticle(t.app, admin, story, { name, language: 'gu' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await draw()).toEqual(before);
  });
});
