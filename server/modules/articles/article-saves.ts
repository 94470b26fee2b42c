/*
 * Saving articles: create, update (also a revision's restore, asked by the newsroom), status
 * moves under a row lock (decided by the newsroom), delete. Each write is one transaction
 * through the outbox: the article, what the modules plugged into its hooks write with it (the
 * revision, the go-live job, search's row; article-hooks.ts) and the events that say what
 * changed (article-events.ts), which everything after the commit reads.
 */
import type { ArticleStatus } from '../../../common/articles';
import { type Article } from '../../../common/schemas/articles';
import { type ArticleInput } from '../../../common/schemas/article-input';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, fieldError, notFound } from '../../lib/errors';
import type { RecordEvents } from '../../events/outbox';
import { articleAccess, mayChange } from './article-access';
import type { ArticlePartsDeps } from './article-deps';
import { articleEvents, wentLiveEvents } from './article-events';
import { runHooks, type WriteRecord } from './article-hooks';
import { toArticle } from './article-rows';
import { checkCorrection, recordCorrection } from './article-corrections';
import {
  bylinesOf,
  checkTranslation,
  chooseSlug,
  legacyConflict,
  liveValues,
  valuesFrom,
} from './article-values';
import { findArticleById, type FullRow } from './articles-repository';
import { recordCategoryMove } from './article-addresses-repository';
import {
  deleteArticle,
  findStoredState,
  insertArticle,
  lockArticle,
  setArticleStatus,
  updateArticle,
  type StatusValues,
  type StoredState,
} from './article-writes-repository';
import { setCoAuthors } from './bylines-repository';
import { setArticleTags } from './tags-repository';
import { setArticleEditions } from './article-editions-repository';
import { placeEditions } from './article-editions';

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

/** A write of article `id` in its transaction, once its own row is written. */
export interface WriteDone {
  id: string;
  userId: string;
  record: WriteRecord;
  /** What it was, under the write's lock (undefined: a new article). */
  before: StoredState | undefined;
  /** Its further bylines and tags when the save names them (left out, they stay). */
  parts?: { tags: string[] | undefined; coAuthors: string[]; editions?: string[] };
  now: Date;
}

/**
 * What every write does in its transaction once the row is written: its further bylines and
 * tags, the hooks plugged in (the revision, search's row), and its events.
 */
export async function finishWrite(
  deps: ArticlePartsDeps,
  tx: Db,
  record: RecordEvents,
  w: WriteDone,
): Promise<void> {
  if (w.parts) {
    await setCoAuthors(tx, w.id, w.parts.coAuthors);
    if (w.parts.tags !== undefined) await setArticleTags(tx, w.id, w.parts.tags);
    if (w.parts.editions) await setArticleEditions(tx, w.id, w.parts.editions);
  }
  const row = await mustFind(tx, w.id);
  await runHooks(deps.hooks.inWrite, tx, { id: w.id, userId: w.userId, record: w.record, row });
  const after = await findStoredState(tx, w.id);
  record(
    ...articleEvents(w.id, { title: row.name, before: w.before, after, by: w.userId, now: w.now }),
  );
}

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

async function createArticle(
  deps: ArticlePartsDeps,
  actor: Actor | null,
  input: ArticleInput,
): Promise<string> {
  const a = requireRole(actor, 'author', 'article.write_forbidden');
  const slug = await chooseSlug(deps.db, input);
  const bylines = bylinesOf(input, { writer: a.id });
  const { segment: _segment, ...values } = await valuesFrom(deps, a, input, { slug, bylines });
  const now = deps.clock.now();
  const status = input.status ?? 'published';
  needImageToPublish(status, values.imageUrl);
  checkCorrection(input.correction, { before: undefined, after: status });
  const publishedAt = input.publishedAt ? new Date(input.publishedAt) : now;
  const translationId = await checkTranslation(
    deps,
    a,
    { ...values, status, publishedAt },
    input.translationId,
  );
  const publishes = status === 'published';
  const placement = await placeEditions(deps, a, input, undefined);
  await runHooks(deps.hooks.beforeWrite, {
    actor: a,
    before: undefined,
    status,
    publishedAt,
    publishes,
  });
  try {
    return await deps.outbox.transaction(async (tx, record) => {
      const id = await insertArticle(
        tx,
        {
          ...values,
          ...liveValues(input.liveBlog, undefined, now),
          status,
          publishedAt,
          createdAt: now,
          primaryEditionId: placement.primary,
        },
        translationId,
      );
      const parts = { tags: input.tags, coAuthors: bylines.slice(1), editions: placement.editions };
      await finishWrite(deps, tx, record, {
        id,
        userId: a.id,
        record: { kind: 'save' },
        before: undefined,
        parts,
        now,
      });
      return id;
    });
  } catch (error) {
    return legacyConflict(error);
  }
}

/** An edit, recorded as a revision of `record.kind` (a save, or a restore). */
async function updateArticleAs(
  deps: ArticlePartsDeps,
  actor: Actor | null,
  id: string,
  input: ArticleInput,
  record: WriteRecord,
): Promise<void> {
  const { actor: a, stored: seen } = await articleAccess(deps).editable(actor, id);
  const slug = input.slug ? await chooseSlug(deps.db, input, id) : seen.slug;
  const bylines = bylinesOf(input, { writer: a.id, before: seen });
  const values = await valuesFrom(deps, a, input, { slug, bylines, before: seen });
  const now = deps.clock.now();
  const { status, publishedAt, publishes } = publication(seen, input, now);
  const translationId = await checkTranslation(
    deps,
    a,
    { id, language: values.language, status, publishedAt },
    input.translationId,
  );
  needImageToPublish(status, values.imageUrl);
  checkCorrection(input.correction, { before: seen.status, after: status });
  // Editions are placed only when the save names them: left out, they stay as stored.
  const placement =
    input.editions || input.primaryEdition ? await placeEditions(deps, a, input, seen) : undefined;
  await runHooks(deps.hooks.beforeWrite, {
    actor: a,
    before: seen,
    status,
    publishedAt,
    publishes,
  });
  // A note is for the author while the piece is back in draft; any other move clears it.
  const full = {
    ...values,
    ...liveValues(input.liveBlog, seen, now),
    status,
    publishedAt,
    reviewNote: status === 'draft' ? undefined : '',
    updatedAt: now,
    ...(placement ? { primaryEditionId: placement.primary } : {}),
  };
  try {
    await deps.outbox.transaction(async (tx, events) => {
      const stored = await lockArticle(tx, id);
      if (!stored) throw notFound('article.not_found');
      mayChange(a, stored);
      if (input.updatedAt && new Date(input.updatedAt).getTime() < stored.updatedAt.getTime())
        throw conflict('article.stale');
      await updateArticle(tx, { ...stored, id }, full, translationId);
      const parts = {
        tags: input.tags,
        coAuthors: bylines.slice(1),
        ...(placement ? { editions: placement.editions } : {}),
      };
      // A correction is on the record with the save that made it (its revision keeps the note).
      const note = input.correction;
      const as = note === undefined ? record : { ...record, correction: note };
      await finishWrite(deps, tx, events, {
        id,
        userId: a.id,
        record: as,
        before: stored,
        parts,
        now,
      });
      if (note !== undefined)
        await recordCorrection(tx, events, {
          articleId: id,
          userId: a.id,
          note,
          title: full.name,
          now,
        });
    });
  } catch (error) {
    return legacyConflict(error);
  }
}

/** Create, update, restore, status moves and delete, for the articles service. */
export function articleSaves(deps: ArticlePartsDeps) {
  const { db } = deps;
  /** The article as stored once its write committed. */
  const saved = async (id: string) => toArticle(await mustFind(db, id), deps.clock.now(), 'editor');
  return {
    create: async (actor: Actor | null, input: ArticleInput): Promise<Article> =>
      saved(await createArticle(deps, actor, input)),

    async update(actor: Actor | null, id: string, input: ArticleInput): Promise<Article> {
      await updateArticleAs(deps, actor, id, input, { kind: 'save' });
      return saved(id);
    },

    /** A save recorded as `record` (the newsroom's restore of a revision). */
    async saveAs(actor: Actor | null, id: string, input: ArticleInput, record: WriteRecord) {
      await updateArticleAs(deps, actor, id, input, record);
      return saved(id);
    },

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
      const moved = await deps.outbox.transaction(async (tx, record) => {
        const stored = await lockArticle(tx, id);
        if (!stored) return false;
        await setArticleStatus(tx, id, decide(stored));
        const now = deps.clock.now();
        await finishWrite(deps, tx, record, {
          id,
          userId,
          record: { kind: 'status' },
          before: stored,
          now,
        });
        return true;
      });
      return moved ? saved(id) : undefined;
    },

    async remove(actor: Actor | null, id: string): Promise<{ message: string }> {
      const refusal = 'article.delete_forbidden';
      const { actor: a } = await articleAccess(deps).editable(actor, id, refusal);
      const title = await deps.outbox.transaction(async (tx, record) => {
        const before = await lockArticle(tx, id);
        const row = before && (await findArticleById(tx, id));
        if (!before || !row) throw notFound('article.not_found');
        await runHooks(deps.hooks.inDelete, tx, id);
        await deleteArticle(tx, id);
        const now = deps.clock.now();
        record(...articleEvents(id, { title: row.name, before, after: undefined, by: a.id, now }));
        return row.name;
      });
      return { message: `Article "${title}" deleted.` };
    },

    /**
     * A scheduled article's time came (its go-live job): it is published now for readers.
     * Nothing when it is no longer public (taken back, or deleted).
     */
    async wentLive(id: string) {
      await deps.outbox.transaction(async (tx, record) => {
        const after = await findStoredState(tx, id);
        const row = after && (await findArticleById(tx, id));
        if (after && row) record(...wentLiveEvents(id, row.name, after, deps.clock.now()));
      });
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
