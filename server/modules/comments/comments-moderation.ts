/*
 * Moderation (issue 42 item 2): the queue of comments by status (and story), and moving
 * comments between statuses, one or many at once. Moderators, editors and administrators
 * moderate (common/roles.ts `mayModerate`). A change readers can
 * see (a comment shown or taken away) refreshes its story's page through the outbox.
 */
import { QUEUE_PER_PAGE, type QueuePage, type QueueQuery } from '../../../common/schemas/comments';
import type { CommentStatus } from '../../../db/schema/comments';
import { requireModerator, type Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import type { StoredState } from '../articles/articles-service';
import { commentChanged } from './comment-events';
import { toQueueItem } from './comment-view';
import type { CommentsDeps } from './comments-deps';
import { settleReports } from './comment-safety-repository';
import { articlesOf, findComment, listQueue, setStatuses } from './comments-repository';

export function createCommentsModeration(
  deps: CommentsDeps,
  /** Comments just shown to readers (a reply's mail, comment-mail.ts). */
  shown: (ids: string[]) => Promise<void>,
) {
  const { db, clock, articles } = deps;

  /**
   * Sets `ids` to `status` with one event per comment changed; answers how many changed. The
   * stories are read before the transaction: its connection is the only one on PGlite.
   */
  const move = async (ids: string[], status: CommentStatus): Promise<number> => {
    const stored = new Map<string, StoredState | undefined>();
    for (const articleId of await articlesOf(db, ids))
      stored.set(articleId, await articles.stored(articleId));
    const changed = await deps.outbox.transaction(async (tx, record) => {
      const changed = await setStatuses(tx, ids, status);
      // A moderator looked: the readers' reports are answered (they still count as made).
      await settleReports(tx, ids);
      const now = clock.now();
      for (const { id, articleId, was } of changed) {
        const article = stored.get(articleId);
        if (!article) continue;
        const comment = { id, articleId, status };
        const before = was === 'approved';
        record(commentChanged('comment.moderated', comment, { article, before, now }));
      }
      return changed;
    });
    if (status === 'approved') await shown(changed.map((c) => c.id));
    return changed.length;
  };

  return {
    /** The queue: comments of a status (pending by default), oldest first, with their story. */
    async queue(actor: Actor | null, query: QueueQuery): Promise<QueuePage> {
      requireModerator(actor);
      const { rows, total, estimated } = await listQueue(db, {
        status: query.status,
        articleId: query.article,
        page: query.page,
        perPage: QUEUE_PER_PAGE,
      });
      return {
        comments: rows.map(toQueueItem),
        total,
        currentPage: query.page,
        totalPages: Math.max(1, Math.ceil(total / QUEUE_PER_PAGE)),
        estimated,
      };
    },

    /** One comment approved, held, refused or marked as spam. */
    async setStatus(actor: Actor | null, id: string, status: CommentStatus) {
      requireModerator(actor);
      if (!(await findComment(db, id))) throw notFound('comment.not_found');
      await move([id], status);
      return { _id: id, status };
    },

    /** Many at once (the queue's bulk actions); ids that name no comment are passed over. */
    async moderate(actor: Actor | null, ids: string[], status: CommentStatus) {
      requireModerator(actor);
      return { updated: await move([...new Set(ids)], status) };
    },
  };
}
export type CommentsModeration = ReturnType<typeof createCommentsModeration>;
