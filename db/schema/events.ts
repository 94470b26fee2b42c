import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What changed, written in the same transaction as the change (the transactional outbox,
 * DECISIONS.md §22, server/events/README.md): whatever follows a change (the page caches of
 * every process, the front cache's purge, review mail, and what this wave adds) reads these rows
 * after commit, each consumer from its own position, so a process killed between a commit and
 * its purge leaves the purge to the next process that reads. Rows are written under one lock
 * taken at the end of the writing transaction, so ids grow in commit order and a reader that
 * sees an id has seen every smaller one (server/events/outbox.ts). Kept 30 days.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** `article.published`, `breaking.set`, … (common/events.ts). */
    type: text().notNull(),
    subjectKind: text().notNull(),
    subjectId: text().notNull(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** What the change was, for consumers and the events API. */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * What kept answers it touches (tags to refresh or drop, addresses for front caches): for
     * the page caches and purges only, never in the API.
     */
    cache: jsonb().$type<EventCache>(),
  },
  (t) => [index('events_at_idx').on(t.at)],
);

/** A change to kept answers, as an event carries it (common/cache-tags.ts's CacheChange). */
export interface EventCache {
  stale?: string[];
  drop?: string[];
  /** Everything kept: a change nobody can name by tags (settings, an import). */
  all?: 'stale' | 'drop';
  /** Paths of public pages it touches (front caches that purge by address). */
  urls?: string[];
  /** Of the stale answers, those showing these tags are refreshed first (CacheChange.first). */
  first?: string[];
}

/**
 * Where each consumer that must act once across every process has read to (a purge, a mail),
 * and which process holds it now: a lease that runs out when its process dies, so another
 * process carries on from `position` (at least once; consumers are idempotent).
 */
export const eventConsumers = pgTable('event_consumers', {
  name: text().primaryKey(),
  /** The last event it has handled. */
  position: bigint({ mode: 'number' }).notNull().default(0),
  leasedUntil: timestamp({ withTimezone: true, mode: 'date' }),
  leasedBy: text(),
  /** Failures in a row: its backoff. */
  failures: bigint({ mode: 'number' }).notNull().default(0),
  /** Not tried again before then (after a failure). */
  retryAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastError: text(),
});
