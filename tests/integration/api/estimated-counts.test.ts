/*
 * The back office's counts never count a million rows for one request (issue 71 item 3,
 * db/counts.ts): the admin article list, the media library, the comments queue and the audit
 * trail count exactly up to EXACT_COUNT_UP_TO, and past it answer the database's estimate,
 * marked `estimated`, which the screens show as "about"; so do the users list and the
 * dashboard's counters (docs/decisions/076). On both engines.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_API } from '../../../common/paths';
import { cappedCount, EXACT_COUNT_UP_TO, tally } from '../../../db/counts';
import { articles } from '../../../db/schema/content';
import { auth, createAdmin, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

/** Past the exact count, by a margin an estimate after ANALYZE stays within. */
const MANY = EXACT_COUNT_UP_TO + 500;

let t: TestApp;
let admin: TestUser;
const category = '00000000-0000-4000-a000-0000000000c1';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  const { db } = t.database;
  await db.execute(
    sql`INSERT INTO categories (id, name, slug) VALUES (${category}, 'Counted', 'counted')`,
  );
  // Many drafts, and three published stories in their own category (a filter that is small).
  await db.execute(sql`INSERT INTO articles (name, slug, status)
    SELECT 'Counted ' || g, 'counted-' || g, 'draft' FROM generate_series(1, ${MANY}) g`);
  await db.execute(sql`INSERT INTO articles (name, slug, category_id)
    SELECT 'Few ' || g, 'few-' || g, ${category} FROM generate_series(1, 3) g`);
  await db.execute(sql`INSERT INTO media (storage_key, mime_type, width, height, bytes, filename)
    SELECT 'counted/' || g, 'image/jpeg', 10, 10, 100, 'photo-' || g || '.jpg'
    FROM generate_series(1, ${MANY}) g`);
  await db.execute(
    sql`INSERT INTO audit_entries (action) SELECT 'settings.changed' FROM generate_series(1, ${MANY}) g`,
  );
  await db.execute(sql`INSERT INTO users (name, email, slug)
    SELECT 'Reader ' || g, 'reader-' || g || '@counted.test', 'counted-reader-' || g
    FROM generate_series(1, ${MANY}) g`);
  await db.execute(sql`INSERT INTO comments (article_id, body)
    SELECT (SELECT id FROM articles WHERE slug = 'few-1'), 'Comment ' || g FROM generate_series(1, ${MANY}) g`);
  await t.database.analyze();
});
afterAll(async () => t?.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
/** An estimate near the truth: the planner's, from statistics ANALYZE just took. */
const near = (n: number, truth: number) => {
  expect(n).toBeGreaterThan(EXACT_COUNT_UP_TO);
  expect(Math.abs(n - truth) / truth).toBeLessThan(0.2);
};

describe('past the exact count, the lists answer an estimate, marked', () => {
  it('the admin article list', async () => {
    const all = await get<{ totalArticles: number; totalPages: number; estimated: boolean }>(
      '/api/articles/admin-article?page=1&limit=10',
    );
    expect(all.estimated).toBe(true);
    near(all.totalArticles, MANY + 3);
    expect(all.totalPages).toBe(Math.ceil(all.totalArticles / 10));
    // A filter that leaves few: counted exactly.
    const few = await get<{ totalArticles: number; estimated: boolean }>(
      `/api/articles/admin-article?page=1&limit=10&categoryId=${category}`,
    );
    expect(few).toMatchObject({ totalArticles: 3, estimated: false });
  });

  it('the media library', async () => {
    const all = await get<{ totalMedia: number; estimated: boolean }>('/api/media?page=1');
    expect(all.estimated).toBe(true);
    near(all.totalMedia, MANY);
    const one = await get<{ totalMedia: number; estimated: boolean }>('/api/media?q=photo-77.jpg');
    expect(one).toMatchObject({ totalMedia: 1, estimated: false });
  });

  it('the comments queue', async () => {
    const all = await get<{ total: number; estimated: boolean }>(`${COMMENTS_API}?status=pending`);
    expect(all.estimated).toBe(true);
    near(all.total, MANY);
    const none = await get<{ total: number; estimated: boolean }>(`${COMMENTS_API}?status=spam`);
    expect(none).toMatchObject({ total: 0, estimated: false });
  });

  it('the audit trail', async () => {
    const all = await get<{ totalPages: number; estimated: boolean }>('/api/audit?limit=50');
    expect(all.estimated).toBe(true);
    near(all.totalPages * 50, MANY);
    const none = await get<{ totalPages: number; estimated: boolean }>(
      '/api/audit?action=user.editions_changed',
    );
    expect(none).toMatchObject({ totalPages: 0, estimated: false });
  });
});

describe('the users list and the dashboard estimate too', () => {
  it('the users list', async () => {
    const all = await get<{ totalUsers: number; totalPages: number; estimated: boolean }>(
      '/api/users?page=1',
    );
    expect(all.estimated).toBe(true);
    near(all.totalUsers, MANY + 1);
    const one = await get<{ totalUsers: number; estimated: boolean }>(
      '/api/users?email=reader-77@counted.test',
    );
    expect(one).toMatchObject({ totalUsers: 1, estimated: false });
  });

  it("the dashboard's counters say which are estimates", async () => {
    const stats = await get<{
      articles: number;
      published: number;
      drafts: number;
      users: number;
      estimated: string[];
    }>('/api/stats');
    expect([...stats.estimated].sort()).toEqual(['drafts', 'total', 'users']);
    expect(stats.published).toBe(3);
    near(stats.articles, MANY + 3);
    near(stats.drafts, MANY);
    near(stats.users, MANY + 1);
  });
});

describe('a count reads at most its bound of rows', () => {
  it('counts exactly below the bound and stops reading at it', async () => {
    const { db } = t.database;
    expect(await tally(db, articles, sql`${articles.categoryId} = ${category}`)).toEqual({
      n: 3,
      exact: true,
    });
    // With a bound of 100 over ten thousand rows: the walk stops at 101 rows.
    const bounded = await tally(db, articles, undefined, 100);
    expect(bounded.exact).toBe(false);
    near(bounded.n, MANY + 3);
    const counted = cappedCount(db, articles, undefined, 101).toSQL();
    const inlined = counted.sql.replace(/\$(\d+)/g, (_, n: string) =>
      String(counted.params[Number(n) - 1]),
    );
    const result = (await db.execute(
      sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${inlined}`),
    )) as unknown as { rows: Record<string, unknown>[] };
    const cell = Object.values(result.rows[0]!)[0];
    const plan = JSON.stringify(typeof cell === 'string' ? JSON.parse(cell) : cell);
    const scanned = [...plan.matchAll(/"Relation Name":"articles"[^}]*?"Actual Rows":(\d+)/g)];
    expect(scanned.length).toBeGreaterThan(0);
    for (const m of scanned) expect(Number(m[1])).toBeLessThanOrEqual(101);
  });
});
