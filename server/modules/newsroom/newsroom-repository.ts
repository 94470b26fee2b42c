import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { ArticleStatus } from '../../../common/articles';
import type { RevisionContent, RevisionKind } from '../../../common/schemas/revisions';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import { collabWriters } from '../../../db/schema/collab';
import { articlePresence, articleRevisions } from '../../../db/schema/revisions';
import { users } from '../../../db/schema/users';

/*
 * The newsroom module's tables (docs/decisions/023): `article_revisions` and
 * `article_presence`. A revision's content is a snapshot the articles module makes of the row
 * it has just written, in its own transaction (`recordRevision(tx, …)`).
 */

/** One revision as recorded: a save, a restore or a status move of an article. */
export interface RevisionRecord {
  articleId: string;
  userId: string;
  kind: Exclude<RevisionKind, 'autosave'>;
  /** The title it had, or a label made from it ("Restored: …"). */
  label: string;
  status: ArticleStatus;
  /** The article's updatedAt once written: the revision's time and what it is based on. */
  updatedAt: Date;
  content: RevisionContent;
}

/**
 * Records a revision in the caller's transaction. A save or a restore also retires that user's
 * autosave of it: the save took their work, the restore replaced it by their choice. A status
 * move keeps it: it saved none of their text (docs/decisions/023, "Pruning").
 */
export async function recordRevision(tx: Db, r: RevisionRecord) {
  if (r.kind !== 'status') await deleteAutosave(tx, r.articleId, r.userId);
  const typed = r.kind === 'status' ? [] : await takeWriters(tx, r.articleId);
  await tx.insert(articleRevisions).values({
    articleId: r.articleId,
    userId: r.userId,
    kind: r.kind,
    label: r.label,
    status: r.status,
    basedOn: r.updatedAt,
    content: r.content,
    // A save names whoever typed into the shared document since the last; a restore replaces
    // what they typed, so it takes their rows but names only the one who restored.
    writers: [r.userId, ...(r.kind === 'save' ? typed.filter((id) => id !== r.userId) : [])],
    createdAt: r.updatedAt,
  });
}

/**
 * The people who typed into the article's shared document since its last save or restore,
 * first typed first; their rows go with this one (collab_writers, written by the co-editing
 * server of whichever process holds their connection).
 */
async function takeWriters(tx: Db, articleId: string): Promise<string[]> {
  const rows = await tx
    .delete(collabWriters)
    .where(eq(collabWriters.articleId, articleId))
    .returning({ userId: collabWriters.userId, since: collabWriters.since });
  return rows.sort((a, b) => a.since.getTime() - b.since.getTime()).map((row) => row.userId);
}

async function deleteAutosave(db: Db, articleId: string, userId: string) {
  await db
    .delete(articleRevisions)
    .where(
      and(
        eq(articleRevisions.articleId, articleId),
        eq(articleRevisions.userId, userId),
        eq(articleRevisions.kind, 'autosave'),
      ),
    );
}

/** A user's unsaved work on an article: replaces their previous autosave of it. */
export async function saveAutosave(
  db: Db,
  values: {
    articleId: string;
    userId: string;
    label: string;
    status: ArticleStatus;
    basedOn: Date;
    content: RevisionContent;
    createdAt: Date;
  },
): Promise<string> {
  return transaction(db, async (tx) => {
    await deleteAutosave(tx, values.articleId, values.userId);
    const [row] = await tx
      .insert(articleRevisions)
      .values({ ...values, kind: 'autosave', writers: [values.userId] })
      .returning({ id: articleRevisions.id });
    return (row as { id: string }).id;
  });
}

const summaryColumns = {
  id: articleRevisions.id,
  createdAt: articleRevisions.createdAt,
  userId: articleRevisions.userId,
  userName: users.name,
  label: articleRevisions.label,
  status: articleRevisions.status,
  kind: articleRevisions.kind,
  /** Everyone who wrote it, in order, as `{ _id, name }` (deleted accounts passed over). */
  writers: sql<{ _id: string; name: string }[]>`coalesce((
    SELECT json_agg(json_build_object('_id', ${users.id}, 'name', ${users.name})
                    ORDER BY array_position(${articleRevisions.writers}, ${users.id}))
      FROM ${users} WHERE ${users.id} = ANY(${articleRevisions.writers})), '[]'::json)`,
};

/** An article's revisions, newest first (without their content). */
export function listRevisions(db: Db, articleId: string) {
  return db
    .select(summaryColumns)
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.userId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id));
}
export type RevisionSummaryRow = Awaited<ReturnType<typeof listRevisions>>[number];

/** One revision of an article, whole; undefined when it is not that article's. */
export async function findRevision(db: Db, articleId: string, revisionId: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      basedOn: articleRevisions.basedOn,
      content: articleRevisions.content,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.userId))
    .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)));
  return row;
}

/** Notes that `userId` has the article open at `now`. */
export async function touchPresence(db: Db, articleId: string, userId: string, now: Date) {
  await db
    .insert(articlePresence)
    .values({ articleId, userId, seenAt: now })
    .onConflictDoUpdate({
      target: [articlePresence.articleId, articlePresence.userId],
      set: { seenAt: sql`excluded.seen_at` },
    });
}

/** `userId` has closed the article. */
export async function dropPresence(db: Db, articleId: string, userId: string) {
  await db
    .delete(articlePresence)
    .where(and(eq(articlePresence.articleId, articleId), eq(articlePresence.userId, userId)));
}

/** Everyone but `userId` who had the article open at `since` or later. */
export function listPresence(db: Db, articleId: string, userId: string, since: Date) {
  return db
    .select({ id: users.id, name: users.name, seenAt: articlePresence.seenAt })
    .from(articlePresence)
    .innerJoin(users, eq(users.id, articlePresence.userId))
    .where(
      and(
        eq(articlePresence.articleId, articleId),
        ne(articlePresence.userId, userId),
        gte(articlePresence.seenAt, since),
      ),
    )
    .orderBy(desc(articlePresence.seenAt));
}
