/*
 * The admin article list's filters (status, section, language, edition, byline, title search)
 * as SQL conditions on `articles`, shared by its pages (article-admin-repository.ts) and its
 * count (article-admin-counts.ts).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminSort, AdminStatusFilter, Language } from '../../../common/articles';
import {
  articleAuthors,
  articleEditions,
  articles,
  isPublicArticle,
  isScheduledArticle,
} from '../../../db/schema/content';
import { articleTitleMatches } from '../../../db/schema/search';

export const byAuthor = (authorId: string | undefined): SQL | undefined =>
  authorId ? eq(articles.authorId, authorId) : undefined;

/**
 * Articles on which `authorId` is a further byline (article_authors), never the first: with
 * `byAuthor`, every piece they are a byline of, each once (issue 36 item 8). The ids come from
 * article_authors' user index.
 */
export const coWrittenBy = (authorId: string): SQL =>
  sql`${articles.id} IN (SELECT ${articleAuthors.articleId} FROM ${articleAuthors} WHERE ${eq(articleAuthors.userId, authorId)}) AND ${articles.authorId} IS DISTINCT FROM ${authorId}`;

/**
 * Articles with `authorId` among their bylines, first or further, as one condition (counts and
 * the views order). Both halves are index conditions: the first byline on articles' author
 * index, the further ones as ids from article_authors looked up by primary key (an
 * `IN (subquery)` under OR would be a filter run on every row walked).
 */
export const byAnyByline = (authorId: string | undefined): SQL | undefined =>
  authorId
    ? sql`(${eq(articles.authorId, authorId)} OR ${articles.id} = ANY(ARRAY(SELECT ${articleAuthors.articleId} FROM ${articleAuthors} WHERE ${eq(articleAuthors.userId, authorId)})))`
    : undefined;

export interface AdminListOptions {
  /** Articles with this user among their bylines, first or further. */
  authorId?: string | undefined;
  /**
   * A title search: the words' lexemes restricted to the title (weight A), as
   * common/search/search-query.ts `toTsquery` writes them.
   */
  titleSearch?: string | undefined;
  /** `scheduled` and `published` split the stored `published` at `now` (issue 9 item 6). */
  status?: AdminStatusFilter | undefined;
  categoryId?: string | undefined;
  language?: Language | undefined;
  /** Stories in this edition (issue 65), primary or not. */
  edition?: string | undefined;
  /**
   * A desk's editions (issue 65 item 5): their stories come first, each part in the order
   * asked. A sort over the filtered rows, not an index walk: only desks limited to editions
   * ask it, and their lists are filtered to their editions' share of the site.
   */
  firstEditions?: readonly string[] | undefined;
  sort?: AdminSort | undefined;
  now?: Date | undefined;
  limit: number;
  offset: number;
}

/** The status filter as SQL; the status is a literal, so partial indexes stay usable. */
export const statusWhere = (status: AdminStatusFilter | undefined, now: Date): SQL | undefined => {
  switch (status) {
    case undefined:
      return undefined;
    case 'draft':
      return sql`${articles.status} = 'draft'`;
    case 'pending':
      return sql`${articles.status} = 'pending'`;
    case 'published':
      return isPublicArticle(now);
    case 'scheduled':
      return isScheduledArticle(now);
  }
};

/** Articles in any of these editions, as ids from article_editions' edition index. */
export const inEditions = (ids: readonly string[]): SQL =>
  sql`${articles.id} IN (SELECT ${articleEditions.articleId} FROM ${articleEditions} WHERE ${inArray(articleEditions.editionId, [...ids])})`;

/** The list's filters but the byline (listForAdminPage reads an author's pieces in two walks). */
export const adminFilters = (opts: AdminListOptions) =>
  and(
    opts.titleSearch ? articleTitleMatches(opts.titleSearch) : undefined,
    statusWhere(opts.status, opts.now ?? new Date()),
    opts.categoryId ? eq(articles.categoryId, opts.categoryId) : undefined,
    opts.language ? eq(articles.language, opts.language) : undefined,
    opts.edition ? inEditions([opts.edition]) : undefined,
  );

export const adminWhere = (opts: AdminListOptions) =>
  and(byAnyByline(opts.authorId), adminFilters(opts));
