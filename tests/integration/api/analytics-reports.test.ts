/*
 * Analytics reports and storage (issue 38 items 4 and 6): beacons rolled up per minute, hour
 * and day answer GET /api/analytics/articles/{id} and GET /api/analytics/top, each also as a
 * CSV download; with retention at 1 day the older days' raw partitions go and the day rollups
 * stay.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createArticle, createCategory, createUser, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { ensurePartition } from '../../../server/modules/analytics/analytics-storage-repository';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let app: FastifyInstance;
let editor: TestUser;
let author: TestUser;
let story: { _id: string; name: string };
let other: { _id: string };

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const DAY = 86_400_000;

const beacon = (body: Record<string, unknown>, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: ip,
    // As a browser sends the reader script's beacon from our page (issue 66 item 11).
    headers: {
      'content-type': 'text/plain',
      'user-agent': CHROME,
      'sec-fetch-site': 'same-origin',
    },
    payload: JSON.stringify(body),
  });

const get = (url: string, user: TestUser = editor) =>
  app.inject({ method: 'GET', url, headers: auth(user) });

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock });
  app = t.app;
  editor = await createUser(app, 'editor');
  author = await createUser(app, 'author');
  const category = await createCategory(app, editor);
  // Out three days ago, so the views of two days ago are of a public story.
  const publishedAt = new Date(Date.now() - 3 * DAY).toISOString();
  story = await createArticle(app, editor, category._id, { author: author._id, publishedAt });
  other = await createArticle(app, editor, category._id, { publishedAt });
  // Two days ago: three readers of the story from Google, one engaged for 40 s at 80 %.
  time.shift(-2 * DAY);
  try {
    await app.services.analytics.retain(30);
    for (const n of [1, 2, 3])
      await beacon(
        { type: 'view', path: '/s', articleId: story._id, referrer: 'https://www.google.com/' },
        `10.39.0.${n}`,
      );
    await beacon(
      { type: 'engaged', path: '/s', articleId: story._id, referrer: '', seconds: 40, scroll: 80 },
      '10.39.0.1',
    );
    await app.services.analytics.flush();
    await app.services.analytics.rollUp();
  } finally {
    time.shift(0);
  }
  // Now: two readers of the story from WhatsApp, one of the other story.
  for (const n of [4, 5])
    await beacon(
      { type: 'view', path: '/s', articleId: story._id, referrer: 'https://web.whatsapp.com/' },
      `10.39.0.${n}`,
    );
  await beacon({ type: 'view', path: '/o', articleId: other._id, referrer: '' }, '10.39.0.6');
  await app.services.analytics.flush();
  await app.services.analytics.rollUp();
});
afterAll(async () => {
  await t?.close();
});

const range = () => {
  const to = new Date(Date.now() + 60_000).toISOString();
  const from = new Date(Date.now() - 3 * DAY).toISOString();
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
};

describe('GET /api/analytics/articles/{id}', () => {
  it("answers a story's views, readers, medians, sources and series per day", async () => {
    const res = await get(`/api/analytics/articles/${story._id}?${range()}&interval=day`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ views: 5, readers: 5, engagedSeconds: 40, scroll: 80 });
    expect(report.series).toHaveLength(2);
    expect(report.series.map((s: { views: number }) => s.views)).toEqual([3, 2]);
    expect(
      new Map(report.sources.map((s: { source: string; views: number }) => [s.source, s.views])),
    ).toEqual(
      new Map([
        ['google', 3],
        ['whatsapp', 2],
      ]),
    );
    const minutes = (
      await get(`/api/analytics/articles/${story._id}?${range()}&interval=minute`)
    ).json();
    expect(minutes.views).toBe(5);
  });

  it('shows an author their own story only', async () => {
    expect((await get(`/api/analytics/articles/${story._id}?${range()}`, author)).statusCode).toBe(
      200,
    );
    const refused = await get(`/api/analytics/articles/${other._id}?${range()}`, author);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('article.not_found');
  });

  it('downloads the series as CSV', async () => {
    const res = await get(
      `/api/analytics/articles/${story._id}?${range()}&interval=day&format=csv`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const [header, ...lines] = res.body.trim().split('\r\n');
    expect(header).toBe('t,views,readers');
    expect(lines.map((l) => l.split(',').slice(1).join(','))).toEqual(['3,3', '2,2']);
  });
});

describe('GET /api/analytics/top', () => {
  it('ranks articles, sources and authors, and downloads them as CSV', async () => {
    const byArticle = (await get(`/api/analytics/top?${range()}&by=article`)).json();
    expect(byArticle.rows[0]).toMatchObject({ key: story._id, name: story.name, views: 5 });
    expect(byArticle.rows[1]).toMatchObject({ key: other._id, views: 1 });
    const bySource = (await get(`/api/analytics/top?${range()}&by=source`)).json();
    expect(bySource.rows.map((r: { key: string }) => r.key)).toEqual([
      'google',
      'whatsapp',
      'direct',
    ]);
    const byAuthor = (await get(`/api/analytics/top?${range()}&by=author`)).json();
    expect(byAuthor.rows[0]).toMatchObject({ key: author._id, views: 5 });
    const mine = (await get(`/api/analytics/top?${range()}&by=article`, author)).json();
    expect(mine.rows.map((r: { key: string }) => r.key)).toEqual([story._id]);
    const csv = await get(`/api/analytics/top?${range()}&by=category&format=csv`);
    expect(csv.body.split('\r\n')[0]).toBe('key,name,views,readers');
    expect(csv.body.split('\r\n')[1]).toMatch(/,6,6$/);
  });
});

describe('reports that add up (issue 70 items 2 and 3)', () => {
  const totals = async (id: string) => {
    const answers = await Promise.all(
      (['day', 'hour', 'minute'] as const).map((interval) =>
        get(`/api/analytics/articles/${id}?${range()}&interval=${interval}`),
      ),
    );
    return answers.map((res) => {
      expect(res.statusCode).toBe(200);
      const { views, readers, series } = res.json();
      const sum = series.reduce((n: number, s: { views: number }) => n + s.views, 0);
      return { views, readers, sum };
    });
  };

  it('day, hour and minute add up to the same views over a range that includes today', async () => {
    const same = { views: 5, readers: 5, sum: 5 };
    expect(await totals(story._id)).toEqual([same, same, same]);
  });

  it('counts beacons the rollup job has not reached yet, in every interval', async () => {
    const category = await createCategory(app, editor);
    const publishedAt = new Date(Date.now() - DAY).toISOString();
    const fresh = await createArticle(app, editor, category._id, { publishedAt });
    for (const n of [1, 2, 3])
      await beacon(
        { type: 'view', path: '/f', articleId: fresh._id, referrer: '' },
        `10.70.0.${n}`,
      );
    // Written as the 5-second batch is, and no rollup since: the job runs once a minute.
    await app.services.analytics.flush();
    const same = { views: 3, readers: 3, sum: 3 };
    expect(await totals(fresh._id)).toEqual([same, same, same]);
    // The rankings read them too (issue 70 item 2), and the rollup job reaching them later
    // counts none twice.
    const ranked = async () =>
      (await get(`/api/analytics/top?${range()}&by=article&limit=100`))
        .json()
        .rows.find((r: { key: string }) => r.key === fresh._id);
    expect(await ranked()).toMatchObject({ views: 3, readers: 3 });
    await app.services.analytics.rollUp();
    expect(await totals(fresh._id)).toEqual([same, same, same]);
    expect(await ranked()).toMatchObject({ views: 3, readers: 3 });
  });
});

describe('retention', () => {
  it("with 1 day, drops the older days' raw partitions and keeps the day rollups", async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const before = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM analytics_events WHERE day = ${twoDaysAgo}`,
    );
    expect(before[0]!.n).toBe(4);
    const dropped = await app.services.analytics.retain(1);
    expect(dropped).toContain(`analytics_events_p${twoDaysAgo.replaceAll('-', '')}`);
    const after = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM analytics_events WHERE day < ${new Date().toISOString().slice(0, 10)}`,
    );
    expect(after[0]!.n).toBe(0);
    const report = (
      await get(`/api/analytics/articles/${story._id}?${range()}&interval=day`)
    ).json();
    expect(report.views).toBe(5);
    expect(report.engagedSeconds).toBeNull();
  });
});

describe('partitions', () => {
  it('processes starting together make a day’s partition once, and none of them fails', async () => {
    // Days no other test touches; on PostgreSQL each call has a connection of its own.
    const days = Array.from({ length: 8 }, (_, i) => `2031-03-${String(10 + i).padStart(2, '0')}`);
    for (const day of days) {
      const made = await Promise.all(
        Array.from({ length: 6 }, () => ensurePartition(t.database.db, day)),
      );
      expect(made.filter(Boolean), day).toHaveLength(1);
    }
    const attached = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'analytics_events'::regclass AND c.relname LIKE 'analytics\\_events\\_p203103%'`,
    );
    expect(attached[0]!.n).toBe(days.length);
  });
});
