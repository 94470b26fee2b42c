import { articleSearchColumns, SEARCH_VERSION } from '../../../common/search/search-document';
import type { Db } from '../../../db/client';
import {
  type IndexRow,
  indexRow,
  indexStaleArticles,
  type SearchDocument,
  writeIndexRows,
} from './search-index-repository';

/*
 * The search module's door for moving content in (server/modules/README.md). Its table is a
 * derived index, never archived: an import indexes what it brought, in its own transaction.
 */

/**
 * The WordPress import indexes each batch of articles as it writes them, from what it wrote (no
 * read back): an article's search columns are made while the batch before is written
 * (`importedSearchColumns`, the CPU's part), its row once its id is known.
 */
export const importedSearchColumns = (doc: Omit<SearchDocument, 'articleId'>) =>
  articleSearchColumns(doc);
export const importedIndexRow = indexRow;

/** Writes a batch's rows (`importedIndexRow`) in one statement, in the import's transaction. */
export const writeImportedIndexRows = (tx: Db, rows: IndexRow[]) => writeIndexRows(tx, rows);

/** Indexes every article an archive import brought, in its transaction. */
export const indexImportedArticles = (tx: Db) => indexStaleArticles(tx, SEARCH_VERSION);
