import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../../db/client';
import { collabDocuments, collabWriters } from '../../../db/schema/collab';
import { isForeignKeyViolation } from '../../lib/db-errors';

/*
 * Shared documents (docs/decisions/061): one row per article, its Yjs state as one compacted
 * update. Several processes store one document: each store merges into what is there under the
 * row's lock, so a process that has not yet heard another's last change does not drop it.
 */

/** The stored state of article `articleId`'s document, if any. */
export async function storedState(db: Db, articleId: string): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ state: collabDocuments.state })
    .from(collabDocuments)
    .where(eq(collabDocuments.articleId, articleId));
  return row ? new Uint8Array(row.state) : undefined;
}

/**
 * Stores `state` as the document's first state unless another process stored one first:
 * answers the state that is now stored.
 */
export async function storeFirstState(
  db: Db,
  articleId: string,
  state: Uint8Array,
  now: Date,
): Promise<Uint8Array> {
  const inserted = await db
    .insert(collabDocuments)
    .values({ articleId, state: Buffer.from(state), updatedAt: now })
    .onConflictDoNothing()
    .returning({ articleId: collabDocuments.articleId });
  if (inserted.length > 0) return state;
  return (await storedState(db, articleId)) ?? state;
}

/**
 * Merges `update` into the stored state (made when none), compacted. Nothing once the article is
 * gone: deleted while someone had it open, its document goes with it.
 */
export async function mergeState(db: Db, articleId: string, update: Uint8Array, now: Date) {
  await mergeInto(db, articleId, update, now).catch((error: unknown) => {
    if (!isForeignKeyViolation(error)) throw error;
  });
}

async function mergeInto(db: Db, articleId: string, update: Uint8Array, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: collabDocuments.state })
      .from(collabDocuments)
      .where(eq(collabDocuments.articleId, articleId))
      .for('update');
    const doc = new Y.Doc();
    if (row) Y.applyUpdate(doc, new Uint8Array(row.state));
    Y.applyUpdate(doc, update);
    const state = Buffer.from(Y.encodeStateAsUpdate(doc));
    doc.destroy();
    await tx
      .insert(collabDocuments)
      .values({ articleId, state, updatedAt: now })
      .onConflictDoUpdate({ target: collabDocuments.articleId, set: { state, updatedAt: now } });
  });
}

/**
 * Notes that `userId` typed into article `articleId`'s document (collab_writers): the next
 * save's revision names them. Their first time since the last save is kept; an article or
 * person deleted meanwhile is passed over.
 */
export async function noteWriter(db: Db, articleId: string, userId: string, now: Date) {
  try {
    await db.insert(collabWriters).values({ articleId, userId, since: now }).onConflictDoNothing();
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
}
