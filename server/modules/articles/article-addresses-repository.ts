/*
 * Articles' addresses: by legacy id, id, slug, former address or path (DECISIONS.md §5), whether
 * a slug is taken, and the redirects a category's new slug leaves behind.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  articleFormerPaths,
  articleRedirects,
  articles,
  categories,
  isPublicArticle,
} from '../../../db/schema/content';

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
