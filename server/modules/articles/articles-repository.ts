import { and, count, desc, eq, inArray, lte, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articleRedirects, articles, categories } from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { articleDailyViews } from '../../../db/schema/site';
import { users } from '../../../db/schema/users';

/** Enough of the body to cut a 200-character excerpt from, without reading whole articles. */
const BODY_HEAD_CHARS = 2000;

export const cardColumns = {
  id: articles.id,
  name: articles.name,
  slug: articles.slug,
  imageUrl: articles.imageUrl,
  bodyHead: sql<string>`left(${articles.description}, ${sql.raw(String(BODY_HEAD_CHARS))})`,
  language: articles.language,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryName: categories.name,
  authorId: users.id,
  authorName: users.name,
};

export type CardRow = {
  id: string;
  name: string;
  slug: string;
  imageUrl: string;
  bodyHead: string;
  language: 'hi' | 'en';
  publishedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  categoryId: string | null;
  categorySlug: string | null;
  categoryName: string | null;
  authorId: string | null;
  authorName: string | null;
};

/**
 * Published and due: what readers may see at `now`. The status test is a literal, not a bind
 * parameter, so the planner can always match the partial indexes (`WHERE status = 'published'`).
 */
export const isPublic = (now: Date) =>
  and(sql`${articles.status} = 'published'`, lte(articles.publishedAt, now));

const cards = (db: Db) =>
  db
    .select(cardColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId));

/** Newest published first; a query builder, so tests can read its SQL and plan. */
export function listLatestPublished(db: Db, opts: { limit: number; now: Date }) {
  return cards(db)
    .where(isPublic(opts.now))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit);
}

export function listPublishedInCategory(
  db: Db,
  opts: { categoryId: string; limit: number; offset: number; now: Date },
) {
  return cards(db)
    .where(and(isPublic(opts.now), eq(articles.categoryId, opts.categoryId)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countPublishedInCategory(
  db: Db,
  opts: { categoryId: string; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(and(isPublic(opts.now), eq(articles.categoryId, opts.categoryId)));
  return Number(row?.n ?? 0);
}

/**
 * Random published articles (the article page's suggestions). The ids are drawn first, so the
 * random sort touches only ids, never the article bodies.
 */
export function listRandomPublished(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; now: Date },
) {
  const where = opts.excludeId
    ? and(isPublic(opts.now), ne(articles.id, opts.excludeId))
    : isPublic(opts.now);
  const picked = db
    .select({ id: articles.id })
    .from(articles)
    .where(where)
    .orderBy(sql`random()`)
    .limit(opts.limit);
  return cards(db).where(inArray(articles.id, picked));
}

/** The admin list, newest first; `authorId` narrows it to one author's articles. */
export async function listForAdmin(
  db: Db,
  opts: { authorId?: string | undefined; limit: number; offset: number },
) {
  const where: SQL | undefined = opts.authorId ? eq(articles.authorId, opts.authorId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...cardColumns, status: articles.status })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(users, eq(users.id, articles.authorId))
      .where(where)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const fullColumns = {
  ...cardColumns,
  description: articles.description,
  metaTitle: articles.metaTitle,
  metaDescription: articles.metaDescription,
  metaKeywords: articles.metaKeywords,
  status: articles.status,
  legacyId: articles.legacyId,
  viewCount: articles.viewCount,
  imageWidth: media.width,
  imageHeight: media.height,
  imageVariants: media.variants,
};
export type FullRow = CardRow & {
  description: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  status: 'draft' | 'published';
  legacyId: number | null;
  viewCount: number;
  imageWidth: number | null;
  imageHeight: number | null;
  imageVariants: { width: number; height: number; key: string }[] | null;
};

const full = (db: Db) =>
  db
    .select(fullColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId));

export async function findArticleById(db: Db, id: string): Promise<FullRow | undefined> {
  const [row] = await full(db).where(eq(articles.id, id));
  return row as FullRow | undefined;
}

/** A published article at its current address /{categorySlug}/{slug}. */
export async function findPublishedByAddress(
  db: Db,
  opts: { categorySlug: string; slug: string; now: Date },
): Promise<FullRow | undefined> {
  const [row] = await full(db).where(
    and(
      isPublic(opts.now),
      eq(articles.slug, opts.slug),
      opts.categorySlug === 'general'
        ? sql`${articles.categoryId} IS NULL`
        : eq(categories.slug, opts.categorySlug),
    ),
  );
  return row as FullRow | undefined;
}

/** Where a published article lives now: its category slug ("general" without one) and slug. */
const addressColumns = {
  slug: articles.slug,
  categorySlug: sql<string>`coalesce(${categories.slug}, 'general')`,
};

export async function findAddressByLegacyId(db: Db, legacyId: number, now: Date) {
  const [row] = await db
    .select(addressColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublic(now), eq(articles.legacyId, legacyId)));
  return row;
}

export async function findAddressById(db: Db, id: string, now: Date) {
  const [row] = await db
    .select(addressColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublic(now), eq(articles.id, id)));
  return row;
}

/** The current address of the article whose slug is, or once was, `slug`. */
export async function findAddressBySlug(db: Db, slug: string, now: Date) {
  const [current] = await db
    .select(addressColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublic(now), eq(articles.slug, slug)));
  if (current) return current;
  const [former] = await db
    .select(addressColumns)
    .from(articleRedirects)
    .innerJoin(articles, eq(articles.id, articleRedirects.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublic(now), eq(articleRedirects.slug, slug)))
    .orderBy(desc(articleRedirects.createdAt))
    .limit(1);
  return former;
}

/** The current address of the article that once lived at /{categorySlug}/{slug}. */
export async function findAddressByFormerAddress(
  db: Db,
  opts: { categorySlug: string; slug: string; now: Date },
) {
  const [row] = await db
    .select(addressColumns)
    .from(articleRedirects)
    .innerJoin(articles, eq(articles.id, articleRedirects.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(
      and(
        isPublic(opts.now),
        eq(articleRedirects.categorySlug, opts.categorySlug),
        eq(articleRedirects.slug, opts.slug),
      ),
    );
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

export async function findMediaIdByKey(db: Db, storageKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.storageKey, storageKey));
  return row?.id;
}

export type ArticleValues = {
  name: string;
  slug: string;
  authorId: string | null;
  categoryId: string;
  imageUrl: string;
  imageMediaId: string | null;
  description: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  status: 'draft' | 'published';
  publishedAt: Date;
  language: 'hi' | 'en';
  legacyId: number | null;
};

export async function insertArticle(
  db: Db,
  values: ArticleValues & { createdAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(articles)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: articles.id });
  return (row as { id: string }).id;
}

export interface StoredState {
  authorId: string | null;
  slug: string;
  categorySlug: string;
  status: 'draft' | 'published';
  publishedAt: Date;
  updatedAt: Date;
}

export async function findStoredState(db: Db, id: string): Promise<StoredState | undefined> {
  const [row] = await db
    .select({
      authorId: articles.authorId,
      slug: articles.slug,
      categorySlug: sql<string>`coalesce(${categories.slug}, 'general')`,
      status: articles.status,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, id));
  return row;
}

/**
 * Saves an edit in one transaction: re-reads the row under a lock, refuses a stale edit
 * (`check` answers why), records the old address when the address changes and frees the
 * new address from any redirect (DECISIONS.md §5).
 */
export async function updateArticle(
  db: Db,
  id: string,
  values: ArticleValues & { updatedAt: Date },
  check: (stored: StoredState) => void,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${articles} WHERE ${articles.id} = ${id} FOR UPDATE`);
    const stored = await findStoredState(tx as unknown as Db, id);
    if (!stored) return false;
    check(stored);
    const [newCategory] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, values.categoryId));
    const newCategorySlug = newCategory?.slug ?? 'general';
    if (stored.slug !== values.slug || stored.categorySlug !== newCategorySlug) {
      await tx
        .insert(articleRedirects)
        .values({ articleId: id, categorySlug: stored.categorySlug, slug: stored.slug })
        .onConflictDoUpdate({
          target: [articleRedirects.categorySlug, articleRedirects.slug],
          set: { articleId: id },
        });
      await tx
        .delete(articleRedirects)
        .where(
          and(
            eq(articleRedirects.categorySlug, newCategorySlug),
            eq(articleRedirects.slug, values.slug),
          ),
        );
    }
    await tx.update(articles).set(values).where(eq(articles.id, id));
    return true;
  });
}

export async function deleteArticle(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length > 0;
}

/** One view of a published article: its total and today's count. False when not public. */
export async function recordView(db: Db, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(articles)
    .set({ viewCount: sql`${articles.viewCount} + 1` })
    .where(and(eq(articles.id, id), isPublic(now)))
    .returning({ id: articles.id });
  if (updated.length === 0) return false;
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(articleDailyViews)
    .values({ articleId: id, day, views: 1 })
    .onConflictDoUpdate({
      target: [articleDailyViews.articleId, articleDailyViews.day],
      set: { views: sql`${articleDailyViews.views} + 1` },
    });
  return true;
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

export async function viewsPerDay(db: Db, fromDay: string) {
  return db
    .select({ day: articleDailyViews.day, views: sql<number>`sum(${articleDailyViews.views})` })
    .from(articleDailyViews)
    .where(sql`${articleDailyViews.day} >= ${fromDay}`)
    .groupBy(articleDailyViews.day);
}

/** Published articles for the sitemap and feeds, newest first (the published-order index). */
export function listPublishedForSeo(
  db: Db,
  opts: { limit: number; offset: number; now: Date; since?: Date; categoryId?: string },
) {
  const conditions = [isPublic(opts.now)];
  if (opts.since) conditions.push(sql`${articles.publishedAt} >= ${opts.since}`);
  if (opts.categoryId) conditions.push(eq(articles.categoryId, opts.categoryId));
  return db
    .select({
      name: articles.name,
      slug: articles.slug,
      categorySlug: categories.slug,
      categoryName: categories.name,
      imageUrl: articles.imageUrl,
      language: articles.language,
      bodyHead: cardColumns.bodyHead,
      publishedAt: articles.publishedAt,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(...conditions))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countPublished(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(isPublic(now));
  return Number(row?.n ?? 0);
}
