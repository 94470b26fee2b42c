import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../common/languages';
import type { Db } from '../../../db/client';
import {
  articleEditions,
  articleBodyHead,
  articleOpenBody,
  articleCoAuthors,
  articles,
  articleTags,
  categories,
  isPublicArticle,
  writtenBy,
} from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { editions } from '../../../db/schema/editions';
import { users } from '../../../db/schema/users';

/*
 * The SEO module owns no table: these are its read-only queries over published articles for
 * sitemaps and feeds (server/modules/README.md).
 */

/** The address parts of an article's other published version (its translation group). */
export interface SeoVersion {
  language: Language;
  slug: string;
  categorySlug: string | null;
}

/**
 * An article's other versions readers can see at `now` (its translation group, issue 27 item 5,
 * docs/decisions/041), as JSON: a handful of rows by the group's unique index.
 */
const publishedVersions = (now: Date) =>
  sql<SeoVersion[]>`coalesce((
    SELECT json_agg(json_build_object('language', v.language, 'slug', v.slug,
      'categorySlug', vc.slug) ORDER BY v.id)
    FROM ${articles} AS v LEFT JOIN ${categories} AS vc ON vc.id = v.category_id
    WHERE v.translation_group = "articles"."translation_group" AND v.id <> "articles"."id"
      AND v.status = 'published' AND v.published_at <= ${now}
  ), '[]'::json)`.mapWith((value: unknown) =>
    typeof value === 'string' ? (JSON.parse(value) as SeoVersion[]) : (value as SeoVersion[]),
  );

/**
 * Published articles for the sitemap and feeds, newest first (the published-order index), with
 * the address parts of their other versions that are published too.
 */
/**
 * The places a story circulates to (issue 65): each edition's slug, its feed's categories, in no
 * order (feeds.ts sorts them: an ordered aggregate is a sort in every list's plan).
 */
const editionSlugsOf = sql<
  string[]
>`coalesce((select array_agg(${editions.slug}) from ${articleEditions} join ${editions} on ${editions.id} = ${articleEditions.editionId} where ${articleEditions.articleId} = ${articles.id}), '{}')`;

export interface SeoListOptions {
  limit: number;
  offset: number;
  now: Date;
  /** Published at or after `since` (the news sitemap's two days). */
  since?: Date;
  /** Published before `until` (a month's file of the sitemap). */
  until?: Date;
  /** A category and those under it (its feed); one id walks that category's own index. */
  categoryIds?: string[];
  authorId?: string;
  /** Only articles with this tag (a tag's feed). */
  tagId?: string;
  /** Only stories in this edition (an edition's feed, issue 65 item 3). */
  editionId?: string;
  /** The whole sanitised body (full-text feeds); otherwise only its head. */
  withBody?: boolean;
  /** The `<img>` tags of the body (sitemaps' image entries). */
  withBodyImages?: boolean;
  /** Oldest first (a month's file), where the rest are newest first. */
  ascending?: boolean;
  /** Only past this key in the order read (the next slice of a sitemap file). */
  past?: SQL | undefined;
}

/** Which public stories a list of the SEO module reads. */
function seoWhere(opts: SeoListOptions) {
  const conditions = [isPublicArticle(opts.now)];
  if (opts.since) conditions.push(sql`${articles.publishedAt} >= ${opts.since}`);
  if (opts.until) conditions.push(sql`${articles.publishedAt} < ${opts.until}`);
  if (opts.past) conditions.push(opts.past);
  const [onlyCategory, ...more] = opts.categoryIds ?? [];
  if (onlyCategory && more.length === 0) conditions.push(eq(articles.categoryId, onlyCategory));
  else if (onlyCategory) conditions.push(inArray(articles.categoryId, [onlyCategory, ...more]));
  if (opts.authorId) conditions.push(writtenBy(opts.authorId));
  if (opts.tagId)
    conditions.push(
      sql`exists (select 1 from ${articleTags} where ${articleTags.articleId} = ${articles.id} and ${articleTags.tagId} = ${opts.tagId})`,
    );
  if (opts.editionId)
    conditions.push(
      sql`exists (select 1 from ${articleEditions} where ${articleEditions.articleId} = ${articles.id} and ${articleEditions.editionId} = ${opts.editionId})`,
    );
  return and(...conditions);
}

export function listPublishedForSeo(db: Db, opts: SeoListOptions) {
  return db
    .select({
      id: articles.id,
      name: articles.name,
      slug: articles.slug,
      categorySlug: categories.slug,
      categoryName: categories.name,
      categoryNameHi: categories.nameHi,
      categoryNameEn: categories.nameEn,
      imageUrl: articles.imageUrl,
      language: articles.language,
      liveBlog: articles.liveBlog,
      editionSlugs: editionSlugsOf,
      bodyHead: articleBodyHead,
      // Only what anyone may read (issue 39 item 3): a members' story's opening.
      body: opts.withBody ? articleOpenBody : sql<string>`''`,
      // A body without an image tag (most) skips the costlier match that lists them.
      bodyImageTags: opts.withBodyImages
        ? sql<
            string[]
          >`case when ${articleOpenBody} ~* '<img[[:space:]]' then array(select m[1] from regexp_matches(${articleOpenBody}, '(<img[[:space:]][^>]*>)', 'gi') as m) else '{}'::text[] end`
        : sql<string[]>`'{}'::text[]`,
      authorName: users.name,
      // The bylines after the first, and the agency's credit (issue 26 item 4).
      coAuthors: articleCoAuthors,
      credit: articles.credit,
      /*
       * Size and type of the image the article names, when it is an upload's original here
       * (an enclosure states the length of the file it points to).
       */
      imageBytes: media.bytes,
      imageMimeType: media.mimeType,
      publishedAt: articles.publishedAt,
      /** Its exact time (microseconds), where the next slice of a sitemap file starts. */
      exactAt: sql<string>`${articles.publishedAt}::text`,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
      translations: publishedVersions(opts.now),
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(
      media,
      and(
        eq(media.id, articles.imageMediaId),
        sql`'/media/' || ${media.storageKey} = ${articles.imageUrl}`,
      ),
    )
    .where(seoWhere(opts))
    .orderBy(
      ...(opts.ascending
        ? [asc(articles.publishedAt), asc(articles.id)]
        : [desc(articles.publishedAt), desc(articles.id)]),
    )
    .limit(opts.limit)
    .offset(opts.offset);
}
