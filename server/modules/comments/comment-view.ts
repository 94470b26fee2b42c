/*
 * A comment as the API answers it: allow-listed fields (STYLE.md §11), the body made into HTML
 * from the stored plain text (common/comment-text.ts), and staff marked.
 */
import { commentHtml } from '../../../common/comment-text';
import { isStaff } from '../../../common/roles';
import type { CommentReply, QueueItem } from '../../../common/schemas/comments';
import type { CommentRow, QueueRow } from './comments-repository';

export function toReply(row: CommentRow): CommentReply {
  return {
    _id: row.id,
    body: commentHtml(row.body),
    author:
      row.authorId && row.authorName !== null && row.authorRole !== null
        ? { _id: row.authorId, name: row.authorName, staff: isStaff(row.authorRole) }
        : null,
    createdAt: row.createdAt.toISOString(),
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    parentId: row.parentId,
  };
}

export function toQueueItem(row: QueueRow): QueueItem {
  return {
    ...toReply(row),
    text: row.body,
    status: row.status,
    reason: row.reason,
    reportCount: row.reportCount,
    article: { _id: row.articleId, title: row.articleTitle },
  };
}
