import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Language } from '../../../common/languages';
import type { Db } from '../../../db/client';
import type { CopiedRow, RowShape } from '../../lib/table-copy';
import {
  articleAuthors,
  articleEditions,
  articleFormerPaths,
  articleRedirects,
  articles,
  articleTags,
  tags,
} from '../../../db/schema/content';
import { articleCorrections } from '../../../db/schema/corrections';
import { slugTaken } from './article-addresses-repository';
import { sanitizeArticleHtml } from './sanitize';
import { setArticleTags } from './tags-repository';

/*
 * The articles module's door for moving content in and out (server/modules/README.md): the
 * WordPress import and the site archive write `articles`, `article_redirects`,
 * `article_former_paths`, `tags`, `article_tags`, `article_authors`, `article_corrections`
 * (the corrections on the public record) and `article_editions` only through here,
 * inside the caller's transaction.
 */

/** Tables this module owns, in the order they can be filled (the archive copies them). */
export const ARTICLE_TABLES = [
  articles,
  articleRedirects,
  articleFormerPaths,
  tags,
  articleTags,
  articleAuthors,
  articleCorrections,
  articleEditions,
] as const;

/**
 * Rows a fresh site makes itself as the archive's articles go in: each article's primary
 * edition's row (the trigger of migration 0058) takes the archive's copy instead of failing.
 */
export const ARTICLE_REPLACED: readonly PgTable[] = [articleEditions];

/** Gives an imported article its tags (a WordPress post's tags), in the caller's transaction. */
export const tagImportedArticle = (tx: Db, articleId: string, names: readonly string[]) =>
  setArticleTags(tx, articleId, names);

export { sanitizeArticleHtml };
export {
  freeArticleSlugs,
  insertImportedArticles,
  legacyIdsTaken,
  recordFormerPathsOf,
  tagImportedArticles,
} from './articles-import-batch';

/** A free slug from `base` (`base`, `base-2`, …), looked up in the caller's transaction. */
export async function freeArticleSlug(tx: Db, base: string): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, candidate))) return candidate;
  }
  throw new Error(`no free slug for ${base}`);
}

/**
 * An article row of an archive made before translation groups (migration 0027,
 * docs/decisions/041) names its translation (`translationId`): its pair becomes a group named
 * as the migration names one, by the lower of the two ids, which both rows agree on.
 */
export function withTranslationGroup(row: CopiedRow): CopiedRow {
  if (!('translationId' in row)) return row;
  const { translationId, ...rest } = row;
  if ('translationGroup' in rest || typeof translationId !== 'string') return rest;
  const pair = [String(row.id), translationId].sort();
  return { ...rest, translationGroup: pair[0] };
}

export async function legacyIdTaken(tx: Db, legacyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.legacyId, legacyId));
  return row !== undefined;
}

export interface ImportedArticle {
  name: string;
  slug: string;
  authorId: string | null;
  categoryId: string | null;
  imageUrl: string;
  imageMediaId: string | null;
  /** Already sanitised by the caller (sanitizeArticleHtml). */
  description: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  status: 'draft' | 'published';
  publishedAt: Date;
  language: Language;
  legacyId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export async function insertImportedArticle(tx: Db, values: ImportedArticle): Promise<string> {
  const [row] = await tx.insert(articles).values(values).returning({ id: articles.id });
  return (row as { id: string }).id;
}

/**
 * Records former paths (formerPathKey form) of an article. A path another article holds
 * already stays theirs; answers the paths that were not taken for this one.
 */
export async function recordFormerPaths(
  tx: Db,
  articleId: string,
  paths: string[],
): Promise<{ refused: string[] }> {
  if (paths.length === 0) return { refused: [] };
  await tx
    .insert(articleFormerPaths)
    .values(paths.map((path) => ({ path, articleId })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ path: articleFormerPaths.path, articleId: articleFormerPaths.articleId })
    .from(articleFormerPaths)
    .where(inArray(articleFormerPaths.path, paths));
  return { refused: rows.filter((r) => r.articleId !== articleId).map((r) => r.path) };
}

/** How the archive takes this module's rows back (site-archive-tables.ts, ROW_SHAPES). */
export const ARTICLE_ROW_SHAPES = new Map<PgTable, RowShape>([[articles, withTranslationGroup]]);
