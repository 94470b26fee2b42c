/*
 * The outbox's SQL (db/schema/events.ts): events written in a change's transaction, read in
 * order after commit, and the positions and leases of the consumers that act once across
 * every process.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventConsumers, events, type EventCache } from '../../db/schema/events';

/**
 * The lock every event-writing transaction takes just before it writes its events and holds
 * until it commits: event ids are then given out in commit order, so a reader that sees an id
 * has seen every smaller one, and a consumer's position never skips an event still to commit.
 */
export const EVENTS_LOCK = 7_232_012;

/** The channel that wakes every process when events are committed (the payload is the last id). */
export const EVENTS_CHANNEL = 'patrika_events';

export interface NewEvent {
  type: string;
  subjectKind: string;
  subjectId: string;
  at: Date;
  data: Record<string, unknown>;
  cache: EventCache | null;
}

export interface StoredEvent {
  id: number;
  type: string;
  subject: { kind: string; id: string };
  at: Date;
  data: Record<string, unknown>;
  cache: EventCache | null;
}

/** Waits for (and takes) the events lock in `tx`: called right before its events are written. */
export async function lockEvents(tx: Db) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${EVENTS_LOCK})`);
}

/**
 * Writes `rows` in `tx` (which holds the events lock) and wakes every process at commit:
 * PostgreSQL delivers a NOTIFY made in a transaction only if, and when, it commits.
 */
export async function insertEvents(tx: Db, rows: NewEvent[]): Promise<number[]> {
  const written = await tx.insert(events).values(rows).returning({ id: events.id });
  const ids = written.map((r) => r.id);
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${String(ids.at(-1) ?? '')})`);
  return ids;
}

const toStored = (row: typeof events.$inferSelect): StoredEvent => ({
  id: row.id,
  type: row.type,
  subject: { kind: row.subjectKind, id: row.subjectId },
  at: row.at,
  data: row.data,
  cache: row.cache ?? null,
});

/** Up to `limit` events after `after`, oldest first. */
export async function eventsAfter(db: Db, after: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(gt(events.id, after))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows.map(toStored);
}

/** The newest event's id, 0 when there is none. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${events.id})` }).from(events);
  return Number(row?.id ?? 0);
}

/** Events older than `before` are gone (the trim job). Answers how many. */
export async function trimEvents(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(events).where(lt(events.at, before)).returning({ id: events.id });
  return gone.length;
}

/** A consumer that acts once across processes starts at the newest event when first seen. */
export async function ensureConsumer(db: Db, name: string) {
  await db.execute(sql`
    INSERT INTO ${eventConsumers} (name, position)
    SELECT ${name}, coalesce(max(${events.id}), 0) FROM ${events}
    ON CONFLICT (name) DO NOTHING`);
}

/**
 * Takes consumer `name` for process `by` until `until`, unless another process holds it or it
 * waits after a failure; answers its position and failures in a row, or undefined.
 */
export async function leaseConsumer(
  db: Db,
  lease: { name: string; by: string; now: Date; until: Date },
): Promise<{ position: number; failures: number } | undefined> {
  const [row] = await db
    .update(eventConsumers)
    .set({ leasedUntil: lease.until, leasedBy: lease.by })
    .where(
      and(
        eq(eventConsumers.name, lease.name),
        or(
          isNull(eventConsumers.leasedUntil),
          lt(eventConsumers.leasedUntil, lease.now),
          eq(eventConsumers.leasedBy, lease.by),
        ),
        or(isNull(eventConsumers.retryAt), lte(eventConsumers.retryAt, lease.now)),
      ),
    )
    .returning({ position: eventConsumers.position, failures: eventConsumers.failures });
  return row;
}

/**
 * Where consumer `name` has read to, while `by` still holds it (and with `release`, lets it go);
 * answers whether it held it.
 */
export async function advanceConsumer(
  db: Db,
  lease: { name: string; by: string; until: Date },
  position: number,
  opts: { release?: boolean } = {},
): Promise<boolean> {
  const held = opts.release ? { leasedUntil: null, leasedBy: null } : { leasedUntil: lease.until };
  const rows = await db
    .update(eventConsumers)
    .set({ position, ...held, failures: 0, retryAt: null, lastError: null })
    .where(and(eq(eventConsumers.name, lease.name), eq(eventConsumers.leasedBy, lease.by)))
    .returning({ name: eventConsumers.name });
  return rows.length > 0;
}

/** Keeps holding consumer `name` while a slow batch is in hand. */
export async function extendLease(db: Db, lease: { name: string; by: string; until: Date }) {
  await db
    .update(eventConsumers)
    .set({ leasedUntil: lease.until })
    .where(and(eq(eventConsumers.name, lease.name), eq(eventConsumers.leasedBy, lease.by)));
}

/** Lets consumer `name` go; after a failure, not tried again before `failure.retryAt`. */
export async function releaseConsumer(
  db: Db,
  lease: { name: string; by: string },
  failure?: { retryAt: Date; error: string },
) {
  await db
    .update(eventConsumers)
    .set({
      leasedUntil: null,
      leasedBy: null,
      ...(failure
        ? {
            failures: sql`${eventConsumers.failures} + 1`,
            retryAt: failure.retryAt,
            lastError: failure.error.slice(0, 500),
          }
        : {}),
    })
    .where(and(eq(eventConsumers.name, lease.name), eq(eventConsumers.leasedBy, lease.by)));
}

/** A consumer's row as stored (tests, metrics). */
export async function consumerState(db: Db, name: string) {
  const [row] = await db.select().from(eventConsumers).where(eq(eventConsumers.name, name));
  return row;
}

/**
 * The subjects of events of `types` after `since`, each once with its latest such moment,
 * oldest first (an app's list of what it must forget: GET /api/v1/deleted).
 */
export async function subjectsSince(
  db: Db,
  opts: { types: readonly string[]; since: Date; limit: number },
): Promise<{ id: string; at: Date }[]> {
  const at = sql<Date>`max(${events.at})`.mapWith(events.at);
  const rows = await db
    .select({ id: events.subjectId, at })
    .from(events)
    .where(and(inArray(events.type, [...opts.types]), gt(events.at, opts.since)))
    .groupBy(events.subjectId)
    .orderBy(asc(at), asc(events.subjectId))
    .limit(opts.limit);
  return rows;
}
