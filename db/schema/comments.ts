import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { COMMENT_STATUS_VALUES, HOLD_REASON_VALUES } from '../../common/schemas/comments';
import { id, ownedBy } from './columns';
import { articles } from './content';
import { users } from './users';

/*
 * Readers' comments under a story (issue 42, DECISIONS.md §24). `body` is the text as the
 * reader typed it, never HTML: it is escaped and its links made into anchors when shown
 * (common/comment-text.ts), so no stored string can carry markup to a page.
 */

export type { CommentStatus, HoldReason } from '../../common/schemas/comments';

export const comments = pgTable(
  'comments',
  {
    id: id(),
    articleId: ownedBy(() => articles.id),
    /** Null once the reader's account is gone (their comments stay as "a deleted reader"). */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** One level of replies: a reply's parent is never itself a reply. */
    parentId: uuid().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    status: text({ enum: COMMENT_STATUS_VALUES }).notNull().default('pending'),
    /** Why it was held (null when it was not); only `approved` comments are shown to readers. */
    reason: text({ enum: HOLD_REASON_VALUES }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // An article's approved comments, oldest or newest first (the public list).
    index('comments_article_shown_idx')
      .on(t.articleId, t.createdAt)
      .where(sql`${t.status} = 'approved'`),
    // The moderators' queue, by status, oldest first.
    index('comments_queue_idx').on(t.status, t.createdAt),
    // A reader's own comments: first comment, repeats.
    index('comments_author_idx').on(t.authorId, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
  ],
);

/**
 * Readers' reports of a comment (issue 42 item 4): one per reader and comment (the key), kept
 * after a moderator looked (`settled`) so the same reader cannot report it again. Three open
 * reports hold a shown comment (`pending`, reason `reports`) until a moderator decides.
 */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: ownedBy(() => comments.id),
    readerId: ownedBy(() => users.id),
    reason: text().notNull(),
    /** A moderator set the comment's status after this report. */
    settled: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.readerId] }),
    // The queue's "reported": comments with open reports.
    index('comment_reports_open_idx')
      .on(t.commentId)
      .where(sql`NOT ${t.settled}`),
  ],
);

/**
 * Readers banned from commenting (issue 42 item 2, `POST /api/users/{id}/ban`): until `until`,
 * or for good when it is null. Their writes answer 403 `comment.banned` with the reason.
 */
export const commentBans = pgTable('comment_bans', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text().notNull(),
  until: timestamp({ withTimezone: true, mode: 'date' }),
  bannedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
