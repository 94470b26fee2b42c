import { and, count, desc, eq, inArray, lte, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language } from '../../../common/languages';
import { WRITING_ROLES } from '../../../common/roles';
import type { Db } from '../../../db/client';
import {
  articleEditions,
  articleBodyHead,
  articleOpenBody,
  articleCoAuthors,
  articles,
  articleAuthors,
  articleTags,
  categories,
  isPublicArticle,
  tags,
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

export function listPublishedForSeo(
  db: Db,
  opts: {
    limit: number;
    offset: number;
    now: Date;
    since?: Date;
    /** With `since`: live blogs too, however long ago they began (the news sitemap). */
    orLive?: boolean;
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
  },
) {
  const conditions = [isPublicArticle(opts.now)];
  if (opts.since)
    conditions.push(
      opts.orLive
        ? sql`(${articles.publishedAt} >= ${opts.since} OR ${articles.liveBlog})`
        : sql`${articles.publishedAt} >= ${opts.since}`,
    );
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
    .where(and(...conditions))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countPublished(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(isPublicArticle(now));
  return Number(row?.n ?? 0);
}

/** An article's own category, whose parent's page lists it too (listCategoriesForSeo). */
const ownCategory = alias(categories, 'own_category');

/**
 * Categories with a published article, theirs or a child's (a parent's page lists its
 * children's, issue 26 item 6), each with the time its newest one was published (the last time
 * the category's page gained a story), by name.
 */
export function listCategoriesForSeo(db: Db, now: Date) {
  return db
    .select({ slug: categories.slug, lastPublishedAt: max(articles.publishedAt) })
    .from(articles)
    .innerJoin(ownCategory, eq(ownCategory.id, articles.categoryId))
    .innerJoin(
      categories,
      or(eq(categories.id, ownCategory.id), eq(categories.id, ownCategory.parentId)),
    )
    .where(isPublicArticle(now))
    .groupBy(categories.id, categories.slug, categories.name)
    .orderBy(categories.name);
}

/**
 * Writers (author and up, whose page exists) with a published article and a real slug (not
 * the placeholder before start-up gives one), each with their newest article's time, by name.
 */
export function listAuthorsForSeo(db: Db, now: Date) {
  // Their pages list what they co-wrote too (issue 26 item 4).
  const bylines = db
    .select({ userId: sql<string>`${articles.authorId}`.as('user_id'), articleId: articles.id })
    .from(articles)
    .where(sql`${articles.authorId} IS NOT NULL`)
    .unionAll(
      db
        .select({ userId: articleAuthors.userId, articleId: articleAuthors.articleId })
        .from(articleAuthors),
    )
    .as('bylines');
  return db
    .select({ slug: users.slug, lastPublishedAt: max(articles.publishedAt) })
    .from(users)
    .innerJoin(bylines, eq(bylines.userId, users.id))
    .innerJoin(articles, eq(articles.id, bylines.articleId))
    .where(
      and(
        isPublicArticle(now),
        inArray(users.role, WRITING_ROLES),
        sql`left(${users.slug}, 1) <> '_'`,
      ),
    )
    .groupBy(users.id, users.slug, users.name)
    .orderBy(users.name, users.slug);
}

/**
 * Tags with a published article, each with the time its newest one was published, by name
 * (read from `article_tags`' own copy of each article's status and time).
 */
export function listTagsForSeo(db: Db, now: Date) {
  return db
    .select({ name: tags.name, slug: tags.slug, lastPublishedAt: max(articleTags.publishedAt) })
    .from(tags)
    .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
    .where(and(sql`${articleTags.status} = 'published'`, lte(articleTags.publishedAt, now)))
    .groupBy(tags.id, tags.slug, tags.name)
    .orderBy(tags.name, tags.slug);
}

/** The newest change (edit or publication) among the published articles at these places. */
export async function lastChangeOfPublished(
  db: Db,
  opts: { now: Date; offset: number; limit: number },
): Promise<Date | undefined> {
  const slice = db
    .select({ updatedAt: articles.updatedAt })
    .from(articles)
    .where(isPublicArticle(opts.now))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset)
    .as('slice');
  const [row] = await db.select({ last: max(slice.updatedAt) }).from(slice);
  return row?.last ?? undefined;
}
