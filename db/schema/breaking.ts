import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { articles } from './content';
import { editions } from './editions';
import { users } from './users';

/**
 * The breaking-news band over every public page (issue 25 item 2). One band shows at a time in
 * each place: the newest row not ended and not past `expiresAt`, national (`editionId` null,
 * over every page) or an edition's (over that edition's page, under the national one; issue 65
 * item 3). Setting a new band ends the one before in the same place and removing it ends it, so
 * the rows are the band's history, never deleted (an edition's go with it).
 */
export const breakingNews = pgTable(
  'breaking_news',
  {
    id: id(),
    text: text().notNull(),
    /** The story the band links to, while it is published. */
    articleId: uuid().references(() => articles.id, { onDelete: 'set null' }),
    /** When it leaves every page by itself (a job, server/modules/breaking). */
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The edition whose page shows it; null: national, over every page. */
    editionId: uuid().references(() => editions.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
    /** When an editor replaced or removed it. */
    endedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('breaking_news_current_idx')
      .on(t.createdAt)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);
