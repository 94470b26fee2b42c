import { SEARCH_VERSION } from '../../../common/search/search-document';
import type { Db } from '../../../db/client';
import { indexArticle, indexStaleArticles, type SearchDocument } from './search-index-repository';

/*
 * The search module's door for moving content in (server/modules/README.md). Its table is a
 * derived index, never archived: an import indexes what it brought, in its own transaction.
 */

/** Indexes one article the WordPress import has just written, in its transaction. */
export const indexImportedArticle = (tx: Db, doc: SearchDocument) => indexArticle(tx, doc);

/** Indexes every article an archive import brought, in its transaction. */
export const indexImportedArticles = (tx: Db) => indexStaleArticles(tx, SEARCH_VERSION);
