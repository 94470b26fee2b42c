/*
 * Writing the search index, `article_search` (db/schema/search.ts): one article's document in
 * its save's transaction, and the documents older code or a migration left stale.
 */
import { eq, sql } from 'drizzle-orm';
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
  const columns = articleSearchColumns(doc);
  const row = {
    status: doc.status,
    publishedAt: doc.publishedAt,
    language: doc.language,
    ...columns,
  };
  await db
    .insert(articleSearch)
    .values({ articleId: doc.articleId, ...row })
    .onConflictDoUpdate({ target: articleSearch.articleId, set: row });
}

/**
 * Articles with no index row, or one an older normaliser made: a batch of what they are
 * indexed from. The one read of `articles` here: an index is made from what it indexes.
 */
export function listStaleDocuments(
  db: Db,
  version: number,
  limit: number,
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
    .where(sql`${articleSearch.articleId} IS NULL OR ${articleSearch.searchVersion} < ${version}`)
    .limit(limit);
}

/** Indexes every article that has no current row, a batch at a time; answers how many. */
export async function indexStaleArticles(
  db: Db,
  version: number,
  opts: { batch?: number; stopped?: () => boolean } = {},
) {
  const batch = opts.batch ?? 200;
  let done = 0;
  while (!opts.stopped?.()) {
    const stale = await listStaleDocuments(db, version, batch);
    for (const doc of stale) await indexArticle(db, doc);
    done += stale.length;
    if (stale.length < batch) break;
  }
  return done;
}

/*
 * Search (DECISIONS.md §12). The tsqueries are the text common/search/search-text.ts makes:
 * quoted lexemes only, cast without a dictionary, so both engines match alike. `match`
 * (`toMatchTsquery`) is what the GIN index is asked, `rank` (`toTsquery`, every lexeme of each
 * word) what scores: they find the same articles.
 */
