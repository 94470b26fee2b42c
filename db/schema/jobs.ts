import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/**
 * Work to do at a given time, once across every process on this database (DECISIONS.md §11):
 * a process leases due rows with `FOR UPDATE SKIP LOCKED` (`leasedUntil`), runs them and marks
 * them done (server/modules/jobs). A process that dies mid-job leaves its lease to run out, and
 * another takes the job then. `key` names the job's subject so that rescheduling moves the one
 * job instead of adding another (`article-live:<id>`).
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
    /** Taken by a process until then; past it, the job is free for another to take. */
    leasedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} IS NULL`),
  ],
);
