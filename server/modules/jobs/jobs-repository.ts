import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { amongPicked } from '../../../db/picked';
import { jobs } from '../../../db/schema/jobs';

/** Sets (or moves) the job `key` to run at `runAt`, undone again. */
export async function upsertJob(
  db: Db,
  job: { key: string; kind: string; subjectId: string | null; runAt: Date },
) {
  await db
    .insert(jobs)
    .values(job)
    .onConflictDoUpdate({
      target: jobs.key,
      set: {
        kind: job.kind,
        subjectId: job.subjectId,
        runAt: job.runAt,
        doneAt: null,
        leasedUntil: null,
      },
    });
}

/** Adds the job `key` unless one of that key exists, done or not. */
export async function insertJob(
  db: Db,
  job: { key: string; kind: string; subjectId: string | null; runAt: Date },
) {
  await db.insert(jobs).values(job).onConflictDoNothing({ target: jobs.key });
}

export async function deleteJob(db: Db, key: string) {
  await db.delete(jobs).where(eq(jobs.key, key));
}

/**
 * Leases up to `limit` due jobs until `until`, in one statement: rows another process is
 * leasing at the same moment are skipped (`FOR UPDATE SKIP LOCKED`), and a row under another
 * process's lease is left alone until it runs out, so each due job is in exactly one process's
 * hands at a time. A job is done only once `finishJob` says so.
 */
export async function leaseDueJobs(db: Db, now: Date, until: Date, limit: number) {
  const free = or(isNull(jobs.leasedUntil), lt(jobs.leasedUntil, now));
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), free))
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ leasedUntil: until })
    .where(and(amongPicked(jobs.id, due), isNull(jobs.doneAt), free))
    .returning({
      id: jobs.id,
      key: jobs.key,
      kind: jobs.kind,
      subjectId: jobs.subjectId,
      runAt: jobs.runAt,
      leasedUntil: jobs.leasedUntil,
    });
}

/**
 * A leased job ran: done, unless it was moved meanwhile (rescheduled: its lease was cleared),
 * in which case it stays for its new time.
 */
export async function finishJob(db: Db, id: string, leasedUntil: Date, now: Date) {
  await db
    .update(jobs)
    .set({ doneAt: now, leasedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.leasedUntil, leasedUntil)));
}

/** A job handed back after its handler failed: due again at the next poll. */
export async function releaseJob(db: Db, id: string) {
  await db.update(jobs).set({ leasedUntil: null }).where(eq(jobs.id, id));
}
