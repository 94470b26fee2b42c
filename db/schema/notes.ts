import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, ownedBy, timestamps } from './columns';
import { articles } from './content';
import { users } from './users';

/*
 * Notes in the margin (issue 43 item 2): staff's notes on a passage of an article (`quote`, the
 * text they were made on), their replies (`parent_id`), resolved or not. Never published: no
 * reader's query, page, feed or revision reads this table.
 */
export const articleNotes = pgTable(
  'article_notes',
  {
    id: id(),
    articleId: ownedBy(() => articles.id),
    /** The note a reply answers; null for a note. */
    parentId: uuid().references((): AnyPgColumn => articleNotes.id, { onDelete: 'cascade' }),
    /** The passage a note is on ('' for a reply). */
    quote: text().notNull().default(''),
    body: text().notNull(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('article_notes_article_idx').on(t.articleId, t.createdAt)],
);
