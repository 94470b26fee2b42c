/*
 * A big reading list's size is kept, not counted for every page (issue 71 item 2,
 * docs/decisions/087): "Page 1 of Y" of a list past the rule's bound reads one row of
 * `list_sizes` until it is older than the rule allows; then one page counts it again. A small
 * list is counted on every page and keeps no row. On both engines.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  categoryBranch,
  countPublishedInCategory,
  publishedInCategory,
} from '../../../server/modules/articles/article-lists-repository';
import { readList, type ReadingList } from '../../../server/modules/articles/list-pages';
import { listSize, type ListSizeRule } from '../../../server/modules/articles/list-sizes';
import type { Db } from '../../../db/client';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const CATEGORY = '00000000-0000-4000-a000-0000000000c1';
const AUTHOR = '00000000-0000-4000-d000-0000000000c1';
const LIMIT = 9;
const rule: ListSizeRule = { keptPast: 20, keptMs: 60_000 };
const t0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
let made = 0;

/** Publishes `n` more stories in the category, all before t0. */
async function publish(db: Db, n: number) {
  await db.execute(sql`INSERT INTO articles (name, slug, category_id, author_id, status, published_at)
    SELECT 'Story ' || g, 'story-' || g, ${CATEGORY}::uuid, ${AUTHOR}::uuid, 'published',
      timestamptz '2029-06-01' + g * interval '1 minute'
    FROM generate_series(${made + 1}::int, ${made + n}::int) AS g`);
  made += n;
}

const category = (db: Db): ReadingList => ({
  name: `category:${CATEGORY}`,
  branches: [categoryBranch(CATEGORY)],
  numbered: (o) => publishedInCategory(db, { categoryId: CATEGORY, ...o }),
  count: (now) => countPublishedInCategory(db, { categoryId: CATEGORY, now }),
});

const kept = async (db: Db) =>
  (
    (await db.execute(
      sql`SELECT stories, counted_at FROM list_sizes WHERE list = ${`category:${CATEGORY}`}`,
    )) as unknown as { rows: { stories: number; counted_at: Date | string }[] }
  ).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(
    sql`INSERT INTO users (id, name, email) VALUES (${AUTHOR}, 'Sizes', 'sizes@lists.test')`,
  );
  await db.execute(
    sql`INSERT INTO categories (id, name, slug) VALUES (${CATEGORY}, 'Sizes', 'sizes')`,
  );
});
afterAll(async () => database?.close());
beforeEach(async () => {
  const { db } = database;
  await db.execute(sql`DELETE FROM list_sizes`);
  await db.execute(sql`DELETE FROM articles`);
  made = 0;
});

describe('a reading list’s size', () => {
  it('a small list is counted on every page and keeps no row', async () => {
    const { db } = database;
    await publish(db, 12);
    const first = await readList(db, category(db), { page: 1 }, LIMIT, t0, rule);
    expect(first).toMatchObject({ totalArticles: 12, totalPages: 2 });
    await publish(db, 8);
    const again = await readList(db, category(db), { page: 1 }, LIMIT, later(1000), rule);
    expect(again).toMatchObject({ totalArticles: 20, totalPages: 3 });
    expect(await kept(db)).toEqual([]);
  });

  it('a big list is counted once, its size kept until it is older than the rule allows', async () => {
    const { db } = database;
    await publish(db, 30);
    const first = await readList(db, category(db), { page: 1 }, LIMIT, t0, rule);
    expect(first).toMatchObject({ totalArticles: 30, totalPages: 4 });
    expect((await kept(db)).map((r) => r.stories)).toEqual([30]);
    // Nine more: the pages within the minute show the kept size (no count was made), while
    // their stories are the newest.
    await publish(db, 9);
    const within = await readList(db, category(db), { page: 1 }, LIMIT, later(59_000), rule);
    expect(within).toMatchObject({ totalArticles: 30, totalPages: 4 });
    expect(within.articles[0]?.name).toBe('Story 39');
    // Past the minute the first page counts again and keeps the new size.
    const past = await readList(db, category(db), { page: 1 }, LIMIT, later(60_000), rule);
    expect(past).toMatchObject({ totalArticles: 39, totalPages: 5 });
    const [row] = await kept(db);
    expect(row?.stories).toBe(39);
    expect(new Date(row!.counted_at).getTime()).toBe(later(60_000).getTime());
  });

  it('a stale size is counted by one page only; the others meanwhile show the kept size', async () => {
    const { db } = database;
    let counts = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let returned = 0;
    // The page that counts again waits until the four others have answered.
    const count = async () => {
      counts++;
      if (counts === 2) await gate;
      return 40 + counts;
    };
    expect(await listSize(db, 'tag:stale', count, t0, rule)).toBe(41);
    const stale = later(rule.keptMs + 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        listSize(db, 'tag:stale', count, stale, rule).then((n) => {
          if (++returned === 4) release();
          return n;
        }),
      ),
    );
    expect(counts).toBe(2);
    expect(answers.filter((n) => n === 42)).toHaveLength(1);
    expect(answers.filter((n) => n === 41)).toHaveLength(4);
    expect(await listSize(db, 'tag:stale', count, later(rule.keptMs + 2), rule)).toBe(42);
    expect(counts).toBe(2);
  });

  it('a list that shrinks to the bound goes back to being counted on every page', async () => {
    const { db } = database;
    await publish(db, 25);
    await readList(db, category(db), { page: 1 }, LIMIT, t0, rule);
    expect(await kept(db)).toHaveLength(1);
    await db.execute(sql`UPDATE articles SET status = 'draft' WHERE name IN ('Story 1', 'Story 2',
      'Story 3', 'Story 4', 'Story 5')`);
    const past = await readList(db, category(db), { page: 1 }, LIMIT, later(60_000), rule);
    expect(past).toMatchObject({ totalArticles: 20 });
    expect(await kept(db)).toEqual([]);
    await db.execute(sql`UPDATE articles SET status = 'draft' WHERE name = 'Story 6'`);
    const next = await readList(db, category(db), { page: 1 }, LIMIT, later(61_000), rule);
    expect(next).toMatchObject({ totalArticles: 19 });
  });
});
