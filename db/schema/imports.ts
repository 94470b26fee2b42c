import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * What an import brought in, so a second run of the same file changes nothing: one row per
 * thing of the old site (`source` names the site, e.g. `wordpress:https://old.example`; `kind`
 * is post, page, attachment, author, category; `key` its id or address there) and the id it
 * got here.
 */
export const importRecords = pgTable(
  'import_records',
  {
    source: text().notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    targetId: text().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.key] })],
);
