import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The kept sizes of readers' big lists (docs/decisions/087): a category's, a tag's, an
 * author's or an edition's published stories, for the "Page 1 of Y" of its first pages. A
 * list of more than LIST_SIZE_KEPT_PAST stories is counted once and kept here for a few
 * minutes, so a page of it never counts a hundred thousand index entries; a smaller list is
 * counted when read and has no row. Every process reads and refreshes the same rows.
 */
export const listSizes = pgTable('list_sizes', {
  /** The list: `category:<ids>`, `tag:<id>`, `author:<id>` or `edition:<id>`. */
  list: text().primaryKey(),
  stories: integer().notNull(),
  countedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});
