import { and, count, desc, eq, inArray, sql, type AnyColumn, type Subquery } from 'drizzle-orm';
import { UNCATEGORISED_SEGMENT } from '../../../common/paths';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import {
  articleBodyHead,
  articleOpenBody,
  articleCoAuthors,
  articles,
  articleTagNames,
  articleEditionIds,
  categories,
  isPublicArticle,
} from '../../../db/schema/content';
import { articleCorrections } from '../../../db/schema/corrections';
import { media } from '../../../db/schema/media';
import type { Correction } from '../../../common/schemas/corrections';
import { articleViewTotals } from '../../../db/schema/site';
import { users } from '../../../db/schema/users';
import { versionRows, type VersionRow } from './article-translations';

/*
 * The articles module's tables: `articles` and `article_redirects`. Reads join the category's
 * and author's names, the image's sizes and the views module's total for display
 * (server/modules/README.md); every other module reaches these tables through the articles
 * service.
 */

/** The names a row of ours shows beside it: its category's and its author's. */
export const refColumns = {
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryName: categories.name,
  categoryNameHi: categories.nameHi,
  categoryNameEn: categories.nameEn,
  authorId: users.id,
  authorName: users.name,
  authorSlug: users.slug,
};

export const cardColumns = {
  id: articles.id,
  name: articles.name,
  slug: articles.slug,
  imageUrl: articles.imageUrl,
  bodyHead: articleBodyHead,
  language: articles.language,
  liveBlog: articles.liveBlog,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  ...refColumns,
  // The bylines after the first, and the agency's credit (issue 26 item 4).
  coAuthors: articleCoAuthors,
  credit: articles.credit,
  // The image's size and resized variants (joined from media), for srcset on every card.
  imageWidth: media.width,
  imageHeight: media.height,
  imageVariants: media.variants,
  imageAvif: media.avif,
};

export const cards = (db: Db) =>
  db
    .select(cardColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId));

/**
 * The cards of one page of article ids, newest first: the second half of a deferred join.
 * `page` is a derived table of the page's `pageId`s and their `pagePublishedAt`, read from a
 * list's own index (a category's, a tag's); only those rows are joined to their articles.
 */
export const cardsOfPage = (
  db: Db,
  page: Subquery & { pageId: AnyColumn; pagePublishedAt: AnyColumn },
) =>
  db
    .select(cardColumns)
    .from(page)
    .innerJoin(articles, eq(articles.id, page.pageId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId))
    .orderBy(desc(page.pagePublishedAt), desc(page.pageId));

export type CardRow = Awaited<ReturnType<ReturnType<typeof cards>['execute']>>[number];

/** A value, or a placeholder for it in a prepared statement. */
export type Value<T> = T | ReturnType<typeof sql.placeholder>;

/**
 * The other versions of a row's story (its translation group, docs/decisions/041), any status,
 * as JSON: what its page links (those published) and what a change to it refreshes. A group has
 * a version per language at most, so a handful of rows, found by the group's unique index.
 * The outer row's columns are named with their table: Drizzle leaves them bare in a query of
 * one table, where `id` would be ambiguous.
 */
export const versionsOf = sql<VersionRow[]>`coalesce((
  SELECT json_agg(json_build_object('id', v.id, 'language', v.language, 'status', v.status,
    'publishedAt', v.published_at, 'slug', v.slug, 'categorySlug', vc.slug) ORDER BY v.id)
  FROM ${articles} AS v LEFT JOIN ${categories} AS vc ON vc.id = v.category_id
  WHERE v.translation_group = "articles"."translation_group" AND v.id <> "articles"."id"
), '[]'::json)`.mapWith(versionRows);

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
  translationGroup: articles.translationGroup,
  versions: versionsOf,
  liveStartedAt: articles.liveStartedAt,
  liveEndedAt: articles.liveEndedAt,
  adsOff: articles.adsOff,
  access: articles.access,
  commentsOpen: articles.commentsOpen,
  tags: articleTagNames,
  editions: articleEditionIds,
  primaryEditionId: articles.primaryEditionId,
  // The views module's count next to the row (no row there until a first view is written).
  views: sql<number>`coalesce(${articleViewTotals.views}, 0)`.mapWith(Number),
  imageCrops: media.crops,
};

export const full = (db: Db) =>
  db
    .select(fullColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId))
    .leftJoin(articleViewTotals, eq(articleViewTotals.articleId, articles.id));

export type FullRow = Awaited<ReturnType<ReturnType<typeof full>['execute']>>[number];

export async function findArticleById(db: Db, id: string): Promise<FullRow | undefined> {
  const [row] = await full(db).where(eq(articles.id, id));
  return row;
}

/** A row's corrections as JSON, newest first, read as its page shows them (issue 43 item 3). */
const correctionsOf = sql<Correction[]>`coalesce((
  SELECT json_agg(json_build_object('note', c.note, 'correctedAt', c.created_at)
    ORDER BY c.created_at DESC, c.id DESC)
  FROM ${articleCorrections} AS c WHERE c.article_id = "articles"."id"
), '[]'::json)`.mapWith((value: { note: string; correctedAt: string }[]) =>
  value.map((c) => ({ note: c.note, correctedAt: new Date(c.correctedAt).toISOString() })),
);

/**
 * An article as its page reads it: the whole row and its corrections, in one query (the page
 * sent another for its corrections before, issue 36 item 4).
 */
const onPage = (db: Db) =>
  db
    .select({ ...fullColumns, corrections: correctionsOf })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId))
    .leftJoin(articleViewTotals, eq(articleViewTotals.articleId, articles.id));

/** The statement of findPublishedByAddress: in a category, or uncategorised. */
export function publishedByAddress(db: Db, uncategorised: boolean) {
  const name = `article_at_address_${uncategorised ? 'none' : 'category'}`;
  return prepared(db, name, (on, as) =>
    onPage(on)
      .where(
        and(
          isPublicArticle(sql.placeholder('now')),
          eq(articles.slug, sql.placeholder('slug')),
          uncategorised
            ? sql`${articles.categoryId} IS NULL`
            : eq(categories.slug, sql.placeholder('segment')),
        ),
      )
      .prepare(as),
  );
}

/** A published article at its current address /{segment}/{slug}. */
export async function findPublishedByAddress(
  db: Db,
  opts: { segment: string; slug: string; now: Date },
): Promise<(FullRow & { corrections: Correction[] }) | undefined> {
  const [row] = await publishedByAddress(db, opts.segment === UNCATEGORISED_SEGMENT).execute({
    now: opts.now,
    slug: opts.slug,
    segment: opts.segment,
  });
  return row;
}

/** Where a published article lives now: its slug and its category's slug (null without one). */
export async function countInCategory(db: Db, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(eq(articles.categoryId, categoryId));
  return Number(row?.n ?? 0);
}
/** The statement of isPublicArticleId: one primary-key probe, for every view counted. */
const publicArticleId = (db: Db) =>
  prepared(db, 'article_is_public', (on, as) =>
    on
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.id, sql.placeholder('id')), isPublicArticle(sql.placeholder('now'))))
      .prepare(as),
  );

/** Whether readers may see the article `id` at `now` (published and due). */
export async function isPublicArticleId(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await publicArticleId(db).execute({ id, now });
  return rows.length > 0;
}

/** Which of `ids` name an article (any status); a thousand ids a statement. */
export async function existingArticleIds(db: Db, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const some = ids.slice(i, i + 1000);
    const rows = await db
      .select({ id: articles.id })
      .from(articles)
      .where(inArray(articles.id, some));
    found.push(...rows.map((r) => r.id));
  }
  return found;
}
/** The cards of some articles, with their bodies (search snippets), in the order of `ids`. */
export async function cardsWithBodies(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...cardColumns, description: articleOpenBody })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .leftJoin(media, eq(media.id, articles.imageMediaId))
    .where(inArray(articles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
