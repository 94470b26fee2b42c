/*
 * Reading lists' pages by number or by key (docs/decisions/069): a category with those inside
 * it, a tag, an author, an edition. Each names its index walks (the branches) and its numbered
 * pages and size as the list reads them; list-pages.ts does the rest.
 */
import type { ListAt } from '../../../common/list-keys';
import type { ArticlePartsDeps } from './article-deps';
import {
  countPublishedInEdition,
  editionBranch,
  publishedInEdition,
} from './article-editions-repository';
import {
  authorBranches,
  categoryBranch,
  countPublishedByAuthor,
  countPublishedInCategories,
  countPublishedInCategory,
  listPublishedByAuthor,
  publishedInCategories,
  publishedInCategory,
} from './article-lists-repository';
import { readList, type ReadingList } from './list-pages';
import { countPublishedWithTag, publishedWithTag, tagBranch } from './tags-repository';

export function readingLists({ db, clock }: Pick<ArticlePartsDeps, 'db' | 'clock'>) {
  const read = (list: ReadingList, at: ListAt, limit: number) =>
    readList(db, list, at, limit, clock.now());
  return {
    /** A category and those under it (issue 26 item 6) as one list; one reads its own index. */
    categoryList(categoryIds: string[], at: ListAt, limit: number) {
      const one = categoryIds.length === 1 ? categoryIds[0] : undefined;
      return read(
        {
          name: `category:${[...categoryIds].sort().join(',')}`,
          branches: categoryIds.map(categoryBranch),
          numbered: (o) =>
            one
              ? publishedInCategory(db, { categoryId: one, ...o })
              : publishedInCategories(db, { categoryIds, ...o }),
          count: (now) =>
            one
              ? countPublishedInCategory(db, { categoryId: one, now })
              : countPublishedInCategories(db, { categoryIds, now }),
        },
        at,
        limit,
      );
    },

    tagList(tagId: string, at: ListAt, limit: number) {
      return read(
        {
          name: `tag:${tagId}`,
          branches: [tagBranch(tagId)],
          numbered: (o) => publishedWithTag(db, { tagId, ...o }),
          count: (now) => countPublishedWithTag(db, { tagId, now }),
        },
        at,
        limit,
      );
    },

    /** Every story with the author among its bylines, first or further. */
    authorList(authorId: string, at: ListAt, limit: number) {
      return read(
        {
          name: `author:${authorId}`,
          branches: authorBranches(authorId),
          numbered: (o) => listPublishedByAuthor(db, { authorId, ...o }),
          count: (now) => countPublishedByAuthor(db, { authorId, now }),
        },
        at,
        limit,
      );
    },

    /** The stories readers may see in an edition (issue 65). */
    editionList(editionId: string, at: ListAt, limit: number) {
      return read(
        {
          name: `edition:${editionId}`,
          branches: [editionBranch(editionId)],
          numbered: (o) => publishedInEdition(db, { editionId, ...o }),
          count: (now) => countPublishedInEdition(db, { editionId, now }),
        },
        at,
        limit,
      );
    },
  };
}
