/*
 * What readers see of a newsroom's day (DECISIONS.md §11): a scheduled article appears on
 * every public list at its minute, the kept lists refreshed by its go-live job (not by the
 * cache's lifetime), and a preview link shows an unpublished article as readers will see it,
 * never indexed nor cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { settled } from '../../setup/settled';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };

beforeAll(async () => {
  // The test runs due jobs itself (the poll is proved in tests/integration/server/process.test.ts).
  t = await createTestApp({}, { web: 'build', clock: time.clock, pollJobs: false });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin, { isHome: true });
}, 300_000);
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url });

describe('a scheduled article', () => {
  it('is absent everywhere until its minute, then its job refreshes the kept lists', async () => {
    const name = `Scheduled zanzibarquill story ${Date.now()}`;
    const article = await createArticle(t.app, admin, category._id, {
      name,
      publishedAt: new Date(Date.now() + 30_000).toISOString(),
    });
    const lists = [
      '/',
      `/category/${category.slug}`,
      '/feed.xml',
      '/sitemap.xml',
      '/news-sitemap.xml',
      '/search?q=zanzibarquill',
    ];
    for (const url of lists) expect((await get(url)).body, url).not.toContain(article.slug);
    expect((await get('/')).headers['x-page-cache']).toBe('hit');
    expect((await get(`/${category.slug}/${article.slug}`)).statusCode).toBe(404);

    // Its minute has come, well inside the cache's one-minute lifetime: the cached home page
    // still holds the old list until the job runs.
    time.shift(31_000);
    try {
      expect((await get('/')).headers['x-page-cache']).toBe('hit');
      // Other kinds recur on their own clocks (analytics' rollup each minute): at least the go-live.
      expect(await t.app.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
      // The job marked every list showing it stale; each is refreshed off the readers' path.
      const home = await settled(() => get('/'));
      expect(home.body).toContain(name);
      for (const url of lists)
        expect((await settled(() => get(url))).body, url).toContain(article.slug);
      expect((await get(`/${category.slug}/${article.slug}`)).statusCode).toBe(200);
    } finally {
      time.shift(0);
    }
  });
});

describe('a preview link', () => {
  it('shows a draft in the public layout, noindex and never cached, until it expires', async () => {
    const name = `Draft under wraps ${Date.now()}`;
    const article = await createArticle(t.app, admin, category._id, { name, status: 'draft' });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${article._id}/preview`,
      headers: auth(admin),
    });
    const path = new URL(link.json().url as string).pathname;

    for (const attempt of [1, 2]) {
      const page = await get(path);
      expect(page.statusCode, `read ${attempt}`).toBe(200);
      expect(page.body).toContain(name);
      expect(page.body).toContain('<meta name="robots" content="noindex"/>');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['x-page-cache']).toBeUndefined();
    }
    // The public layout: the site's header and footer around it.
    expect((await get(path)).body).toMatch(/<header[\s\S]*<footer/);
    // Its public address still answers 404 until it is published.
    expect((await get(`/${category.slug}/${article.slug}`)).statusCode).toBe(404);

    time.shift(7 * 86_400_000 + 60_000);
    try {
      const expired = await get(path);
      expect(expired.statusCode).toBe(404);
      expect(expired.body).not.toContain(name);
    } finally {
      time.shift(0);
    }
  });
});
