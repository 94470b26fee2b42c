import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, ne, sql, type AnyColumn, type Subquery } from 'drizzle-orm';
import { type ArticleStatus } from '../../../common/articles';
import { UNCATEGORISED_SEGMENT } from '../../../common/paths';
import type { Language } from '../../../common/articles';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import {
  articleBodyHead,
  articleCoAuthorIds,
  articleCoAuthors,
  articleFormerPaths,
  articleRedirects,
  articles,
  articleTagIds,
  articleTagNames,
  categories,
  isPublicArticle,
  isScheduledArticle,
} from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { articleViewTotals } from '../../../db/schema/site';
import { users } from '../../../db/schema/users';
import { legacyTranslationId, versionRows, type VersionRow } from './article-translations';

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
const versionsOf = sql<VersionRow[]>`coalesce((
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
  tags: articleTagNames,
  // The views module's count next to the row (no row there until a first view is written).
  views: sql<number>`coalesce(${articleViewTotals.views}, 0)`.mapWith(Number),
  imageCrops: media.crops,
};

const full = (db: Db) =>
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

/** The statement of findPublishedByAddress: in a category, or uncategorised. */
export function publishedByAddress(db: Db, uncategorised: boolean) {
  const name = `article_at_address_${uncategorised ? 'none' : 'category'}`;
  return prepared(db, name, (on, as) =>
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
      .prepare(as),
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
  credit: string;
  status: ArticleStatus;
  publishedAt: Date;
  /** Left out: the stored note stays (an update of a draft keeps what the editor wrote). */
  reviewNote?: string;
  language: Language;
  legacyId: number | null;
};

/**
 * An article's language and the other versions of its story, to check a translation link
 * against; undefined when there is no such article.
 */
export async function findTranslationTarget(
  db: Db,
  id: string,
): Promise<{ language: Language; versions: VersionRow[] } | undefined> {
  const [row] = await db
    .select({ language: articles.language, versions: versionsOf })
    .from(articles)
    .where(eq(articles.id, id));
  return row;
}

/** A group left with one version is no group: its last article is left without one. */
async function dissolveLoneGroup(tx: Db, group: string | null) {
  if (!group) return;
  await tx.execute(sql`
    UPDATE ${articles} SET translation_group = NULL
    WHERE translation_group = ${group}
      AND (SELECT count(*) FROM ${articles} AS v WHERE v.translation_group = ${group}) = 1`);
}

/**
 * Puts article `id` in the translation group of `translationId` (docs/decisions/041), or in none
 * (null). It leaves the group it was in (which keeps its other versions); a version the new
 * group had in its language leaves that group, as a newer link replaced an older one when
 * translations were pairs. Runs in the caller's transaction.
 */
async function linkTranslation(tx: Db, id: string, translationId: string | null) {
  const [me] = await tx
    .select({ group: articles.translationGroup, language: articles.language })
    .from(articles)
    .where(eq(articles.id, id));
  if (!me) return;
  const [other] = translationId
    ? await tx
        .select({ group: articles.translationGroup })
        .from(articles)
        .where(eq(articles.id, translationId))
    : [];
  const group = other ? (other.group ?? randomUUID()) : null;
  if (group !== null && group === me.group) return;
  await tx.update(articles).set({ translationGroup: null }).where(eq(articles.id, id));
  await dissolveLoneGroup(tx, me.group);
  if (!translationId || group === null) return;
  const displaced = await tx
    .update(articles)
    .set({ translationGroup: null })
    .where(and(eq(articles.translationGroup, group), eq(articles.language, me.language)))
    .returning({ id: articles.id });
  await tx.update(articles).set({ translationGroup: group }).where(eq(articles.id, translationId));
  await tx.update(articles).set({ translationGroup: group }).where(eq(articles.id, id));
  if (displaced.length > 0) await dissolveLoneGroup(tx, group);
}

/**
 * Writes a new article in `tx` and links its translation (`translationId`: the version to join;
 * null or undefined: none). Answers its id.
 */
export async function insertArticle(
  tx: Db,
  values: ArticleValues & { createdAt: Date },
  translationId?: string | null,
): Promise<string> {
  const [row] = await tx
    .insert(articles)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: articles.id });
  const id = (row as { id: string }).id;
  if (translationId) await linkTranslation(tx, id, translationId);
  return id;
}

export interface StoredState {
  /** The first byline; `coAuthorIds` the others, in order. */
  authorId: string | null;
  coAuthorIds: string[];
  categoryId: string | null;
  language: Language;
  slug: string;
  /** The first segment of its address: the category slug, or the uncategorised segment. */
  segment: string;
  status: ArticleStatus;
  publishedAt: Date;
  updatedAt: Date;
  /** The translation older clients know (`legacyTranslationId`), null without one. */
  translationId: string | null;
  /** Every other version of its story (its translation group), any status. */
  translations: string[];
  legacyId: number | null;
  liveBlog: boolean;
  liveStartedAt: Date | null;
  liveEndedAt: Date | null;
  /** The article's image ('' for none yet): publishing needs one. */
  imageUrl: string;
  /** Its tags' ids: the tag pages that list it. */
  tagIds: string[];
}

export async function findStoredState(db: Db, id: string): Promise<StoredState | undefined> {
  const [row] = await db
    .select({
      authorId: articles.authorId,
      coAuthorIds: articleCoAuthorIds,
      categoryId: articles.categoryId,
      language: articles.language,
      slug: articles.slug,
      categorySlug: categories.slug,
      status: articles.status,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      versions: versionsOf,
      legacyId: articles.legacyId,
      liveBlog: articles.liveBlog,
      liveStartedAt: articles.liveStartedAt,
      liveEndedAt: articles.liveEndedAt,
      imageUrl: articles.imageUrl,
      tagIds: articleTagIds,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, id));
  if (!row) return undefined;
  const { categorySlug, versions, ...rest } = row;
  return {
    ...rest,
    segment: categorySlug ?? UNCATEGORISED_SEGMENT,
    translationId: legacyTranslationId(row.language, versions),
    translations: versions.map((v) => v.id),
  };
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

/** Waits for (and takes) article `id`'s row lock in `tx`; answers it as stored, or undefined. */
export async function lockArticle(tx: Db, id: string): Promise<StoredState | undefined> {
  await tx.execute(sql`SELECT 1 FROM ${articles} WHERE ${articles.id} = ${id} FOR UPDATE`);
  return findStoredState(tx, id);
}

/**
 * Saves an edit of the locked article `stored` in `tx`: records the old address when the
 * address changes and frees the new address from any redirect (DECISIONS.md §5), and links or
 * unlinks its translation. `segment` is the new address's first segment (the new category's
 * slug).
 */
export async function updateArticle(
  tx: Db,
  stored: StoredState & { id: string },
  values: ArticleValues & { updatedAt: Date; segment: string },
  translationId?: string | null,
): Promise<void> {
  const { segment, ...row } = values;
  if (stored.slug !== values.slug || stored.segment !== segment) {
    await moveAddress(tx, stored.id, stored, { segment, slug: values.slug });
  }
  await tx.update(articles).set(row).where(eq(articles.id, stored.id));
  if (translationId !== undefined) await linkTranslation(tx, stored.id, translationId);
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

/** Deletes article `id` in `tx`; its story's other versions stay one group, unless one is left. */
export async function deleteArticle(tx: Db, id: string): Promise<boolean> {
  const rows = await tx
    .delete(articles)
    .where(eq(articles.id, id))
    .returning({ id: articles.id, group: articles.translationGroup });
  await dissolveLoneGroup(tx, rows[0]?.group ?? null);
  return rows.length > 0;
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

export interface StatusValues {
  status: ArticleStatus;
  publishedAt: Date;
  reviewNote: string;
  updatedAt: Date;
}

/** Writes a status move's values (DECISIONS.md §11) of the locked article `id` in `tx`. */
export async function setArticleStatus(tx: Db, id: string, values: StatusValues) {
  await tx.update(articles).set(values).where(eq(articles.id, id));
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

/** The dashboard's counts: published means out now; scheduled ones are counted apart. */
export async function articleCounts(db: Db, now: Date) {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) FILTER (WHERE ${isPublicArticle(now)})`,
      scheduled: sql<number>`count(*) FILTER (WHERE ${isScheduledArticle(now)})`,
      drafts: sql<number>`count(*) FILTER (WHERE ${articles.status} = 'draft')`,
    })
    .from(articles);
  return {
    total: Number(row?.total ?? 0),
    published: Number(row?.published ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    drafts: Number(row?.drafts ?? 0),
  };
}

/** The cards of some articles, with their bodies (search snippets), in the order of `ids`. */
export async function cardsWithBodies(db: Db, ids: string[]) {
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
