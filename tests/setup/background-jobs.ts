/*
 * Uploads make their AVIF variants in a background job (docs/decisions/035), which writes rows
 * and files when it runs. A test that checks a refused call changed nothing waits for those
 * jobs first, so none of them finishes between its "before" and its "after".
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../db/schema/jobs';
import { MEDIA_VARIANTS_JOB } from '../../server/modules/media/media-deps';
import { waitUntil } from './wait-until';

/** Runs the due AVIF jobs here too, and waits until none is left undone. */
export async function settleMediaJobs(app: FastifyInstance) {
  const db = app.services.database.db;
  await waitUntil(
    async () => {
      await app.services.jobs.runDue();
      const [row] = await db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.kind, MEDIA_VARIANTS_JOB), isNull(jobs.doneAt)));
      return Number(row?.n ?? 0) === 0;
    },
    { timeoutMs: 60_000, intervalMs: 50, message: 'the uploads’ AVIF jobs are done' },
  );
}
