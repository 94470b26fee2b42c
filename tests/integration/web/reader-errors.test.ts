/*
 * Addresses and failures as a reader meets them, on the production build: articles open at the
 * one address rule's paths (common/paths.ts), and a block that fails to load shows a short
 * reader-facing text while the real error goes to the log (issue "Structure" §1, §4).
 */
import { eq } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { articles, categories } from '../../../db/schema/content';
import { createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let log = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  t = await createTestApp({ LOG_LEVEL: 'error' }, { web: 'build', logStream: stream });
  admin = await createAdmin(t.app);
});
afterAll(async () => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('article addresses as pages', () => {
  it('opens the articles of a category named "General" at their address', async () => {
    const general = await createCategory(t.app, admin, { name: 'General', slug: 'general-news' });
    const article = await createArticle(t.app, admin, general._id, { name: 'A general story' });
    const res = await page(articlePath(article));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('A general story');
    expect(res.body).toContain(`/general-news/${article.slug}`);
  });

  it('opens an article without a category under the uncategorised segment', async () => {
    const [row] = await t.database.db
      .insert(articles)
      .values({
        name: 'An uncategorised note',
        slug: 'uncategorised-note',
        categoryId: null,
        imageUrl: 'https://images.example.com/photo.jpg',
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning({ slug: articles.slug });
    const path = articlePath({ slug: row?.slug as string, categorySlug: null });
    expect(path).toBe('/general/uncategorised-note');
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('An uncategorised note');
  });
});

describe('an empty site', () => {
  it('leaves out the demo’s home sections it has no categories for, and logs nothing', async () => {
    // The settings were never changed: they name the demo's three categories (SEED_DEMO=0).
    const settings = (await page('/api/settings')).json<{ homeSectionSlugs: string[] }>();
    expect(settings.homeSectionSlugs).toEqual(['editors-choice', 'apna-gyaan', 'parenting']);
    log = '';
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('These stories could not be loaded just now.');
    expect(res.body).not.toContain('editors-choice');
    expect(log).toBe('');
  });
});

describe('a block that fails to load', () => {
  it('shows readers a short text on the home page and logs the real error', async () => {
    const category = await createCategory(t.app, admin, { slug: 'soon-gone' });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { homeSectionSlugs: ['soon-gone'] },
    });
    expect(set.statusCode).toBe(200);
    // The API refuses to delete a category a home section names (409); a row removed behind
    // its back (an operator's SQL, a restore) must still never break the home page.
    await t.database.db.delete(categories).where(eq(categories.id, category._id));
    // The site learns of changes through their events; one made behind its back is read after
    // the next change, when what was kept (pages, the category list) is dropped as here.
    t.app.services.pageCache.invalidate();

    log = '';
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('These stories could not be loaded just now.');
    expect(res.body).not.toContain('No category');
    expect(res.body).not.toMatch(/Error: /);
    expect(log).toContain('home section \\"soon-gone\\" could not be loaded');
    expect(log).toContain('No category');
  });

  it('shows readers a short text in place of related stories and logs the real error', async () => {
    const category = await createCategory(t.app, admin);
    const article = await createArticle(t.app, admin, category._id, { name: 'Lonely story' });
    const service = t.app.services.articles;
    const original = service.suggestions;
    service.suggestions = async () => {
      throw new Error('connection terminated unexpectedly');
    };
    try {
      log = '';
      const res = await page(articlePath(article));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Lonely story');
      expect(res.body).toContain('More stories could not be loaded just now.');
      expect(res.body).not.toContain('connection terminated');
      expect(log).toContain('connection terminated unexpectedly');
    } finally {
      service.suggestions = original;
    }
  });
});
