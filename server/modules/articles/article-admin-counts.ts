/*
 * How many articles the admin list holds (issue 71 item 3, docs/decisions/081): exact up to
 * EXACT_COUNT_UP_TO, the planner's estimate past it (db/counts.ts), and whatever the filter,
 * a walk of the entries it keeps, never of the archive. Each count starts from the table of
 * its narrowest filter, on an index of its own:
 * - an edition: its entries in article_editions (edition, article);
 * - a title search: the search rows whose title has the words (`search_head`'s GIN index);
 * - an author: their first bylines (the author's index) and their further ones, two walks;
 * - else the articles, on the index of the filter (status, section, language) or the order.
 * The other filters are then tested on each of those stories' rows, looked up by key.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { tallyOfParts, type Tally } from '../../../db/counts';
import { articleEditions, articles } from '../../../db/schema/content';
import { articleSearch, titleHas } from '../../../db/schema/search';
import {
  adminFilters,
  adminWhere,
  byAuthor,
  coWrittenBy,
  type AdminListOptions,
} from './article-admin-filters';

/**
 * Rows whose article (`key`) also meets `others`: its row looked up by primary key, for each
 * row walked. `OFFSET 0` keeps the test a look-up: made a join, PostgreSQL may answer it by
 * reading the stories to find the walk's, a cost that grows with the archive.
 */
const articleMeets = (key: AnyPgColumn, others: SQL | undefined): SQL | undefined =>
  others
    ? sql`EXISTS (SELECT 1 FROM ${articles} WHERE ${articles.id} = ${key} AND ${others} OFFSET 0)`
    : undefined;

/** What the list's count walks: a table, and conditions on it that no row meets twice. */
export function adminCountWalks(opts: AdminListOptions): { table: PgTable; parts: SQL[] } {
  if (opts.edition) {
    const others = adminWhere({ ...opts, edition: undefined });
    const inEdition = eq(articleEditions.editionId, opts.edition);
    return {
      table: articleEditions,
      parts: [and(inEdition, articleMeets(articleEditions.articleId, others))!],
    };
  }
  if (opts.titleSearch) {
    const others = adminWhere({ ...opts, titleSearch: undefined });
    const titled = titleHas(opts.titleSearch);
    return {
      table: articleSearch,
      parts: [and(titled, articleMeets(articleSearch.articleId, others))!],
    };
  }
  // An author's pieces as their page reads them: the first bylines walking the author's own
  // index, then the co-written (article_authors); one condition with OR reads every piece's row.
  if (opts.authorId) {
    const filters = adminFilters(opts);
    return {
      table: articles,
      parts: [and(byAuthor(opts.authorId), filters)!, and(coWrittenBy(opts.authorId), filters)!],
    };
  }
  return { table: articles, parts: [adminWhere(opts) ?? sql`true`] };
}

export function countForAdmin(db: Db, opts: AdminListOptions): Promise<Tally> {
  const { table, parts } = adminCountWalks(opts);
  // Estimated, past the cap, on the articles: their statistics know each filter.
  return tallyOfParts(db, table, parts, { table: articles, where: adminWhere(opts) });
}
