import { articlePath } from '../../../common/paths';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { Category } from '../../../common/schemas/categories';
import type {
  V1Article,
  V1ArticlePage,
  V1ArticlesQuery,
  V1Deleted,
  V1Home,
} from '../../../common/schemas/v1';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { EVENTS_KEPT_DAYS } from '../../events/events-trim';
import type { SyncedArticle, SyncFilter } from '../articles/article-sync';

/** Events that take an article out of readers' sight. */
const GONE_EVENTS = ['article.unpublished', 'article.deleted'] as const;
/** The most ids one `deleted` answer lists; `until` says where to read on. */
export const DELETED_MAX = 1_000;
/** How far back `until` starts when the list is whole (a change may commit after its time). */
const COMMIT_MARGIN_MS = 10_000;
/** Cards per home section. */
const HOME_CARDS = 10;
const LIVE_ON_HOME = 3;

export interface V1Deps {
  clock: Clock;
  publicUrl: string;
  articles: {
    syncPage(
      filter: Omit<SyncFilter, 'now'>,
      page: number,
      limit: number,
    ): Promise<{ articles: SyncedArticle[]; total: number }>;
    publicByIdOrSlug(idOrSlug: string): Promise<SyncedArticle | undefined>;
    publicIdsAmong(ids: string[]): Promise<string[]>;
    tagBySlug(slug: string): Promise<{ _id: string } | undefined>;
    listHomeSections(ids: (string | string[])[], limit: number): Promise<ArticleCard[][]>;
    listLive(limit: number): Promise<ArticleCard[]>;
  };
  categories: { listAll(): Promise<Category[]> };
  authors: { authorBySlug(slug: string): Promise<{ _id: string } | undefined> };
  settings: { get(): Promise<{ homeSectionSlugs: string[] }> };
  events: {
    subjectsSince(opts: {
      types: readonly string[];
      since: Date;
      limit: number;
    }): Promise<{ id: string; at: Date }[]>;
  };
}

/** A category and the categories inside it, by id; undefined when no category has `slug`. */
const familyOf = (all: Category[], slug: string) => {
  const category = all.find((c) => c.slug === slug);
  return (
    category && [category._id, ...all.filter((c) => c.parentId === category._id).map((c) => c._id)]
  );
};

/** The home's sections as readers see them: Latest, then each home section's category. */
async function homeOf(deps: V1Deps): Promise<V1Home> {
  const [settings, all] = await Promise.all([deps.settings.get(), deps.categories.listAll()]);
  const chosen = settings.homeSectionSlugs
    .map((slug) => ({
      category: all.find((c) => c.slug === slug),
      family: familyOf(all, slug),
    }))
    .filter((c): c is { category: Category; family: string[] } => c.category !== undefined);
  const [lists, live] = await Promise.all([
    deps.articles.listHomeSections(
      chosen.map((c) => c.family),
      HOME_CARDS,
    ),
    deps.articles.listLive(LIVE_ON_HOME),
  ]);
  const ref = ({ _id, slug, name, nameHi, nameEn }: Category) => ({
    _id,
    slug,
    name,
    nameHi,
    nameEn,
  });
  return {
    sections: [
      { key: 'latest', category: null, articles: lists[0] ?? [] },
      ...chosen.map((c, i) => ({
        key: c.category.slug,
        category: ref(c.category),
        articles: lists[i + 1] ?? [],
      })),
    ],
    live,
  };
}

/**
 * The read API an app syncs from (issue 41 item 2): whole published articles in the order they
 * changed, what to forget (from the events: unpublished or deleted), and the home's sections.
 * A filter naming no category, tag or author selects nothing.
 */
export function createV1Service(deps: V1Deps) {
  const { articles, clock } = deps;
  const toV1 = (article: SyncedArticle): V1Article => {
    const { views: _views, reviewNote: _note, ...rest } = article;
    return { ...rest, url: `${deps.publicUrl}${articlePath(article)}` };
  };

  /** The filter a query names, or undefined when one of its names matches nothing. */
  const filterOf = async (query: V1ArticlesQuery): Promise<Omit<SyncFilter, 'now'> | undefined> => {
    const [categoryIds, tag, author] = await Promise.all([
      query.category
        ? deps.categories.listAll().then((all) => familyOf(all, query.category!))
        : null,
      query.tag ? articles.tagBySlug(query.tag) : null,
      query.author ? deps.authors.authorBySlug(query.author) : null,
    ]);
    if (categoryIds === undefined || tag === undefined || author === undefined) return undefined;
    return {
      categoryIds: categoryIds ?? undefined,
      tagId: tag?._id,
      authorId: author?._id,
      language: query.language,
      since: query.updatedSince ? new Date(query.updatedSince) : undefined,
    };
  };

  return {
    async articles(query: V1ArticlesQuery): Promise<V1ArticlePage> {
      const { page, limit } = query;
      const filter = await filterOf(query);
      const found = filter
        ? await articles.syncPage(filter, page, limit)
        : { articles: [], total: 0 };
      return {
        articles: found.articles.map(toV1),
        page,
        limit,
        total: found.total,
        totalPages: Math.ceil(found.total / limit),
      };
    },

    async article(idOrSlug: string): Promise<V1Article> {
      const article = await articles.publicByIdOrSlug(idOrSlug);
      if (!article) throw notFound('article.not_found');
      return toV1(article);
    },

    async deleted(since: string): Promise<V1Deleted> {
      const now = clock.now();
      const gone = await deps.events.subjectsSince({
        types: GONE_EVENTS,
        since: new Date(since),
        limit: DELETED_MAX,
      });
      // An article published again since is the app's to keep: it comes with `updatedSince`.
      const back = new Set(await articles.publicIdsAmong(gone.map((g) => g.id)));
      // A change written just before now may commit just after this read: the next `since`
      // starts a moment back, and an id listed twice is harmless.
      const until =
        gone.length === DELETED_MAX ? gone.at(-1)!.at : new Date(now.getTime() - COMMIT_MARGIN_MS);
      return {
        ids: gone.filter((g) => !back.has(g.id)).map((g) => g.id),
        keptSince: new Date(now.getTime() - EVENTS_KEPT_DAYS * 86_400_000).toISOString(),
        until: until.toISOString(),
      };
    },

    home: () => homeOf(deps),
  };
}
export type V1Service = ReturnType<typeof createV1Service>;
