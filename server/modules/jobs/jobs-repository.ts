import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
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
      set: { kind: job.kind, subjectId: job.subjectId, runAt: job.runAt, doneAt: null },
    });
}

export async function deleteJob(db: Db, key: string) {
  await db.delete(jobs).where(eq(jobs.key, key));
}

/**
 * Claims up to `limit` due jobs and marks them done, in one statement: rows another process
 * is claiming at the same moment are skipped (`FOR UPDATE SKIP LOCKED`), so each due job is
 * handed to exactly one caller across every process on the database.
 */
export async function claimDueJobs(db: Db, now: Date, limit: number) {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)))
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ doneAt: now })
    .where(and(inArray(jobs.id, due), isNull(jobs.doneAt)))
    .returning({
      id: jobs.id,
      key: jobs.key,
      kind: jobs.kind,
      subjectId: jobs.subjectId,
      runAt: jobs.runAt,
    });
}

/** A job handed back after its handler failed: due again at the next poll. */
export async function releaseJob(db: Db, id: string) {
  await db.update(jobs).set({ doneAt: null }).where(eq(jobs.id, id));
}
