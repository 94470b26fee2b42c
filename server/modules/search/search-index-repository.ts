/*
 * Writing the search index, `article_search` (db/schema/search.ts): one article's document in
 * its save's transaction, and the documents older code or a migration left stale.
 */
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { articleSearchColumns } from '../../../common/search/search-document';
import type { Language } from '../../../common/articles';
import type { ArticleStatus } from '../../../common/articles';
import type { Db } from '../../../db/client';
import { articleOpenBody, articles, articleSearchKeywords } from '../../../db/schema/content';
import { articleSearch } from '../../../db/schema/search';

/** What an article is indexed from: its words, and what decides who may find it. */
export interface SearchDocument {
  articleId: string;
  name: string;
  slug: string;
  metaKeywords: string;
  description: string;
  status: ArticleStatus;
  publishedAt: Date;
  language: Language;
}

/** Writes (or re-writes) an article's index row, in the caller's transaction. */
export async function indexArticle(db: Db, doc: SearchDocument) {
  await writeIndexRows(db, indexRows([doc]));
}

/**
 * Articles with no index row, or one an older normaliser made: a batch of what they are
 * indexed from. The one read of `articles` here: an index is made from what it indexes.
 */
export function listStaleDocuments(
  db: Db,
  version: number,
  limit: number,
  /** Only articles whose id sorts after this one (the last of the batch before). */
  after?: string,
): Promise<SearchDocument[]> {
  return db
    .select({
      articleId: articles.id,
      name: articles.name,
      slug: articles.slug,
      metaKeywords: articleSearchKeywords,
      description: articleOpenBody,
      status: articles.status,
      publishedAt: articles.publishedAt,
      language: articles.language,
    })
    .from(articles)
    .leftJoin(articleSearch, eq(articleSearch.articleId, articles.id))
    .where(
      and(
        sql`(${articleSearch.articleId} IS NULL OR ${articleSearch.searchVersion} < ${version})`,
        after === undefined ? undefined : gt(articles.id, after),
      ),
    )
    .orderBy(asc(articles.id))
    .limit(limit);
}

export type IndexRow = Omit<SearchDocument, 'name' | 'slug' | 'metaKeywords' | 'description'> &
  ReturnType<typeof articleSearchColumns>;

/** A row's new values when it is there already: every column but the key (typed complete). */
const EXCLUDED: Record<Exclude<keyof IndexRow, 'articleId'>, SQL> = {
  status: sql`excluded.status`,
  publishedAt: sql`excluded.published_at`,
  language: sql`excluded.language`,
  search: sql`excluded.search`,
  searchWords: sql`excluded.search_words`,
  searchVersion: sql`excluded.search_version`,
};

/**
 * An article's index row; its search columns made here (the CPU's part of indexing it) unless
 * given, made from these same words beforehand.
 */
export const indexRow = (
  doc: SearchDocument,
  columns: ReturnType<typeof articleSearchColumns> = articleSearchColumns(doc),
): IndexRow => ({
  articleId: doc.articleId,
  status: doc.status,
  publishedAt: doc.publishedAt,
  language: doc.language,
  ...columns,
});

/** The index rows of a batch of articles. */
const indexRows = (docs: SearchDocument[]) => docs.map((doc) => indexRow(doc));

/** Writes (or re-writes) a batch's index rows in one statement. */
export async function writeIndexRows(db: Db, rows: IndexRow[]) {
  if (rows.length === 0) return;
  await db
    .insert(articleSearch)
    .values(rows)
    .onConflictDoUpdate({ target: articleSearch.articleId, set: EXCLUDED });
}

/**
 * Indexes every article that has no current row, a batch at a time: one pass over the
 * articles in id order, each batch written in one statement. The next batch is asked for
 * before this one is written, so its rows are made while the database writes this one's.
 * Answers how many.
 */
export async function indexStaleArticles(
  db: Db,
  version: number,
  opts: { batch?: number; stopped?: () => boolean } = {},
) {
  const batch = opts.batch ?? 200;
  let done = 0;
  let writing: Promise<void> = Promise.resolve();
  let stale = opts.stopped?.() ? [] : await listStaleDocuments(db, version, batch);
  while (stale.length > 0) {
    const rows = indexRows(stale);
    await writing;
    const more = stale.length === batch && !opts.stopped?.();
    const next = more ? listStaleDocuments(db, version, batch, stale.at(-1)?.articleId) : undefined;
    writing = writeIndexRows(db, rows);
    // Awaited before the next write or at the end; a failure is thrown there, not lost.
    writing.catch(() => undefined);
    done += stale.length;
    stale = next ? await next : [];
  }
  await writing;
  return done;
}

/*
 * Search (DECISIONS.md §12). The tsqueries are the text common/search/search-text.ts makes:
 * quoted lexemes only, cast without a dictionary, so both engines match alike. `match`
 * (`toMatchTsquery`) is what the GIN index is asked, `rank` (`toTsquery`, every lexeme of each
 * word) what scores: they find the same articles.
 */
