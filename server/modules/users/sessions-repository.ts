/* Sessions as rows (db/schema/users.ts `userSessions`, docs/decisions/052). */
import { and, asc, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userTotp } from '../../../db/schema/second-factors';
import { userPasskeys } from '../../../db/schema/passkeys';
import { userSessions, users } from '../../../db/schema/users';
import { userColumns } from './users-repository';

/** A new session of the user; sessions of theirs that expired anyway are dropped. */
export async function insertSession(
  db: Db,
  values: { userId: string; userAgent: string; expiresAt: Date; now: Date },
): Promise<string> {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, values.userId), lt(userSessions.expiresAt, values.now)));
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: values.userId,
      userAgent: values.userAgent,
      expiresAt: values.expiresAt,
      createdAt: values.now,
      lastSeenAt: values.now,
    })
    .returning({ id: userSessions.id });
  return (row as { id: string }).id;
}

/**
 * The user of a live session (its row is there and unexpired), with when it was last seen and
 * whether they have a second factor on (the policy of issue 40 item 3 asks on every call).
 */
export async function findSessionUser(db: Db, sessionId: string, userId: string, now: Date) {
  const [row] = await db
    .select({
      user: userColumns,
      lastSeenAt: userSessions.lastSeenAt,
      // Authenticator codes on, or a passkey (issue 40 items 1 and 2).
      secondFactor: sql<boolean>`(${userTotp.userId} is not null or exists (select 1 from ${userPasskeys} where ${userPasskeys.userId} = ${users.id}))`,
      // The address proved by a mailed link (issue 66 item 8: newsletters take proved ones).
      emailConfirmed: sql<boolean>`(${users.emailConfirmedAt} is not null)`,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(userTotp, and(eq(userTotp.userId, users.id), isNotNull(userTotp.enabledAt)))
    .where(
      and(
        eq(userSessions.id, sessionId),
        eq(userSessions.userId, userId),
        gt(userSessions.expiresAt, now),
      ),
    );
  return row;
}

/** When the session began (its sign-in), or undefined when it is gone. */
export async function sessionStartedAt(db: Db, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: userSessions.createdAt })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId));
  return row?.createdAt;
}

export async function touchSession(db: Db, sessionId: string, now: Date) {
  await db.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, sessionId));
}

/** The user's unexpired sessions, the latest seen first. */
export async function listSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: userSessions.id,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
      userAgent: userSessions.userAgent,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), gt(userSessions.expiresAt, now)))
    .orderBy(desc(userSessions.lastSeenAt), asc(userSessions.id));
}

/** Ends one session of the user; false when they have no such session. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), eq(userSessions.id, sessionId)))
    .returning({ id: userSessions.id });
  return rows.length > 0;
}
