import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parentsFirst } from '../../lib/table-copy';
import { articleNotes } from '../../../db/schema/notes';
import { articleRevisions } from '../../../db/schema/revisions';

/*
 * The newsroom module's door for moving content in and out (server/modules/README.md): the
 * archive copies an article's revisions and the notes in its margin verbatim. Presence is who
 * has a form open now, and is not archived.
 */

/** Tables this module lets the archive copy, after the articles they belong to. */
export const NEWSROOM_TABLES = [articleRevisions, articleNotes] as const;

/**
 * Notes before their replies, whatever their times (a reply is one level deep; its time is its
 * process's clock, which another process's may be ahead of): the notes, then the replies, each
 * part in key order.
 */
export const NOTE_ROW_PARTS = new Map<PgTable, SQL[]>([
  [articleNotes, parentsFirst(articleNotes.parentId)],
]);
