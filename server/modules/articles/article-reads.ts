/*
 * Reading articles: the lists of cards readers see, one article by id, and the cards search
 * asks for by id.
 */
import { mayReadWhole, type AccessClass } from '../../../common/article-access';
import type { Article, ArticleCard } from '../../../common/schemas/articles';
import type { Tag } from '../../../common/schemas/tags';
import type { Language } from '../../../common/articles';
import { requireRole, type Actor } from '../../lib/actor';
import { hasRole } from '../../../common/roles';
import { notFound } from '../../lib/errors';
import { stripHtml } from '../../../common/text';
import {
  categoriesWithPublicArticles,
  countPublishedByAuthor,
  countPublishedInCategories,
  countPublishedInCategory,
  latestPublished,
  listLiveBlogs,
  listPublishedByAuthor,
  publishedInCategories,
  publishedInCategory,
} from './article-lists-repository';
import { listRandomPublished } from './article-random-repository';
import { homeSections } from './article-home-repository';
import { revisionContentOf, toArticle, toCard } from './article-rows';
import { cardsWithBodies, findArticleById, type CardRow } from './articles-repository';
import {
  countPublishedWithTag,
  findTagBySlug,
  listTagSuggestions,
  publishedWithTag,
} from './tags-repository';
import type { ArticlesDeps } from './article-deps';
import { isPublicNow } from '../../../db/schema/content';

export const pageCount = (total: number, limit: number) => Math.ceil(total / limit);

/** One page of cards as the lists answer it (CategoryDetailSchema). */
const cardPage = (rows: CardRow[], total: number, page: number, limit: number) => ({
  articles: rows.map(toCard),
  totalArticles: total,
  currentPage: page,
  totalPages: pageCount(total, limit),
});

/** Tags' reads (issue 26 item 5): a tag by its address, its page, the editor's suggestions. */
export function tagReads({ db, clock }: Pick<ArticlesDeps, 'db' | 'clock'>) {
  return {
    /** A tag by its address, or undefined (issue 26 item 5). */
    async tagBySlug(slug: string): Promise<Tag | undefined> {
      const row = await findTagBySlug(db, slug);
      return row && { _id: row.id, name: row.name, slug: row.slug };
    },

    /** One page of a tag's published articles, newest first (its page). */
    async tagPage(tagId: string, page: number, limit: number) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        publishedWithTag(db, { tagId, limit, offset: (page - 1) * limit, now }),
        countPublishedWithTag(db, { tagId, now }),
      ]);
      return cardPage(rows, total, page, limit);
    },

    /** Existing tags beginning with what a writer types (the editor's suggestions). */
    async suggestTags(actor: Actor | null, q: string, limit: number): Promise<{ tags: Tag[] }> {
      requireRole(actor, 'author', 'article.tag_forbidden');
      const rows = await listTagSuggestions(db, q, limit);
      return { tags: rows.map((t) => ({ _id: t.id, name: t.name, slug: t.slug })) };
    },
  };
}

export function articleReads({
  db,
  clock,
  categories,
}: Pick<ArticlesDeps, 'db' | 'clock' | 'categories'>) {
  const countInCategory = (categoryId: string) =>
    countPublishedInCategory(db, { categoryId, now: clock.now() });
  const listLatest = async (limit: number): Promise<ArticleCard[]> =>
    (await latestPublished(db, { limit, now: clock.now() })).map(toCard);
  /**
   * One page of the published articles of `categoryIds` (a category and those under it,
   * issue 26 item 6), newest first. One category reads its own index alone.
   */
  const categoriesPage = async (categoryIds: string[], page: number, limit: number) => {
    const now = clock.now();
    const offset = (page - 1) * limit;
    const one = categoryIds.length === 1 ? categoryIds[0] : undefined;
    const [rows, total] = await Promise.all([
      one
        ? publishedInCategory(db, { categoryId: one, limit, offset, now })
        : publishedInCategories(db, { categoryIds, limit, offset, now }),
      one
        ? countPublishedInCategory(db, { categoryId: one, now })
        : countPublishedInCategories(db, { categoryIds, now }),
    ]);
    return cardPage(rows, total, page, limit);
  };
  return {
    listLatest,
    categoriesPage,

    /** Live blogs running now, newest first (issue 25 item 1). */
    listLive: async (limit: number): Promise<ArticleCard[]> =>
      (await listLiveBlogs(db, { limit, now: clock.now() })).map(toCard),

    /**
     * The home page's lists in one read: the newest `latestLimit` (else `limit`) articles, then
     * the newest `limit` of each category in `categoryIds` (or of a category and those inside
     * it, given as their ids together), in that order.
     */
    async listHomeSections(
      categoryIds: (string | string[])[],
      limit: number,
      latestLimit?: number,
    ): Promise<ArticleCard[][]> {
      const now = clock.now();
      const sections = await homeSections(db, { categoryIds, limit, latestLimit, now });
      return sections.map((rows) => rows.map(toCard));
    },

    async listRandom(
      limit: number,
      excludeId?: string,
      language?: Language,
      seed?: string,
    ): Promise<ArticleCard[]> {
      const now = clock.now();
      const picks = await listRandomPublished(db, { limit, excludeId, language, now, seed });
      return picks.map(toCard);
    },

    /** The newest published articles of a category, or of all when no category is given. */
    async listByCategory(categoryId: string | undefined, limit: number): Promise<ArticleCard[]> {
      if (!categoryId) return listLatest(limit);
      const rows = await publishedInCategory(db, {
        categoryId,
        limit,
        offset: 0,
        now: clock.now(),
      });
      return rows.map(toCard);
    },

    /** How many articles of the category readers may see now. */
    countPublishedInCategory: countInCategory,

    /** One page of a category's published articles and its children's, newest first. */
    async categoryPage(categoryId: string, page: number, limit: number) {
      const children = await categories.childIds(categoryId);
      return categoriesPage([categoryId, ...children], page, limit);
    },

    /** The ids of the categories with an article readers may see now (the menu's). */
    categoriesWithPublicArticles: () => categoriesWithPublicArticles(db, clock.now()),

    /** One page of an author's published articles, newest first (their author page). */
    async authorPage(authorId: string, page: number, limit: number) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        listPublishedByAuthor(db, { authorId, limit, offset: (page - 1) * limit, now }),
        countPublishedByAuthor(db, { authorId, now }),
      ]);
      return cardPage(rows, total, page, limit);
    },
  };
}

/** One article by id, as readers, the newsroom or search ask for it. */
export function articleLookups({ db, clock }: Pick<ArticlesDeps, 'db' | 'clock'>) {
  return {
    /** By id: readers see published articles; staff also drafts they may change. */
    async byId(actor: Actor | null, id: string, reader: AccessClass = 'none'): Promise<Article> {
      const row = await findArticleById(db, id);
      const editor =
        row &&
        actor &&
        hasRole(actor.role, 'author') &&
        (hasRole(actor.role, 'editor') ||
          row.authorId === actor.id ||
          row.coAuthors.some((a) => a._id === actor.id));
      if (!row || !(editor || isPublicNow(row, clock.now()))) throw notFound('article.not_found');
      const viewer = editor ? 'editor' : mayReadWhole(row.access, reader) ? 'entitled' : 'reader';
      return toArticle(row, clock.now(), viewer);
    },

    /** Any article by id, whatever its status (a preview link's), or undefined. */
    async anyById(id: string): Promise<Article | undefined> {
      const row = await findArticleById(db, id);
      return row && toArticle(row, clock.now(), 'entitled');
    },

    /** The article as a revision would keep it now (its status and content), or undefined. */
    async snapshot(id: string) {
      const row = await findArticleById(db, id);
      return row && { status: row.status, content: revisionContentOf(row) };
    },

    /** Cards by id in the order given, each with its body as plain text (search's snippets). */
    async cardsWithText(ids: string[]): Promise<{ card: ArticleCard; text: string }[]> {
      const rows = await cardsWithBodies(db, ids);
      return rows.map((row) => ({ card: toCard(row), text: stripHtml(row.description) }));
    },
  };
}
