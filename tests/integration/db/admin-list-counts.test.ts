/*
 * The admin list's filters among many stories (issue 71 item 3, docs/decisions/081): each
 * filter's page and count read the filter's own few entries, never every story, and a count
 * past EXACT_COUNT_UP_TO is an estimate the answer names. Planned and run on both engines.
 * The few are the oldest stories: a walk of the list's order would meet them last.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTerms, toTsquery } from '../../../common/search/search-query';
import { articleSearchColumns } from '../../../common/search/search-document';
import { cappedCountOfParts, EXACT_COUNT_UP_TO } from '../../../db/counts';
import {
  adminCountWalks,
  countForAdmin,
} from '../../../server/modules/articles/article-admin-counts';
import type { AdminListOptions } from '../../../server/modules/articles/article-admin-filters';
import {
  listForAdmin,
  listForAdminPage,
} from '../../../server/modules/articles/article-admin-repository';
import { scansOf } from '../../setup/plan-scans';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** The many: English, by one writer, in the national edition alone. */
const MANY = EXACT_COUNT_UP_TO + 1_000;
/** The few: Hindi, in a state's edition, titled "Zephyr": three by a writer, two co-written. */
const FEW = 5;
const now = new Date('2030-01-01T00:00:00Z');
const ids = {
  prolific: '00000000-0000-4000-e000-000000000001',
  rare: '00000000-0000-4000-e000-000000000002',
  edition: '00000000-0000-4000-e000-0000000000e1',
};
const TABLES = ['articles', 'article_editions', 'article_search', 'article_authors'] as const;
/** Tables of a row (or more) per story: never read whole (article_authors holds two rows here). */
const PER_STORY = /^(articles|article_editions|article_search)$/;
/** Every body says "zephyr"; only the few titles do. */
const body = '<p>A zephyr blew over the town, as it does every evening.</p>';
const searchOf = (name: string) =>
  articleSearchColumns({ name, metaKeywords: '', description: body, language: 'en' }).search;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`INSERT INTO users (id, name, email) VALUES
    (${ids.prolific}, 'Prolific', 'prolific@counts.test'), (${ids.rare}, 'Rare', 'rare@counts.test')`);
  await db.execute(sql`INSERT INTO editions (id, slug, kind, parent_id, names)
    VALUES (${ids.edition}, 'count-state', 'state', '00000000-0000-4000-8000-000000000065', '{"hi":"राज्य","en":"State"}')`);
  await db.execute(sql`INSERT INTO articles (name, slug, author_id, language, status, published_at, created_at)
    SELECT 'Story ' || g, 'story-' || g, ${ids.prolific}::uuid, 'en', 'published',
      timestamptz '2029-06-01' - g * interval '1 minute', timestamptz '2029-06-01' - g * interval '1 minute'
    FROM generate_series(1, ${MANY}) g`);
  await db.execute(sql`INSERT INTO articles (name, slug, author_id, language, primary_edition_id, status, published_at, created_at)
    SELECT 'Zephyr ' || g, 'zephyr-' || g,
      (CASE WHEN g <= 3 THEN ${ids.rare} ELSE ${ids.prolific} END)::uuid, 'hi', ${ids.edition}::uuid,
      'published', timestamptz '2001-01-01' + g * interval '1 minute', timestamptz '2001-01-01' + g * interval '1 minute'
    FROM generate_series(1, ${FEW}) g`);
  await db.execute(sql`INSERT INTO article_authors (article_id, user_id, position)
    SELECT id, ${ids.rare}::uuid, 1 FROM articles WHERE slug IN ('zephyr-4', 'zephyr-5')`);
  await db.execute(sql`INSERT INTO article_search (article_id, status, published_at, language, search)
    SELECT id, status, published_at, language,
      (CASE WHEN name LIKE 'Zephyr%' THEN ${searchOf('Zephyr rising')} ELSE ${searchOf('Story')} END)::tsvector
    FROM articles`);
  await database.analyze();
});
afterAll(async () => database?.close());

const zephyr = toTsquery(queryTerms('zephyr'), 'A');
const filters: [string, Partial<AdminListOptions>][] = [
  ['edition', { edition: ids.edition }],
  ['title search', { titleSearch: zephyr }],
  ['author, first and further bylines', { authorId: ids.rare }],
  ['language', { language: 'hi' }],
  ['edition with the language', { edition: ids.edition, language: 'hi' }],
  ['title search with the status', { titleSearch: zephyr, status: 'published' }],
];

describe("the admin list's filters read their own few stories", () => {
  it.each(filters)('%s: the count walks the few, exact', async (_, filter) => {
    const { db } = database;
    const opts = { ...filter, now, limit: 10, offset: 0 };
    const { table, parts } = adminCountWalks(opts);
    const counting = cappedCountOfParts(table, parts, EXACT_COUNT_UP_TO + 1);
    const scans = await scansOf(db, counting, TABLES);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      if (PER_STORY.test(scan.table)) expect(scan.type, JSON.stringify(scans)).not.toBe('Seq Scan');
      expect(scan.read, JSON.stringify(scans)).toBeLessThanOrEqual(FEW);
    }
    expect(await countForAdmin(db, opts)).toEqual({ n: FEW, exact: true });
  });

  it.each(filters)('%s: the page reads the few, newest first', async (_, filter) => {
    const { db } = database;
    const query = listForAdminPage(db, { ...filter, now, limit: 10, offset: 0 });
    const scans = await scansOf(db, query, TABLES);
    for (const scan of scans) {
      if (PER_STORY.test(scan.table)) expect(scan.type, JSON.stringify(scans)).not.toBe('Seq Scan');
      expect(scan.read, JSON.stringify(scans)).toBeLessThanOrEqual(FEW);
    }
    expect((await query).map((r) => r.name)).toEqual(
      Array.from({ length: FEW }, (_, i) => `Zephyr ${FEW - i}`),
    );
  });

  it('a title search finds titles, not bodies that have the word', async () => {
    const { db } = database;
    const all = await listForAdmin(db, { titleSearch: zephyr, now, limit: 100, offset: 0 });
    expect(all.rows.map((r) => r.name).sort()).toEqual(
      Array.from({ length: FEW }, (_, i) => `Zephyr ${i + 1}`),
    );
    expect(all).toMatchObject({ total: FEW, estimated: false });
  });
});

describe('a count past the cap is an estimate, named so', () => {
  it.each([
    ['the many', {}, MANY + FEW],
    ['a language', { language: 'en' as const }, MANY],
    ['an author, first and further bylines', { authorId: ids.prolific }, MANY + 2],
    ['the national edition', { edition: '00000000-0000-4000-8000-000000000065' }, MANY],
  ])('%s', async (_, filter, truth) => {
    const { db } = database;
    const answer = await listForAdmin(db, { ...filter, now, limit: 10, offset: 0 });
    expect(answer.estimated).toBe(true);
    expect(answer.total).toBeGreaterThan(EXACT_COUNT_UP_TO);
    expect(Math.abs(answer.total - truth) / truth).toBeLessThan(0.2);
    expect(answer.rows).toHaveLength(10);
  });

  it("an author past the cap: the first bylines' walk stops at it, the co-written never begun", async () => {
    const { db } = database;
    const { table, parts } = adminCountWalks({ authorId: ids.prolific, now, limit: 10, offset: 0 });
    const scans = await scansOf(
      db,
      cappedCountOfParts(table, parts, EXACT_COUNT_UP_TO + 1),
      TABLES,
    );
    const read = (name: string) =>
      scans.filter((s) => s.table === name).reduce((sum, s) => sum + s.read, 0);
    expect(read('articles'), JSON.stringify(scans)).toBeLessThanOrEqual(EXACT_COUNT_UP_TO + 1);
    expect(read('article_authors'), JSON.stringify(scans)).toBe(0);
  });

  it('one under the cap is exact', async () => {
    const { db } = database;
    const rows = await db.execute(
      sql`SELECT slug FROM articles WHERE slug LIKE 'story-%' ORDER BY created_at LIMIT ${MANY - EXACT_COUNT_UP_TO}`,
    );
    const gone = (rows as unknown as { rows: { slug: string }[] }).rows.map((r) => r.slug);
    await db.execute(sql`UPDATE articles SET language = 'mr' WHERE slug IN ${gone}`);
    try {
      expect(await countForAdmin(db, { language: 'en', now, limit: 10, offset: 0 })).toEqual({
        n: EXACT_COUNT_UP_TO,
        exact: true,
      });
    } finally {
      await db.execute(sql`UPDATE articles SET language = 'en' WHERE slug IN ${gone}`);
    }
  });
});
