import { and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { articles, categories, isPublicArticle, writtenBy } from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { users } from '../../../db/schema/users';
import { byAuthor, coWrittenBy } from './article-admin-filters';
import { cardColumns, cards, cardsOfPage, type Value } from './articles-repository';
import type { ListBranch } from './list-keys-repository';

/*
 * The articles module's lists: cards of published articles for reading pages and the API.
 * Random picks are in article-random-repository.ts, the admin list in
 * article-admin-repository.ts; the rows themselves, their addresses and their writes in
 * articles-repository.ts.
 */

/** Newest published first; a query builder, so tests can read its SQL and plan. */
export function listLatestPublished(db: Db, opts: { limit: Value<number>; now: Value<Date> }) {
  return cards(db)
    .where(isPublicArticle(opts.now))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit);
}

/**
 * Live blogs running now, newest first (the news home's slot, issue 25). Few are live at once:
 * the partial index `articles_live_order_idx` holds only them.
 */
export function listLiveBlogs(db: Db, opts: { limit: number; now: Date }) {
  return cards(db)
    .where(and(isPublicArticle(opts.now), sql`${articles.liveBlog}`))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit);
}

/**
 * One page of a category, newest first. A deferred join: the page's ids are found first from
 * the (category, published_at, id) index alone, skipping `offset` index entries without reading
 * a row, and only those ids are joined to their rows, categories, authors and images. With a
 * plain OFFSET every skipped article was read and joined (page 138 took 1.4 s at 10,000
 * articles); now a deep page costs a walk along the index. Same pages, same order.
 */
export function listPublishedInCategory(
  db: Db,
  opts: {
    categoryId: Value<string>;
    limit: Value<number>;
    offset: Value<number>;
    now: Value<Date>;
  },
) {
  const page = db
    .select({ pageId: articles.id, pagePublishedAt: articles.publishedAt })
    .from(articles)
    .where(and(isPublicArticle(opts.now), eq(articles.categoryId, opts.categoryId)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset)
    .as('page');
  return cardsOfPage(db, page);
}

/**
 * One page of a category and the categories under it (issue 26 item 6), newest first: the
 * deferred join of listPublishedInCategory over several categories. Each category's branch
 * walks its own (category, published_at, id) index for at most `reach` (= offset + limit)
 * entries, the newest of which are the page's only candidates from it; the page's ids are
 * taken from those, and only they are joined to their rows. A deep page costs a walk of each
 * member's index as deep as the page, never a read of every article of the family.
 */
export function listPublishedInCategories(
  db: Db,
  opts: {
    categoryIds: Value<string>[];
    limit: Value<number>;
    offset: Value<number>;
    reach: Value<number>;
    now: Value<Date>;
  },
) {
  const branches = opts.categoryIds.map(
    (categoryId) =>
      sql`(${db
        .select({
          pageId: sql<string>`${articles.id}`.as('page_id'),
          pagePublishedAt: sql<Date>`${articles.publishedAt}`.as('page_published_at'),
        })
        .from(articles)
        .where(and(isPublicArticle(opts.now), eq(articles.categoryId, categoryId)))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(opts.reach)})`,
  );
  const page = sql`(${sql.join(branches, sql` UNION ALL `)} ORDER BY page_published_at DESC, page_id DESC LIMIT ${opts.limit} OFFSET ${opts.offset}) AS page`;
  return db
    .select(cardColumns)
    .from(page)
    .innerJoin(articles, sql`${articles.id} = page.page_id`)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId))
    .orderBy(sql`page.page_published_at DESC`, sql`page.page_id DESC`);
}

/** listPublishedInCategories as a prepared statement, one per number of categories. */
export function publishedInCategories(
  db: Db,
  opts: { categoryIds: string[]; limit: number; offset: number; now: Date },
) {
  const n = opts.categoryIds.length;
  const statement = prepared(db, `article_cards_in_categories_${n}`, (on, as) =>
    listPublishedInCategories(on, {
      categoryIds: opts.categoryIds.map((_, i) => sql.placeholder(`c${i}`)),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      reach: sql.placeholder('reach'),
      now: sql.placeholder('now'),
    }).prepare(as),
  );
  const values: Record<string, unknown> = {
    limit: opts.limit,
    offset: opts.offset,
    reach: opts.offset + opts.limit,
    now: opts.now,
  };
  opts.categoryIds.forEach((id, i) => (values[`c${i}`] = id));
  return statement.execute(values);
}

export async function countPublishedInCategories(
  db: Db,
  opts: { categoryIds: string[]; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(and(isPublicArticle(opts.now), inArray(articles.categoryId, opts.categoryIds)));
  return Number(row?.n ?? 0);
}

/**
 * The categories with an article readers may see at `now` (the menu's): one probe of the
 * (category, published_at, id) index per category, never a read of the articles.
 */
export async function categoriesWithPublicArticles(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(articles)
          .where(and(isPublicArticle(now), eq(articles.categoryId, categories.id))),
      ),
    );
  return rows.map((r) => r.id);
}

/** Whether the category has an article readers may see at `now`. */
export async function hasPublicArticles(db: Db, categoryId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(articles)
    .where(and(isPublicArticle(now), eq(articles.categoryId, categoryId)))
    .limit(1);
  return row !== undefined;
}

/** listLatestPublished as a prepared statement (home, feeds of the site). */
export function latestPublished(db: Db, opts: { limit: number; now: Date }) {
  return prepared(db, 'article_cards_latest', (on, as) =>
    listLatestPublished(on, {
      limit: sql.placeholder('limit'),
      now: sql.placeholder('now'),
    }).prepare(as),
  ).execute(opts);
}

/** listPublishedInCategory as a prepared statement (category pages, home sections). */
export function publishedInCategory(
  db: Db,
  opts: { categoryId: string; limit: number; offset: number; now: Date },
) {
  return prepared(db, 'article_cards_in_category', (on, as) =>
    listPublishedInCategory(on, {
      categoryId: sql.placeholder('categoryId'),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      now: sql.placeholder('now'),
    }).prepare(as),
  ).execute(opts);
}

/** An author's published articles, newest first: those they wrote first or with others. */
export function listPublishedByAuthor(
  db: Db,
  opts: { authorId: string; limit: number; offset: number; now: Date },
) {
  return cards(db)
    .where(and(isPublicArticle(opts.now), writtenBy(opts.authorId)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/**
 * The public stories with the person among their bylines, as `writtenBy` says, counted as the
 * two disjoint walks of `authorBranches`: those they wrote first (an index-only count of the
 * author's published-order index) and their few further bylines under someone else's. One
 * count with `writtenBy`'s OR read every story of the writer from the table: 264 ms for the
 * busiest of a million stories' writers (86,896 stories), against 23 ms (docs/perf/scale.md).
 */
export async function countPublishedByAuthor(
  db: Db,
  opts: { authorId: string; now: Date },
): Promise<number> {
  const [first, shared] = authorBranches(opts.authorId).map((branch) =>
    db.select({ n: count() }).from(articles).where(branch.where(opts.now)),
  );
  const [row] = await db
    .select({ n: sql<number>`(${first}) + (${shared})`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

export async function countPublishedInCategory(
  db: Db,
  opts: { categoryId: string; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(and(isPublicArticle(opts.now), eq(articles.categoryId, opts.categoryId)));
  return Number(row?.n ?? 0);
}

/** A category's walk by key: its (category, published_at, id) index. */
export const categoryBranch = (categoryId: string): ListBranch => ({
  table: articles,
  id: articles.id,
  publishedAt: articles.publishedAt,
  where: (now) => and(isPublicArticle(now), eq(articles.categoryId, categoryId)),
});

/**
 * An author's walks by key: the stories they are the first byline of, and those they are a
 * further byline of (article_authors, never also the first: the two never share a story).
 */
export const authorBranches = (authorId: string): ListBranch[] => [
  {
    table: articles,
    id: articles.id,
    publishedAt: articles.publishedAt,
    where: (now) => and(isPublicArticle(now), byAuthor(authorId)),
  },
  {
    table: articles,
    id: articles.id,
    publishedAt: articles.publishedAt,
    where: (now) => and(isPublicArticle(now), coWrittenBy(authorId)),
  },
];
