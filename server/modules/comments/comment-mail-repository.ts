/*
 * What comments' mails read (issue 42 item 4): a reply with the comment it answers and that
 * comment's reader (their address and whether they want the mail); how many comments wait; who
 * moderates.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MODERATING_ROLES } from '../../../common/roles';
import type { Db } from '../../../db/client';
import { comments } from '../../../db/schema/comments';
import { users } from '../../../db/schema/users';

/** A shown reply, its reader's name, and the reader of the comment it answers. */
export async function replyFacts(db: Db, replyId: string) {
  const parent = alias(comments, 'parent');
  const replier = alias(users, 'replier');
  const [row] = await db
    .select({
      articleId: comments.articleId,
      body: comments.body,
      replierId: comments.authorId,
      replierName: replier.name,
      parentAuthorId: parent.authorId,
      email: users.email,
      wantsMail: users.commentReplyMail,
    })
    .from(comments)
    .innerJoin(parent, eq(parent.id, comments.parentId))
    .innerJoin(users, eq(users.id, parent.authorId))
    .leftJoin(replier, eq(replier.id, comments.authorId))
    .where(and(eq(comments.id, replyId), eq(comments.status, 'approved')));
  return row;
}

/** How many comments wait for a moderator. */
export async function countWaiting(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(eq(comments.status, 'pending'));
  return row?.n ?? 0;
}

/** Every account that moderates comments (moderators, editors, administrators). */
export function moderatorAddresses(db: Db) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.role, [...MODERATING_ROLES]));
}
