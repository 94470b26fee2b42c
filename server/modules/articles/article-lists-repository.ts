import { randomUUID } from 'node:crypto';
import {
  and,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  ADMIN_DEFAULT_SORT,
  type AdminSort,
  type AdminStatusFilter,
  type Language,
} from '../../../common/articles';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import {
  articleAuthors,
  articles,
  categories,
  isPublicArticle,
  isScheduledArticle,
  writtenBy,
} from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { users } from '../../../db/schema/users';
import { articleTitleMatches } from '../../../db/schema/search';
import { articleViewTotals } from '../../../db/schema/site';
import {
  cardColumns,
  cards,
  cardsOfPage,
  refColumns,
  type CardRow,
  type Value,
} from './articles-repository';

/*
 * The articles module's lists: cards of published articles for reading pages and the API, and
 * the admin list. The rows themselves, their addresses and their writes are in
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

/**
 * The home page's sections in one statement (one round trip where there were one per section):
 * the newest public articles (section 0, `latestLimit` of them, else `limit`), then the newest
 * of each category in `categoryIds` (section i for the i-th), `limit` each. A section may be a
 * category with those inside it (issue 26 item 6): a branch per member, under the same section
 * number, each `limit` long; the caller keeps the newest `limit` of them. Each branch walks its
 * own published-order index; rows come tagged with their section. A query builder, so tests can
 * read its plan.
 */
export function listHomeSections(
  db: Db,
  opts: {
    categoryIds: (Value<string> | Value<string>[])[];
    limit: Value<number>;
    latestLimit?: Value<number>;
    now: Value<Date>;
  },
) {
  const branch = (section: number, categoryId?: Value<string>) =>
    db
      .select({ section: sql<number>`${sql.raw(String(section))}`.as('section'), ...cardColumns })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(users, eq(users.id, articles.authorId))
      .leftJoin(media, eq(media.id, articles.imageMediaId))
      .where(
        and(
          isPublicArticle(opts.now),
          categoryId === undefined ? undefined : eq(articles.categoryId, categoryId),
        ),
      )
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(categoryId === undefined ? (opts.latestLimit ?? opts.limit) : opts.limit);
  const members = opts.categoryIds.flatMap((ids, i) =>
    (Array.isArray(ids) ? ids : [ids]).map((id) => branch(i + 1, id)),
  );
  const [latest, ...rest] = [branch(0), ...members];
  return rest.length === 0 ? latest! : unionAll(latest!, rest[0]!, ...rest.slice(1));
}

/**
 * listHomeSections as a prepared statement, one per shape (how many categories each section
 * reads): cards by section, each the newest `limit` (`latestLimit` for section 0).
 */
export async function homeSections(
  db: Db,
  opts: {
    categoryIds: (string | string[])[];
    limit: number;
    latestLimit?: number | undefined;
    now: Date;
  },
): Promise<CardRow[][]> {
  const families = opts.categoryIds.map((ids) => (Array.isArray(ids) ? ids : [ids]));
  const n = families.length;
  const shape = families.every((f) => f.length === 1)
    ? String(n)
    : `of_${families.map((f) => f.length).join('_')}`;
  let k = 0;
  const placeholders = families.map((f) => f.map(() => sql.placeholder(`c${k++}`)));
  const statement = prepared(db, `article_home_cards_${shape}`, (on, as) =>
    listHomeSections(on, {
      categoryIds: placeholders,
      limit: sql.placeholder('limit'),
      latestLimit: sql.placeholder('latestLimit'),
      now: sql.placeholder('now'),
    }).prepare(as),
  );
  const values: Record<string, unknown> = {
    limit: opts.limit,
    latestLimit: opts.latestLimit ?? opts.limit,
    now: opts.now,
  };
  families.flat().forEach((id, i) => (values[`c${i}`] = id));
  const rows = await statement.execute(values);
  const sections: CardRow[][] = Array.from({ length: n + 1 }, () => []);
  for (const { section, ...card } of rows) sections[Number(section)]!.push(card);
  // A union's rows have no order of their own: each section newest first, as its branch said;
  // a section of several categories keeps the newest `limit` of all its branches.
  return sections.map((list) =>
    list
      .sort(
        (a, b) =>
          b.publishedAt.getTime() - a.publishedAt.getTime() ||
          (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .slice(0, list === sections[0] ? (opts.latestLimit ?? opts.limit) : opts.limit),
  );
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

export async function countPublishedByAuthor(
  db: Db,
  opts: { authorId: string; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(and(isPublicArticle(opts.now), writtenBy(opts.authorId)));
  return Number(row?.n ?? 0);
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

/** Cards of the articles whose ids are in `ids` (a PostgreSQL array literal), prepared. */
const cardsByIds = (db: Db) =>
  prepared(db, 'article_cards_by_ids', (on, as) =>
    cards(on)
      .where(sql`${articles.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
      .prepare(as),
  );

/**
 * Which articles is this: public, in the language asked for if any, and not the one to leave
 * out or one already taken.
 */
const eligibleForRandom = (
  opts: {
    excludeId?: Value<string> | undefined;
    language?: Value<string> | undefined;
    now: Value<Date>;
  },
  taken: string[] = [],
) =>
  and(
    isPublicArticle(opts.now),
    opts.excludeId ? ne(articles.id, opts.excludeId) : undefined,
    opts.language ? sql`${articles.language} = ${opts.language}` : undefined,
    taken.length > 0 ? notInArray(articles.id, taken) : undefined,
  );

/** The query of randomPicks, with its values given or as placeholders. */
function randomPicksQuery(
  db: Db,
  opts: {
    pivots: Value<string>[];
    excludeId?: Value<string> | undefined;
    language?: Value<string> | undefined;
    now: Value<Date>;
  },
) {
  const ordered = () =>
    db.select({ id: articles.id }).from(articles).orderBy(articles.id).limit(1).$dynamic();
  const atOrAfter = ordered().where(
    and(eligibleForRandom(opts), gte(articles.id, sql.raw('p.pivot'))),
  );
  const first = ordered().where(eligibleForRandom(opts));
  const pivots = opts.pivots.map((p) => sql`${p}::uuid`);
  return db
    .selectDistinct({ id: sql<string | null>`coalesce((${atOrAfter}), (${first}))` })
    .from(sql`unnest(ARRAY[${sql.join(pivots, sql`, `)}]) AS p(pivot)`);
}

/** The cards of randomPicksQuery's picks: the usual suggestions in one statement. */
const randomCardsQuery = (db: Db, opts: Parameters<typeof randomPicksQuery>[1]) =>
  cards(db).where(sql`${articles.id} IN (${randomPicksQuery(db, opts)})`);

/**
 * The first pick of listRandomPublished, with the picks' cards: one random point per wanted
 * article, each answered by the first eligible id at or after it (or the first of all, past the
 * last id). A query builder, so tests can read its plan.
 */
export function randomCards(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; language?: string; now: Date },
) {
  return randomCardsQuery(db, {
    pivots: Array.from({ length: opts.limit }, () => randomUUID()),
    excludeId: opts.excludeId,
    language: opts.language,
    now: opts.now,
  });
}

/** randomCards as a prepared statement (one per number of picks, with or without exclusion). */
function randomCardsPrepared(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; language?: string | undefined; now: Date },
) {
  const name = `article_random_cards_${opts.limit}_${opts.excludeId ? 'but_one' : 'all'}${opts.language ? '_in_language' : ''}`;
  const statement = prepared(db, name, (on, as) =>
    randomCardsQuery(on, {
      pivots: Array.from({ length: opts.limit }, (_, i) => sql.placeholder(`p${i}`)),
      excludeId: opts.excludeId ? sql.placeholder('excludeId') : undefined,
      language: opts.language ? sql.placeholder('language') : undefined,
      now: sql.placeholder('now'),
    }).prepare(as),
  );
  const values: Record<string, unknown> = {
    now: opts.now,
    excludeId: opts.excludeId,
    language: opts.language,
  };
  for (let i = 0; i < opts.limit; i++) values[`p${i}`] = randomUUID();
  return statement.execute(values);
}

/**
 * Random published articles (the article page's suggestions), without sorting the whole table:
 * each wanted article is the first public one at or after a random point of the id index (ids
 * are random UUIDs, so the points land on random articles), wrapping round past the last id.
 * Each pick is one index probe, so the cost does not grow with the number of articles, where
 * `ORDER BY random()` reads every published id (docs/perf/query-notes.md). Two points landing on one
 * article, or a site with fewer articles than asked for, are topped up from one more point in
 * id order, so a small site still gets every public article it has.
 */
export async function listRandomPublished(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; language?: string | undefined; now: Date },
) {
  // The usual case is one round trip: the picks and their cards in one statement.
  const rows = await randomCardsPrepared(db, opts);
  if (rows.length < opts.limit) {
    const ids = rows.map((r) => r.id);
    const found = ids.length;
    const pivot = randomUUID();
    const more = (where: SQL, n: number) =>
      db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eligibleForRandom(opts, ids), where))
        .orderBy(articles.id)
        .limit(n);
    ids.push(...(await more(gte(articles.id, pivot), opts.limit - ids.length)).map((r) => r.id));
    if (ids.length < opts.limit)
      ids.push(...(await more(lt(articles.id, pivot), opts.limit - ids.length)).map((r) => r.id));
    const extra = ids.slice(found);
    if (extra.length > 0)
      rows.push(...(await cardsByIds(db).execute({ ids: `{${extra.join(',')}}` })));
  }
  // The database answers in index order; readers get them shuffled.
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  return rows;
}

/** Articles whose first byline is `authorId`. */
const byAuthor = (authorId: string | undefined): SQL | undefined =>
  authorId ? eq(articles.authorId, authorId) : undefined;

/**
 * Articles on which `authorId` is a further byline (article_authors), never the first: with
 * `byAuthor`, every piece they are a byline of, each once (issue 36 item 8). The ids come from
 * article_authors' user index.
 */
const coWrittenBy = (authorId: string): SQL =>
  sql`${articles.id} IN (SELECT ${articleAuthors.articleId} FROM ${articleAuthors} WHERE ${eq(articleAuthors.userId, authorId)}) AND ${articles.authorId} IS DISTINCT FROM ${authorId}`;

/**
 * Articles with `authorId` among their bylines, first or further, as one condition (counts and
 * the views order). Both halves are index conditions: the first byline on articles' author
 * index, the further ones as ids from article_authors looked up by primary key (an
 * `IN (subquery)` under OR would be a filter run on every row walked).
 */
const byAnyByline = (authorId: string | undefined): SQL | undefined =>
  authorId
    ? sql`(${eq(articles.authorId, authorId)} OR ${articles.id} = ANY(ARRAY(SELECT ${articleAuthors.articleId} FROM ${articleAuthors} WHERE ${eq(articleAuthors.userId, authorId)})))`
    : undefined;

export interface AdminListOptions {
  /** Articles with this user among their bylines, first or further. */
  authorId?: string | undefined;
  /**
   * A title search (common/search/search-text.ts `toTsquery`): `inTitle` restricted to title
   * lexemes (weight A), `anywhere` the same words unweighted (`toMatchTsquery`: the fewest
   * lexemes that find them).
   */
  titleSearch?: { inTitle: string; anywhere: string } | undefined;
  /** `scheduled` and `published` split the stored `published` at `now` (issue 9 item 6). */
  status?: AdminStatusFilter | undefined;
  categoryId?: string | undefined;
  language?: Language | undefined;
  sort?: AdminSort | undefined;
  now?: Date | undefined;
  limit: number;
  offset: number;
}

/** The status filter as SQL; the status is a literal, so partial indexes stay usable. */
const statusWhere = (status: AdminStatusFilter | undefined, now: Date): SQL | undefined => {
  switch (status) {
    case undefined:
      return undefined;
    case 'draft':
      return sql`${articles.status} = 'draft'`;
    case 'pending':
      return sql`${articles.status} = 'pending'`;
    case 'published':
      return isPublicArticle(now);
    case 'scheduled':
      return isScheduledArticle(now);
  }
};

/** The list's filters but the byline (listForAdminPage reads an author's pieces in two walks). */
const adminFilters = (opts: AdminListOptions) =>
  and(
    opts.titleSearch ? articleTitleMatches(opts.titleSearch) : undefined,
    statusWhere(opts.status, opts.now ?? new Date()),
    opts.categoryId ? eq(articles.categoryId, opts.categoryId) : undefined,
    opts.language ? eq(articles.language, opts.language) : undefined,
  );

const adminWhere = (opts: AdminListOptions) =>
  and(
    byAnyByline(opts.authorId),
    opts.titleSearch ? articleTitleMatches(opts.titleSearch) : undefined,
    statusWhere(opts.status, opts.now ?? new Date()),
    opts.categoryId ? eq(articles.categoryId, opts.categoryId) : undefined,
    opts.language ? eq(articles.language, opts.language) : undefined,
  );

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
      .orderBy(...ADMIN_ORDERS[sort])
      .limit(opts.limit)
      .offset(opts.offset);
  // An author's pieces: those they wrote first, walking the author's own order index, merged
  // with those they co-wrote (a handful, from article_authors). One condition with OR would
  // leave PostgreSQL a filter over the whole order index for an author of few pieces.
  const filters = adminFilters(opts);
  return unionAll(
    adminRows(db).where(and(byAuthor(opts.authorId), filters)),
    adminRows(db).where(and(coWrittenBy(opts.authorId), filters)),
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
  const [rows, [total]] = await Promise.all([
    opts.sort === 'views' ? listByViews(db, opts) : listForAdminPage(db, opts),
    db.select({ n: count() }).from(articles).where(adminWhere(opts)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
