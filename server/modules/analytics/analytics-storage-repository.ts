import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import { analyticsEvents, analyticsRollups } from '../../../db/schema/analytics';

/*
 * The raw events' day partitions and the rollups (issue 38 item 6). Partitions are named
 * analytics_events_pYYYYMMDD (their UTC day); migration 0032 made the table partitioned, with a
 * default partition for rows whose day has none yet.
 */

export const ROLLUP_GRAINS = ['minute', 'hour', 'day'] as const;
export type RollupGrain = (typeof ROLLUP_GRAINS)[number];

const partitionOf = (day: string) => `analytics_events_p${day.replaceAll('-', '')}`;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

type Rows<T> = { rows: T[] };
/** The rows of a raw query (both engines' drivers answer `{ rows }`). */
export const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Makes the partition of `day` unless it is there: a table like the parent, filled with the
 * day's rows that waited in the default partition, attached in one transaction (attaching
 * checks that the default holds none of the day's rows any more).
 */
export async function ensurePartition(db: Db, day: string): Promise<boolean> {
  const name = partitionOf(day);
  const [found] = await rowsOf<{ t: string | null }>(
    db,
    sql`SELECT to_regclass(${name})::text AS t`,
  );
  if (found?.t) return false;
  return makePartition(db, day, name).catch((error: unknown) => {
    // Processes starting together each try; the ones that meet the table made go on.
    if (ALREADY_MADE.has(codeOf(error))) return false;
    throw error;
  });
}

/**
 * duplicate_table, and the table's row type met in pg_type (a unique violation, or
 * duplicate_object) when two made it at once.
 */
const ALREADY_MADE = new Set(['42P07', '23505', '42710']);
const codeOf = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code ?? '';
};

function makePartition(db: Db, day: string, name: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    // One maker at a time across processes; the next finds the table made and goes on.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('analytics_events partitions'))`);
    const [made] = await rowsOf<{ t: string | null }>(
      tx,
      sql`SELECT to_regclass(${name})::text AS t`,
    );
    if (made?.t) return false;
    const table = sql.identifier(name);
    await tx.execute(sql`CREATE TABLE ${table} (LIKE ${analyticsEvents} INCLUDING DEFAULTS)`);
    await tx.execute(sql`WITH moved AS (DELETE FROM analytics_events_default WHERE day = ${day} RETURNING *)
      INSERT INTO ${table} SELECT * FROM moved`);
    await tx.execute(
      sql`ALTER TABLE ${analyticsEvents} ATTACH PARTITION ${table} FOR VALUES FROM (${sql.raw(`'${day}'`)}) TO (${sql.raw(`'${nextDay(day)}'`)})`,
    );
    return true;
  });
}

/** Drops the partitions of days before `firstKept`, and deletes older rows left elsewhere. */
export async function dropDaysBefore(db: Db, firstKept: string): Promise<string[]> {
  const parts = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'analytics_events'::regclass AND c.relname LIKE 'analytics\\_events\\_p%'`,
  );
  const limit = partitionOf(firstKept);
  const dropped = parts.map((p) => p.name).filter((name) => name < limit);
  for (const name of dropped) await db.execute(sql`DROP TABLE ${sql.identifier(name)}`);
  await db.delete(analyticsEvents).where(lt(analyticsEvents.day, firstKept));
  return dropped.sort();
}

/** Deletes the minute rollups before `before` (hours and days stay). */
export async function dropMinutesBefore(db: Db, before: Date): Promise<void> {
  await db
    .delete(analyticsRollups)
    .where(and(eq(analyticsRollups.grain, 'minute'), lt(analyticsRollups.bucket, before)));
}

/**
 * Rolls up the article events from the start of the `grain` bucket holding `from` on, per
 * bucket (in `timeZone`: a day is the site's day), article and source; a bucket rolled up again
 * is replaced whole, so the job may run any number of times. Readers are distinct hashes: a view
 * without one (Do Not Track, or not proved a reader's: issue 66 item 11) is a view only.
 */
export async function rollUp(db: Db, grain: RollupGrain, from: Date, timeZone: string) {
  const bucket = sql`date_trunc(${grain}, ${analyticsEvents.at}, ${timeZone})`;
  const start = sql`date_trunc(${grain}, ${from.toISOString()}::timestamptz, ${timeZone})`;
  await db.execute(sql`
    INSERT INTO ${analyticsRollups} (grain, bucket, article_id, source, views, readers, engaged, engaged_seconds)
    SELECT ${grain}, ${bucket}, article_id, source,
      count(*) FILTER (WHERE kind = 'view'),
      count(DISTINCT visitor) FILTER (WHERE kind = 'view'),
      count(*) FILTER (WHERE kind = 'engaged'),
      coalesce(sum(seconds) FILTER (WHERE kind = 'engaged'), 0)
    FROM ${analyticsEvents}
    WHERE at >= ${start} AND article_id IS NOT NULL
    GROUP BY 2, 3, 4
    ON CONFLICT (grain, bucket, article_id, source) DO UPDATE SET
      views = excluded.views, readers = excluded.readers,
      engaged = excluded.engaged, engaged_seconds = excluded.engaged_seconds`);
}
