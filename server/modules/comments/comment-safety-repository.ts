/*
 * Readers' reports of comments and moderators' bans (issue 42 items 2 and 4): one report per
 * reader and comment (the key keeps it once), counted while no moderator has settled it.
 */
import { and, count, desc, eq, inArray, not } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { commentBans, commentReports } from '../../../db/schema/comments';
import { users } from '../../../db/schema/users';

/** Records a reader's report; false when they had reported the comment before. */
export async function insertReport(
  tx: Db,
  report: { commentId: string; readerId: string; reason: string },
): Promise<boolean> {
  const made = await tx
    .insert(commentReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ commentId: commentReports.commentId });
  return made.length > 0;
}

/** The comment's reports no moderator has settled. */
export async function openReportCount(db: Db, commentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(commentReports)
    .where(and(eq(commentReports.commentId, commentId), not(commentReports.settled)));
  return row?.n ?? 0;
}

/** A moderator decided on `ids`: their reports are settled (and still count as made). */
export async function settleReports(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(commentReports)
    .set({ settled: true })
    .where(and(inArray(commentReports.commentId, ids), not(commentReports.settled)));
}

/** The reader's ban, if they have one (it may have ended: `until` in the past). */
export async function banOf(
  db: Db,
  userId: string,
): Promise<{ reason: string; until: Date | null } | undefined> {
  const [row] = await db
    .select({ reason: commentBans.reason, until: commentBans.until })
    .from(commentBans)
    .where(eq(commentBans.userId, userId));
  return row;
}

/** Bans a reader (a new ban replaces the one before). */
export async function putBan(
  db: Db,
  ban: { userId: string; reason: string; until: Date | null; bannedBy: string },
): Promise<void> {
  await db
    .insert(commentBans)
    .values(ban)
    .onConflictDoUpdate({
      target: commentBans.userId,
      set: { reason: ban.reason, until: ban.until, bannedBy: ban.bannedBy, createdAt: new Date() },
    });
}

/** Every ban, newest first, with the reader's name and address and who banned them. */
export async function listBans(db: Db) {
  const banner = alias(users, 'banner');
  return db
    .select({
      userId: commentBans.userId,
      reason: commentBans.reason,
      until: commentBans.until,
      createdAt: commentBans.createdAt,
      name: users.name,
      email: users.email,
      bannedBy: banner.name,
    })
    .from(commentBans)
    .innerJoin(users, eq(users.id, commentBans.userId))
    .leftJoin(banner, eq(banner.id, commentBans.bannedBy))
    .orderBy(desc(commentBans.createdAt));
}

/** Lifts a reader's ban (nothing when they have none). */
export async function liftBan(db: Db, userId: string): Promise<void> {
  await db.delete(commentBans).where(eq(commentBans.userId, userId));
}

/** Whether replies to `userId`'s comments reach them by mail (undefined: no such account). */
export async function replyMailOf(db: Db, userId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ on: users.commentReplyMail })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on;
}

export async function setReplyMail(db: Db, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ commentReplyMail: on }).where(eq(users.id, userId));
}
