import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { articleBodyHead, articles, categories, isPublicArticle } from '../../../db/schema/content';

/*
 * The SEO module owns no table: these are its read-only queries over published articles for
 * sitemaps and feeds (server/modules/README.md).
 */

/** An article's translation (issue 10 item 7) and that translation's category. */
const translation = alias(articles, 'translation');
const translationCategory = alias(categories, 'translation_category');

/**
 * Published articles for the sitemap and feeds, newest first (the published-order index), with
 * the address parts of their translation when that is published too.
 */
export function listPublishedForSeo(
  db: Db,
  opts: { limit: number; offset: number; now: Date; since?: Date; categoryId?: string },
) {
  const conditions = [isPublicArticle(opts.now)];
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
      bodyHead: articleBodyHead,
      publishedAt: articles.publishedAt,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
      translationSlug: translation.slug,
      translationCategorySlug: translationCategory.slug,
      translationLanguage: translation.language,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(
      translation,
      and(
        eq(translation.id, articles.translationId),
        sql`${translation.status} = 'published'`,
        lte(translation.publishedAt, opts.now),
      ),
    )
    .leftJoin(translationCategory, eq(translationCategory.id, translation.categoryId))
    .where(and(...conditions))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countPublished(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(isPublicArticle(now));
  return Number(row?.n ?? 0);
}
