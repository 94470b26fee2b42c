/*
 * Readers' rights over their comments (issue 42 item 5): their data export lists them, and
 * deleting their account leaves them as "a deleted reader" (the key goes null with the account)
 * or removes them first, as `comments.onAccountDeletion` says; a removed comment readers could
 * see refreshes its story's page through the outbox.
 */
import { asc, eq } from 'drizzle-orm';
import { comments } from '../../../db/schema/comments';
import { commentChanged } from './comment-events';
import type { CommentsDeps } from './comments-deps';
import { deleteComment } from './comments-repository';

export function createCommentRights(deps: CommentsDeps) {
  const { db, clock, articles } = deps;
  const ofReader = (userId: string) =>
    db
      .select({
        id: comments.id,
        articleId: comments.articleId,
        parentId: comments.parentId,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
      })
      .from(comments)
      .where(eq(comments.authorId, userId))
      .orderBy(asc(comments.createdAt));
  /** Each of `shown` recorded as changed: the pages showing them are refreshed everywhere. */
  const refreshPagesShowing = async (shown: ShownComment[]) => {
    if (shown.length === 0) return;
    const stories = new Map<string, Awaited<ReturnType<typeof articles.stored>>>();
    for (const { articleId } of shown)
      if (!stories.has(articleId)) stories.set(articleId, await articles.stored(articleId));
    const now = clock.now();
    await deps.outbox.transaction(async (_tx, record) => {
      for (const c of shown) {
        const article = stories.get(c.articleId);
        if (article) record(commentChanged('comment.updated', c, { article, before: true, now }));
      }
    });
  };
  return {
    /** The reader's comments as their export lists them, oldest first. */
    async exportOf(userId: string) {
      return (await ofReader(userId)).map((c) => ({
        _id: c.id,
        articleId: c.articleId,
        parentId: c.parentId,
        text: c.body,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
        editedAt: c.editedAt?.toISOString() ?? null,
      }));
    },

    /**
     * Before the account goes: its comments removed when the settings say so. Answers those that
     * stay where readers see them, whose pages name the reader until afterAccountDeleted.
     */
    async beforeAccountDeleted(userId: string): Promise<ShownComment[]> {
      const theirs = await ofReader(userId);
      if ((await deps.settings()).onAccountDeletion !== 'remove') return shownOf(theirs);
      for (const c of theirs) {
        const article = await articles.stored(c.articleId);
        await deps.outbox.transaction(async (tx, record) => {
          await deleteComment(tx, c.id);
          if (!article) return;
          const gone = { id: c.id, articleId: c.articleId, status: c.status };
          const before = c.status === 'approved';
          record(commentChanged('comment.deleted', gone, { article, before, now: clock.now() }));
        });
      }
      return [];
    },

    /**
     * After the account went: the comments that stayed are "a deleted reader's", so the pages
     * that showed them with the reader's name are refreshed, in every process and front cache
     * (a kept page must not name a reader who left).
     */
    async afterAccountDeleted(stayed: ShownComment[]): Promise<void> {
      await refreshPagesShowing(stayed);
    },

    /**
     * The reader's name changed: the pages that show it beside their comments readers see are
     * refreshed, in every process and front cache, as after a change to those comments.
     */
    async afterRenamed(userId: string): Promise<void> {
      await refreshPagesShowing(shownOf(await ofReader(userId)));
    },
  };
}

/** A comment readers see, as its change's event names it. */
interface ShownComment {
  id: string;
  articleId: string;
  status: string;
}

/** Those of a reader's comments that readers see. */
const shownOf = (theirs: ShownComment[]): ShownComment[] =>
  theirs
    .filter((c) => c.status === 'approved')
    .map((c) => ({ id: c.id, articleId: c.articleId, status: c.status }));
export type CommentRights = ReturnType<typeof createCommentRights>;
