import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { liveEntries } from '../../../db/schema/live';
import { users } from '../../../db/schema/users';

const entryColumns = {
  id: liveEntries.id,
  body: liveEntries.body,
  pinned: liveEntries.pinned,
  keyEvent: liveEntries.keyEvent,
  createdAt: liveEntries.createdAt,
  updatedAt: liveEntries.updatedAt,
  deletedAt: liveEntries.deletedAt,
  // The writer's name next to the entry (their account may be gone: null).
  authorId: users.id,
  authorName: users.name,
  authorSlug: users.slug,
};

const entries = (db: Db) =>
  db.select(entryColumns).from(liveEntries).leftJoin(users, eq(users.id, liveEntries.authorId));

export type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

/**
 * A blog's entries, newest first: the `limit` newest still there or, with `since`, every one
 * written, changed or removed after it (removed ones too, so a poll can take them away).
 */
export async function listEntries(
  db: Db,
  articleId: string,
  opts: { since?: Date; limit: number },
): Promise<EntryRow[]> {
  const which = opts.since
    ? and(eq(liveEntries.articleId, articleId), gt(liveEntries.updatedAt, opts.since))
    : and(eq(liveEntries.articleId, articleId), isNull(liveEntries.deletedAt));
  return entries(db)
    .where(which)
    .orderBy(desc(liveEntries.createdAt), desc(liveEntries.id))
    .limit(opts.limit);
}

/** The blog's latest change of any entry (written, changed or removed), or null for none. */
export async function latestChange(db: Db, articleId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(liveEntries.updatedAt) })
    .from(liveEntries)
    .where(eq(liveEntries.articleId, articleId));
  return row?.at ?? null;
}

/** The entry `entryId` of blog `articleId`, not removed. */
const standing = (articleId: string, entryId: string) =>
  and(
    eq(liveEntries.id, entryId),
    eq(liveEntries.articleId, articleId),
    isNull(liveEntries.deletedAt),
  );

export async function findEntry(
  db: Db,
  articleId: string,
  entryId: string,
): Promise<EntryRow | undefined> {
  const [row] = await entries(db).where(standing(articleId, entryId));
  return row;
}

export async function insertEntry(
  db: Db,
  entry: {
    articleId: string;
    body: string;
    pinned: boolean;
    keyEvent: boolean;
    authorId: string;
    now: Date;
  },
): Promise<string> {
  const { now, ...values } = entry;
  const [row] = await db
    .insert(liveEntries)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: liveEntries.id });
  return row!.id;
}

/** Changes an entry still there; false when there is none. */
export async function updateEntry(
  db: Db,
  articleId: string,
  entryId: string,
  set: { body?: string; pinned?: boolean; keyEvent?: boolean },
  now: Date,
): Promise<boolean> {
  const done = await db
    .update(liveEntries)
    .set({ ...set, updatedAt: now })
    .where(standing(articleId, entryId))
    .returning({ id: liveEntries.id });
  return done.length > 0;
}

/** Removes an entry: its text goes, its row stays as the mark of its removal. */
export async function removeEntry(
  db: Db,
  articleId: string,
  entryId: string,
  now: Date,
): Promise<boolean> {
  const done = await db
    .update(liveEntries)
    .set({ body: '', pinned: false, keyEvent: false, deletedAt: now, updatedAt: now })
    .where(standing(articleId, entryId))
    .returning({ id: liveEntries.id });
  return done.length > 0;
}
