/*
 * Issue 9 items 6 and 9: the admin list an editor works from (title search, filters, orders;
 * the old answer unchanged without them) and the morning meeting's dashboard (real views in the
 * site's time zone, top articles, review queue, scheduled pieces, my drafts; the role read now).
 */
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../../db/schema/content';
import { articleDailyViews } from '../../../db/schema/site';
import type { Clock } from '../../../server/lib/clock';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

/*
 * A clock that stands still until moved: 20:00 UTC is 01:30 the next day in India, so a view
 * counted now belongs to the site's 23 November (the default zone, Asia/Kolkata), not UTC's 22nd.
 */
const START = Date.parse('2026-11-22T20:00:00Z');
let current = START;
const clock: Clock = { now: () => new Date(current) };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SITE_TODAY = '2026-11-23';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let other: TestUser;
let news: { _id: string };
let sport: { _id: string };
type Made = Awaited<ReturnType<typeof createArticle>>;
const made: Record<string, Made> = {};

const get = (url: string, who: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: auth(who) });
const list = async (query: string, who: TestUser = editor) => {
  const res = await get(`/api/articles/admin-article?page=1&limit=100${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    articles: { _id: string; name: string; status: string; views: number; updatedAt: string }[];
    totalArticles: number;
    totalPages: number;
    currentPage: number;
  };
};
const names = (answer: { articles: { name: string }[] }) => answer.articles.map((a) => a.name);

/** Each article a minute after the one before, so every order is strict. */
async function make(key: string, by: TestUser, categoryId: string, o: Record<string, unknown>) {
  current += MINUTE;
  made[key] = await createArticle(t.app, by, categoryId, { name: key, ...o });
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  other = await createUser(t.app, 'author');
  news = await createCategory(t.app, editor);
  sport = await createCategory(t.app, editor);
  const future = (h: number) => new Date(START + h * HOUR).toISOString();
  await make('Monsoon arrives early', author, news._id, { language: 'en' });
  await make('मानसून जल्दी आया', author, news._id, { language: 'hi', status: 'draft' });
  await make('Cricket final tonight', other, sport._id, { language: 'en', status: 'pending' });
  await make('क्रिकेट फ़ाइनल आज', other, sport._id, {
    language: 'hi',
    status: 'published',
    publishedAt: future(30),
  });
  await make('Election results', author, news._id, {
    language: 'en',
    status: 'published',
    publishedAt: future(5),
  });
  await make('Budget explained', editor, news._id, { language: 'en', status: 'draft' });
  await make('Weather warning', other, news._id, { language: 'en' });
  // Views: counted through the API (the real path), 3 for the monsoon piece, 1 for the weather.
  for (const address of ['10.9.0.1', '10.9.0.2', '10.9.0.3'])
    await t.app.inject({
      method: 'POST',
      url: `/api/articles/${made['Monsoon arrives early']?._id}/view`,
      remoteAddress: address,
    });
  await t.app.inject({
    method: 'POST',
    url: `/api/articles/${made['Weather warning']?._id}/view`,
    remoteAddress: '10.9.0.9',
  });
  // Counted views are written within 5 seconds (tests/integration/api/views-batches.test.ts).
  await t.app.services.views.flush();
  // An edit makes the first article the last updated.
  current += MINUTE;
  const first = made['Monsoon arrives early'] as Made;
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/articles/${first._id}`,
    headers: auth(editor),
    payload: {
      name: first.name,
      category: news._id,
      imageUrl: 'https://images.example.com/photo.jpg',
      description: '<p>Updated text.</p>',
      metaTitle: first.name,
      metaDescription: 'A test article.',
      metaKeywords: 'test',
      updatedAt: first.updatedAt,
    },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => t.close());

describe('GET /api/articles/admin-article without the new parameters', () => {
  it('answers as it always did: every article, newest created first, the same fields', async () => {
    const rows = await t.database.db
      .select({ id: articles.id })
      .from(articles)
      .orderBy(desc(articles.createdAt), desc(articles.id));
    const answer = await list('');
    expect(answer.articles.map((a) => a._id)).toEqual(rows.map((r) => r.id));
    expect(answer).toMatchObject({ currentPage: 1, totalPages: 1, totalArticles: 7 });
    expect(Object.keys(answer.articles[0] ?? {}).sort()).toEqual(
      [
        '_id',
        'name',
        'slug',
        'status',
        'language',
        'category',
        'author',
        'imageUrl',
        'publishedAt',
        'createdAt',
        'updatedAt',
        'views',
      ].sort(),
    );
    // The default order is `created`, named or not; paging still pages.
    expect(await list('&sort=created')).toEqual(answer);
    const second = await get('/api/articles/admin-article?page=2&limit=3', editor);
    expect(second.json().articles.map((a: { _id: string }) => a._id)).toEqual(
      rows.slice(3, 6).map((r) => r.id),
    );
  });
});

describe('GET /api/articles/admin-article filters', () => {
  it('by status: the four never overlap and cover every article', async () => {
    expect(names(await list('&status=draft')).sort()).toEqual(
      ['Budget explained', 'मानसून जल्दी आया'].sort(),
    );
    expect(names(await list('&status=pending'))).toEqual(['Cricket final tonight']);
    expect(names(await list('&status=published'))).toEqual([
      'Weather warning',
      'Monsoon arrives early',
    ]);
    expect(names(await list('&status=scheduled'))).toEqual(['Election results', 'क्रिकेट फ़ाइनल आज']);
  });

  it('a scheduled piece counts as published from its minute on', async () => {
    const saved = current;
    current = START + 5 * HOUR + MINUTE;
    try {
      expect(names(await list('&status=scheduled'))).toEqual(['क्रिकेट फ़ाइनल आज']);
      expect(names(await list('&status=published'))).toContain('Election results');
    } finally {
      current = saved;
    }
  });

  it('by category, author and language, and all of them at once with a title search', async () => {
    expect(names(await list(`&categoryId=${sport._id}`)).sort()).toEqual(
      ['Cricket final tonight', 'क्रिकेट फ़ाइनल आज'].sort(),
    );
    expect(names(await list(`&authorId=${other._id}`)).sort()).toEqual(
      ['Cricket final tonight', 'Weather warning', 'क्रिकेट फ़ाइनल आज'].sort(),
    );
    expect(names(await list('&language=hi')).sort()).toEqual(
      ['मानसून जल्दी आया', 'क्रिकेट फ़ाइनल आज'].sort(),
    );
    expect(
      names(await list(`&q=cricket&categoryId=${sport._id}&authorId=${other._id}&language=en`)),
    ).toEqual(['Cricket final tonight']);
    expect(names(await list(`&q=cricket&status=draft`))).toEqual([]);
  });

  it('searches titles in Hindi and English with the reader search’s matching', async () => {
    expect(names(await list(`&q=${encodeURIComponent('मानसून')}`))).toEqual(['मानसून जल्दी आया']);
    expect(names(await list('&q=monsoon'))).toContain('Monsoon arrives early');
    expect(names(await list('&q=election'))).toEqual(['Election results']);
    // The title only: "Monsoon arrives early" has these words in its body and its keywords.
    expect(names(await list('&q=updated'))).toEqual([]);
    expect(names(await list('&q=test'))).toEqual([]);
    expect(names(await list('&q=monsoon%20updated'))).toEqual([]);
  });
});

describe('GET /api/articles/admin-article orders', () => {
  it('updated: last changed first', async () => {
    expect(names(await list('&sort=updated'))[0]).toBe('Monsoon arrives early');
  });

  it('published: the latest publishing time first (scheduled pieces on top)', async () => {
    expect(names(await list('&sort=published')).slice(0, 2)).toEqual([
      'क्रिकेट फ़ाइनल आज',
      'Election results',
    ]);
  });

  it('views: the most read first, with the views in every row', async () => {
    const answer = await list('&sort=views&status=published');
    expect(answer.articles.map((a) => [a.name, a.views])).toEqual([
      ['Monsoon arrives early', 3],
      ['Weather warning', 1],
    ]);
  });
});

describe('GET /api/articles/admin-article for an author', () => {
  it('lists only their own articles, whatever the filters ask', async () => {
    const own = await list('', author);
    expect(names(own).sort()).toEqual(
      ['Monsoon arrives early', 'मानसून जल्दी आया', 'Election results'].sort(),
    );
    expect(names(await list(`&authorId=${author._id}`, author)).sort()).toEqual(names(own).sort());
    const asked = await list(`&authorId=${other._id}`, author);
    expect(asked).toEqual({
      articles: [],
      currentPage: 1,
      totalPages: 0,
      totalArticles: 0,
      estimated: false,
    });
    expect(names(await list('&q=cricket', author))).toEqual([]);
    expect(names(await list('&status=scheduled', author))).toEqual(['Election results']);
  });
});

describe('GET /api/articles/admin-article for a co-writer (issue 36 item 8)', () => {
  it('lists the pieces they are a further byline of, and the author filter means any byline', async () => {
    current += MINUTE;
    const shared = await createArticle(t.app, other, news._id, {
      name: 'Floods in the plains',
      status: 'draft',
      authors: [other._id, author._id],
    });
    try {
      const own = await list('', author);
      expect(names(own)).toContain('Floods in the plains');
      expect(own.totalArticles).toBe(4);
      // The newest first, as for their own pieces.
      expect(names(own)[0]).toBe('Floods in the plains');
      expect(names(await list('&status=draft', author)).sort()).toEqual(
        ['Floods in the plains', 'मानसून जल्दी आया'].sort(),
      );
      expect(names(await list(`&authorId=${author._id}&sort=updated`, author))).toContain(
        'Floods in the plains',
      );
      // An editor filtering by either byline finds it.
      for (const who of [author, other])
        expect(names(await list(`&authorId=${who._id}`))).toContain('Floods in the plains');
      // The first byline's list has it once.
      expect(names(await list('', other)).filter((n) => n === 'Floods in the plains')).toHaveLength(
        1,
      );
    } finally {
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/articles/delete/${shared._id}`,
        headers: auth(admin),
      });
      expect(gone.statusCode, gone.body).toBeLessThan(300);
    }
  });
});

describe('GET /api/stats/dashboard', () => {
  type Dashboard = {
    scope: string;
    timeZone: string;
    views: { today: number; last7Days: number; last30Days: number };
    viewsPerDay: { day: string; views: number }[];
    topArticles: { _id: string; name: string; views: number; path: string | null }[];
    reviewQueue: { articles: { name: string }[]; total: number };
    scheduled: { articles: { name: string; publishedAt: string }[]; total: number };
    drafts: { articles: { name: string }[]; total: number };
  };
  const dashboard = async (who: TestUser) => {
    const res = await get('/api/stats/dashboard', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Dashboard;
  };

  it('counts views by the site’s day, and over 7 and 30 days', async () => {
    // Older views, stored as the views module stores them: 6 and 10 and 40 days ago.
    const weather = made['Weather warning']?._id as string;
    const budget = made['Budget explained']?._id as string;
    await t.database.db.insert(articleDailyViews).values([
      { articleId: weather, day: '2026-11-17', views: 5 },
      { articleId: budget, day: '2026-11-13', views: 7 },
      { articleId: weather, day: '2026-10-14', views: 100 },
    ]);
    const d = await dashboard(editor);
    expect(d.scope).toBe('site');
    expect(d.timeZone).toBe('Asia/Kolkata');
    expect(d.viewsPerDay).toHaveLength(30);
    expect(d.viewsPerDay.at(-1)).toEqual({ day: SITE_TODAY, views: 4 });
    expect(d.views).toEqual({ today: 4, last7Days: 9, last30Days: 16 });
    expect(d.topArticles.map((a) => [a.name, a.views])).toEqual([
      ['Weather warning', 6],
      ['Monsoon arrives early', 3],
    ]);
    expect(d.topArticles[0]?.path).toMatch(/^\/[a-z0-9-]+\/weather-warning$/);

    // A view an hour later is still the site's 23 November; 23 hours on it is the 24th.
    current += HOUR;
    await t.app.inject({
      method: 'POST',
      url: `/api/articles/${weather}/view`,
      remoteAddress: '10.9.1.1',
    });
    await t.app.services.views.flush();
    expect((await dashboard(editor)).views.today).toBe(5);
    const saved = current;
    current = START + 23 * HOUR;
    try {
      const next = await dashboard(editor);
      expect(next.viewsPerDay.at(-1)).toEqual({ day: '2026-11-24', views: 0 });
      expect(next.views).toEqual({ today: 0, last7Days: 5, last30Days: 17 });
    } finally {
      current = saved;
    }
  });

  it('shows the review queue, what is scheduled (next first) and my drafts', async () => {
    const d = await dashboard(editor);
    expect(d.reviewQueue).toEqual({
      articles: [expect.objectContaining({ name: 'Cricket final tonight' })],
      total: 1,
    });
    expect(d.scheduled.articles.map((a) => a.name)).toEqual(['Election results', 'क्रिकेट फ़ाइनल आज']);
    expect(d.scheduled.total).toBe(2);
    expect(d.drafts.articles.map((a) => a.name)).toEqual(['Budget explained']);
  });

  it('shows an author their own numbers and pieces only', async () => {
    const d = await dashboard(author);
    expect(d.scope).toBe('own');
    expect(d.topArticles.map((a) => a.name)).toEqual(['Monsoon arrives early']);
    expect(d.views.today).toBe(3);
    expect(d.reviewQueue.total).toBe(0);
    expect(d.scheduled.articles.map((a) => a.name)).toEqual(['Election results']);
    expect(d.drafts.articles.map((a) => a.name)).toEqual(['मानसून जल्दी आया']);
  });

  it('follows a promotion at once, with the same sign-in', async () => {
    expect((await dashboard(other)).scope).toBe('own');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other._id}/role`,
      headers: auth(admin),
      payload: { role: 'editor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = await dashboard(other);
    expect(d.scope).toBe('site');
    expect(d.reviewQueue.total).toBe(1);
    expect(names(await list('', other))).toHaveLength(7);
  });

  it('is for authors and up', async () => {
    const reader = await createUser(t.app, 'reader');
    expect((await get('/api/stats/dashboard', reader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/dashboard' })).statusCode).toBe(
      401,
    );
  });
});
