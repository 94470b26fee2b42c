import { HOME_EXCERPT_LENGTH } from '../../../common/articles';
import { articlePath, formerPathKey, UNCATEGORISED_SEGMENT } from '../../../common/paths';
import { hasRole, type Role } from '../../../common/roles';
import {
  ArticleInputSchema,
  MAX_DESCRIPTION_LENGTH,
  type AdminArticleQuery,
  type Article,
  type ArticleCard,
  type ArticleInput,
  type ArticleStatusChange,
} from '../../../common/schemas/articles';
import { IdSchema } from '../../../common/schemas/common';
import {
  AUTOSAVE_LABEL,
  PRESENCE_WINDOW_MS,
  type AutosaveInput,
  type RevisionKind,
} from '../../../common/schemas/revisions';
import { slugify } from '../../../common/slug';
import { articleSearchColumns, SEARCH_VERSION } from '../../../common/search/search-document';
import { queryTerms, toMatchTsquery, toTsquery } from '../../../common/search/search-text';
import { detectLanguage, htmlExcerpt, stripHtml } from '../../../common/text';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import type { ArticleStatus } from '../../../common/articles';
import { mediaUrl } from '../media/media-urls';
import {
  articleCounts,
  closestTitleWords,
  countAwaiting,
  countInCategory,
  countPublishedInCategory,
  deleteArticle,
  findAddressByFormerAddress,
  findAddressByFormerPath,
  findAddressById,
  findAddressByLegacyId,
  findAddressBySlug,
  findArticleById,
  findLanguage,
  findPublishedByAddress,
  findStoredState,
  incrementViewCount,
  insertArticle,
  listForAdmin,
  listUpcoming,
  type AdminListRow,
  homeSections,
  latestPublished,
  publishedInCategory,
  listRandomPublished,
  listScheduled,
  listStaleSearch,
  recordCategoryMove,
  saveSearchColumns,
  searchCandidates,
  rankCandidates,
  searchCards,
  listPublishedByAuthor,
  countPublishedByAuthor,
  setArticleStatus,
  slugTaken,
  updateArticle,
  type AddressRow,
  type ArticleValues,
  type CardRow,
  type FullRow,
  type StoredState,
} from './articles-repository';
import {
  findRevision,
  listPresence,
  listRevisions,
  recordRevision,
  revisionContentOf,
  saveAutosave,
  touchPresence,
  type RevisionSummaryRow,
} from './revisions-repository';
import { sanitizeOffThread } from './sanitize-pool';

/** A card from a row; the body head may end inside a tag, which is dropped before cutting. */
/** The hosted image of a row: its size and variants' addresses, or null (an outside address). */
function imageOf(row: CardRow): ArticleCard['image'] {
  if (!row.imageWidth || !row.imageHeight) return null;
  return {
    width: row.imageWidth,
    height: row.imageHeight,
    variants: (row.imageVariants ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
    avif: (row.imageAvif ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
  };
}

type RefColumns = Pick<
  CardRow,
  'categoryId' | 'categorySlug' | 'categoryName' | 'authorId' | 'authorName' | 'authorSlug'
>;

/** The joined category of a row, or null (uncategorised, or the join found none). */
const categoryRef = (row: RefColumns): ArticleCard['category'] =>
  row.categoryId && row.categorySlug && row.categoryName !== null
    ? { _id: row.categoryId, slug: row.categorySlug, name: row.categoryName }
    : null;

/** The joined author of a row, or null (the account was deleted). */
const authorRef = (row: RefColumns): ArticleCard['author'] =>
  row.authorId && row.authorName !== null && row.authorSlug !== null
    ? { _id: row.authorId, name: row.authorName, slug: row.authorSlug }
    : null;

/** A row of the admin list and the dashboard's lists (AdminArticleRowSchema). */
const toAdminRow = (row: AdminListRow) => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  status: row.status,
  language: row.language,
  category: categoryRef(row),
  author: authorRef(row),
  imageUrl: row.imageUrl,
  publishedAt: row.publishedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  views: row.viewCount,
});

/**
 * Card excerpts by the body head they are cut from: the same cards are on every render of home
 * and category pages, and stripping and cutting a 2,000-character head each time cost more than
 * a lookup. Keyed by the text itself, so an edited body can never get an old excerpt; at most
 * EXCERPTS_KEPT are kept (forgotten all at once when full).
 */
const EXCERPTS_KEPT = 1000;
const excerpts = new Map<string, string>();
function cardExcerptOf(bodyHead: string): string {
  let found = excerpts.get(bodyHead);
  if (found === undefined) {
    found = htmlExcerpt(bodyHead.replace(/<[^>]*$/, ''), HOME_EXCERPT_LENGTH);
    if (excerpts.size >= EXCERPTS_KEPT) excerpts.clear();
    excerpts.set(bodyHead, found);
  }
  return found;
}

export function toCard(row: CardRow): ArticleCard {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    imageUrl: row.imageUrl,
    image: imageOf(row),
    excerpt: cardExcerptOf(row.bodyHead),
    language: row.language,
    category: categoryRef(row),
    author: authorRef(row),
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
    image: card.image && {
      ...card.image,
      crops: (row.imageCrops ?? []).map((c) => ({
        ratio: c.ratio,
        width: c.width,
        height: c.height,
        url: mediaUrl(c.key),
      })),
    },
    imageAlt: row.imageAlt,
    description: row.description,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    status: row.status,
    publishedAt: card.publishedAt,
    reviewNote: row.reviewNote,
    language: row.language,
    legacyId: row.legacyId,
    translationId: row.translationId,
    views: row.viewCount,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

/** A row of the History panel. */
export function toRevisionSummary(row: RevisionSummaryRow) {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    user: row.userId && row.userName !== null ? { _id: row.userId, name: row.userName } : null,
    name: row.label,
    status: row.status,
    kind: row.kind,
  };
}

const STALE_SAVE =
  'Someone else saved this article after you opened it. Reload it to see their changes, then apply yours again.';

const pages = (total: number, limit: number) => Math.ceil(total / limit);

/** What the articles module needs of other modules; the composition root passes their services. */
export interface ArticlesDeps {
  db: Db;
  clock: Clock;
  categories: {
    byId(id: string): Promise<{ _id: string; slug: string } | undefined>;
    currentSlugFor(formerSlug: string): Promise<string | undefined>;
  };
  users: { canWrite(id: string): Promise<boolean> };
  media: { idForUrl(url: string): Promise<string | null> };
  contentChanged?: () => Promise<void>;
  /** Jobs at a time, once across processes: an article going live (server/modules/jobs). */
  jobs: {
    schedule(job: {
      key: string;
      kind: string;
      subjectId: string | null;
      runAt: Date;
    }): Promise<void>;
    cancel(key: string): Promise<void>;
  };
  /** The site setting `authorsNeedReview` (DECISIONS.md §11). */
  review: { authorsNeedReview(): Promise<boolean> };
  /** Signed preview links (server/lib/tokens.ts). */
  previews: {
    sign(articleId: string): Promise<{ url: string; expiresAt: Date }>;
    verify(token: string): Promise<string | undefined>;
  };
}

/** The job that empties every page cache when a scheduled article goes live. */
export const GO_LIVE_JOB = 'article-live';
const goLiveKey = (id: string) => `${GO_LIVE_JOB}:${id}`;

const REVIEW_REFUSAL = 'On this site an editor publishes: submit the article for review instead.';

/** What readers find at /{segment}/{slug}: the article, where it lives now, or nothing. */
export type ArticleAtAddress =
  { article: Article; movedTo?: undefined } | { article?: undefined; movedTo: string } | null;

const pathOf = (row: AddressRow | undefined) => row && articlePath(row);

export function createArticlesService(deps: ArticlesDeps) {
  const { db, clock, categories, users, media, jobs, review, previews } = deps;
  const changed = deps.contentChanged ?? (async () => {});

  /**
   * A published article with a future time is scheduled: a job empties every page cache at
   * that minute (readers' queries already hide it until then, `isPublicArticle`). Any other
   * state has no such job.
   */
  const syncGoLive = async (id: string, status: ArticleStatus, publishedAt: Date) => {
    if (status === 'published' && publishedAt > clock.now()) {
      await jobs.schedule({
        key: goLiveKey(id),
        kind: GO_LIVE_JOB,
        subjectId: id,
        runAt: publishedAt,
      });
    } else {
      await jobs.cancel(goLiveKey(id));
    }
  };

  /** Whether the site refuses `actor` a publish or schedule (authors, with review on). */
  const reviewRequired = async (actor: Actor) =>
    !hasRole(actor.role, 'editor') && (await review.authorsNeedReview());

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
      if (!given) throw fieldError('body.slug', 'The slug needs Latin letters or digits.');
      if (await slugTaken(db, given, exceptId)) {
        // The field says which slug is free (issue 9 item 7); the top message stays as it was.
        const free = await freeSlug(given, exceptId);
        throw new AppError(
          409,
          `Another article already uses the slug "${given}". Choose another one.`,
          'CONFLICT',
          [
            {
              path: 'body.slug',
              message: free
                ? `Another article already uses "${given}". "${free}" is free.`
                : `Another article already uses "${given}".`,
            },
          ],
        );
      }
      return given;
    }
    const free = await freeSlug(slugify(input.name) || 'article', exceptId);
    if (!free) throw conflict('Could not find a free slug; give one.');
    return free;
  };

  /** The first free slug of `base`, `base-2`, `base-3`, … (or undefined after 999 tries). */
  const freeSlug = async (base: string, exceptId?: string) => {
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await slugTaken(db, candidate, exceptId))) return candidate;
    }
    return undefined;
  };

  /** An author reads, restores and autosaves only their own articles; editors any. */
  const editable = async (actor: Actor | null, id: string) => {
    const a = requireRole(
      actor,
      'author',
      'Only authors, editors and administrators can change articles.',
    );
    const stored = await findStoredState(db, id);
    if (!stored) throw notFound('Article not found.');
    mayChange(a, stored.authorId);
    return { actor: a, stored };
  };

  /**
   * The old site's number and a publication date in the past are the site's history: only
   * editors set them (docs/decisions/014). An author may send back what is stored, and may
   * schedule (a future date).
   */
  const guardHistory = (actor: Actor, input: ArticleInput, before?: StoredState) => {
    if (hasRole(actor.role, 'editor')) return;
    if (input.legacyId != null && input.legacyId !== (before?.legacyId ?? null))
      throw forbidden('Only editors and administrators can set the old site’s number (legacyId).');
    if (input.publishedAt === undefined) return;
    const at = new Date(input.publishedAt).getTime();
    if (at < clock.now().getTime() && at !== before?.publishedAt.getTime())
      throw forbidden('Only editors and administrators can set a publication date in the past.');
  };

  /** Checks what the body refers to and turns it into the values to store. */
  const valuesFrom = async (
    actor: Actor,
    input: ArticleInput,
    slug: string,
    authorId: string | null,
    before?: StoredState,
  ) => {
    guardHistory(actor, input, before);
    const category = await categories.byId(input.category);
    if (!category) throw fieldError('body.category', 'The category does not exist.');
    if (authorId && authorId !== actor.id) {
      if (!hasRole(actor.role, 'editor'))
        throw forbidden('Authors can publish only under their own name.');
      if (!(await users.canWrite(authorId))) {
        throw fieldError('body.author', 'The author must be a user who can write.');
      }
    }
    const description = await sanitizeOffThread(input.description);
    // Cleaning can lengthen a text (every `<b>` closed, rel added to links): the stored text
    // keeps the input's limit too.
    if (description.length > MAX_DESCRIPTION_LENGTH)
      throw fieldError(
        'body.description',
        `description is too long once cleaned (at most ${MAX_DESCRIPTION_LENGTH} characters)`,
      );
    return {
      name: input.name,
      slug,
      authorId,
      categoryId: category._id,
      segment: category.slug,
      imageUrl: input.imageUrl,
      imageMediaId: await media.idForUrl(input.imageUrl),
      imageAlt: input.imageAlt,
      description,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      metaKeywords: input.metaKeywords,
      language: input.language ?? detectLanguage(`${input.name} ${stripHtml(description)}`),
      // An edit that does not name the number keeps it (the admin form never sends it).
      legacyId: input.legacyId === undefined ? (before?.legacyId ?? null) : input.legacyId,
    };
  };

  /**
   * The translation to link, checked: it exists, is another article, and is written in the
   * other language. Undefined (not given) leaves the link as it is, except that a kept link
   * must still join two languages.
   */
  const checkTranslation = async (
    id: string | undefined,
    language: 'hi' | 'en',
    given: string | null | undefined,
    kept: string | null = null,
  ): Promise<string | null | undefined> => {
    const other = given === undefined ? kept : given;
    if (other === null) return given;
    if (other === id)
      throw fieldError('body.translationId', 'An article cannot be its own translation.');
    const otherLanguage = await findLanguage(db, other);
    if (!otherLanguage) throw fieldError('body.translationId', 'The translation does not exist.');
    if (otherLanguage === language) {
      throw fieldError(
        'body.translationId',
        `The translation must be in the other language: both are ${language === 'hi' ? 'Hindi' : 'English'}.`,
      );
    }
    return given;
  };

  const legacyConflict = (error: unknown): never => {
    if (isUniqueViolation(error, 'articles_legacyId_unique'))
      throw conflict('Another article already has this legacyId.');
    if (isUniqueViolation(error, 'articles_slug_unique'))
      throw conflict('Another article already uses this slug. Choose another one.');
    throw error;
  };

  /** An article just written: it exists, or something is badly wrong. */
  const mustFind = async (id: string): Promise<FullRow> => {
    const row = await findArticleById(db, id);
    if (!row) throw new Error(`article ${id} vanished after it was written`);
    return row;
  };

  /** Current, or former, address /{segment}/{slug} of a published article. */
  const current = async (segment: string, slug: string, now: Date) => {
    const article = await findPublishedByAddress(db, { segment, slug, now });
    if (article) return { article: toArticle(article) };
    const moved = pathOf(await findAddressByFormerAddress(db, { segment, slug, now }));
    return moved ? { movedTo: moved } : undefined;
  };

  /** An edit, recorded as a revision of `kind` (a save, or a restore). */
  const write = async (
    actor: Actor | null,
    id: string,
    input: ArticleInput,
    revision: { kind: 'save' | 'restore'; label?: (title: string) => string },
  ): Promise<Article> => {
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
      before,
    );
    const translationId = await checkTranslation(
      id,
      values.language,
      input.translationId,
      before.translationId,
    );
    const now = clock.now();
    const status = input.status ?? before.status;
    const publishedAt = input.publishedAt
      ? new Date(input.publishedAt)
      : before.status !== 'published' && status === 'published'
        ? now
        : before.publishedAt;
    // Editing what is already out is not a publish; going out, or at another time, is.
    const publishes =
      status === 'published' &&
      (before.status !== 'published' || publishedAt.getTime() !== before.publishedAt.getTime());
    if (publishes && (await reviewRequired(a))) throw forbidden(REVIEW_REFUSAL);
    const full: ArticleValues & { updatedAt: Date; segment: string } = {
      ...values,
      status,
      publishedAt,
      // A note is for the author while the piece is back in draft; any other move clears it.
      reviewNote: status === 'draft' ? undefined : '',
      updatedAt: now,
    };
    try {
      const found = await updateArticle(
        db,
        id,
        full,
        (stored) => {
          mayChange(a, stored.authorId);
          if (input.updatedAt && new Date(input.updatedAt).getTime() < stored.updatedAt.getTime()) {
            throw conflict(STALE_SAVE);
          }
        },
        translationId,
        (tx) => recordRevision(tx, id, a.id, revision.kind, revision.label),
      );
      if (!found) throw notFound('Article not found.');
    } catch (error) {
      return legacyConflict(error);
    }
    await syncGoLive(id, status, publishedAt);
    await changed();
    return toArticle(await mustFind(id));
  };

  return {
    async listLatest(limit: number): Promise<ArticleCard[]> {
      return (await latestPublished(db, { limit, now: clock.now() })).map(toCard);
    },

    /**
     * The home page's lists in one read: the newest `limit` articles, then the newest `limit` of
     * each category in `categoryIds`, in that order.
     */
    async listHomeSections(categoryIds: string[], limit: number): Promise<ArticleCard[][]> {
      const sections = await homeSections(db, { categoryIds, limit, now: clock.now() });
      return sections.map((rows) => rows.map(toCard));
    },

    async listRandom(limit: number, excludeId?: string): Promise<ArticleCard[]> {
      return (await listRandomPublished(db, { limit, excludeId, now: clock.now() })).map(toCard);
    },

    /** The newest published articles of a category, or of all when no category is given. */
    async listByCategory(categoryId: string | undefined, limit: number): Promise<ArticleCard[]> {
      if (!categoryId) return this.listLatest(limit);
      const rows = await publishedInCategory(db, {
        categoryId,
        limit,
        offset: 0,
        now: clock.now(),
      });
      return rows.map(toCard);
    },

    /** How many articles of the category readers may see now. */
    countPublishedInCategory(categoryId: string): Promise<number> {
      return countPublishedInCategory(db, { categoryId, now: clock.now() });
    },

    /**
     * One page of a category's published articles. `countOf` reads the total: the database by
     * default; reading pages pass the count their process keeps until content changes
     * (server/http.ts), since counting a large category costs more than its page of cards.
     */
    async categoryPage(
      categoryId: string,
      page: number,
      limit: number,
      countOf: (categoryId: string) => Promise<number> = (id) => this.countPublishedInCategory(id),
    ) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        publishedInCategory(db, { categoryId, limit, offset: (page - 1) * limit, now }),
        countOf(categoryId),
      ]);
      return {
        articles: rows.map(toCard),
        totalArticles: total,
        currentPage: page,
        totalPages: pages(total, limit),
      };
    },

    /** One page of an author's published articles, newest first (their author page). */
    async authorPage(authorId: string, page: number, limit: number) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        listPublishedByAuthor(db, { authorId, limit, offset: (page - 1) * limit, now }),
        countPublishedByAuthor(db, { authorId, now }),
      ]);
      return {
        articles: rows.map(toCard),
        totalArticles: total,
        currentPage: page,
        totalPages: pages(total, limit),
      };
    },

    /**
     * The admin list (issue 9 item 6): staff see every article, an author only their own (an
     * author asking for someone else's gets an empty page, never theirs). Title search, the
     * filters and the order all come from the query; absent, the list is as it always was.
     */
    async adminList(actor: Actor | null, query: AdminArticleQuery) {
      const a = requireRole(actor, 'author');
      const { page, limit } = query;
      const own = hasRole(a.role, 'editor') ? undefined : a.id;
      const empty = { articles: [], currentPage: page, totalPages: 0, totalArticles: 0 };
      if (own && query.authorId && query.authorId !== own) return empty;
      // A title search matches as readers' search does, in the title's lexemes only.
      const terms = query.q ? queryTerms(query.q) : [];
      const { rows, total } = await listForAdmin(db, {
        authorId: own ?? query.authorId,
        titleSearch: terms.length
          ? { inTitle: toTsquery(terms, 'A'), anywhere: toMatchTsquery(terms) }
          : undefined,
        status: query.status,
        categoryId: query.categoryId,
        language: query.language,
        sort: query.sort,
        now: clock.now(),
        limit,
        offset: (page - 1) * limit,
      });
      return {
        articles: rows.map(toAdminRow),
        currentPage: page,
        totalPages: pages(total, limit),
        totalArticles: total,
      };
    },

    /**
     * Scheduled articles, the next to go out first (the dashboard): all of them for editors
     * and up, an author's own for an author.
     */
    async upcoming(actor: Actor | null, limit: number) {
      const a = requireRole(actor, 'author');
      const rows = await listUpcoming(db, {
        authorId: hasRole(a.role, 'editor') ? undefined : a.id,
        now: clock.now(),
        limit,
      });
      return rows.map(toAdminRow);
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

    /**
     * The one resolver of article addresses (pages and API): the published article at
     * /{segment}/{slug}; else where it lives now, if that address was its own before, its
     * category's former slug, or any address with its current or former slug; else null.
     */
    async resolve(segment: string, slug: string): Promise<ArticleAtAddress> {
      const now = clock.now();
      const found = await current(segment, slug, now);
      if (found?.article) return found;
      let movedTo = found?.movedTo;
      if (!movedTo && segment !== UNCATEGORISED_SEGMENT) {
        // A renamed category: its articles keep the addresses they had under its old slug.
        const renamed = await categories.currentSlugFor(segment);
        const there = renamed ? await current(renamed, slug, now) : undefined;
        movedTo = there?.article ? articlePath(there.article) : there?.movedTo;
      }
      movedTo ??= pathOf(await findAddressBySlug(db, slug, now));
      return movedTo && movedTo !== `/${segment}/${slug}` ? { movedTo } : null;
    },

    /** Current path of the published article the old site numbered `legacyId`. */
    async pathForLegacyId(legacyId: number): Promise<string | undefined> {
      return pathOf(await findAddressByLegacyId(db, legacyId, clock.now()));
    },

    /**
     * Where an address of an old site (a WordPress permalink, `/?p=123`) lives now: the
     * current path of the published article it was recorded for, or undefined.
     */
    async pathForFormerAddress(pathname: string, search = ''): Promise<string | undefined> {
      return pathOf(
        await findAddressByFormerPath(db, formerPathKey(pathname, search), clock.now()),
      );
    },

    /** Current path of a published article by id. */
    async pathForId(id: string): Promise<string | undefined> {
      return pathOf(await findAddressById(db, id, clock.now()));
    },

    /** Current path of the published article whose slug is or was `slug`. */
    async pathForSlug(slug: string): Promise<string | undefined> {
      return pathOf(await findAddressBySlug(db, slug, clock.now()));
    },

    async create(actor: Actor | null, input: ArticleInput): Promise<Article> {
      const a = requireRole(
        actor,
        'author',
        'Only authors, editors and administrators can write articles.',
      );
      const slug = await chooseSlug(input);
      const { segment: _segment, ...values } = await valuesFrom(
        a,
        input,
        slug,
        input.author ?? a.id,
      );
      const translationId = await checkTranslation(undefined, values.language, input.translationId);
      const now = clock.now();
      const status = input.status ?? 'published';
      if (status === 'published' && (await reviewRequired(a))) throw forbidden(REVIEW_REFUSAL);
      const publishedAt = input.publishedAt ? new Date(input.publishedAt) : now;
      try {
        const id = await insertArticle(
          db,
          { ...values, status, publishedAt, createdAt: now },
          translationId,
          (tx, id) => recordRevision(tx, id, a.id, 'save'),
        );
        await syncGoLive(id, status, publishedAt);
        await changed();
        return toArticle(await mustFind(id));
      } catch (error) {
        return legacyConflict(error);
      }
    },

    update: (actor: Actor | null, id: string, input: ArticleInput) =>
      write(actor, id, input, { kind: 'save' }),

    /**
     * Submit for review, publish now, schedule, or send back to draft with a note
     * (DECISIONS.md §11). Whoever may change the article may move it; with `authorsNeedReview`
     * on, an author's publish or schedule is refused (403). Publishing without a time means
     * now, except that an article already out keeps its time.
     */
    async changeStatus(actor: Actor | null, id: string, change: ArticleStatusChange) {
      const a = requireRole(
        actor,
        'author',
        'Only authors, editors and administrators can change articles.',
      );
      if (change.publishedAt && change.status !== 'published')
        throw fieldError('body.publishedAt', 'A time goes only with publishing or scheduling.');
      if (change.note && change.status !== 'draft')
        throw fieldError('body.note', 'A note goes only with sending an article back to draft.');
      // The note is an editor's word to the author; an author pulling back their own piece
      // has no one to write to.
      if (change.note && !hasRole(a.role, 'editor'))
        throw forbidden('Only editors and administrators send an article back with a note.');
      if (change.status === 'published' && (await reviewRequired(a)))
        throw forbidden(REVIEW_REFUSAL);
      const now = clock.now();
      const written = await setArticleStatus(
        db,
        id,
        (stored) => {
          mayChange(a, stored.authorId);
          const live = stored.status === 'published' && stored.publishedAt <= now;
          const publishedAt =
            change.status !== 'published'
              ? stored.publishedAt
              : change.publishedAt
                ? new Date(change.publishedAt)
                : live
                  ? stored.publishedAt
                  : now;
          const reviewNote = change.status === 'draft' ? (change.note ?? '') : '';
          return { status: change.status, publishedAt, reviewNote, updatedAt: now };
        },
        (tx) => recordRevision(tx, id, a.id, 'status'),
      );
      if (!written) throw notFound('Article not found.');
      await syncGoLive(id, written.status, written.publishedAt);
      await changed();
      return toArticle(await mustFind(id));
    },

    /**
     * Makes sure every scheduled article has its go-live job: articles that came in by an
     * import or an archive (which copy no jobs), or a save cut short between its two writes.
     * Run at start; scheduling is idempotent.
     */
    async scheduleGoLives() {
      const scheduled = await listScheduled(db, clock.now());
      for (const row of scheduled) await syncGoLive(row.id, 'published', row.publishedAt);
      return scheduled.length;
    },

    /** The top-bar badge: pieces waiting for review (editors), or sent back to an author. */
    async reviewQueue(actor: Actor | null) {
      const a = requireRole(actor, 'author');
      return hasRole(a.role, 'editor')
        ? { awaiting: await countAwaiting(db, {}), kind: 'review' as const }
        : { awaiting: await countAwaiting(db, { authorId: a.id }), kind: 'sentBack' as const };
    },

    /** A signed link to the article as readers will see it, for whoever may change it. */
    async previewLink(actor: Actor | null, id: string) {
      const a = requireRole(
        actor,
        'author',
        'Only authors, editors and administrators can preview articles.',
      );
      const stored = await findStoredState(db, id);
      if (!stored) throw notFound('Article not found.');
      mayChange(a, stored.authorId);
      const link = await previews.sign(id);
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },

    /** An article's revisions, newest first, for whoever may change it (docs/decisions/023). */
    async revisions(actor: Actor | null, id: string) {
      await editable(actor, id);
      return { revisions: (await listRevisions(db, id)).map(toRevisionSummary) };
    },

    /** One revision whole, for whoever may change the article. */
    async revision(actor: Actor | null, id: string, revisionId: string) {
      await editable(actor, id);
      const row = await findRevision(db, id, revisionId);
      if (!row) throw notFound('Revision not found.');
      return {
        ...toRevisionSummary(row),
        basedOn: row.basedOn.toISOString(),
        content: row.content,
      };
    },

    /**
     * Brings a revision's content back (title, slug, category, image, meta fields, body,
     * language) as a new save, recorded as a `restore` revision. Status, time, author and
     * translation stay as they are now: restoring text never publishes or unpublishes. An
     * `updatedAt` older than the stored one is refused with 409, as a save is.
     */
    async restoreRevision(
      actor: Actor | null,
      id: string,
      revisionId: string,
      body: { updatedAt: string },
    ): Promise<Article> {
      const { stored } = await editable(actor, id);
      const row = await findRevision(db, id, revisionId);
      if (!row) throw notFound('Revision not found.');
      if (new Date(body.updatedAt).getTime() < stored.updatedAt.getTime()) {
        throw conflict(STALE_SAVE);
      }
      const current = await mustFind(id);
      const c = row.content;
      const parsed = ArticleInputSchema.safeParse({
        name: c.name,
        slug: c.slug,
        category: c.category ?? current.categoryId,
        imageUrl: c.imageUrl || current.imageUrl,
        imageAlt: c.imageAlt ?? '',
        description: c.description,
        metaTitle: c.metaTitle,
        metaDescription: c.metaDescription,
        metaKeywords: c.metaKeywords,
        ...(c.language ? { language: c.language } : {}),
        updatedAt: body.updatedAt,
      });
      if (!parsed.success) {
        throw badRequest(
          `This revision cannot be restored as it is: ${parsed.error.issues.map((i) => i.message).join('; ')}.`,
        );
      }
      return write(actor, id, parsed.data, {
        kind: 'restore',
        label: (title) => `Restored: ${title}`,
      });
    },

    /**
     * Keeps the form's unsaved text on the server as the user's autosave revision (one per
     * user and article, replaced each time). The article itself is not touched: a published
     * article stays as readers see it until the user saves.
     */
    async autosave(actor: Actor | null, id: string, input: AutosaveInput) {
      const { actor: a } = await editable(actor, id);
      const row = await mustFind(id);
      const description = await sanitizeOffThread(input.description);
      const now = clock.now();
      const revisionId = await saveAutosave(db, {
        articleId: id,
        userId: a.id,
        label: AUTOSAVE_LABEL,
        status: row.status,
        basedOn: new Date(input.basedOn),
        createdAt: now,
        content: {
          ...revisionContentOf(row),
          name: input.name,
          slug: input.slug,
          category: input.category || null,
          imageUrl: input.imageUrl,
          imageAlt: input.imageAlt,
          description,
          metaTitle: input.metaTitle,
          metaDescription: input.metaDescription,
          metaKeywords: input.metaKeywords,
          language: input.language || null,
        },
      });
      return {
        _id: revisionId,
        createdAt: now.toISOString(),
        user: { _id: a.id, name: a.name },
        name: AUTOSAVE_LABEL,
        status: row.status,
        kind: 'autosave' as RevisionKind,
      };
    },

    /**
     * A heartbeat from an open form: notes the user has the article open now, and answers who
     * else has had it open in the last two minutes. Stored, so every process agrees.
     */
    async presence(actor: Actor | null, id: string) {
      const { actor: a } = await editable(actor, id);
      const now = clock.now();
      await touchPresence(db, id, a.id, now);
      const others = await listPresence(db, id, a.id, new Date(now.getTime() - PRESENCE_WINDOW_MS));
      return {
        editors: others.map((o) => ({ _id: o.id, name: o.name, seenAt: o.seenAt.toISOString() })),
      };
    },

    /** The article a preview link names, whatever its status; 404 once expired or deleted. */
    async preview(token: string): Promise<Article> {
      const id = await previews.verify(token);
      const row = id ? await findArticleById(db, id) : undefined;
      if (!row) throw notFound('This preview link has expired, or its article was deleted.');
      return toArticle(row);
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
      await jobs.cancel(goLiveKey(id));
      await changed();
      return { message: `Article "${row.name}" deleted.` };
    },

    /**
     * One page of published articles matching a query (common/search/search-text.ts: `match`
     * finds them, `rank` scores them), best first, with each body as plain text for the snippet.
     */
    async searchPage(
      query: { match: string; rank: string },
      opts: { page: number; limit: number; language?: 'hi' | 'en' | undefined },
    ) {
      const { candidates, more } = await searchCandidates(db, {
        match: query.match,
        rank: query.rank,
        language: opts.language,
        now: clock.now(),
      });
      // Only the newest SEARCH_CANDIDATES matches are ranked and paged (articles-repository).
      const ranked = rankCandidates(candidates);
      const offset = (opts.page - 1) * opts.limit;
      const rows = await searchCards(db, ranked.slice(offset, offset + opts.limit));
      const listed = candidates.length;
      return {
        articles: rows.map((row) => ({ card: toCard(row), text: stripHtml(row.description) })),
        totalArticles: listed,
        currentPage: opts.page,
        totalPages: pages(listed, opts.limit),
        ...(more ? { totalCapped: true as const } : {}),
      };
    },

    /** For each word, the published title or keyword word nearest by trigrams, if any is near. */
    async closestTitleWords(words: string[]): Promise<(string | null)[]> {
      return closestTitleWords(db, words, clock.now());
    },

    /**
     * Re-makes the search columns an older normaliser made (after an upgrade, or rows written
     * without them), a batch at a time; answers how many it re-made.
     */
    async reindexSearch(opts: { batch?: number; stopped?: () => boolean } = {}) {
      const batch = opts.batch ?? 200;
      let done = 0;
      while (!opts.stopped?.()) {
        const stale = await listStaleSearch(db, SEARCH_VERSION, batch);
        for (const row of stale) await saveSearchColumns(db, row.id, articleSearchColumns(row));
        done += stale.length;
        if (stale.length < batch) break;
      }
      return done;
    },

    /** Whether `user` may change the article `id`: the form's gate (common/services.ts). */
    async editAccess(
      user: { _id: string; role: Role },
      id: string,
    ): Promise<'allowed' | 'forbidden' | 'missing'> {
      if (!IdSchema.safeParse(id).success) return 'missing';
      const stored = await findStoredState(db, id);
      if (!stored) return 'missing';
      if (!hasRole(user.role, 'author')) return 'forbidden';
      return hasRole(user.role, 'editor') || stored.authorId === user._id ? 'allowed' : 'forbidden';
    },

    /** One more view of a published article; false when it is not public. */
    incrementViews: (id: string) => incrementViewCount(db, id, clock.now()),

    counts: () => articleCounts(db),
    countInCategory: (categoryId: string) => countInCategory(db, categoryId),
    /**
     * A category's slug changed: its articles' old addresses become redirects. `tx` is the
     * categories module's transaction, so both happen or neither.
     */
    recordCategoryMove: (tx: Db, categoryId: string, formerSlug: string) =>
      recordCategoryMove(tx, categoryId, formerSlug),
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
