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

    /** Before the account goes: its comments removed when the settings say so. */
    async beforeAccountDeleted(userId: string): Promise<void> {
      if ((await deps.settings()).onAccountDeletion !== 'remove') return;
      for (const c of await ofReader(userId)) {
        const article = await articles.stored(c.articleId);
        await deps.outbox.transaction(async (tx, record) => {
          await deleteComment(tx, c.id);
          if (!article) return;
          const gone = { id: c.id, articleId: c.articleId, status: c.status };
          const before = c.status === 'approved';
          record(commentChanged('comment.deleted', gone, { article, before, now: clock.now() }));
        });
      }
    },
  };
}
export type CommentRights = ReturnType<typeof createCommentRights>;
