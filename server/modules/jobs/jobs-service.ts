import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import {
  deleteJob,
  finishJob,
  insertJob,
  leaseDueJobs,
  releaseJob,
  upsertJob,
} from './jobs-repository';
import type { Log } from '../../lib/log';

/**
 * How often each process looks for due jobs. A job runs at most this long after its time
 * (plus the handler's own time): well inside the 15 seconds of DECISIONS.md §11.
 */
export const JOB_POLL_MS = 2_000;
/** Jobs one poll leases; more wait for the next poll, two seconds later. */
const CLAIM_BATCH = 50;
/**
 * How long a process holds the jobs it leased. One that dies mid-job leaves them to another
 * process when this runs out: due at T, leased by T + JOB_POLL_MS, free again by T + 10 s and
 * taken by the next poll, inside the 15 seconds of DECISIONS.md §11. A job that outlasts its
 * lease may run twice; a go-live job is harmless twice (it refreshes the same pages).
 */
export const JOB_LEASE_MS = 8_000;

export interface ClaimedJob {
  id: string;
  key: string;
  kind: string;
  subjectId: string | null;
  /** When it was due. */
  runAt: Date;
}
export type JobHandler = (job: ClaimedJob) => Promise<void>;

/**
 * Jobs at a given time, run once across every process on one database (docs/decisions/016).
 * The same code runs on the embedded engine (one process) and on PostgreSQL (many): each
 * poll leases due rows with `FOR UPDATE SKIP LOCKED` and marks them done once they ran, so no
 * library and no leader election, and no job is lost with a process that dies holding it.
 */
export function createJobsService(deps: { db: Db; clock: Clock; log?: Log }) {
  const { db, clock } = deps;
  const handlers = new Map<string, JobHandler>();
  /** Told of every job that ran: its kind and how late it ran (the metrics' scheduler lag). */
  const ranObservers: ((kind: string, lagSeconds: number) => void)[] = [];

  /** Runs every job due now that no other process has taken; answers how many ran. */
  const runDue = async (): Promise<number> => {
    const now = clock.now();
    const until = new Date(now.getTime() + JOB_LEASE_MS);
    const claimed = await leaseDueJobs(db, now, until, CLAIM_BATCH);
    let ran = 0;
    for (const job of claimed) {
      const handler = handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
        await handler(job);
        await finishJob(db, job.id, job.leasedUntil ?? until, clock.now());
        ran++;
        const lagSeconds = Math.max(0, (clock.now().getTime() - job.runAt.getTime()) / 1000);
        for (const observe of ranObservers) observe(job.kind, lagSeconds);
        deps.log?.info({ job: job.key }, 'job ran');
      } catch (error) {
        // Handed back: this or another process tries again at the next poll.
        deps.log?.error({ err: error, job: job.key }, 'job failed; it will be retried');
        await releaseJob(db, job.id);
      }
    }
    return ran;
  };

  return {
    /** Calls `observe` each time a job has run, with its kind and how late it ran. */
    onRan(observe: (kind: string, lagSeconds: number) => void) {
      ranObservers.push(observe);
    },
    /** What to do for jobs of `kind`; the composition root registers each kind once. */
    handle(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    /**
     * Runs `kind` for `subjectId` at `runAt`; the same key moves the one job. Given a
     * transaction (`tx`), the job is set only if it commits.
     */
    schedule: (
      job: { key: string; kind: string; subjectId: string | null; runAt: Date },
      tx: Db = db,
    ) => upsertJob(tx, job),
    cancel: (key: string, tx: Db = db) => deleteJob(tx, key),
    /** Runs `kind` for `subjectId` at `runAt` unless a job of this key exists (done or not). */
    scheduleOnce: (job: { key: string; kind: string; subjectId: string | null; runAt: Date }) =>
      insertJob(db, job),
    runDue,
    /**
     * Polls every JOB_POLL_MS (at once again after a poll that ran jobs) until the returned
     * stop() (which waits for a poll in hand). A failed poll (the database briefly away) is
     * logged and the next one tries again.
     */
    start(pollMs = JOB_POLL_MS): () => Promise<void> {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let inHand: Promise<unknown> = Promise.resolve();
      const tick = () => {
        let ran = 0;
        inHand = runDue()
          .then((n) => (ran = n))
          .catch((error: unknown) => deps.log?.error({ err: error }, 'polling for jobs failed'))
          .finally(() => {
            // A poll that ran jobs looks again at once: a job that goes on in runs (a
            // newsletter's sending) takes its next run without waiting out the interval.
            if (!stopped) timer = setTimeout(tick, ran > 0 ? 0 : pollMs).unref();
          });
      };
      timer = setTimeout(tick, pollMs).unref();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await inHand;
      };
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
