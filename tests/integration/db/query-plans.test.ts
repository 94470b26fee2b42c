import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/content';
import {
  listLatestPublished,
  listPublishedInCategories,
  listPublishedInCategory,
} from '../../../server/modules/articles/article-lists-repository';
import {
  listForAdminPage,
  listUnviewedForAdminPage,
  listViewedForAdminPage,
} from '../../../server/modules/articles/article-admin-repository';
import { listHomeSections } from '../../../server/modules/articles/article-home-repository';
import { randomCards } from '../../../server/modules/articles/article-random-repository';
import {
  articlesUsingMedia,
  historiesUsingMedia,
  listUnusedBefore,
  liveBlogsUsingMedia,
  peopleUsingMedia,
} from '../../../server/modules/media/media-uses-repository';
import {
  firstSearchWindow,
  searchWindow,
} from '../../../server/modules/search/search-windows-repository';
import { listPublishedForSeo } from '../../../server/modules/seo/seo-repository';
import { afterKey } from '../../../server/modules/seo/sitemap-repository';
import { listPublishedWithTag } from '../../../server/modules/articles/tags-repository';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * The plan of a query, with sequential scans priced out so that any index able to serve it is
 * chosen. An index whose order does not match the ORDER BY still leaves a Sort node: that is
 * the Drizzle DESC / NULLS LAST pitfall of ARCHITECTURE.md.
 */
async function planOf(
  db: Db,
  query: Query,
  opts: { sorts?: false; indexScans?: false } = {},
): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (v instanceof Date) return `'${v.toISOString()}'::timestamptz`;
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    // On a table this small any index is as cheap as another; with sorts priced out, the plan
    // shows whether an index can serve the ORDER BY by itself.
    if (opts.sorts === false) await tx.execute(sql`SET LOCAL enable_sort = off`);
    // Plain index scans off too: a table is then reached only through an index condition (a
    // bitmap scan needs one), never walked whole along an unrelated index, as an empty table's
    // plan otherwise may.
    if (opts.indexScans === false) await tx.execute(sql`SET LOCAL enable_indexscan = off`);
    const result = (await tx.execute(sql.raw(`EXPLAIN ${inlined}`))) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

const someId = '00000000-0000-0000-0000-000000000000';

/*
 * Each case runs the repository's own query builder (never a copy of its SQL), so a change to
 * the query is planned here as it runs in production.
 */
describe('every list query has an index matching its ORDER BY', () => {
  const now = new Date();
  it.each<[string, () => Query, string]>([
    [
      'latest published (home page)',
      () => listLatestPublished(database.db, { limit: 3, now }),
      'articles_published_order_idx',
    ],
    [
      'published in one category (category page)',
      () => listPublishedInCategory(database.db, { categoryId: someId, limit: 9, offset: 9, now }),
      'articles_category_published_order_idx',
    ],
    [
      'admin list, newest first',
      () => listForAdminPage(database.db, { limit: 10, offset: 0 }),
      'articles_created_order_idx',
    ],
    [
      'admin list, last updated first',
      () => listForAdminPage(database.db, { sort: 'updated', limit: 10, offset: 0 }),
      'articles_updated_order_idx',
    ],
    [
      'admin list, newest publishing time first',
      () => listForAdminPage(database.db, { sort: 'published', limit: 10, offset: 0 }),
      'articles_published_all_order_idx',
    ],
    [
      // The views live in the views module's table: viewed articles first, from its index.
      'admin list, most viewed first',
      () => listViewedForAdminPage(database.db, { sort: 'views', limit: 10, offset: 10 }),
      'article_view_totals_order_idx',
    ],
    [
      'sitemap and feed, newest first',
      () => listPublishedForSeo(database.db, { limit: 1000, offset: 0, now }),
      'articles_published_order_idx',
    ],
    [
      // Its rows' own copy of each article's status and time (docs/decisions/044).
      'published with one tag (tag page)',
      () => listPublishedWithTag(database.db, { tagId: someId, limit: 9, offset: 9, now }),
      'article_tags_published_order_idx',
    ],
    [
      // Issue 71 item 4: a month's file of the sitemap, a slice from the key the last ended at.
      "a sitemap month's next slice, oldest first",
      () =>
        listPublishedForSeo(database.db, {
          limit: 1000,
          offset: 0,
          now,
          since: new Date('2024-01-01T00:00:00Z'),
          until: new Date('2024-02-01T00:00:00Z'),
          ascending: true,
          past: afterKey({ at: '2024-01-09 10:00:00.123456+00', id: someId }),
        }),
      'articles_published_order_idx',
    ],
    [
      "one category's feed",
      () => listPublishedForSeo(database.db, { limit: 20, offset: 0, now, categoryIds: [someId] }),
      'articles_category_published_order_idx',
    ],
  ])('%s', async (_name, query, index) => {
    const plan = await planOf(database.db, query());
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("an author's articles, any byline: their own from the author index, the co-written from article_authors, never the whole list", async () => {
    // Issue 36 item 8. The two sets are read apart and merged: what sorts is one author's
    // pieces, never every article (docs/perf/query-notes.md has the plans at 100,000 articles).
    // Planned over rows made for it (50 authors of 40 pieces, one co-writing 5), as the
    // planner prices a real desk, then rolled back.
    // Its own database: ANALYZE's row counts outlive a rollback, and would move other plans.
    const own = await createTestDatabase();
    const plans: string[] = [];
    try {
      const author = (n: string) =>
        sql.raw(`('00000000-0000-0000-0000-' || lpad(${n}, 12, '0'))::uuid`);
      await own.db.execute(
        sql`INSERT INTO users (id, name, email) SELECT ${author('g::text')}, 'u' || g, 'u' || g || '@plan.test' FROM generate_series(1, 50) g`,
      );
      await own.db.execute(
        sql`INSERT INTO articles (name, slug, author_id) SELECT 'p' || g, 'plan-' || g, ${author('(1 + g % 50)::text')} FROM generate_series(1, 2000) g`,
      );
      await own.db.execute(
        sql`INSERT INTO article_authors (article_id, user_id, position) SELECT id, ${author("'7'")}, 2 FROM articles WHERE slug IN ('plan-1', 'plan-2', 'plan-3', 'plan-4', 'plan-5')`,
      );
      await own.db.execute(sql`ANALYZE`);
      for (const sort of ['created', 'updated', 'published'] as const) {
        const { sql: text, params } = listForAdminPage(own.db, {
          authorId: '00000000-0000-0000-0000-000000000007',
          sort,
          limit: 10,
          offset: 10,
        }).toSQL();
        const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
          const v = params[Number(n) - 1];
          return typeof v === 'number' ? String(v) : `'${String(v)}'`;
        });
        const result = (await own.db.execute(sql.raw(`EXPLAIN ${inlined}`))) as unknown as {
          rows: Record<string, string>[];
        };
        plans.push(result.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    } finally {
      await own.close();
    }
    expect(plans).toHaveLength(3);
    for (const plan of plans) {
      expect(plan).toContain('articles_author_created_order_idx');
      expect(plan).toContain('article_authors');
      expect(plan).toContain('articles_pkey');
      expect(plan).not.toMatch(
        /articles_(created|updated|published_all)_order_idx|Seq Scan on articles\b/,
      );
    }
  });

  it("home's sections in one statement: each walks its own index, none sorts", async () => {
    const plan = await planOf(
      database.db,
      listHomeSections(database.db, { categoryIds: [someId, someId], limit: 3, now }),
    );
    expect(plan).toContain('articles_published_order_idx');
    expect(plan.match(/articles_category_published_order_idx/g)).toHaveLength(2);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('a home section of a category with those inside it: a branch per member, none sorts', async () => {
    const plan = await planOf(
      database.db,
      listHomeSections(database.db, {
        categoryIds: [someId, [someId, someId, someId]],
        limit: 3,
        now,
      }),
    );
    expect(plan.match(/articles_category_published_order_idx/g)).toHaveLength(4);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('admin list, most viewed first: the never viewed after them, walking the id index', async () => {
    // Whether to walk the ids (many never viewed) or gather the few never viewed and sort them
    // is the planner's choice by the tables' statistics; with sorts priced out, the plan shows
    // the walk is there to choose.
    const plan = await planOf(
      database.db,
      listUnviewedForAdminPage(database.db, { sort: 'views', limit: 10, offset: 10 }),
      { sorts: false },
    );
    expect(plan).toMatch(/Index Scan Backward using articles_pkey on articles/);
    expect(plan).toMatch(/Anti Join/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('random suggestions probe the id index, never sorting the articles', async () => {
    const plan = await planOf(
      database.db,
      randomCards(database.db, { limit: 3, now, excludeId: someId }),
      { sorts: false },
    );
    expect(plan).toContain('articles_pkey');
    expect(plan).not.toMatch(/Sort Key: articles(_1)?\.id/);
    // The old pick sorted every published id by random().
    expect(plan).not.toMatch(/random\(\)/);
  });

  it('a deep category page finds its ids in the index before it reads and joins any row', async () => {
    // Page 500 of nine: an OFFSET over the rows themselves read and joined every skipped one.
    const plan = await planOf(
      database.db,
      listPublishedInCategory(database.db, { categoryId: someId, limit: 9, offset: 4491, now }),
    );
    const lines = plan.split('\n');
    // The ids come from the category's own index, under a Limit that is not the top node: the
    // rows, categories, authors and images are joined to those nine ids only.
    expect(plan).toContain('articles_category_published_order_idx');
    expect(lines[0]).not.toMatch(/^\s*Limit\b/);
    const limit = lines.findIndex((l) => /->\s+Limit\b/.test(l));
    expect(limit).toBeGreaterThan(0);
    expect(lines.slice(0, limit).join('\n')).not.toMatch(/\bSort\b/);
    // The index walk is what the Limit reads (index-only once the table is vacuumed).
    expect(lines[limit + 1]).toMatch(
      /Index (Only )?Scan using articles_category_published_order_idx/,
    );
  });

  it("a parent's page walks each member category's own index, as deep as the page", async () => {
    // Page 500 of nine of a state and two cities (issue 26 item 6).
    const otherId = '00000000-0000-0000-0000-000000000001';
    const thirdId = '00000000-0000-0000-0000-000000000002';
    const plan = await planOf(
      database.db,
      listPublishedInCategories(database.db, {
        categoryIds: [someId, otherId, thirdId],
        limit: 9,
        offset: 4491,
        reach: 4500,
        now,
      }),
    );
    expect(
      plan.match(/Index (Only )?Scan using articles_category_published_order_idx/g),
    ).toHaveLength(3);
    // No member is read whole, nor the table: each walk stops at the page's depth.
    expect(plan.match(/->\s+Limit\b/g)?.length).toBeGreaterThanOrEqual(3);
    expect(plan).not.toMatch(/Seq Scan on articles/);
    // The rows are joined to the page's ids only: the top of the plan is no Limit.
    expect(plan.split('\n')[0]).not.toMatch(/^\s*Limit\b/);
  });

  it('a mismatched NULLS order would sort (the check can fail)', async () => {
    // A query no repository makes: the admin list's order with NULLS LAST, which no index has.
    const query = database.db
      .select({ id: articles.id })
      .from(articles)
      .orderBy(sql`${articles.createdAt} DESC NULLS LAST`, sql`${articles.id} DESC NULLS LAST`)
      .limit(10);
    const plan = await planOf(database.db, query);
    expect(plan).toMatch(/\bSort\b/);
  });
});

describe('search finds its matches through the GIN index (issue 10 item 4)', () => {
  // What search-text.ts `toMatchTsquery` and `toTsquery` make of "सरकार योजना".
  const match = `('~sarkar') & ('~yojn')`;
  const rank = `('सरकार' | '~sarkar') & ('योजना' | '~yojn')`;
  const now = new Date();

  it('looks back to the first article through the GIN index, never scanning the published list', async () => {
    const query = searchWindow(database.db, {
      match,
      rank,
      after: null,
      before: now,
      limit: 1001,
      now,
    });
    const plan = await planOf(database.db, query);
    expect(plan).toContain('article_search_idx');
    // The body's lexemes are never a row filter: that would read every row's TOASTed vector.
    expect(plan).not.toMatch(/Filter: .*search @@/);
    // Nor is any date index walked, testing each row until enough match.
    expect(plan).not.toMatch(/article_search_published/);
  });

  it('reads a window of time through an index bounded by its start', async () => {
    const after = new Date(now.getTime() - 86_400_000);
    const query = searchWindow(database.db, {
      match,
      rank,
      after,
      before: now,
      limit: 1001,
      now,
    });
    const plan = await planOf(database.db, query);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toContain('article_search_idx');
    // No row's TOASTed lexemes are tested, and no date index is walked.
    expect(plan).not.toMatch(/Filter: .*search @@/);
    expect(plan).not.toMatch(/article_search_published/);
    // On PostgreSQL the GIN index answers both the words and the window's start (it holds each
    // row's time, db/migrations-postgres): no match from outside the window is read from the table.
    // The embedded engine's index has the lexemes alone (no btree_gin there).
    if (database.engine === 'postgres')
      expect(plan).toMatch(
        /Bitmap Index Scan on article_search_idx .*\n\s*Index Cond: \(\(search @@ .*\) AND \(published_at > '/,
      );
  });

  it('tests the newest articles (the first window) row by row, bounded by its start found in the same statement', async () => {
    const statement = firstSearchWindow(database.db, { match, rank, limit: 1001, now });
    const query = { toSQL: () => new PgDialect({ casing: 'snake_case' }).sqlToQuery(statement) };
    const plan = await planOf(database.db, query);
    // A common word's matches would cost more to gather from the GIN index than the window's
    // few hundred rows cost to test.
    expect(plan).not.toContain('article_search_idx');
    expect(plan).toMatch(/Filter: .*search @@/);
    // The start is known only at run time (a parameter of the plan), yet bounds the index walk,
    // which gives the window's order itself (no Sort of the window's rows).
    // ($1 before PostgreSQL 17, "(InitPlan 4).col1" since.)
    expect(plan).toMatch(
      /article_search_published_order_idx on article_search\s.*\n\s*Index Cond: \(\(published_at > (\$\d+|\(InitPlan \d+\)\.col\d+)\) AND \(published_at <= '/,
    );
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('the media library finds the articles using an upload through indexes (issue 26 item 1)', () => {
  it("usedBy reads each upload's articles from the folder and image indexes, never every text", async () => {
    const plan = await planOf(database.db, articlesUsingMedia(database.db, [someId]));
    expect(plan).toContain('articles_media_folders_idx');
    expect(plan).toContain('articles_image_media_idx');
    expect(plan).not.toMatch(/Seq Scan on articles/);
  });
});

describe('what else uses an upload is found through indexes too (issue 44 item 5)', () => {
  const walkNone = { indexScans: false } as const;
  it('live entries, earlier versions and photos: each from its folder index', async () => {
    const live = await planOf(database.db, liveBlogsUsingMedia(database.db, [someId]), walkNone);
    expect(live).toContain('live_entries_media_folders_idx');
    const history = await planOf(database.db, historiesUsingMedia(database.db, [someId]), walkNone);
    expect(history).toContain('article_revisions_media_folders_idx');
    const people = await planOf(database.db, peopleUsingMedia(database.db, [someId]), walkNone);
    expect(people).toContain('users_photo_media_folders_idx');
    for (const plan of [live, history, people])
      expect(plan).not.toMatch(/Seq Scan on (live_entries|article_revisions|users)/);
  });

  it("the prune's finder asks every index, reading no table's texts whole", async () => {
    const plan = await planOf(database.db, listUnusedBefore(database.db, new Date()), walkNone);
    for (const index of [
      'articles_media_folders_idx',
      'live_entries_media_folders_idx',
      'article_revisions_media_folders_idx',
      'users_photo_media_folders_idx',
    ])
      expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan on (articles|live_entries|article_revisions|users)\b/);
  });
});
