import { HOME_EXCERPT_LENGTH } from '../../../common/articles';
import { hasRole } from '../../../common/roles';
import type { Article, ArticleCard, ArticleInput } from '../../../common/schemas/articles';
import { slugify } from '../../../common/slug';
import { detectLanguage, htmlExcerpt, stripHtml } from '../../../common/text';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { findCategoryById } from '../categories/categories-repository';
import { mediaUrl } from '../media/media-service';
import { findUserById } from '../users/users-repository';
import {
  articleCounts,
  countPublishedInCategory,
  deleteArticle,
  findAddressByFormerAddress,
  findAddressById,
  findAddressByLegacyId,
  findAddressBySlug,
  findArticleById,
  findMediaIdByKey,
  findPublishedByAddress,
  findStoredState,
  insertArticle,
  listForAdmin,
  listLatestPublished,
  listPublishedInCategory,
  listRandomPublished,
  recordView,
  slugTaken,
  updateArticle,
  type ArticleValues,
  type CardRow,
  type FullRow,
} from './articles-repository';
import { sanitizeArticleHtml } from './sanitize';

/** A card from a row; the body head may end inside a tag, which is dropped before cutting. */
export function toCard(row: CardRow): ArticleCard {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    imageUrl: row.imageUrl,
    excerpt: htmlExcerpt(row.bodyHead.replace(/<[^>]*$/, ''), HOME_EXCERPT_LENGTH),
    language: row.language,
    category:
      row.categoryId && row.categorySlug && row.categoryName !== null
        ? { _id: row.categoryId, slug: row.categorySlug, name: row.categoryName }
        : null,
    author:
      row.authorId && row.authorName !== null ? { _id: row.authorId, name: row.authorName } : null,
    publishedAt: row.publishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toArticle(row: FullRow): Article {
  const card = toCard(row);
  return {
    _id: card._id,
    name: card.name,
    slug: card.slug,
    author: card.author,
    category: card.category,
    imageUrl: row.imageUrl,
    image:
      row.imageWidth && row.imageHeight
        ? {
            width: row.imageWidth,
            height: row.imageHeight,
            variants: (row.imageVariants ?? []).map((v) => ({
              width: v.width,
              url: mediaUrl(v.key),
            })),
          }
        : null,
    description: row.description,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    status: row.status,
    publishedAt: card.publishedAt,
    language: row.language,
    legacyId: row.legacyId,
    views: row.viewCount,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

const pages = (total: number, limit: number) => Math.ceil(total / limit);

/** How often one address may count a view of one article, and views in general. */
const VIEW_DEDUPE_MS = 30 * 60 * 1000;
const VIEW_WINDOW_MS = 10 * 60 * 1000;
const VIEW_MAX_PER_WINDOW = 300;

export function createArticlesService(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  contentChanged?: () => Promise<void>;
}) {
  const { db, clock, limiter } = deps;
  const changed = deps.contentChanged ?? (async () => {});

  /** Refuses an actor who may not change this article (DECISIONS.md §2). */
  const mayChange = (actor: Actor, authorId: string | null) => {
    if (hasRole(actor.role, 'editor')) return;
    if (authorId !== actor.id)
      throw forbidden('Authors can change and delete only their own articles.');
  };

  /** The slug to store: given (normalised) or suggested from the name, and unique. */
  const chooseSlug = async (input: ArticleInput, exceptId?: string): Promise<string> => {
    if (input.slug) {
      const given = slugify(input.slug);
      if (!given)
        throw badRequest('The slug needs Latin letters or digits.', [
          { path: 'body.slug', message: 'slug is empty' },
        ]);
      if (await slugTaken(db, given, exceptId)) {
        throw conflict(`Another article already uses the slug "${given}". Choose another one.`);
      }
      return given;
    }
    const base = slugify(input.name) || 'article';
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await slugTaken(db, candidate, exceptId))) return candidate;
    }
    throw conflict('Could not find a free slug; give one.');
  };

  /** Checks what the body refers to and turns it into the values to store. */
  const valuesFrom = async (
    actor: Actor,
    input: ArticleInput,
    slug: string,
    authorId: string | null,
  ) => {
    const category = await findCategoryById(db, input.category);
    if (!category)
      throw badRequest('The category does not exist.', [
        { path: 'body.category', message: 'unknown category' },
      ]);
    if (authorId && authorId !== actor.id) {
      if (!hasRole(actor.role, 'editor'))
        throw forbidden('Authors can publish only under their own name.');
      const author = await findUserById(db, authorId);
      if (!author || !hasRole(author.role, 'author')) {
        throw badRequest('The author must be a user who can write.', [
          { path: 'body.author', message: 'not an author' },
        ]);
      }
    }
    const description = sanitizeArticleHtml(input.description);
    const key = input.imageUrl.startsWith('/media/')
      ? input.imageUrl.slice('/media/'.length)
      : undefined;
    return {
      name: input.name,
      slug,
      authorId,
      categoryId: category.id,
      imageUrl: input.imageUrl,
      imageMediaId: key ? ((await findMediaIdByKey(db, key)) ?? null) : null,
      description,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      metaKeywords: input.metaKeywords,
      language: input.language ?? detectLanguage(`${input.name} ${stripHtml(description)}`),
      legacyId: input.legacyId ?? null,
    };
  };

  const legacyConflict = (error: unknown): never => {
    if (isUniqueViolation(error, 'articles_legacyId_unique'))
      throw conflict('Another article already has this legacyId.');
    if (isUniqueViolation(error, 'articles_slug_unique'))
      throw conflict('Another article already uses this slug. Choose another one.');
    throw error;
  };

  const publicAddress = (a: { categorySlug: string; slug: string } | undefined) =>
    a && `${a.categorySlug}/${a.slug}`;

  return {
    async listLatest(limit: number): Promise<ArticleCard[]> {
      return (await listLatestPublished(db, { limit, now: clock.now() })).map(toCard);
    },

    async listRandom(limit: number, excludeId?: string): Promise<ArticleCard[]> {
      return (await listRandomPublished(db, { limit, excludeId, now: clock.now() })).map(toCard);
    },

    /** The newest published articles of a category, or of all when no category is given. */
    async listByCategory(categoryId: string | undefined, limit: number): Promise<ArticleCard[]> {
      if (!categoryId) return this.listLatest(limit);
      const rows = await listPublishedInCategory(db, {
        categoryId,
        limit,
        offset: 0,
        now: clock.now(),
      });
      return rows.map(toCard);
    },

    async categoryPage(categoryId: string, page: number, limit: number) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        listPublishedInCategory(db, { categoryId, limit, offset: (page - 1) * limit, now }),
        countPublishedInCategory(db, { categoryId, now }),
      ]);
      return {
        articles: rows.map(toCard),
        totalArticles: total,
        currentPage: page,
        totalPages: pages(total, limit),
      };
    },

    /** The admin list: staff only; an author sees their own articles. */
    async adminList(actor: Actor | null, page: number, limit: number) {
      const a = requireRole(actor, 'author');
      const authorId = hasRole(a.role, 'editor') ? undefined : a.id;
      const { rows, total } = await listForAdmin(db, {
        authorId,
        limit,
        offset: (page - 1) * limit,
      });
      return {
        articles: rows.map((row) => {
          const card = toCard(row);
          return {
            _id: card._id,
            name: card.name,
            slug: card.slug,
            status: row.status,
            language: card.language,
            category: card.category,
            author: card.author,
            imageUrl: card.imageUrl,
            publishedAt: card.publishedAt,
            createdAt: card.createdAt,
            updatedAt: card.updatedAt,
          };
        }),
        currentPage: page,
        totalPages: pages(total, limit),
        totalArticles: total,
      };
    },

    /** By id: readers see published articles; staff also drafts they may change. */
    async byId(actor: Actor | null, id: string): Promise<Article> {
      const row = await findArticleById(db, id);
      const visible =
        row &&
        ((row.status === 'published' && row.publishedAt <= clock.now()) ||
          (actor &&
            hasRole(actor.role, 'author') &&
            (hasRole(actor.role, 'editor') || row.authorId === actor.id)));
      if (!row || !visible) throw notFound('Article not found.');
      return toArticle(row);
    },

    async byAddress(categorySlug: string, slug: string): Promise<Article> {
      const row = await findPublishedByAddress(db, { categorySlug, slug, now: clock.now() });
      if (!row) throw notFound('Article not found.');
      return toArticle(row);
    },

    /** `{category}/{slug}` of the article the old site numbered `legacyId`. */
    async newUrlForLegacyId(legacyId: number): Promise<string> {
      const url = publicAddress(await findAddressByLegacyId(db, legacyId, clock.now()));
      if (!url) throw notFound('No article has this old number.');
      return url;
    },

    async newUrlForId(id: string): Promise<string | undefined> {
      return publicAddress(await findAddressById(db, id, clock.now()));
    },

    /** `/{category}/{slug}` of the article whose slug is or was `slug`. */
    async newUrlForSlug(slug: string): Promise<string> {
      const url = publicAddress(await findAddressBySlug(db, slug, clock.now()));
      if (!url) throw notFound('No article has this slug.');
      return `/${url}`;
    },

    /** The current path of an article that once lived at /{categorySlug}/{slug}, if any. */
    async newUrlForFormerAddress(categorySlug: string, slug: string): Promise<string | undefined> {
      const url = publicAddress(
        await findAddressByFormerAddress(db, { categorySlug, slug, now: clock.now() }),
      );
      return url && `/${url}`;
    },

    async create(actor: Actor | null, input: ArticleInput): Promise<Article> {
      const a = requireRole(
        actor,
        'author',
        'Only authors, editors and administrators can write articles.',
      );
      const slug = await chooseSlug(input);
      const values = await valuesFrom(a, input, slug, input.author ?? a.id);
      const now = clock.now();
      const status = input.status ?? 'published';
      try {
        const id = await insertArticle(db, {
          ...values,
          status,
          publishedAt: input.publishedAt ? new Date(input.publishedAt) : now,
          createdAt: now,
        });
        await changed();
        return toArticle((await findArticleById(db, id)) as FullRow);
      } catch (error) {
        return legacyConflict(error);
      }
    },

    async update(actor: Actor | null, id: string, input: ArticleInput): Promise<Article> {
      const a = requireRole(
        actor,
        'author',
        'Only authors, editors and administrators can change articles.',
      );
      const before = await findStoredState(db, id);
      if (!before) throw notFound('Article not found.');
      mayChange(a, before.authorId);
      const slug =
        input.slug !== undefined && input.slug !== '' ? await chooseSlug(input, id) : before.slug;
      const values = await valuesFrom(
        a,
        input,
        slug,
        input.author === undefined ? before.authorId : (input.author ?? null),
      );
      const now = clock.now();
      const status = input.status ?? before.status;
      const publishedAt = input.publishedAt
        ? new Date(input.publishedAt)
        : before.status === 'draft' && status === 'published'
          ? now
          : before.publishedAt;
      const full: ArticleValues & { updatedAt: Date } = {
        ...values,
        status,
        publishedAt,
        updatedAt: now,
      };
      try {
        const found = await updateArticle(db, id, full, (stored) => {
          mayChange(a, stored.authorId);
          if (input.updatedAt && new Date(input.updatedAt).getTime() < stored.updatedAt.getTime()) {
            throw conflict(
              'Someone else saved this article after you opened it. Reload it to see their changes, then apply yours again.',
            );
          }
        });
        if (!found) throw notFound('Article not found.');
      } catch (error) {
        return legacyConflict(error);
      }
      await changed();
      return toArticle((await findArticleById(db, id)) as FullRow);
    },

    async remove(actor: Actor | null, id: string): Promise<{ message: string }> {
      const a = requireRole(
        actor,
        'author',
        'Only authors, editors and administrators can delete articles.',
      );
      const row = await findArticleById(db, id);
      if (!row) throw notFound('Article not found.');
      mayChange(a, row.authorId);
      await deleteArticle(db, id);
      await changed();
      return { message: `Article "${row.name}" deleted.` };
    },

    /**
     * Counts a view: at most once per address and article every 30 minutes, and each address
     * at most 300 times in 10 minutes (429 past that).
     */
    async countView(id: string, ip: string): Promise<{ counted: boolean }> {
      const burst = await limiter.hit(`views:ip:${ip}`, VIEW_WINDOW_MS);
      if (burst.count > VIEW_MAX_PER_WINDOW)
        throw tooManyRequests('Too many requests. Please slow down.');
      const seen = await limiter.hit(`views:${id}:${ip}`, VIEW_DEDUPE_MS);
      if (seen.count > 1) return { counted: false };
      const counted = await recordView(db, id, clock.now());
      if (!counted) throw notFound('Article not found.');
      return { counted };
    },

    counts: () => articleCounts(db),
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
