/*
 * Search's part of every write of an article (DECISIONS.md §22): its index row is written in the
 * write's own transaction, through the articles module's hook, so readers never find an article
 * by words it no longer has.
 */
import type { ArticleHooks } from '../articles/articles-service';
import type { SearchService } from './search-service';

export function plugSearchIntoArticles(hooks: ArticleHooks, search: Pick<SearchService, 'index'>) {
  hooks.inWrite.push((tx, { id, row }) =>
    search.index(tx, {
      articleId: id,
      name: row.name,
      slug: row.slug,
      // Its tags are words readers search for too (the index's keywords).
      metaKeywords: [row.metaKeywords, row.tags.join(', ')].filter(Boolean).join(', '),
      description: row.description,
      status: row.status,
      publishedAt: row.publishedAt,
      language: row.language,
    }),
  );
}
