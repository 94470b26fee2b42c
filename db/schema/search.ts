import { and, lte, sql, type Placeholder } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './columns';
import { articles, articleStatusEnum, languageColumn } from './content';

/*
 * Search's derived index of articles (DECISIONS.md §12; server/modules/search owns it): one row
 * per article, written by the search service in the same transaction as each save or status
 * move, and re-made on start when an older normaliser made it (`searchVersion`) or it is
 * missing. It carries the article's status, time and language, so a search reads this table
 * alone (its own GIN and published-order indexes), and the articles table keeps no search
 * columns: a save of an article's row touches none of the search indexes.
 */
export const articleSearch = pgTable(
  'article_search',
  {
    articleId: uuid()
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    status: articleStatusEnum().notNull(),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    language: languageColumn().notNull(),
    /*
     * The lexemes of the title, keywords and body as common/search/search-document.ts makes them
     * (normalised Hindi, loose romanisations, English stems), weighted A, B and C.
     */
    search: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    /*
     * The title's and keywords' lexemes alone (weights A and B of `search`), made by PostgreSQL:
     * small enough to stay in the row, so ranking the matches reads no TOASTed body lexemes
     * (issue 10 item 4, docs/decisions/022).
     */
    searchHead: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`ts_filter(search, '{a,b}')`),
    /** The title's and keywords' words, which "Did you mean" looks through by trigrams. */
    searchWords: text().notNull().default(''),
    /** Which normaliser made this row (SEARCH_VERSION); older rows are re-made on start. */
    searchVersion: smallint().notNull().default(0),
  },
  (t) => [
    // Newest published first, as search's windows walk it (docs/decisions/022).
    index('article_search_published_order_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // On PostgreSQL also `published_at` (btree_gin), so that a window of time's matches come
    // from the index alone (db/migrations-postgres/0000_search_dates.sql).
    index('article_search_idx').using('gin', t.search),
    // The admin list's title search (issue 71 item 3): the title's and keywords' lexemes alone,
    // so a title's word is looked up among titles, not among every body that has it.
    index('article_search_head_idx').using('gin', t.searchHead),
    index('article_search_words_idx').using('gin', t.searchWords.op('gin_trgm_ops')),
  ],
);

/** Published and due, as `isPublicArticle` says of the article itself. */
export const isPublicInSearch = (now: Date | Placeholder) =>
  and(sql`${articleSearch.status} = 'published'`, lte(articleSearch.publishedAt, now));

/**
 * Search rows whose title has these words (the admin list's title search): `inTitle` (the
 * words' lexemes in the title, weight A) is looked up in `search_head`'s own GIN index, which
 * holds the titles' and keywords' lexemes alone; the weight is then checked on `search_head`
 * itself, small and in the row. (Through the whole text's index, a title's common word found
 * every body that has it, a share of the archive: docs/perf/scale.md.)
 */
export const titleHas = (inTitle: string) =>
  sql`${articleSearch.searchHead} @@ ${inTitle}::tsquery`;

/** Articles whose title has these words (`titleHas`), as a condition on `articles`. */
export const articleTitleMatches = (inTitle: string) =>
  sql`${articles.id} IN (SELECT ${articleSearch.articleId} FROM ${articleSearch} WHERE ${titleHas(inTitle)})`;
