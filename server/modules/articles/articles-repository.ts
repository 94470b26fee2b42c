import { randomUUID } from 'node:crypto';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  ne,
  notInArray,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  ADMIN_DEFAULT_SORT,
  type AdminSort,
  type AdminStatusFilter,
  type ArticleStatus,
  type Language,
} from '../../../common/articles';
import { UNCATEGORISED_SEGMENT } from '../../../common/paths';
import { preparedHandle, type Db } from '../../../db/client';
import {
  articleBodyHead,
  articleFormerPaths,
  articleRedirects,
  articles,
  categories,
  isPublicArticle,
  isScheduledArticle,
} from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { users } from '../../../db/schema/users';
import { articleSearchColumns } from '../../../common/search/search-document';

/*
 * The articles module's tables: `articles` and `article_redirects`. Reads join the category's
 * and author's names and the image's sizes for display (server/modules/README.md); every other
 * module reaches these tables through the articles service.
 */

export const cardColumns = {
  id: articles.id,
  name: articles.name,
  slug: articles.slug,
  imageUrl: articles.imageUrl,
  bodyHead: articleBodyHead,
  language: articles.language,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryName: categories.name,
  authorId: users.id,
  authorName: users.name,
  authorSlug: users.slug,
  // The image's size and resized variants (joined from media), for srcset on every card.
  imageWidth: media.width,
  imageHeight: media.height,
  imageVariants: media.variants,
  imageAvif: media.avif,
};

const cards = (db: Db) =>
  db
    .select(cardColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId));

export type CardRow = Awaited<ReturnType<ReturnType<typeof cards>['execute']>>[number];

/**
 * The hot reads of reading pages as named prepared statements, made once per database handle:
 * no SQL is built per render, and PostgreSQL parses and plans each once per connection
 * (docs/decisions/027). `make` builds the statement on the handle it runs on: on PostgreSQL,
 * connections of their own that keep its generic plan (db/client.ts `preparedHandle`). Keyed
 * by the handle, so tests' databases never share one.
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();
function prepared<T>(db: Db, name: string, make: (on: Db) => T): T {
  const on = preparedHandle(db);
  let mine = preparedByDb.get(on);
  if (!mine) preparedByDb.set(on, (mine = new Map()));
  let found = mine.get(name) as T | undefined;
  if (!found) mine.set(name, (found = make(on)));
  return found;
}

/** A value, or a placeholder for it in a prepared statement. */
type Value<T> = T | ReturnType<typeof sql.placeholder>;

/** Newest published first; a query builder, so tests can read its SQL and plan. */
export function listLatestPublished(db: Db, opts: { limit: Value<number>; now: Value<Date> }) {
  return cards(db)
    .where(isPublicArticle(opts.now))
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
  return db
    .select(cardColumns)
    .from(page)
    .innerJoin(articles, eq(articles.id, page.pageId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId))
    .orderBy(desc(page.pagePublishedAt), desc(page.pageId));
}

/**
 * The home page's sections in one statement (one round trip where there were one per section):
 * the newest public articles (section 0), then the newest of each category in `categoryIds`
 * (section i for the i-th), `limit` each. Each branch walks its own published-order index;
 * rows come tagged with their section. A query builder, so tests can read its plan.
 */
export function listHomeSections(
  db: Db,
  opts: { categoryIds: Value<string>[]; limit: Value<number>; now: Value<Date> },
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
      .limit(opts.limit);
  const [latest, ...rest] = [branch(0), ...opts.categoryIds.map((id, i) => branch(i + 1, id))];
  return rest.length === 0 ? latest! : unionAll(latest!, rest[0]!, ...rest.slice(1));
}

/** listHomeSections as a prepared statement, one per number of categories: cards by section. */
export async function homeSections(
  db: Db,
  opts: { categoryIds: string[]; limit: number; now: Date },
): Promise<CardRow[][]> {
  const n = opts.categoryIds.length;
  const statement = prepared(db, `article_home_cards_${n}`, (on) =>
    listHomeSections(on, {
      categoryIds: opts.categoryIds.map((_, i) => sql.placeholder(`c${i}`)),
      limit: sql.placeholder('limit'),
      now: sql.placeholder('now'),
    }).prepare(`article_home_cards_${n}`),
  );
  const values: Record<string, unknown> = { limit: opts.limit, now: opts.now };
  opts.categoryIds.forEach((id, i) => (values[`c${i}`] = id));
  const rows = await statement.execute(values);
  const sections: CardRow[][] = Array.from({ length: n + 1 }, () => []);
  for (const { section, ...card } of rows) sections[Number(section)]!.push(card);
  // A union's rows have no order of their own: each section newest first, as its branch said.
  for (const list of sections)
    list.sort(
      (a, b) =>
        b.publishedAt.getTime() - a.publishedAt.getTime() ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
  return sections;
}

/** listLatestPublished as a prepared statement (home, feeds of the site). */
export function latestPublished(db: Db, opts: { limit: number; now: Date }) {
  return prepared(db, 'article_cards_latest', (on) =>
    listLatestPublished(on, {
      limit: sql.placeholder('limit'),
      now: sql.placeholder('now'),
    }).prepare('article_cards_latest'),
  ).execute(opts);
}

/** listPublishedInCategory as a prepared statement (category pages, home sections). */
export function publishedInCategory(
  db: Db,
  opts: { categoryId: string; limit: number; offset: number; now: Date },
) {
  return prepared(db, 'article_cards_in_category', (on) =>
    listPublishedInCategory(on, {
      categoryId: sql.placeholder('categoryId'),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      now: sql.placeholder('now'),
    }).prepare('article_cards_in_category'),
  ).execute(opts);
}

export function listPublishedByAuthor(
  db: Db,
  opts: { authorId: string; limit: number; offset: number; now: Date },
) {
  return cards(db)
    .where(and(isPublicArticle(opts.now), eq(articles.authorId, opts.authorId)))
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
    .where(and(isPublicArticle(opts.now), eq(articles.authorId, opts.authorId)));
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
  prepared(db, 'article_cards_by_ids', (on) =>
    cards(on)
      .where(sql`${articles.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
      .prepare('article_cards_by_ids'),
  );

/** Which articles is this: public, and not the one to leave out or one already taken. */
const eligibleForRandom = (
  opts: { excludeId?: Value<string> | undefined; now: Value<Date> },
  taken: string[] = [],
) =>
  and(
    isPublicArticle(opts.now),
    opts.excludeId ? ne(articles.id, opts.excludeId) : undefined,
    taken.length > 0 ? notInArray(articles.id, taken) : undefined,
  );

/** The query of randomPicks, with its values given or as placeholders. */
function randomPicksQuery(
  db: Db,
  opts: { pivots: Value<string>[]; excludeId?: Value<string> | undefined; now: Value<Date> },
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
  opts: { limit: number; excludeId?: string | undefined; now: Date },
) {
  return randomCardsQuery(db, {
    pivots: Array.from({ length: opts.limit }, () => randomUUID()),
    excludeId: opts.excludeId,
    now: opts.now,
  });
}

/** randomCards as a prepared statement (one per number of picks, with or without exclusion). */
function randomCardsPrepared(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; now: Date },
) {
  const name = `article_random_cards_${opts.limit}_${opts.excludeId ? 'but_one' : 'all'}`;
  const statement = prepared(db, name, (on) =>
    randomCardsQuery(on, {
      pivots: Array.from({ length: opts.limit }, (_, i) => sql.placeholder(`p${i}`)),
      excludeId: opts.excludeId ? sql.placeholder('excludeId') : undefined,
      now: sql.placeholder('now'),
    }).prepare(name),
  );
  const values: Record<string, unknown> = { now: opts.now, excludeId: opts.excludeId };
  for (let i = 0; i < opts.limit; i++) values[`p${i}`] = randomUUID();
  return statement.execute(values);
}

/**
 * Random published articles (the article page's suggestions), without sorting the whole table:
 * each wanted article is the first public one at or after a random point of the id index (ids
 * are random UUIDs, so the points land on random articles), wrapping round past the last id.
 * Each pick is one index probe, so the cost does not grow with the number of articles (an
 * `ORDER BY random()` over every published id took 270 ms at 100,000). Two points landing on one
 * article, or a site with fewer articles than asked for, are topped up from one more point in
 * id order, so a small site still gets every public article it has.
 */
export async function listRandomPublished(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; now: Date },
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

const byAuthor = (authorId: string | undefined): SQL | undefined =>
  authorId ? eq(articles.authorId, authorId) : undefined;

export interface AdminListOptions {
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

/*
 * A title match, as `search @@ inTitle` would say, without reading the body's TOASTed lexemes:
 * a weighted query makes the GIN index recheck every row it finds against `search` (and a walk
 * in list order test each row's `search`), so the weight is tested on `search_head` (the title's
 * and keywords' lexemes, kept in the row; the same positions and weights), first, and the GIN
 * index finds the rows with the words anywhere, needing no recheck.
 */
const titleMatches = (q: { inTitle: string; anywhere: string }) =>
  and(
    sql`${articles.searchHead} @@ ${q.inTitle}::tsquery`,
    sql`${articles.search} @@ ${q.anywhere}::tsquery`,
  );

const adminWhere = (opts: AdminListOptions) =>
  and(
    byAuthor(opts.authorId),
    opts.titleSearch ? titleMatches(opts.titleSearch) : undefined,
    statusWhere(opts.status, opts.now ?? new Date()),
    opts.categoryId ? eq(articles.categoryId, opts.categoryId) : undefined,
    opts.language ? eq(articles.language, opts.language) : undefined,
  );

/**
 * Each order, newest (most) first with the id as tie-break; each has an index of exactly this
 * order (db/schema/content.ts; tests/integration/db/query-plans.test.ts).
 */
const ADMIN_ORDERS = {
  created: [desc(articles.createdAt), desc(articles.id)],
  updated: [desc(articles.updatedAt), desc(articles.id)],
  published: [desc(articles.publishedAt), desc(articles.id)],
  views: [desc(articles.viewCount), desc(articles.id)],
} satisfies Record<AdminSort, SQL[]>;

/**
 * One page of the admin list; a query builder, so tests can read its SQL and plan. The list
 * shows no image, so unlike the cards it joins no media (the cards' hot-path join).
 */
const adminRows = (db: Db) =>
  db
    .select({
      id: articles.id,
      name: articles.name,
      slug: articles.slug,
      imageUrl: articles.imageUrl,
      language: articles.language,
      status: articles.status,
      publishedAt: articles.publishedAt,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
      viewCount: articles.viewCount,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryName: categories.name,
      authorId: users.id,
      authorName: users.name,
      authorSlug: users.slug,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId));

export function listForAdminPage(db: Db, opts: AdminListOptions) {
  return adminRows(db)
    .where(adminWhere(opts))
    .orderBy(...ADMIN_ORDERS[opts.sort ?? ADMIN_DEFAULT_SORT])
    .limit(opts.limit)
    .offset(opts.offset);
}

/** Scheduled articles, the next to go out first (the dashboard); `authorId` narrows. */
export function listUpcoming(
  db: Db,
  opts: { authorId?: string | undefined; now: Date; limit: number },
) {
  return adminRows(db)
    .where(and(byAuthor(opts.authorId), statusWhere('scheduled', opts.now)))
    .orderBy(articles.publishedAt, articles.id)
    .limit(opts.limit);
}
export type AdminListRow = Awaited<
  ReturnType<ReturnType<typeof listForAdminPage>['execute']>
>[number];

/** The admin list, newest first; `authorId` narrows it to one author's articles. */
export async function listForAdmin(db: Db, opts: AdminListOptions) {
  const [rows, [total]] = await Promise.all([
    listForAdminPage(db, opts),
    db.select({ n: count() }).from(articles).where(adminWhere(opts)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const fullColumns = {
  ...cardColumns,
  imageAlt: articles.imageAlt,
  description: articles.description,
  metaTitle: articles.metaTitle,
  metaDescription: articles.metaDescription,
  metaKeywords: articles.metaKeywords,
  status: articles.status,
  reviewNote: articles.reviewNote,
  legacyId: articles.legacyId,
  translationId: articles.translationId,
  viewCount: articles.viewCount,
  imageCrops: media.crops,
};

const full = (db: Db) =>
  db
    .select(fullColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId));

export type FullRow = Awaited<ReturnType<ReturnType<typeof full>['execute']>>[number];

export async function findArticleById(db: Db, id: string): Promise<FullRow | undefined> {
  const [row] = await full(db).where(eq(articles.id, id));
  return row;
}

/** The statement of findPublishedByAddress: in a category, or uncategorised. */
export function publishedByAddress(db: Db, uncategorised: boolean) {
  const name = `article_at_address_${uncategorised ? 'none' : 'category'}`;
  return prepared(db, name, (on) =>
    full(on)
      .where(
        and(
          isPublicArticle(sql.placeholder('now')),
          eq(articles.slug, sql.placeholder('slug')),
          uncategorised
            ? sql`${articles.categoryId} IS NULL`
            : eq(categories.slug, sql.placeholder('segment')),
        ),
      )
      .prepare(name),
  );
}

/** A published article at its current address /{segment}/{slug}. */
export async function findPublishedByAddress(
  db: Db,
  opts: { segment: string; slug: string; now: Date },
): Promise<FullRow | undefined> {
  const [row] = await publishedByAddress(db, opts.segment === UNCATEGORISED_SEGMENT).execute({
    now: opts.now,
    slug: opts.slug,
    segment: opts.segment,
  });
  return row;
}

/** Where a published article lives now: its slug and its category's slug (null without one). */
const addressColumns = { slug: articles.slug, categorySlug: categories.slug };
export type AddressRow = { slug: string; categorySlug: string | null };

const addresses = (db: Db) =>
  db
    .select(addressColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId));

export async function findAddressByLegacyId(
  db: Db,
  legacyId: number,
  now: Date,
): Promise<AddressRow | undefined> {
  const [row] = await addresses(db).where(
    and(isPublicArticle(now), eq(articles.legacyId, legacyId)),
  );
  return row;
}

export async function findAddressById(
  db: Db,
  id: string,
  now: Date,
): Promise<AddressRow | undefined> {
  const [row] = await addresses(db).where(and(isPublicArticle(now), eq(articles.id, id)));
  return row;
}

/** The current address of the article whose slug is, or once was, `slug`. */
export async function findAddressBySlug(
  db: Db,
  slug: string,
  now: Date,
): Promise<AddressRow | undefined> {
  const [current] = await addresses(db).where(and(isPublicArticle(now), eq(articles.slug, slug)));
  if (current) return current;
  const [former] = await db
    .select(addressColumns)
    .from(articleRedirects)
    .innerJoin(articles, eq(articles.id, articleRedirects.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublicArticle(now), eq(articleRedirects.slug, slug)))
    .orderBy(desc(articleRedirects.createdAt))
    .limit(1);
  return former;
}

/** The current address of the article that once lived at /{segment}/{slug}. */
export async function findAddressByFormerAddress(
  db: Db,
  opts: { segment: string; slug: string; now: Date },
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select(addressColumns)
    .from(articleRedirects)
    .innerJoin(articles, eq(articles.id, articleRedirects.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(
      and(
        isPublicArticle(opts.now),
        eq(articleRedirects.categorySlug, opts.segment),
        eq(articleRedirects.slug, opts.slug),
      ),
    );
  return row;
}

/** The current address of the published article that lived at a former path (normalised). */
export async function findAddressByFormerPath(
  db: Db,
  path: string,
  now: Date,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select(addressColumns)
    .from(articleFormerPaths)
    .innerJoin(articles, eq(articles.id, articleFormerPaths.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublicArticle(now), eq(articleFormerPaths.path, path)));
  return row;
}

export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      exceptId ? and(eq(articles.slug, slug), ne(articles.id, exceptId)) : eq(articles.slug, slug),
    );
  return row !== undefined;
}

export type ArticleValues = {
  name: string;
  slug: string;
  authorId: string | null;
  categoryId: string;
  imageUrl: string;
  imageMediaId: string | null;
  imageAlt: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  status: ArticleStatus;
  publishedAt: Date;
  /** Left out: the stored note stays (an update of a draft keeps what the editor wrote). */
  reviewNote?: string;
  language: 'hi' | 'en';
  legacyId: number | null;
};

/** An article's language, to check a translation link against; undefined when there is none. */
export async function findLanguage(db: Db, id: string): Promise<'hi' | 'en' | undefined> {
  const [row] = await db
    .select({ language: articles.language })
    .from(articles)
    .where(eq(articles.id, id));
  return row?.language;
}

/**
 * Makes `id` and `translationId` each other's translation, or leaves `id` without one (null).
 * Whatever either side was linked to before is unlinked first, so a link is always mutual and
 * an article has at most one translation. Runs in the caller's transaction.
 */
async function linkTranslation(tx: Db, id: string, translationId: string | null) {
  const sides = translationId ? [id, translationId] : [id];
  await tx
    .update(articles)
    .set({ translationId: null })
    .where(or(inArray(articles.id, sides), inArray(articles.translationId, sides)));
  if (!translationId) return;
  await tx.update(articles).set({ translationId }).where(eq(articles.id, id));
  await tx.update(articles).set({ translationId: id }).where(eq(articles.id, translationId));
}

/** `translationId`: the translation to link (null: none; undefined: leave the links alone). */
export async function insertArticle(
  db: Db,
  values: ArticleValues & { createdAt: Date },
  translationId?: string | null,
  after?: (tx: Db, id: string) => Promise<void>,
): Promise<string> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(articles)
      .values({ ...values, ...articleSearchColumns(values), updatedAt: values.createdAt })
      .returning({ id: articles.id });
    const id = (row as { id: string }).id;
    if (translationId) await linkTranslation(tx, id, translationId);
    await after?.(tx, id);
    return id;
  });
}

export interface StoredState {
  authorId: string | null;
  slug: string;
  /** The first segment of its address: the category slug, or the uncategorised segment. */
  segment: string;
  status: ArticleStatus;
  publishedAt: Date;
  updatedAt: Date;
  translationId: string | null;
  legacyId: number | null;
}

export async function findStoredState(db: Db, id: string): Promise<StoredState | undefined> {
  const [row] = await db
    .select({
      authorId: articles.authorId,
      slug: articles.slug,
      categorySlug: categories.slug,
      status: articles.status,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      translationId: articles.translationId,
      legacyId: articles.legacyId,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, id));
  if (!row) return undefined;
  const { categorySlug, ...rest } = row;
  return { ...rest, segment: categorySlug ?? UNCATEGORISED_SEGMENT };
}

/** Records that /{segment}/{slug} now belongs to article `id`, and frees its new address. */
async function moveAddress(
  db: Db,
  id: string,
  from: { segment: string; slug: string },
  to: { segment: string; slug: string },
) {
  await db
    .insert(articleRedirects)
    .values({ articleId: id, categorySlug: from.segment, slug: from.slug })
    .onConflictDoUpdate({
      target: [articleRedirects.categorySlug, articleRedirects.slug],
      set: { articleId: id },
    });
  await db
    .delete(articleRedirects)
    .where(and(eq(articleRedirects.categorySlug, to.segment), eq(articleRedirects.slug, to.slug)));
}

/**
 * Saves an edit in one transaction: re-reads the row under a lock, refuses a stale edit
 * (`check` answers why), records the old address when the address changes and frees the
 * new address from any redirect (DECISIONS.md §5), and links or unlinks its translation. `segment` is the new address's first
 * segment (the new category's slug).
 */
export async function updateArticle(
  db: Db,
  id: string,
  values: ArticleValues & { updatedAt: Date; segment: string },
  check: (stored: StoredState) => void,
  translationId?: string | null,
  after?: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SELECT 1 FROM ${articles} WHERE ${articles.id} = ${id} FOR UPDATE`);
    const stored = await findStoredState(tx, id);
    if (!stored) return false;
    check(stored);
    const { segment, ...row } = values;
    if (stored.slug !== values.slug || stored.segment !== segment) {
      await moveAddress(tx, id, stored, { segment, slug: values.slug });
    }
    await tx
      .update(articles)
      .set({ ...row, ...articleSearchColumns(row) })
      .where(eq(articles.id, id));
    if (translationId !== undefined) await linkTranslation(tx, id, translationId);
    await after?.(tx);
    return true;
  });
}

/**
 * A category's slug changed from `formerSlug`: every article in it keeps its old address as a
 * redirect (DECISIONS.md §5). Runs in the caller's transaction.
 */
export async function recordCategoryMove(db: Db, categoryId: string, formerSlug: string) {
  await db.execute(sql`
    INSERT INTO ${articleRedirects} (article_id, category_slug, slug)
    SELECT ${articles.id}, ${formerSlug}, ${articles.slug} FROM ${articles} WHERE ${articles.categoryId} = ${categoryId}
    ON CONFLICT (category_slug, slug) DO UPDATE SET article_id = EXCLUDED.article_id`);
}

export async function countInCategory(db: Db, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(eq(articles.categoryId, categoryId));
  return Number(row?.n ?? 0);
}

export async function deleteArticle(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length > 0;
}

/** Adds one to a published article's total views. False when it is not public. */
export async function incrementViewCount(db: Db, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(articles)
    .set({ viewCount: sql`${articles.viewCount} + 1` })
    .where(and(eq(articles.id, id), isPublicArticle(now)))
    .returning({ id: articles.id });
  return updated.length > 0;
}

export interface StatusValues {
  status: ArticleStatus;
  publishedAt: Date;
  reviewNote: string;
  updatedAt: Date;
}

/**
 * Moves an article to another status (DECISIONS.md §11) under a row lock: `decide` sees the
 * stored state and answers the new values, or throws to refuse. Answers what was written, or
 * undefined when there is no such article.
 */
export async function setArticleStatus(
  db: Db,
  id: string,
  decide: (stored: StoredState) => StatusValues,
  after?: (tx: Db) => Promise<void>,
): Promise<StatusValues | undefined> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SELECT 1 FROM ${articles} WHERE ${articles.id} = ${id} FOR UPDATE`);
    const stored = await findStoredState(tx, id);
    if (!stored) return undefined;
    const values = decide(stored);
    await tx.update(articles).set(values).where(eq(articles.id, id));
    await after?.(tx);
    return values;
  });
}

/** Articles published for a time still to come: the scheduled ones. */
export function listScheduled(db: Db, now: Date) {
  return db
    .select({ id: articles.id, publishedAt: articles.publishedAt })
    .from(articles)
    .where(isScheduledArticle(now));
}

/** What waits on someone: articles submitted for review, or an author's sent back. */
export async function countAwaiting(db: Db, opts: { authorId?: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(
      opts.authorId
        ? and(
            eq(articles.authorId, opts.authorId),
            sql`${articles.status} = 'draft'`,
            ne(articles.reviewNote, ''),
          )
        : sql`${articles.status} = 'pending'`,
    );
  return Number(row?.n ?? 0);
}

export async function articleCounts(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) FILTER (WHERE ${articles.status} = 'published')`,
      drafts: sql<number>`count(*) FILTER (WHERE ${articles.status} = 'draft')`,
      views: sum(articles.viewCount),
    })
    .from(articles);
  return {
    total: Number(row?.total ?? 0),
    published: Number(row?.published ?? 0),
    drafts: Number(row?.drafts ?? 0),
    views: Number(row?.views ?? 0),
  };
}

/*
 * Search (DECISIONS.md §12). The tsqueries are the text common/search/search-text.ts makes:
 * quoted lexemes only, cast without a dictionary, so both engines match alike. `match`
 * (`toMatchTsquery`) is what the GIN index is asked, `rank` (`toTsquery`, every lexeme of each
 * word) what scores: they find the same articles.
 */

/**
 * A match in the title ranks over one in the keywords over one only in the body, and recent
 * articles rank higher: up to twice the score when new, fading over months. The score reads
 * `search_head` (the title's and keywords' lexemes, kept in the row), never the body's TOASTed
 * lexemes: matches only in the body score 0 and follow, newest first.
 */
const searchScore = (tsquery: string, now: Date) =>
  sql<number>`ts_rank(${articles.searchHead}, ${tsquery}::tsquery)::float8 * (1 + 1 / (1 + extract(epoch from (${now.toISOString()}::timestamptz - ${articles.publishedAt}))::float8 / 2592000.0))`;

const matchesSearch = (tsquery: string) => sql`${articles.search} @@ ${tsquery}::tsquery`;

export interface SearchOptions {
  match: string;
  rank: string;
  language?: 'hi' | 'en' | undefined;
  limit: number;
  offset: number;
  now: Date;
}

/**
 * How many matches search ranks: the most recent ones (issue 10 item 4). A common word ("सरकार")
 * matches thousands of articles; ranking each would read every match's tsvector, so the GIN
 * index finds the matches, the newest SEARCH_CANDIDATES of them are kept, and only those are
 * ranked and paged. The count stops there too: the API says `totalCapped` ("1,000+ results").
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * The first window searched for the newest matches (docs/decisions/022): the newest this many
 * published articles, each tested in turn (about a millisecond). The GIN index costs more than
 * that for a common word (milliseconds to gather tens of thousands of matches), and little for
 * a rare one, whose search goes on to wider windows anyway. The next window reaches back as
 * far as the matches found so far say is needed for SEARCH_CANDIDATES + 1 of them, with a
 * margin; sixteen times as far when none was found.
 */
const FIRST_WINDOW_ARTICLES = 200;
const WINDOW_MARGIN = 1.25;

/** How far back the next window reaches, after one of `span` ms that gave `found` matches. */
const nextSpan = (span: number, found: number, wanted: number) =>
  found === 0 ? span * 16 : Math.max(span * 2, span * (wanted / found) * WINDOW_MARGIN);

export interface SearchWindow {
  match: string;
  rank: string;
  language?: 'hi' | 'en' | undefined;
  /** Published after this time (exclusive); null: since the first article. */
  after: Date | null;
  /** Published at or before this time. */
  before: Date;
  limit: number;
  /** The time the score's recency is counted from. */
  now: Date;
}

/*
 * The matches come from the GIN index, the window from the index on `published_at`: the planner
 * ANDs the two as bitmaps, or, for a window of a few hundred articles, walks that window's rows
 * (bounded by the window's start, never the archive); the last window, back to the first
 * article, has the GIN index alone (the first window is `firstSearchWindow`). `status` is
 * compared as text on purpose, unlike `isPublicArticle`: then the partial "published, newest
 * first" indexes do not apply, and the order is an expression (`+ interval '0'`), so that no
 * date index can serve it: the planner cannot walk one in date order testing each row's vector
 * until enough match (every row's TOASTed lexemes: seconds at 100,000 articles, with a rare
 * word). The GIN index needs no recheck (the query has no weights), so the bitmap reads no
 * TOASTed lexemes either.
 * tests/integration/db/query-plans.test.ts holds this. The score is computed here, on the rows
 * visited anyway, from `search_head` (kept in the row).
 */
export function searchWindow(db: Db, w: SearchWindow) {
  return db
    .select({ id: articles.id, score: searchScore(w.rank, w.now) })
    .from(articles)
    .where(
      and(
        sql`${articles.status}::text = 'published'`,
        // The lower bound alone is indexable: the window's start. The upper bound is an
        // expression, so that the last window (no lower bound) offers no date index at all.
        w.after ? gt(articles.publishedAt, w.after) : undefined,
        sql`${articles.publishedAt} + interval '0 seconds' <= ${w.before.toISOString()}::timestamptz`,
        matchesSearch(w.match),
        w.language ? eq(articles.language, w.language) : undefined,
      ),
    )
    .orderBy(desc(sql`${articles.publishedAt} + interval '0 seconds'`), desc(articles.id))
    .limit(w.limit);
}

/**
 * The first window and where it begins, in one statement (docs/decisions/022): a search's
 * statements are sent one after another, each a round trip. `start` is where the newest
 * FIRST_WINDOW_ARTICLES public articles begin (the publication time of the one after them, to
 * the millisecond, at least a minute back), `oldest` the first published article's time, both
 * as epoch milliseconds. The window is searched only when it is `bounded` (more articles than
 * it holds, and a start after the first article); otherwise the whole archive is one window,
 * which `searchCandidates` asks for on its own. The start is known only when the statement
 * runs, so the planner cannot count the window's rows: the window is therefore asked in the
 * order of the published index (`articles_published_order_idx`, which takes `status =
 * 'published'` as it is) and bounded by it, a walk of the window's rows that stops at the
 * start; ordered by the expression the other windows use, the planner scanned the whole table
 * (90 ms at 100,000 articles, against 1). Its match is written `IS TRUE`, which no index answers
 * (the same rows: a NULL was no match either), so the window's rows are tested, never the GIN
 * index's thousands of matches for a common word gathered. query-plans.test.ts holds this.
 */
export function firstSearchWindow(
  db: Db,
  w: Pick<SearchWindow, 'match' | 'rank' | 'language' | 'limit' | 'now'>,
) {
  const now = sql`${w.now.toISOString()}::timestamptz`;
  const recent = db
    .select({ at: articles.publishedAt })
    .from(articles)
    .where(isPublicArticle(w.now))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .offset(FIRST_WINDOW_ARTICLES)
    .limit(1);
  return sql`WITH search_bounds AS (
      SELECT min(${articles.publishedAt}) AS oldest, (${recent}) AS recent
      FROM ${articles} WHERE ${articles.status} = 'published'
    ), search_start AS (
      SELECT oldest, start, recent IS NOT NULL AND start > oldest AS bounded
      FROM search_bounds, LATERAL (
        SELECT least(date_trunc('milliseconds', recent), ${now} - interval '1 minute') AS start
      ) AS window_start
    ), search_window AS (
      SELECT ${articles.id} AS id, ${searchScore(w.rank, w.now)} AS score
      FROM ${articles}
      WHERE ${articles.status} = 'published'
        AND ${articles.publishedAt} > (SELECT start FROM search_start)
        AND ${articles.publishedAt} <= ${now}
        AND (${matchesSearch(w.match)}) IS TRUE
        ${w.language ? sql`AND ${articles.language} = ${w.language}` : sql``}
        AND (SELECT bounded FROM search_start)
      ORDER BY ${articles.publishedAt} DESC, ${articles.id} DESC
      LIMIT ${w.limit}
    )
    SELECT (floor(extract(epoch FROM s.oldest) * 1000))::text AS oldest, s.bounded,
      (extract(epoch FROM s.start) * 1000)::text AS start, search_window.id, search_window.score
    FROM search_start s LEFT JOIN search_window ON true`;
}

export interface SearchCandidate {
  id: string;
  score: number;
}

/**
 * The newest published matches, newest first, at most SEARCH_CANDIDATES (what search ranks),
 * each with its score, and whether more match. Looked for a window of time at a time, going
 * back only as far as needed: a common word stops within days, visiting about as many rows as
 * it keeps, where one query over all time visits every match to order them by date. The windows
 * follow one another without overlap or gap, so the result is exactly the newest matches by
 * (published_at, id) that one query over all time would give.
 */
export async function searchCandidates(
  db: Db,
  opts: Pick<SearchOptions, 'match' | 'rank' | 'language' | 'now'>,
): Promise<{ candidates: SearchCandidate[]; more: boolean }> {
  const wanted = SEARCH_CANDIDATES + 1;
  const { rows: firstRows } = (await db.execute(
    firstSearchWindow(db, { ...opts, limit: wanted }),
  )) as unknown as {
    rows: {
      oldest: string | null;
      bounded: boolean | null;
      start: string | null;
      id: string | null;
      score: number | string | null;
    }[];
  };
  const head = firstRows[0];
  if (head?.oldest == null) return { candidates: [], more: false };
  const oldest = Number(head.oldest);
  const found: SearchCandidate[] = [];
  let before = opts.now;
  // Not bounded: the whole archive is the one window, searched below.
  let span = Infinity;
  if (head.bounded) {
    for (const r of firstRows) if (r.id != null) found.push({ id: r.id, score: Number(r.score) });
    before = new Date(Number(head.start));
    span = opts.now.getTime() - before.getTime();
    if (found.length >= wanted)
      return { candidates: found.slice(0, SEARCH_CANDIDATES), more: true };
    span = nextSpan(span, found.length, wanted);
  }
  for (;;) {
    const after = opts.now.getTime() - span;
    const last = after <= oldest;
    const rows = await searchWindow(db, {
      match: opts.match,
      rank: opts.rank,
      language: opts.language,
      after: last ? null : new Date(after),
      before,
      limit: wanted - found.length,
      now: opts.now,
    });
    for (const r of rows) found.push({ id: r.id, score: Number(r.score) });
    if (last || found.length >= wanted) break;
    before = new Date(after);
    span = nextSpan(span, found.length, wanted);
  }
  return { candidates: found.slice(0, SEARCH_CANDIDATES), more: found.length > SEARCH_CANDIDATES };
}

/**
 * The candidates (newest first, as `searchCandidates` gives them) best first: by score, then
 * newest first, as ORDER BY score DESC, published_at DESC, id DESC would (the sort is stable).
 */
export const rankCandidates = (candidates: SearchCandidate[]): string[] =>
  candidates
    .map((c, i) => ({ ...c, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((c) => c.id);

/** The cards of some articles, with their bodies for snippets, in the order of `ids`. */
export async function searchCards(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...cardColumns, description: articles.description })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId))
    .where(inArray(articles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * For each word, the word of a published title or keyword list closest to it by trigrams
 * (pg_trgm's word similarity, through the GIN index) when one is close enough, else null; for
 * "Did you mean". One transaction and one statement for all the words.
 */
export async function closestTitleWords(
  db: Db,
  words: string[],
  now: Date,
): Promise<(string | null)[]> {
  if (words.length === 0) return [];
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Query words hold no spaces (search-text.ts `words`), so they travel as one string.
    // pg_trgm's default (0.6) misses a dropped vowel in a long word ("brahmputr"); the chosen
    // word must still be similar to what was typed on its own (`%`, 0.3).
    await tx.execute(sql`SET LOCAL pg_trgm.word_similarity_threshold = 0.45`);
    const { rows } = (await tx.execute(sql`
      SELECT q.i, closest.w FROM unnest(string_to_array(${words.join(' ')}, ' ')) WITH ORDINALITY AS q(word, i)
      CROSS JOIN LATERAL (
        SELECT w FROM (
          SELECT ${articles.searchWords} AS words FROM ${articles}
          WHERE ${isPublicArticle(now)} AND q.word <% ${articles.searchWords}
          ORDER BY word_similarity(q.word, ${articles.searchWords}) DESC
          LIMIT 20
        ) best, unnest(string_to_array(best.words, ' ')) AS w
        WHERE w <> q.word AND w % q.word
        ORDER BY similarity(w, q.word) DESC, w
        LIMIT 1
      ) closest`)) as unknown as { rows: { i: number | string; w: string }[] };
    const found = new Map(rows.map((r) => [Number(r.i), r.w]));
    return words.map((_, k) => found.get(k + 1) ?? null);
  });
}

/** Articles whose search columns an older normaliser made (or none did), a batch at a time. */
export async function listStaleSearch(db: Db, version: number, limit: number) {
  return db
    .select({
      id: articles.id,
      name: articles.name,
      metaKeywords: articles.metaKeywords,
      description: articles.description,
    })
    .from(articles)
    .where(sql`${articles.searchVersion} < ${version}`)
    .limit(limit);
}

export async function saveSearchColumns(
  db: Db,
  id: string,
  columns: ReturnType<typeof articleSearchColumns>,
) {
  await db.update(articles).set(columns).where(eq(articles.id, id));
}
