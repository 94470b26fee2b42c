import type { PgTable } from 'drizzle-orm/pg-core';
import type { Language } from '../../../common/languages';
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
import { sanitizeArticleHtml } from './sanitize';

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

export { sanitizeArticleHtml };
export {
  freeArticleSlugs,
  insertImportedArticles,
  legacyIdsTaken,
  recordFormerPathsOf,
  tagImportedArticles,
} from './articles-import-batch';
export { tagsByAddress } from './tags-repository';

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

/** How the archive takes this module's rows back (site-archive-tables.ts, ROW_SHAPES). */
export const ARTICLE_ROW_SHAPES = new Map<PgTable, RowShape>([[articles, withTranslationGroup]]);
