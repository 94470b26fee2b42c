import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { WRITING_ROLES } from '../../../common/roles';
import type { Db } from '../../../db/client';
import { articleNotes } from '../../../db/schema/notes';
import { users } from '../../../db/schema/users';

/*
 * `article_notes` (issue 43 item 2): notes in the margin and their replies, read only by the
 * newsroom's own screens.
 */

export interface NoteRecord {
  articleId: string;
  parentId: string | null;
  quote: string;
  body: string;
  authorId: string;
  createdAt: Date;
}

/** Records a note or a reply; answers its id. */
export async function insertNote(db: Db, note: NoteRecord): Promise<string> {
  const [row] = await db.insert(articleNotes).values(note).returning({ id: articleNotes.id });
  return (row as { id: string }).id;
}

const rowColumns = {
  id: articleNotes.id,
  articleId: articleNotes.articleId,
  parentId: articleNotes.parentId,
  quote: articleNotes.quote,
  body: articleNotes.body,
  authorId: articleNotes.authorId,
  authorName: users.name,
  resolvedAt: articleNotes.resolvedAt,
  createdAt: articleNotes.createdAt,
};
export type NoteRow = Awaited<ReturnType<typeof listNoteRows>>[number];

/** An article's notes and replies, oldest first, with their authors' names. */
export function listNoteRows(db: Db, articleId: string) {
  return db
    .select(rowColumns)
    .from(articleNotes)
    .leftJoin(users, eq(users.id, articleNotes.authorId))
    .where(eq(articleNotes.articleId, articleId))
    .orderBy(asc(articleNotes.createdAt), asc(articleNotes.id));
}

/** A note (not a reply) of the article, or undefined. */
export async function findNote(db: Db, articleId: string, noteId: string) {
  const [row] = await db
    .select(rowColumns)
    .from(articleNotes)
    .leftJoin(users, eq(users.id, articleNotes.authorId))
    .where(
      and(
        eq(articleNotes.id, noteId),
        eq(articleNotes.articleId, articleId),
        isNull(articleNotes.parentId),
      ),
    );
  return row;
}

/** A note or reply by id, for its mail. */
export async function noteById(db: Db, noteId: string) {
  const [row] = await db
    .select(rowColumns)
    .from(articleNotes)
    .leftJoin(users, eq(users.id, articleNotes.authorId))
    .where(eq(articleNotes.id, noteId));
  return row;
}

export async function setResolved(
  db: Db,
  noteId: string,
  resolved: { at: Date; by: string } | null,
) {
  await db
    .update(articleNotes)
    .set({ resolvedAt: resolved?.at ?? null, resolvedBy: resolved?.by ?? null })
    .where(eq(articleNotes.id, noteId));
}

export function newsroomPeople(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, WRITING_ROLES));
}
