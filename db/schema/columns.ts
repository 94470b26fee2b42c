import { sql, type SQL } from 'drizzle-orm';
import { customType, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** String ids under `_id` on the wire (SPEC.md §3); UUIDs made by PostgreSQL. */
export const id = () => uuid().primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * A row that belongs to another: a required reference that goes when the row it names goes
 * (ON DELETE CASCADE): an article's tags, bylines, revisions, entries and counts.
 */
export const ownedBy = (column: () => AnyPgColumn) =>
  uuid().notNull().references(column, { onDelete: 'cascade' });

/** PostgreSQL `tsvector`; Drizzle has no built-in type for it. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The upload folders (YYYY/MM/<uuid>) a text names by any of their files, through the SQL
 * function `media_folders_in` (migration 0020): what counts as using an upload
 * (docs/decisions/034). A GIN index over a table's texts and the media module's questions write
 * the same expression, so the index answers them.
 */
export const mediaFoldersIn = (text: SQL | AnyPgColumn) => sql<string[]>`media_folders_in(${text})`;
