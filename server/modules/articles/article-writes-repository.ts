/*
 * Writes of the articles table: a new article, an edit of a locked one (its old address kept),
 * a status move, a delete, and the translation groups they link (docs/decisions/041). The
 * stored state a write checks against is read here too, under the row's lock.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type ArticleStatus } from '../../../common/articles';
import type { ArticleAccess } from '../../../common/article-access';
import { UNCATEGORISED_SEGMENT } from '../../../common/paths';
import type { Language } from '../../../common/articles';
import type { Db } from '../../../db/client';
import {
  articleCoAuthorIds,
  articleRedirects,
  articles,
  articleTagIds,
  articleEditionIds,
  categories,
} from '../../../db/schema/content';
import { legacyTranslationId, type VersionRow } from './article-translations';
import { versionsOf } from './articles-repository';

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
  /** Left out: the stored choice stays. */
  adsOff?: boolean;
  /** Left out: the stored choice stays (issue 39 item 3). */
  access?: ArticleAccess;
  /** Left out: the stored choice stays (issue 42 item 1). */
  commentsOpen?: boolean | null;
  status: ArticleStatus;
  publishedAt: Date;
  /** Left out: the stored note stays (an update of a draft keeps what the editor wrote). */
  reviewNote?: string;
  language: Language;
  legacyId: number | null;
  /** Left out: the stored primary edition stays (issue 65). */
  primaryEditionId?: string;
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
  /** Who may read it whole (issue 39 item 3): its live blog's entries follow it too. */
  access: ArticleAccess;
  /** The article's image ('' for none yet): publishing needs one. */
  imageUrl: string;
  /** Its tags' ids: the tag pages that list it. */
  tagIds: string[];
  /** The editions it circulates to (issue 65), sorted, and its primary one (among them). */
  editionIds: string[];
  primaryEdition: string;
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
      access: articles.access,
      imageUrl: articles.imageUrl,
      tagIds: articleTagIds,
      editionIds: articleEditionIds,
      primaryEdition: articles.primaryEditionId,
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

/** Deletes article `id` in `tx`; its story's other versions stay one group, unless one is left. */
export async function deleteArticle(tx: Db, id: string): Promise<boolean> {
  const rows = await tx
    .delete(articles)
    .where(eq(articles.id, id))
    .returning({ id: articles.id, group: articles.translationGroup });
  await dissolveLoneGroup(tx, rows[0]?.group ?? null);
  return rows.length > 0;
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
