import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, ownedBy } from './columns';
import { articles } from './content';
import { users } from './users';

/*
 * Corrections on the record (issue 43 item 3): every correction of a published story, kept for
 * good (a story may be corrected several times). `note` is plain text, escaped when shown.
 */
export const articleCorrections = pgTable(
  'article_corrections',
  {
    id: id(),
    articleId: ownedBy(() => articles.id),
    /** Who recorded it; null once that account is deleted (the correction stays). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('article_corrections_article_idx').on(t.articleId, t.createdAt.desc()),
    // /corrections lists them all, newest first.
    index('article_corrections_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
