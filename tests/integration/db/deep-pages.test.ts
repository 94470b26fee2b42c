/*
 * Deep pages by key (issue 71 item 2, docs/decisions/069): a reading list's page past the
 * numbered ones is read from its index starting at the key of the story before it, never by
 * skipping the newer stories with OFFSET. Planned and run over rows made for it, on both
 * engines: every scan of the list's table reads about a page of rows, however deep the page.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBERED_PAGES, type ListAt, type ListKey } from '../../../common/list-keys';
import type { Db } from '../../../db/client';
import {
  authorBranches,
  categoryBranch,
  countPublishedByAuthor,
  countPublishedInCategories,
  countPublishedInCategory,
  listPublishedByAuthor,
  publishedInCategories,
  publishedInCategory,
} from '../../../server/modules/articles/article-lists-repository';
import {
  countPublishedInEdition,
  editionBranch,
  publishedInEdition,
} from '../../../server/modules/articles/article-editions-repository';
import {
  countPublishedWithTag,
  publishedWithTag,
  tagBranch,
} from '../../../server/modules/articles/tags-repository';
import {
  cardsOfKeys,
  keyValues,
  type ListBranch,
} from '../../../server/modules/articles/list-keys-repository';
import { readList, type ReadingList } from '../../../server/modules/articles/list-pages';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const LIMIT = 9;
/** Stories in the big category (and its tag, edition and author): deep enough to page far. */
const DEEP = 1200;
/** Other stories, of other categories, tags, editions and authors, the walks must not read. */
const OTHERS = 6000;
const now = new Date('2030-01-01T00:00:00Z');

const uuid = (prefix: string, n: number | string) =>
  sql.raw(`('${prefix}' || lpad((${n})::text, 12, '0'))::uuid`);
const ids = {
  category: '00000000-0000-4000-a000-000000000001',
  sibling: '00000000-0000-4000-a000-000000000002',
  other: '00000000-0000-4000-a000-000000000003',
  tag: '00000000-0000-4000-b000-000000000001',
  edition: '00000000-0000-4000-c000-000000000001',
  author: '00000000-0000-4000-d000-000000000001',
  coAuthor: '00000000-0000-4000-d000-000000000002',
};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`INSERT INTO users (id, name, email) VALUES
    (${ids.author}, 'Deep Author', 'deep@pages.test'), (${ids.coAuthor}, 'Co Author', 'co@pages.test'),
    ('00000000-0000-4000-d000-000000000003', 'Other', 'other@pages.test')`);
  await db.execute(sql`INSERT INTO categories (id, name, slug) VALUES
    (${ids.category}, 'Deep', 'deep'), (${ids.sibling}, 'Sibling', 'sibling'), (${ids.other}, 'Other', 'other')`);
  await db.execute(
    sql`INSERT INTO tags (id, name, slug) VALUES (${ids.tag}, 'Deep tag', 'deep-tag')`,
  );
  await db.execute(sql`INSERT INTO editions (id, slug, kind, parent_id, names)
    VALUES (${ids.edition}, 'deep-state', 'state', '00000000-0000-4000-8000-000000000065', '{"hi":"डीप","en":"Deep"}')`);
  // The list's stories: three at each microsecond-exact time (the id breaks the tie), some a
  // scheduled or draft one the lists skip. Interleaved in time with the others.
  await db.execute(sql`INSERT INTO articles (id, name, slug, category_id, author_id, primary_edition_id, status, published_at)
    SELECT ${uuid('10000000-0000-4000-a000-', 'g')}, 'Deep ' || g, 'deep-' || g,
      CASE WHEN g % 5 = 0 THEN ${ids.sibling}::uuid ELSE ${ids.category}::uuid END,
      ${ids.author}::uuid, ${ids.edition}::uuid,
      (CASE WHEN g % 97 = 0 THEN 'draft' ELSE 'published' END)::article_status,
      CASE WHEN g = 7 THEN timestamptz '2031-01-01' ELSE
        timestamptz '2029-12-31 23:00:00.123456+00' - (g / 3) * interval '61 seconds' END
    FROM generate_series(1, ${DEEP}) g`);
  await db.execute(sql`INSERT INTO articles (id, name, slug, category_id, author_id, status, published_at)
    SELECT ${uuid('20000000-0000-4000-a000-', 'g')}, 'Other ' || g, 'other-' || g, ${ids.other}::uuid,
      '00000000-0000-4000-d000-000000000003'::uuid, 'published',
      timestamptz '2029-12-31 23:00:00.654321+00' - g * interval '4 seconds'
    FROM generate_series(1, ${OTHERS}) g`);
  await db.execute(sql`INSERT INTO article_tags (article_id, tag_id, position, status, published_at)
    SELECT id, ${ids.tag}::uuid, 1, status, published_at FROM articles WHERE slug LIKE 'deep-%'`);
  // A few pieces the author co-wrote (a further byline), among the others.
  await db.execute(sql`INSERT INTO article_authors (article_id, user_id, position)
    SELECT id, ${ids.author}::uuid, 2 FROM articles WHERE slug IN ('other-10', 'other-2500', 'other-5100')`);
  // And one of their own that also lists them as a further byline: counted once, not twice.
  await db.execute(sql`INSERT INTO article_authors (article_id, user_id, position)
    SELECT id, ${ids.author}::uuid, 2 FROM articles WHERE slug = 'deep-1'`);
  await db.execute(sql`ANALYZE`);
});
afterAll(async () => database?.close());

/** The reading lists as the pages read them (article-reads.ts, article-editions.ts). */
function lists(db: Db): Record<string, ReadingList> {
  const family = [ids.category, ids.sibling];
  return {
    category: {
      name: 'category:' + ids.category,
      branches: [categoryBranch(ids.category)],
      numbered: (o) => publishedInCategory(db, { categoryId: ids.category, ...o }),
      count: (n) => countPublishedInCategory(db, { categoryId: ids.category, now: n }),
    },
    'category with those inside it': {
      name: 'category:' + [...family].sort().join(','),
      branches: family.map(categoryBranch),
      numbered: (o) => publishedInCategories(db, { categoryIds: family, ...o }),
      count: (n) => countPublishedInCategories(db, { categoryIds: family, now: n }),
    },
    tag: {
      name: 'tag:' + ids.tag,
      branches: [tagBranch(ids.tag)],
      numbered: (o) => publishedWithTag(db, { tagId: ids.tag, ...o }),
      count: (n) => countPublishedWithTag(db, { tagId: ids.tag, now: n }),
    },
    edition: {
      name: 'edition:' + ids.edition,
      branches: [editionBranch(ids.edition)],
      numbered: (o) => publishedInEdition(db, { editionId: ids.edition, ...o }),
      count: (n) => countPublishedInEdition(db, { editionId: ids.edition, now: n }),
    },
    author: {
      name: 'author:' + ids.author,
      branches: authorBranches(ids.author),
      numbered: (o) => listPublishedByAuthor(db, { authorId: ids.author, ...o }),
      count: (n) => countPublishedByAuthor(db, { authorId: ids.author, now: n }),
    },
  };
}

/** Every story of a list in its order, the slow sure way: all of them, sorted. */
async function wholeList(db: Db, branches: ListBranch[]): Promise<string[]> {
  const rows = await cardsOfKeys(db, branches, { now, limit: 100_000 });
  return rows.map((r) => r.id);
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];

/** The query run with EXPLAIN ANALYZE: its plan's nodes, with what each read. */
async function analyzed(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  expect(text).not.toMatch(/\boffset\b/i);
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (v instanceof Date) return `'${v.toISOString()}'::timestamptz`;
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  const result = (await db.execute(
    sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${inlined}`),
  )) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0]!)[0];
  const doc = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return walk(doc[0]!.Plan);
}

describe('a deep page is read from its key, not past every newer story', () => {
  it.each(['category', 'category with those inside it', 'tag', 'edition', 'author'])(
    '%s: no OFFSET, and no scan of its table reads more than a page or so of rows',
    async (name) => {
      const { db } = database;
      const list = lists(db)[name]!;
      const all = await wholeList(db, list.branches);
      expect(all.length).toBeGreaterThan(900);
      // The key of a story about 900 stories deep: page 100 of nine.
      const at = all[899]!;
      const [row] = await db
        .execute<{ published_at: string }>(
          sql`SELECT to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at FROM articles WHERE id = ${at}`,
        )
        .then((r) => (r as unknown as { rows: { published_at: string }[] }).rows);
      const key: ListKey = { at: new Date(row!.published_at), id: at };
      const nodes = await analyzed(
        db,
        cardsOfKeys(db, list.branches, { now, limit: LIMIT + 1, before: keyValues(key) }),
      );
      const scans = nodes.filter((n) =>
        ['articles', 'article_tags', 'article_editions'].includes(String(n['Relation Name'])),
      );
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) {
        // What the scan read: the rows it kept and those its filter dropped, over every loop.
        const read =
          (Number(scan['Actual Rows']) + Number(scan['Rows Removed by Filter'] ?? 0)) *
          Number(scan['Actual Loops'] ?? 1);
        expect(read, JSON.stringify(scan)).toBeLessThanOrEqual(3 * (LIMIT + 1));
        expect(String(scan['Node Type'])).not.toMatch(/Seq Scan/);
      }
      // The list's own index walk starts at the key.
      expect(JSON.stringify(nodes)).toMatch(/ROW\(/);
    },
  );
});

describe('pages by number, then by key, hold every story once in order', () => {
  it.each(['category', 'category with those inside it', 'tag', 'edition', 'author'])(
    '%s',
    async (name) => {
      const { db } = database;
      const list = lists(db)[name]!;
      const all = await wholeList(db, list.branches);
      // The count behind "Page 1 of Y" holds every story once, as the walk does.
      expect(await list.count(now)).toBe(all.length);
      const shown: string[] = [];
      const visited: ListAt[] = [];
      // Forty a page: 30 pages, the last ten by key.
      const size = 40;
      let at: ListAt | null = { page: 1 };
      while (at) {
        visited.push(at);
        const page = await readList(db, list, at, size, now);
        expect(page.articles.length).toBeGreaterThan(0);
        expect(page.currentPage).toBe('page' in at ? at.page : null);
        shown.push(...page.articles.map((a) => a._id));
        at = page.older;
      }
      expect(shown).toEqual(all);
      // Numbers up to NUMBERED_PAGES, keys past them.
      expect(visited.slice(0, NUMBERED_PAGES).every((v) => 'page' in v)).toBe(true);
      expect(visited.slice(NUMBERED_PAGES).every((v) => 'before' in v)).toBe(true);
      // Back again: each key page's newer page is the page that came before it.
      for (let i = visited.length - 1; i > NUMBERED_PAGES; i--) {
        const page = await readList(db, list, visited[i]!, size, now);
        const newer = await readList(db, list, page.newer!, size, now);
        const before = await readList(db, list, visited[i - 1]!, size, now);
        expect(newer.articles.map((a) => a._id)).toEqual(before.articles.map((a) => a._id));
      }
    },
  );

  it('an older numbered address past the numbered pages moves to the key of its first story', async () => {
    const { db } = database;
    const list = lists(db).category!;
    const all = await wholeList(db, list.branches);
    const deep = NUMBERED_PAGES + 40;
    const moved = await readList(db, list, { page: deep }, LIMIT, now);
    expect(moved.articles).toEqual([]);
    expect(moved.movedTo).toMatchObject({ before: { id: all[(deep - 1) * LIMIT - 1] } });
    const page = await readList(db, list, moved.movedTo!, LIMIT, now);
    expect(page.articles.map((a) => a._id)).toEqual(all.slice((deep - 1) * LIMIT, deep * LIMIT));
    // Past the last page: no move, and no stories (the page answers 404).
    const past = await readList(db, list, { page: 10_000 }, LIMIT, now);
    expect(past.movedTo).toBeUndefined();
    expect(past.articles).toEqual([]);
  });

  it("a key whose story is gone still opens its place in the list, from the address's own time", async () => {
    const { db } = database;
    const list = lists(db).tag!;
    const page = await readList(db, list, { page: NUMBERED_PAGES }, LIMIT, now);
    const key = (page.older as { before: ListKey }).before;
    const rollback = new Error('rolled back');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM articles WHERE id = ${key.id}`);
        const after = await readList(tx, list, { before: key }, LIMIT, now);
        // The stories before the key's millisecond, newest first (its story's exact time,
        // to the microsecond, went with it).
        const older = (await wholeList(tx, list.branches)).filter((id) => id !== key.id);
        const [row] = (
          (await tx.execute(
            sql`SELECT count(*)::int AS n FROM article_tags WHERE tag_id = ${ids.tag} AND status = 'published' AND published_at <= ${now.toISOString()}::timestamptz AND published_at >= ${key.at.toISOString()}::timestamptz`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        expect(after.articles.map((a) => a._id)).toEqual(older.slice(row!.n, row!.n + LIMIT));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
