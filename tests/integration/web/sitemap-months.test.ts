/*
 * The sitemap at any size (issue 71 item 4, docs/decisions/068), with the per-file limit set
 * low (SITEMAP_MAX_URLS=10) to make the split: an index of the list pages' files and a file per
 * month (with parts past the limit), each within the limit, every address once; an old month's
 * file does not change when a story is published; the news sitemap holds the last 48 hours.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';
const HOUR = 3_600_000;
let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const partsOf = (index: string) => locs(index).map((l) => new URL(l).pathname);

/** Stories of a month: `n` of them, an hour apart from its 3rd day, slugs `{prefix}-1…n`. */
const storiesIn = (prefix: string, month: string, n: number) =>
  t.database.db.execute(sql`INSERT INTO articles (name, slug, category_id, published_at)
    SELECT 'Story ' || ${prefix} || g, ${prefix} || '-' || g, '00000000-0000-4000-a000-0000000000e1',
      ${`${month}-03T00:00:00Z`}::timestamptz + g * interval '1 hour'
    FROM generate_series(1, ${n}) g`);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, SITEMAP_MAX_URLS: '10' });
  await t.database.db.execute(
    sql`INSERT INTO categories (id, name, slug) VALUES ('00000000-0000-4000-a000-0000000000e1', 'Months', 'months')`,
  );
  await storiesIn('jan', '2024-01', 25);
  await storiesIn('feb', '2024-02', 5);
  // Three stories of the last 48 hours, two just older.
  await t.database.db.execute(sql`INSERT INTO articles (name, slug, category_id, published_at)
    SELECT 'Recent ' || g, 'recent-' || g, '00000000-0000-4000-a000-0000000000e1',
      now() - CASE WHEN g <= 3 THEN g * interval '10 hours' ELSE (46 + g) * interval '1 hour' END
    FROM generate_series(1, 5) g`);
});
afterAll(async () => t?.close());

describe('the sitemap split by month', () => {
  it('is an index of the list pages, then each month oldest first, with parts past the limit', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex');
    const parts = partsOf(index.body);
    expect(parts.slice(0, 4)).toEqual([
      '/sitemap-pages-1.xml',
      '/sitemap-2024-01.xml',
      '/sitemap-2024-01-2.xml',
      '/sitemap-2024-01-3.xml',
    ]);
    expect(parts[4]).toBe('/sitemap-2024-02.xml');
    const all: string[] = [];
    for (const part of parts) {
      const file = await get(part);
      expect(file.statusCode, part).toBe(200);
      const urls = locs(file.body);
      expect(urls.length, part).toBeGreaterThan(0);
      expect(urls.length, part).toBeLessThanOrEqual(10);
      all.push(...urls);
    }
    expect(all.length).toBe(new Set(all).size);
    const stories = all.filter((l) => l.includes('/months/'));
    expect(stories).toHaveLength(35);
    // January's 25, in order across its three parts, then February's.
    expect(stories.slice(0, 30)).toEqual([
      ...Array.from({ length: 25 }, (_, i) => `${PUBLIC_URL}/months/jan-${i + 1}`),
      ...Array.from({ length: 5 }, (_, i) => `${PUBLIC_URL}/months/feb-${i + 1}`),
    ]);
    expect(all).toContain(`${PUBLIC_URL}/category/months`);
    expect((await get('/sitemap-2024-01-4.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-2023-12.xml')).statusCode).toBe(404);
  });

  it("an old month's file and its index entry stay as they were when a story is published", async () => {
    const before = (await get('/sitemap-2024-01-2.xml')).body;
    const indexBefore = (await get('/sitemap.xml')).body;
    const entry = (xml: string) =>
      /<sitemap><loc>[^<]*sitemap-2024-01-2\.xml<\/loc>(<lastmod>[^<]*<\/lastmod>)?<\/sitemap>/.exec(
        xml,
      )?.[0];
    await t.database.db.execute(sql`INSERT INTO articles (name, slug, category_id)
      VALUES ('Just now', 'just-now', '00000000-0000-4000-a000-0000000000e1')`);
    t.app.services.pageCache.invalidate();
    expect((await get('/sitemap-2024-01-2.xml')).body).toBe(before);
    const indexAfter = (await get('/sitemap.xml')).body;
    expect(entry(indexAfter)).toBe(entry(indexBefore));
    expect(locs(indexAfter).length).toBeGreaterThanOrEqual(locs(indexBefore).length);
  });
});

describe('the news sitemap', () => {
  it('lists the stories of the last 48 hours only', async () => {
    const news = (await get('/news-sitemap.xml')).body;
    const listed = locs(news).filter((l) => l.includes('/months/'));
    expect(listed.sort()).toEqual(
      [
        `${PUBLIC_URL}/months/just-now`,
        ...[1, 2, 3].map((g) => `${PUBLIC_URL}/months/recent-${g}`),
      ].sort(),
    );
    for (const date of [...news.matchAll(/<news:publication_date>([^<]*)</g)].map((m) => m[1]!))
      expect(Date.now() - Date.parse(date)).toBeLessThan(48 * HOUR);
  });
});
