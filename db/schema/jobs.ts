import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/**
 * Work to do at a given time, once across every process on this database (DECISIONS.md §11):
 * a process claims due rows with `FOR UPDATE SKIP LOCKED` and marks them done in the same
 * statement (server/modules/jobs). `key` names the job's subject so that rescheduling moves
 * the one job instead of adding another (`article-live:<id>`).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    key: text().notNull().unique(),
    kind: text().notNull(),
    subjectId: uuid(),
    runAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    doneAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} IS NULL`),
  ],
);
