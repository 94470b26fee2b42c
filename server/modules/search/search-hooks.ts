/*
 * Search's part of every write of an article (DECISIONS.md §22): its index row is written in the
 * write's own transaction, through the articles module's hook, so readers never find an article
 * by words it no longer has.
 */
import { openingOf } from '../../../common/article-access';
import { searchKeywords } from '../../../common/search/search-document';
import type { ArticleHooks } from '../articles/articles-service';
import type { SearchService } from './search-service';

export function plugSearchIntoArticles(hooks: ArticleHooks, search: Pick<SearchService, 'index'>) {
  hooks.inWrite.push((tx, { id, row }) =>
    search.index(tx, {
      articleId: id,
      name: row.name,
      slug: row.slug,
      // Its tags are words readers search for too (the index's keywords).
      metaKeywords: searchKeywords(row.metaKeywords, row.tags),
      // Only what readers who have not paid may read (issue 39 item 3): a member's story is
      // found by its opening, and its snippet can show nothing past it.
      description: row.access === 'free' ? row.description : openingOf(row.description),
      status: row.status,
      publishedAt: row.publishedAt,
      language: row.language,
    }),
  );
}
