/*
 * Saving articles: create, update (also a revision's restore, asked by the newsroom), status
 * moves under a row lock (decided by the newsroom), delete. Each write is one transaction with
 * its revision and its row in search's index; then the go-live job follows and the page
 * caches hear of the change.
 */
import type { ArticleStatus } from '../../../common/articles';
import { englishOf } from '../../../common/refusals/catalogue';
import { type Article, type ArticleInput } from '../../../common/schemas/articles';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import type { RevisionKind } from '../../../common/schemas/revisions';
import { articleAccess, mayChange } from './article-access';
import { articleChange, categoryLeft } from './article-changes';
import { hasPublicArticles } from './article-lists-repository';
import { CacheTags, type CacheChange } from '../../../common/cache-tags';
import { revisionContentOf, toArticle } from './article-rows';
import {
  bylinesOf,
  checkTranslation,
  chooseSlug,
  legacyConflict,
  liveValues,
  valuesFrom,
} from './article-values';
import {
  deleteArticle,
  findArticleById,
  findStoredState,
  insertArticle,
  recordCategoryMove,
  setArticleStatus,
  updateArticle,
  type FullRow,
  type StatusValues,
  type StoredState,
} from './articles-repository';
import type { ArticlesDeps } from './articles-service';
import { setCoAuthors } from './bylines-repository';
import { setArticleTags } from './tags-repository';

export const REVIEW_REFUSAL = englishOf('article.review_required');

/** How a write is recorded in the article's history. */
export interface WriteRecord {
  kind: Exclude<RevisionKind, 'autosave'>;
  /** The revision's label from the title it has once written (the title itself by default). */
  label?: (title: string) => string;
}

/**
 * Publishing or scheduling needs an image; a draft or a piece in review may have none yet
 * (DECISIONS.md §18). A save and a status move (the newsroom's) both ask it.
 */
export function needImageToPublish(status: ArticleStatus, imageUrl: string) {
  if (status === 'published' && !imageUrl)
    throw fieldError('body.imageUrl', 'article.image_to_publish');
}

/** An article just written: it exists, or something is badly wrong. */
async function mustFind(db: Db, id: string): Promise<FullRow> {
  const row = await findArticleById(db, id);
  if (!row) throw new Error(`article ${id} vanished after it was written`);
  return row;
}

/**
 * What every write does in its own transaction once the row is written: the revision by `userId`
 * (the newsroom's table) and the article's row in search's index.
 */
const recordWrite =
  (deps: Pick<ArticlesDeps, 'newsroom' | 'search'>, userId: string, record: WriteRecord) =>
  async (tx: Db, id: string) => {
    const row = await mustFind(tx, id);
    await deps.newsroom.recordRevision(tx, {
      articleId: id,
      userId,
      kind: record.kind,
      label: (record.label ?? ((title) => title))(row.name),
      status: row.status,
      updatedAt: row.updatedAt,
      content: revisionContentOf(row),
    });
    await deps.search.index(tx, {
      articleId: id,
      name: row.name,
      slug: row.slug,
      // Its tags are words readers search for too (the index's keywords).
      metaKeywords: [row.metaKeywords, row.tags.join(', ')].filter(Boolean).join(', '),
      description: row.description,
      status: row.status,
      publishedAt: row.publishedAt,
      language: row.language,
    });
  };

/**
 * What every write does in its transaction once the row is written: its further bylines, its
 * tags when the save names them (left out, an update keeps them), then the revision and the
 * search row.
 */
const writeWith =
  (deps: Pick<ArticlesDeps, 'newsroom' | 'search'>, userId: string, record: WriteRecord) =>
  (parts: { tags: string[] | undefined; coAuthors: string[] }) =>
  async (tx: Db, id: string) => {
    await setCoAuthors(tx, id, parts.coAuthors);
    if (parts.tags !== undefined) await setArticleTags(tx, id, parts.tags);
    await recordWrite(deps, userId, record)(tx, id);
  };

/** The time an update goes out at, and whether it is a publish (going out, or at another time). */
function publication(before: StoredState, input: ArticleInput, now: Date) {
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
  return { status, publishedAt, publishes };
}

async function createArticle(deps: ArticlesDeps, actor: Actor | null, input: ArticleInput) {
  const a = requireRole(actor, 'author', 'article.write_forbidden');
  const slug = await chooseSlug(deps.db, input);
  const bylines = bylinesOf(input, { writer: a.id });
  const { segment: _segment, ...values } = await valuesFrom(deps, a, input, { slug, bylines });
  const translationId = await checkTranslation(deps.db, values, input.translationId);
  const now = deps.clock.now();
  const status = input.status ?? 'published';
  needImageToPublish(status, values.imageUrl);
  if (status === 'published' && !(await deps.newsroom.mayPublish(a)))
    throw forbidden('article.review_required');
  const publishedAt = input.publishedAt ? new Date(input.publishedAt) : now;
  let id: string;
  try {
    id = await insertArticle(
      deps.db,
      {
        ...values,
        ...liveValues(input.liveBlog, undefined, now),
        status,
        publishedAt,
        createdAt: now,
      },
      translationId,
      writeWith(deps, a.id, { kind: 'save' })({
        tags: input.tags,
        coAuthors: bylines.slice(1),
      }),
    );
  } catch (error) {
    return legacyConflict(error);
  }
  return { id, status, publishedAt, before: undefined, by: a.id };
}

/** An edit, recorded as a revision of `record.kind` (a save, or a restore). */
async function updateArticleAs(
  deps: ArticlesDeps,
  actor: Actor | null,
  id: string,
  input: ArticleInput,
  record: WriteRecord,
) {
  const { actor: a, stored: before } = await articleAccess(deps).editable(actor, id);
  const slug = input.slug ? await chooseSlug(deps.db, input, id) : before.slug;
  const bylines = bylinesOf(input, { writer: a.id, before });
  const values = await valuesFrom(deps, a, input, { slug, bylines, before });
  const translationId = await checkTranslation(
    deps.db,
    { id, language: values.language },
    input.translationId,
  );
  const now = deps.clock.now();
  const { status, publishedAt, publishes } = publication(before, input, now);
  needImageToPublish(status, values.imageUrl);
  if (publishes && !(await deps.newsroom.mayPublish(a))) throw forbidden('article.review_required');
  // A note is for the author while the piece is back in draft; any other move clears it.
  const full = {
    ...values,
    ...liveValues(input.liveBlog, before, now),
    status,
    publishedAt,
    reviewNote: status === 'draft' ? undefined : '',
    updatedAt: now,
  };
  const refuseStale = (stored: StoredState) => {
    mayChange(a, stored);
    if (input.updatedAt && new Date(input.updatedAt).getTime() < stored.updatedAt.getTime())
      throw conflict('article.stale');
  };
  try {
    const found = await updateArticle(deps.db, id, full, refuseStale, translationId, (tx) =>
      writeWith(deps, a.id, record)({ tags: input.tags, coAuthors: bylines.slice(1) })(tx, id),
    );
    if (!found) throw notFound('article.not_found');
  } catch (error) {
    return legacyConflict(error);
  }
  return { id, status, publishedAt, before, by: a.id };
}

/** Create, update, restore, status moves and delete, for the articles service. */
export function articleSaves(deps: ArticlesDeps) {
  const { db } = deps;
  const tell = deps.contentChanged ?? (async () => {});
  /**
   * What a write of article `id` touched, told to the kept answers; with every page's menu
   * when the category it left has no public article now (categoryLeft), asked after the write
   * commits, so of two writes emptying it together the later one sees it empty.
   */
  const changed = async (
    id: string,
    states: { before?: StoredState | undefined; after?: StoredState | undefined },
  ) => {
    const now = deps.clock.now();
    const change: CacheChange = articleChange(id, states, now);
    const left = categoryLeft(states, now);
    if (left && !(await hasPublicArticles(db, left, now)))
      change.stale = [...change.stale, CacheTags.categories];
    await tell(change);
  };
  /**
   * After a write: its go-live job, the kept answers that showed it (from what it was `before`
   * to what it is now), and the article as stored.
   */
  const written = async (w: {
    id: string;
    status: ArticleStatus;
    publishedAt: Date;
    before: StoredState | undefined;
    /** Who wrote it. */
    by: string;
  }) => {
    await deps.newsroom.syncGoLive(w.id, w.status, w.publishedAt);
    const after = await findStoredState(db, w.id);
    await changed(w.id, { before: w.before, after });
    if (after)
      await deps.newsroom.reviewMoved?.({
        articleId: w.id,
        from: w.before?.status,
        to: after.status,
        authorId: after.authorId,
        by: w.by,
      });
    return toArticle(await mustFind(db, w.id), deps.clock.now());
  };
  return {
    create: async (actor: Actor | null, input: ArticleInput): Promise<Article> =>
      written(await createArticle(deps, actor, input)),

    update: async (actor: Actor | null, id: string, input: ArticleInput): Promise<Article> =>
      written(await updateArticleAs(deps, actor, id, input, { kind: 'save' })),

    /** A save recorded as `record` (the newsroom's restore of a revision). */
    saveAs: async (actor: Actor | null, id: string, input: ArticleInput, record: WriteRecord) =>
      written(await updateArticleAs(deps, actor, id, input, record)),

    /**
     * Moves an article to another status under a row lock, recorded as a `status` revision by
     * `userId`: `decide` sees the stored state and answers the new values, or throws to refuse
     * (the newsroom's rules). Undefined when there is no such article.
     */
    async moveStatus(
      userId: string,
      id: string,
      decide: (stored: StoredState) => StatusValues,
    ): Promise<Article | undefined> {
      let before: StoredState | undefined;
      const values = await setArticleStatus(
        db,
        id,
        (stored) => decide((before = stored)),
        (tx) => recordWrite(deps, userId, { kind: 'status' })(tx, id),
      );
      return values && written({ id, ...values, before, by: userId });
    },

    async remove(actor: Actor | null, id: string): Promise<{ message: string }> {
      const refusal = 'article.delete_forbidden';
      const { stored: before } = await articleAccess(deps).editable(actor, id, refusal);
      const row = await findArticleById(db, id);
      if (!row) throw notFound('article.not_found');
      await deleteArticle(db, id);
      await deps.newsroom.cancelGoLive(id);
      await changed(id, { before });
      return { message: `Article "${row.name}" deleted.` };
    },

    /**
     * A scheduled article's time came (its go-live job): the lists it enters and what shows it
     * are refreshed. Nothing when it is no longer public (taken back, or deleted).
     */
    async wentLive(id: string) {
      const after = await findStoredState(db, id);
      await changed(id, { after });
    },

    /**
     * Gives an article exactly these tags in the caller's transaction (or on `tx` alone): the
     * demo seed's articles, written without a save.
     */
    setTags: (tx: Db, id: string, names: readonly string[]) => setArticleTags(tx, id, names),

    /** The state a newsroom rule decides on (author, status, times), or undefined. */
    stored: (id: string) => findStoredState(db, id),

    /**
     * A category's slug changed: its articles' old addresses become redirects. `tx` is the
     * categories module's transaction, so both happen or neither.
     */
    recordCategoryMove: (tx: Db, categoryId: string, formerSlug: string) =>
      recordCategoryMove(tx, categoryId, formerSlug),
  };
}
