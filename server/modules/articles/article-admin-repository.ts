/*
 * The admin article list: its orders (by time, title or views) and pages, and the upcoming
 * scheduled pieces; its filters are article-admin-filters.ts, its count article-admin-counts.ts.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { ADMIN_DEFAULT_SORT, type AdminSort } from '../../../common/articles';
import type { Db } from '../../../db/client';
import { articles, categories } from '../../../db/schema/content';
import { users } from '../../../db/schema/users';
import { articleViewTotals } from '../../../db/schema/site';
import { countForAdmin } from './article-admin-counts';
import {
  adminFilters,
  adminWhere,
  byAnyByline,
  byAuthor,
  coWrittenBy,
  inEditions,
  statusWhere,
  type AdminListOptions,
} from './article-admin-filters';
import { refColumns } from './articles-repository';

/** A desk's editions' stories before the rest (an order's first key), or nothing. */
const deskFirst = (opts: AdminListOptions): SQL[] =>
  opts.firstEditions?.length ? [sql`(${inEditions(opts.firstEditions)}) DESC`] : [];

/**
 * Each order, newest first with the id as tie-break; each has an index of exactly this order
 * (db/schema/content.ts; tests/integration/db/query-plans.test.ts). `views` is not here: the
 * counts live in the views module's table (listByViews below).
 */
const ADMIN_ORDERS = {
  created: [desc(articles.createdAt), desc(articles.id)],
  updated: [desc(articles.updatedAt), desc(articles.id)],
  published: [desc(articles.publishedAt), desc(articles.id)],
} satisfies Record<Exclude<AdminSort, 'views'>, SQL[]>;

/**
 * The same orders as expressions no index answers, for the scheduled pieces: they are few, and
 * found by the published-order index's range past now; walking the created or updated order
 * instead, PostgreSQL tested every story of the archive for the one scheduled piece the
 * dashboard asks (826 ms at a million stories, none scheduled; docs/perf/scale.md).
 */
const SORTED_ORDERS = {
  created: [sql`${articles.createdAt} + interval '0 seconds' DESC`, desc(articles.id)],
  updated: [sql`${articles.updatedAt} + interval '0 seconds' DESC`, desc(articles.id)],
  published: [sql`${articles.publishedAt} + interval '0 seconds' DESC`, desc(articles.id)],
} satisfies Record<Exclude<AdminSort, 'views'>, SQL[]>;

const ordersFor = (opts: AdminListOptions, sort: Exclude<AdminSort, 'views'>) =>
  opts.status === 'scheduled' ? SORTED_ORDERS[sort] : ADMIN_ORDERS[sort];

/** A row of the admin list, but for its views (each query below reads them its own way). */
const adminColumns = {
  id: articles.id,
  name: articles.name,
  slug: articles.slug,
  imageUrl: articles.imageUrl,
  language: articles.language,
  status: articles.status,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  ...refColumns,
};

/**
 * The same orders over a union of admin rows, by output column position (the joined tables'
 * `id` and `name` make the rows' column names ambiguous).
 */
const columnAt = (key: keyof typeof adminColumns) =>
  sql.raw(String(Object.keys(adminColumns).indexOf(key) + 1));
const ADMIN_UNION_ORDERS = {
  created: [sql`${columnAt('createdAt')} DESC`, sql`${columnAt('id')} DESC`],
  updated: [sql`${columnAt('updatedAt')} DESC`, sql`${columnAt('id')} DESC`],
  published: [sql`${columnAt('publishedAt')} DESC`, sql`${columnAt('id')} DESC`],
} satisfies Record<Exclude<AdminSort, 'views'>, SQL[]>;

/**
 * One page of the admin list; a query builder, so tests can read its SQL and plan. The list
 * shows no image, so unlike the cards it joins no media (the cards' hot-path join). The views
 * are the views module's total, next to the row (none written yet: 0).
 */
const adminRows = (db: Db) =>
  db
    .select({
      ...adminColumns,
      views: sql<number>`coalesce(${articleViewTotals.views}, 0)`.mapWith(Number),
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(articleViewTotals, eq(articleViewTotals.articleId, articles.id));

export function listForAdminPage(db: Db, opts: AdminListOptions) {
  const sort = opts.sort ?? ADMIN_DEFAULT_SORT;
  if (sort === 'views') throw new Error('the views order is two queries: listByViews');
  if (!opts.authorId)
    return adminRows(db)
      .where(adminWhere(opts))
      .orderBy(...deskFirst(opts), ...ordersFor(opts, sort))
      .limit(opts.limit)
      .offset(opts.offset);
  // An author's pieces: those they wrote first, walking the author's own order index, merged
  // with those they co-wrote (a handful, from article_authors). One condition with OR would
  // leave PostgreSQL a filter over the whole order index for an author of few pieces. Each
  // walk stops at the page's end: unbounded, the first read every piece of a prolific writer
  // to sort them (docs/perf/scale.md).
  const filters = adminFilters(opts);
  const upToPage = opts.offset + opts.limit;
  return unionAll(
    adminRows(db)
      .where(and(byAuthor(opts.authorId), filters))
      .orderBy(...ordersFor(opts, sort))
      .limit(upToPage),
    adminRows(db)
      .where(and(coWrittenBy(opts.authorId), filters))
      .orderBy(...ordersFor(opts, sort))
      .limit(upToPage),
  )
    .orderBy(...ADMIN_UNION_ORDERS[sort])
    .limit(opts.limit)
    .offset(opts.offset);
}

/**
 * The `views` order, first part: articles with views written, most first, walking the views
 * module's order index and joining each to its row (the filters test the row).
 */
export function listViewedForAdminPage(db: Db, opts: AdminListOptions) {
  return db
    .select({ ...adminColumns, views: articleViewTotals.views })
    .from(articleViewTotals)
    .innerJoin(articles, eq(articles.id, articleViewTotals.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(adminWhere(opts))
    .orderBy(desc(articleViewTotals.views), desc(articleViewTotals.articleId))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** The `views` order, second part: articles never viewed, newest id first (the primary key). */
export function listUnviewedForAdminPage(db: Db, opts: AdminListOptions) {
  const viewed = db
    .select({ one: sql`1` })
    .from(articleViewTotals)
    .where(eq(articleViewTotals.articleId, articles.id));
  return db
    .select({ ...adminColumns, views: sql<number>`0`.mapWith(Number) })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(adminWhere(opts), sql`NOT EXISTS ${viewed}`))
    .orderBy(desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/**
 * Most viewed first, ties newest id first, never-viewed articles last: the order of
 * `coalesce(views, 0) DESC, id DESC`, in two index walks instead of a sort of every article.
 * Every written total is at least 1, so the viewed all come before the rest.
 */
async function listByViews(db: Db, opts: AdminListOptions) {
  const viewed = await listViewedForAdminPage(db, opts);
  if (viewed.length === opts.limit) return viewed;
  // How many viewed articles come before the rest: known from this page unless it was empty.
  const before =
    viewed.length > 0 || opts.offset === 0
      ? opts.offset + viewed.length
      : await countViewed(db, opts);
  const rest = await listUnviewedForAdminPage(db, {
    ...opts,
    offset: Math.max(0, opts.offset - before),
    limit: opts.limit - viewed.length,
  });
  return [...viewed, ...rest];
}

async function countViewed(db: Db, opts: AdminListOptions): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articleViewTotals)
    .innerJoin(articles, eq(articles.id, articleViewTotals.articleId))
    .where(adminWhere(opts));
  return Number(row?.n ?? 0);
}

/** Scheduled articles, the next to go out first (the dashboard); `authorId` narrows (any byline). */
export function listUpcoming(
  db: Db,
  opts: { authorId?: string | undefined; now: Date; limit: number },
) {
  return adminRows(db)
    .where(and(byAnyByline(opts.authorId), statusWhere('scheduled', opts.now)))
    .orderBy(articles.publishedAt, articles.id)
    .limit(opts.limit);
}
export type AdminListRow = Awaited<
  ReturnType<ReturnType<typeof listForAdminPage>['execute']>
>[number];

/** The admin list, newest first; `authorId` narrows it to the articles one user is a byline of. */
export async function listForAdmin(db: Db, opts: AdminListOptions) {
  const [rows, total] = await Promise.all([
    opts.sort === 'views' ? listByViews(db, opts) : listForAdminPage(db, opts),
    countForAdmin(db, opts),
  ]);
  return { rows, total: total.n, estimated: !total.exact };
}
