/*
 * Saving articles: create, update (also a revision's restore, asked by the newsroom), status
 * moves under a row lock (decided by the newsroom), delete. Each write is one transaction
 * through the outbox: the article, what the modules plugged into its hooks write with it (the
 * revision, the go-live job, search's row; article-hooks.ts) and the events that say what
 * changed (article-events.ts), which everything after the commit reads.
 */
import { type Article } from '../../../common/schemas/articles';
import { type ArticleInput } from '../../../common/schemas/article-input';
import type { Db } from '../../../db/client';
import { type Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { articleAccess } from './article-access';
import type { ArticlePartsDeps } from './article-deps';
import { articleEvents, wentLiveEvents } from './article-events';
import { runHooks, type WriteRecord } from './article-hooks';
import { toArticle } from './article-rows';
import { findArticleById } from './articles-repository';
import { recordCategoryMove } from './article-addresses-repository';
import {
  deleteArticle,
  findStoredState,
  lockArticle,
  setArticleStatus,
  type StatusValues,
  type StoredState,
} from './article-writes-repository';
import { setArticleTags } from './tags-repository';

import { finishWrite, mustFind } from './article-write-steps';
import { createArticle, updateArticleAs } from './article-edits';

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
