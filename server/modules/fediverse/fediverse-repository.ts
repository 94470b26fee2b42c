import { and, asc, count, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  fediverseFollowers,
  fediverseKeys,
  fediverseKv,
  fediverseMessages,
} from '../../../db/schema/fediverse';

export type KeyRow = typeof fediverseKeys.$inferSelect;
export type FollowerRow = typeof fediverseFollowers.$inferSelect;

/* Key pairs */

export const keysOf = (db: Db, actor: string): Promise<KeyRow[]> =>
  db
    .select()
    .from(fediverseKeys)
    .where(eq(fediverseKeys.actor, actor))
    .orderBy(asc(fediverseKeys.createdAt));

/** Keeps a key pair unless the actor has one of that algorithm already (two processes at once). */
export async function insertKey(
  db: Db,
  values: Pick<KeyRow, 'actor' | 'algorithm' | 'publicKey' | 'privateKey'>,
): Promise<void> {
  await db.insert(fediverseKeys).values(values).onConflictDoNothing();
}

/* Followers */

/** Keeps a follower (again: a repeated `Follow` changes its inbox and activity id). */
export async function upsertFollower(
  db: Db,
  values: Pick<FollowerRow, 'actor' | 'followerId' | 'inbox' | 'sharedInbox' | 'followId'>,
): Promise<void> {
  await db
    .insert(fediverseFollowers)
    .values(values)
    .onConflictDoUpdate({
      target: [fediverseFollowers.actor, fediverseFollowers.followerId],
      set: { inbox: values.inbox, sharedInbox: values.sharedInbox, followId: values.followId },
    });
}

/** Drops a follower; answers whether there was one. */
export async function deleteFollower(db: Db, actor: string, followerId: string): Promise<boolean> {
  const rows = await db
    .delete(fediverseFollowers)
    .where(and(eq(fediverseFollowers.actor, actor), eq(fediverseFollowers.followerId, followerId)))
    .returning({ id: fediverseFollowers.id });
  return rows.length > 0;
}

/** A page of an actor's followers, oldest first, after the row `after` (a cursor: its id). */
export async function followersPage(db: Db, actor: string, after: string | null, limit: number) {
  const cursor = after
    ? await db
        .select({ createdAt: fediverseFollowers.createdAt })
        .from(fediverseFollowers)
        .where(eq(fediverseFollowers.id, after))
    : [];
  const from = cursor[0];
  return db
    .select({
      id: fediverseFollowers.id,
      followerId: fediverseFollowers.followerId,
      inbox: fediverseFollowers.inbox,
      sharedInbox: fediverseFollowers.sharedInbox,
    })
    .from(fediverseFollowers)
    .where(
      and(
        eq(fediverseFollowers.actor, actor),
        from
          ? or(
              gt(fediverseFollowers.createdAt, from.createdAt),
              and(
                eq(fediverseFollowers.createdAt, from.createdAt),
                gt(fediverseFollowers.id, after!),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(fediverseFollowers.createdAt), asc(fediverseFollowers.id))
    .limit(limit);
}

export async function countFollowers(db: Db, actor: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fediverseFollowers)
    .where(eq(fediverseFollowers.actor, actor));
  return row?.n ?? 0;
}

/** Followers per actor that has any: the back office's counts. */
export const followerCounts = (db: Db): Promise<{ actor: string; followers: number }[]> =>
  db
    .select({ actor: fediverseFollowers.actor, followers: count() })
    .from(fediverseFollowers)
    .groupBy(fediverseFollowers.actor);

/* Fedify's key–value store */

export async function kvGet(db: Db, key: string, now: Date): Promise<unknown> {
  const [row] = await db
    .select({ value: fediverseKv.value })
    .from(fediverseKv)
    .where(
      and(
        eq(fediverseKv.key, key),
        or(isNull(fediverseKv.expiresAt), gt(fediverseKv.expiresAt, now)),
      ),
    );
  return row?.value;
}

export async function kvSet(db: Db, key: string, value: unknown, expiresAt: Date | null) {
  await db
    .insert(fediverseKv)
    .values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: fediverseKv.key, set: { value, expiresAt } });
}

export async function kvDelete(db: Db, key: string) {
  await db.delete(fediverseKv).where(eq(fediverseKv.key, key));
}

/** Drops entries that expired before `now` (an hourly job). */
export async function kvTrim(db: Db, now: Date) {
  await db.delete(fediverseKv).where(lte(fediverseKv.expiresAt, now));
}

/* Fedify's message queue */

export async function insertMessage(db: Db, message: string): Promise<string> {
  const [row] = await db
    .insert(fediverseMessages)
    .values({ message })
    .returning({ id: fediverseMessages.id });
  if (!row) throw new Error('the fediverse message was not written');
  return row.id;
}

export async function findMessage(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ message: fediverseMessages.message })
    .from(fediverseMessages)
    .where(eq(fediverseMessages.id, id));
  return row?.message;
}

export async function deleteMessage(db: Db, id: string) {
  await db.delete(fediverseMessages).where(eq(fediverseMessages.id, id));
}
