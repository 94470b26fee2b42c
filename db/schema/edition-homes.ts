/*
 * An edition's own home as its desk curates it (issue 65 item 3, DECISIONS.md §30): its lead
 * story and its sections, the tools the national home has in the settings (a lead and the
 * home sections' categories). Owned by server/modules/editions; apart from editions.ts, which
 * content.ts imports, because these rows name articles and categories.
 */
import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { articles, categories } from './content';
import { editions } from './editions';
import { ownedBy } from './columns';
import { users } from './users';

/**
 * An edition's home: the lead its desk chose (none: the newest of its stories with a picture).
 * A story deleted leaves no lead; an edition deleted takes its row.
 */
export const editionHomes = pgTable('edition_homes', {
  editionId: uuid()
    .primaryKey()
    .references(() => editions.id, { onDelete: 'cascade' }),
  leadArticleId: uuid().references(() => articles.id, { onDelete: 'set null' }),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The sections of an edition's home, in order (`position` 0, 1, …): each a category, whose
 * stories in that edition (and those of the categories inside it) it lists. A category deleted
 * takes its section with it.
 */
export const editionHomeSections = pgTable(
  'edition_home_sections',
  {
    editionId: ownedBy(() => editions.id),
    categoryId: ownedBy(() => categories.id),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.categoryId] })],
);
