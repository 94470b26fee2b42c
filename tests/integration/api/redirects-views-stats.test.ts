/*
 * Old addresses keep working (DECISIONS.md §5), views are counted fairly and show on the
 * dashboard (§7), and administrators edit the site settings (§8).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../common/settings';
import { zonedDay } from '../../../common/time-zone';
import { articleRedirects } from '../../../db/schema/content';
import { articleViewTotals, siteSettings } from '../../../db/schema/site';
import type { Clock } from '../../../server/lib/clock';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { startOfAStillClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

/** A clock that stands still until a test moves it (the 30-minute view window). */
let current = new Date(startOfAStillClock());
const clock: Clock = { now: () => new Date(current) };
const advance = (ms: number) => {
  current = new Date(current.getTime() + ms);
};
const MINUTE = 60_000;
/** Views are counted by the site's calendar day (docs/decisions/024); the zone is the default. */
const today = () => zonedDay(current, DEFAULT_SETTINGS.timeZone);

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
});
afterAll(async () => t.close());

type Who = TestUser | undefined;
const headers = (who: Who) => (who ? auth(who) : {});
const get = (url: string, who?: Who) => t.app.inject({ method: 'GET', url, headers: headers(who) });
const editArticle = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, headers: auth(editor), payload });
const view = (id: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/articles/${id}/view`, remoteAddress });

/**
 * An article's views as stored. Views wait in memory for up to 5 seconds before they are
 * written (server/modules/views/view-counter.ts): what was counted is written first.
 */
async function viewsOf(id: string) {
  await t.app.services.views.flush();
  const [row] = await t.database.db
    .select({ views: articleViewTotals.views })
    .from(articleViewTotals)
    .where(eq(articleViewTotals.articleId, id));
  return row?.views ?? 0;
}

describe('GET /api/articles/redart/{slug}', () => {
  it('sends a former slug to the current address after a slug change', async () => {
    const category = await createCategory(t.app, editor, { slug: 'redirect-news' });
    const article = await createArticle(t.app, author, category._id, { slug: 'first-slug' });

    const res = await editArticle(
      article._id,
      articleBody(category._id, { name: article.name, slug: 'second-slug' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().slug).toBe('second-slug');

    const old = await get('/api/articles/redart/first-slug');
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({ newUrl: '/redirect-news/second-slug' });
    expect((await get('/api/articles/redart/second-slug')).json()).toEqual({
      newUrl: '/redirect-news/second-slug',
    });
    // The old address itself is no longer the article; the new one is.
    expect((await get('/api/articles/redirect-news/first-slug')).statusCode).toBe(404);
    expect((await get('/api/articles/redirect-news/second-slug')).statusCode).toBe(200);

    const recorded = await t.database.db
      .select({ categorySlug: articleRedirects.categorySlug, slug: articleRedirects.slug })
      .from(articleRedirects)
      .where(eq(articleRedirects.articleId, article._id));
    expect(recorded).toEqual([{ categorySlug: 'redirect-news', slug: 'first-slug' }]);
  });

  it('follows an article into another category', async () => {
    const from = await createCategory(t.app, editor, { slug: 'moving-from' });
    const to = await createCategory(t.app, editor, { slug: 'moving-to' });
    const article = await createArticle(t.app, author, from._id, { slug: 'travelling-story' });

    const res = await editArticle(article._id, articleBody(to._id, { name: article.name }));
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toEqual({ _id: to._id, slug: 'moving-to', name: to.name });

    expect((await get('/api/articles/redart/travelling-story')).json()).toEqual({
      newUrl: '/moving-to/travelling-story',
    });
    expect((await get('/api/articles/moving-from/travelling-story')).statusCode).toBe(404);
    expect((await get('/api/articles/moving-to/travelling-story')).statusCode).toBe(200);
    const recorded = await t.database.db
      .select({ categorySlug: articleRedirects.categorySlug, slug: articleRedirects.slug })
      .from(articleRedirects)
      .where(eq(articleRedirects.articleId, article._id));
    expect(recorded).toEqual([{ categorySlug: 'moving-from', slug: 'travelling-story' }]);

    // Moving back and renaming: every former slug still leads to the one current address.
    const back = await editArticle(
      article._id,
      articleBody(from._id, { name: article.name, slug: 'travelling-home' }),
    );
    expect(back.statusCode).toBe(200);
    for (const slug of ['travelling-story', 'travelling-home']) {
      expect((await get(`/api/articles/redart/${slug}`)).json()).toEqual({
        newUrl: '/moving-from/travelling-home',
      });
    }
  });

  it('forgets the former addresses of a deleted article', async () => {
    const category = await createCategory(t.app, editor);
    const article = await createArticle(t.app, author, category._id, { slug: 'doomed-before' });
    const res = await editArticle(
      article._id,
      articleBody(category._id, { name: article.name, slug: 'doomed-after' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await get('/api/articles/redart/doomed-before')).statusCode).toBe(200);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${article._id}`,
      headers: auth(editor),
    });
    expect(gone.statusCode).toBe(200);
    expect((await get('/api/articles/redart/doomed-before')).statusCode).toBe(404);
    expect((await get('/api/articles/redart/doomed-after')).statusCode).toBe(404);
  });

  it('answers 404 for a slug no article has or had', async () => {
    const res = await get('/api/articles/redart/never-was-an-article');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'No article has this slug.',
      code: 'article.slug_unknown',
    });
  });

  it('does not reveal a draft', async () => {
    const category = await createCategory(t.app, editor);
    await createArticle(t.app, author, category._id, { slug: 'quiet-draft', status: 'draft' });
    expect((await get('/api/articles/redart/quiet-draft')).statusCode).toBe(404);
  });

  it('keeps working when the category slug changes', async () => {
    const category = await createCategory(t.app, editor, {
      name: 'Old Section',
      slug: 'old-section',
    });
    const article = await createArticle(t.app, author, category._id, { slug: 'section-story' });
    const renamed = await editArticle(
      article._id,
      articleBody(category._id, { name: article.name, slug: 'section-story-2025' }),
    );
    expect(renamed.statusCode).toBe(200);

    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/edit',
      headers: auth(editor),
      payload: {
        _id: category._id,
        name: 'Old Section',
        description: category.description,
        isHome: false,
        slug: 'new-section',
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().slug).toBe('new-section');

    for (const slug of ['section-story', 'section-story-2025']) {
      expect((await get(`/api/articles/redart/${slug}`)).json()).toEqual({
        newUrl: '/new-section/section-story-2025',
      });
    }
    const now = await get('/api/articles/new-section/section-story-2025');
    expect(now.statusCode).toBe(200);
    expect(now.json().category).toEqual({
      _id: category._id,
      slug: 'new-section',
      name: 'Old Section',
    });
    expect((await get('/api/articles/old-section/section-story-2025')).statusCode).toBe(404);

    const recorded = await t.database.db
      .select({ categorySlug: articleRedirects.categorySlug, slug: articleRedirects.slug })
      .from(articleRedirects)
      .where(eq(articleRedirects.articleId, article._id));
    expect(recorded).toEqual(
      expect.arrayContaining([
        { categorySlug: 'old-section', slug: 'section-story' },
        { categorySlug: 'old-section', slug: 'section-story-2025' },
      ]),
    );
  });
});

describe('GET /api/articles/red/{legacyId}', () => {
  it('answers "{category}/{slug}" without a leading slash', async () => {
    const category = await createCategory(t.app, editor, { slug: 'old-site' });
    await createArticle(t.app, editor, category._id, { slug: 'numbered-story', legacyId: 1234 });
    const res = await get('/api/articles/red/1234');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newUrl: 'old-site/numbered-story' });
  });

  it('follows the article when its address changes', async () => {
    const category = await createCategory(t.app, editor, { slug: 'old-site-two' });
    const article = await createArticle(t.app, editor, category._id, {
      slug: 'numbered-before',
      legacyId: 1235,
    });
    const res = await editArticle(
      article._id,
      articleBody(category._id, { name: article.name, slug: 'numbered-after', legacyId: 1235 }),
    );
    expect(res.statusCode).toBe(200);
    expect((await get('/api/articles/red/1235')).json()).toEqual({
      newUrl: 'old-site-two/numbered-after',
    });
  });

  it('answers 404 for an unknown or unpublished number and 400 for a non-number', async () => {
    const category = await createCategory(t.app, editor);
    await createArticle(t.app, editor, category._id, { legacyId: 1236, status: 'draft' });

    const unknown = await get('/api/articles/red/99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'No article has this old number.',
      code: 'article.legacy_unknown',
    });
    expect((await get('/api/articles/red/1236')).statusCode).toBe(404);

    const words = await get('/api/articles/red/abc');
    expect(words.statusCode).toBe(400);
    expect(words.json().errors[0].path).toBe('params.id');
  });
});

describe('POST /api/articles/{id}/view', () => {
  it('counts once per address and article every 30 minutes', async () => {
    const category = await createCategory(t.app, editor);
    const article = await createArticle(t.app, author, category._id);
    const other = await createArticle(t.app, author, category._id);

    const first = await view(article._id, '10.1.1.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ counted: true });
    expect(await viewsOf(article._id)).toBe(1);

    const again = await view(article._id, '10.1.1.1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ counted: false });
    expect(await viewsOf(article._id)).toBe(1);

    expect((await view(article._id, '10.1.1.2')).json()).toEqual({ counted: true });
    expect(await viewsOf(article._id)).toBe(2);

    // The same address on another article counts there.
    expect((await view(other._id, '10.1.1.1')).json()).toEqual({ counted: true });
    expect(await viewsOf(other._id)).toBe(1);

    advance(29 * MINUTE);
    expect((await view(article._id, '10.1.1.1')).json()).toEqual({ counted: false });
    advance(2 * MINUTE);
    expect((await view(article._id, '10.1.1.1')).json()).toEqual({ counted: true });
    expect(await viewsOf(article._id)).toBe(3);

    const read = await get(`/api/articles/article/${article._id}`);
    expect(read.json().views).toBe(3);
  });

  it('answers 404 for an unknown or draft article and counts nothing', async () => {
    const category = await createCategory(t.app, editor);
    const draft = await createArticle(t.app, author, category._id, { status: 'draft' });

    const unknown = await view(randomUUID(), '10.2.2.2');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Article not found.', code: 'article.not_found' });

    const hidden = await view(draft._id, '10.2.2.2');
    expect(hidden.statusCode).toBe(404);
    expect(await viewsOf(draft._id)).toBe(0);

    expect((await view('not-an-id', '10.2.2.2')).statusCode).toBe(400);
  });
});

describe('GET /api/stats', () => {
  it('is for editors and up', async () => {
    expect((await get('/api/stats', author)).statusCode).toBe(403);
    expect((await get('/api/stats')).statusCode).toBe(401);
    expect((await get('/api/stats', editor)).statusCode).toBe(200);
    expect((await get('/api/stats', admin)).statusCode).toBe(200);
  });

  it('counts what the site holds, and views per day for 30 days', async () => {
    const before = (await get('/api/stats', editor)).json();

    const category = await createCategory(t.app, editor);
    const published = await createArticle(t.app, author, category._id);
    await createArticle(t.app, author, category._id, { status: 'draft' });
    // Published for tomorrow: scheduled, counted apart from what is out (issue 26 item 9).
    await createArticle(t.app, editor, category._id, {
      status: 'published',
      publishedAt: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
    });
    await createUser(t.app, 'reader');
    expect((await view(published._id, '10.3.3.3')).json()).toEqual({ counted: true });
    expect((await view(published._id, '10.3.3.4')).json()).toEqual({ counted: true });
    // Written within 5 seconds by themselves (tests/integration/api/views-batches.test.ts).
    await t.app.services.views.flush();

    const res = await get('/api/stats', editor);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({
      categories: before.categories + 1,
      articles: before.articles + 3,
      published: before.published + 1,
      scheduled: before.scheduled + 1,
      drafts: before.drafts + 1,
      users: before.users + 1,
      views: before.views + 2,
    });
    expect(after.articles).toBe(after.published + after.scheduled + after.drafts);

    const days: { day: string; views: number }[] = after.viewsPerDay;
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.day).toBe(today());
    for (let i = 1; i < days.length; i++) {
      const gap = Date.parse(days[i]?.day ?? '') - Date.parse(days[i - 1]?.day ?? '');
      expect(gap).toBe(24 * 3600 * 1000);
    }
    const todayBefore = before.viewsPerDay.find((d: { day: string }) => d.day === today());
    expect(days.at(-1)?.views).toBe((todayBefore?.views ?? 0) + 2);
    const total = days.reduce((sum, d) => sum + d.views, 0);
    expect(total).toBe(after.views);
  });
});

describe('site settings', () => {
  const putSettings = (who: Who, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/settings', headers: headers(who), payload });
  const storedSettings = async () => {
    const [row] = await t.database.db
      .select({ data: siteSettings.data })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    return row?.data;
  };

  it('are public to read', async () => {
    const res = await get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  it('are changed by administrators only, key by key', async () => {
    const before = (await get('/api/settings')).json();

    const asEditor = await putSettings(editor, { contactPhone: '+91 141 000 0000' });
    expect(asEditor.statusCode).toBe(403);
    expect((await putSettings(undefined, { contactPhone: '+91 141 000 0000' })).statusCode).toBe(
      401,
    );
    expect((await get('/api/settings')).json()).toEqual(before);

    const res = await putSettings(admin, {
      contactPhone: '+91 141 222 3333',
      shortName: 'Patrika Test',
    });
    expect(res.statusCode).toBe(200);
    const expected = { ...before, contactPhone: '+91 141 222 3333', shortName: 'Patrika Test' };
    expect(res.json()).toEqual(expected);
    expect((await get('/api/settings')).json()).toEqual(expected);
    expect(await storedSettings()).toMatchObject({
      contactPhone: '+91 141 222 3333',
      shortName: 'Patrika Test',
      siteName: before.siteName,
    });
  });

  it('accept home sections naming existing categories', async () => {
    const a = await createCategory(t.app, editor, { slug: 'home-one' });
    const b = await createCategory(t.app, editor, { slug: 'home-two' });
    const res = await putSettings(admin, { homeSectionSlugs: [b.slug, a.slug] });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/settings')).json().homeSectionSlugs).toEqual(['home-two', 'home-one']);
  });

  it('refuse invalid values with 400 and change nothing', async () => {
    const before = (await get('/api/settings')).json();
    const storedBefore = await storedSettings();

    const email = await putSettings(admin, {
      contactPhone: '+91 000',
      contactEmail: 'not an e-mail',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors.map((e: { path: string }) => e.path)).toContain('body.contactEmail');

    const home = await putSettings(admin, {
      contactPhone: '+91 000',
      homeSectionSlugs: ['no-such-category'],
    });
    expect(home.statusCode).toBe(400);
    expect(home.json()).toEqual({
      message: 'No category has the slug "no-such-category".',
      code: 'settings.category_unknown',
      params: { slugs: ['no-such-category'] },
      errors: [
        {
          path: 'body.homeSectionSlugs',
          message: 'No category has the slug "no-such-category".',
          code: 'settings.category_unknown',
          params: { slugs: ['no-such-category'] },
        },
      ],
    });

    const social = await putSettings(admin, {
      social: { ...DEFAULT_SETTINGS.social, facebook: 'javascript:alert(1)' },
    });
    expect(social.statusCode).toBe(400);
    expect(social.json().errors.map((e: { path: string }) => e.path)).toContain(
      'body.social.facebook',
    );

    expect((await get('/api/settings')).json()).toEqual(before);
    expect(await storedSettings()).toEqual(storedBefore);
  });
});
