/*
 * A page's processing as jobs on the site's job queue (issue 67 item 2, docs/decisions/067):
 * one `epaper-views` and one `epaper-ocr` job per distinct file, set in the upload's own
 * transaction. The queue runs its jobs one after another and holds each for seconds
 * (jobs-service.ts), so a handler never does the work itself: it takes the stage's lease on the
 * file, hands the work to this process's pool for the stage (one views run, EPAPER_OCR_WORKERS
 * OCR runs) and moves its job to a while later, as a watchdog. The work ends the job when it
 * is done. A process killed mid-stage stops renewing its lease; the watchdog comes due, finds
 * the lease run out and takes the stage again, so every page ends processed, and the stage's
 * results and events are written once (epaper-stages.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClaimedJob } from '../jobs/jobs-service';
import {
  EPAPER_OCR_JOB,
  EPAPER_VIEWS_JOB,
  jobKey,
  MAX_FAILURES,
  STAGE_JOB,
  type EpaperDeps,
} from './epaper-deps';
import {
  failStage,
  fileById,
  leaseStage,
  releaseLease,
  type FileRow,
  type Stage,
} from './epaper-files-repository';
import { holdLease, LEASE_MS, LeaseLost } from './epaper-lease';
import { ocrStage, viewsStage } from './epaper-stages';
import { ToolMissing } from './epaper-tools';

/** When a job finds its pool busy, it comes back this much later. */
const BUSY_RETRY_MS = 1_000;
/** The watchdog: past the lease, so a dead process's stage is free when it comes due. */
const WATCH_MS = LEASE_MS + 5_000;

const isDone = (file: FileRow, stage: Stage) =>
  stage === 'views' ? file.tilesAt !== null : file.ocrAt !== null;

/** A folder of this process for one run; removed when the run ends. */
async function runFolder(workDir: string) {
  const dir = join(workDir, `${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Runs a stage whose lease (`until`) this process holds, to its end: done (its job ended),
 * failed (counted; its watchdog job tries again), or lost (another process has it now, or the
 * app is closing and let it go).
 */
async function runStage(
  deps: EpaperDeps,
  closing: () => boolean,
  { stage, file, until }: { stage: Stage; file: FileRow; until: Date },
): Promise<'done' | 'failed' | 'lost'> {
  const { db, clock, jobs, log } = deps;
  const lease = holdLease({ db, clock }, file, stage, until);
  const dir = await runFolder(deps.workDir);
  try {
    await (stage === 'views' ? viewsStage : ocrStage)(deps, file, lease, dir);
    await jobs.cancel(jobKey(STAGE_JOB[stage], file.id));
    log?.info({ file: file.id, stage }, 'an e-paper page stage is done');
    return 'done';
  } catch (error) {
    if (error instanceof LeaseLost || lease.lost) return 'lost';
    if (closing()) {
      // Stopped by the app closing, not by the page: another start takes it again.
      await releaseLease(db, file.id, stage, lease.held);
      return 'lost';
    }
    log?.error({ err: error, file: file.id, stage }, 'an e-paper page stage failed');
    const said = error instanceof ToolMissing ? `${error.tool} is not installed` : String(error);
    await failStage(db, file.id, stage, lease.held, said);
    return 'failed';
  } finally {
    lease.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export function createProcessing(deps: EpaperDeps) {
  const { db, clock, jobs, log } = deps;
  const limits: Record<Stage, number> = { views: 1, ocr: Math.max(1, deps.ocrWorkers) };
  const active: Record<Stage, number> = { views: 0, ocr: 0 };
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const later = (stage: Stage, fileId: string, ms: number) =>
    jobs.schedule({
      key: jobKey(STAGE_JOB[stage], fileId),
      kind: STAGE_JOB[stage],
      subjectId: fileId,
      runAt: new Date(clock.now().getTime() + ms),
    });

  /**
   * Takes the stage if it is free and this process's pool has room; answers the run or why not.
   * `before` runs once the lease is taken and before the work starts (the job's watchdog: set
   * after the work, a quick run's end could come first and leave the watchdog behind it).
   */
  async function take(stage: Stage, fileId: string, before?: () => Promise<unknown>) {
    const file = await fileById(db, fileId);
    if (!file || isDone(file, stage) || file[`${stage}Failures`] >= MAX_FAILURES)
      return { ended: true as const };
    if (closed || active[stage] >= limits[stage]) return { busy: true as const };
    // Readable before searchable: OCR waits while this process makes a page's views and tiles
    // (both share the cores the site leaves; a reader waits for views, nobody for OCR).
    if (stage === 'ocr' && active.views > 0) return { busy: true as const };
    const now = clock.now();
    const until = new Date(now.getTime() + LEASE_MS);
    const leased = await leaseStage(db, fileId, stage, { now, until, maxFailures: MAX_FAILURES });
    if (!leased) return { held: true as const };
    active[stage]++;
    await before?.().catch(() => {});
    const running = runStage(deps, () => closed, { stage, file: leased, until })
      .catch((error: unknown) => {
        log?.error({ err: error, file: fileId, stage }, 'an e-paper page stage broke');
        return 'failed' as const;
      })
      .finally(() => {
        active[stage]--;
        inFlight.delete(running);
      });
    inFlight.add(running);
    return { running };
  }

  /** What a job of the stage does when the queue runs it (see the file's comment). */
  const handler = (stage: Stage) => async (job: ClaimedJob) => {
    if (!job.subjectId) return;
    const subject = job.subjectId;
    // Taken here: the job comes back once the lease could have run out, as a watchdog.
    const taken = await take(stage, subject, () => later(stage, subject, WATCH_MS));
    if ('busy' in taken) await later(stage, subject, BUSY_RETRY_MS);
    // Held elsewhere: looked at again once that lease could have run out.
    else if ('held' in taken) await later(stage, subject, WATCH_MS);
  };

  return {
    registerJobs() {
      jobs.handle(EPAPER_VIEWS_JOB, handler('views'));
      jobs.handle(EPAPER_OCR_JOB, handler('ocr'));
    },
    /** Runs a stage of a file now, here, and waits for it (tests, and a desk's "try again"). */
    async runNow(stage: Stage, fileId: string) {
      const taken = await take(stage, fileId);
      return 'running' in taken ? taken.running : undefined;
    },
    /** Resolves once no stage runs in this process. */
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** Runs here right now, per stage. */
    active: () => ({ ...active }),
    /** Stops taking stages, kills the programs that run, and waits for the runs to end. */
    async close() {
      closed = true;
      deps.tools.close();
      await Promise.all([...inFlight]);
    },
  };
}
export type Processing = ReturnType<typeof createProcessing>;

/**
 * Removes run folders that processes of this machine left when they were killed (a folder
 * is named by its process id; one whose process is gone is nobody's).
 */
export async function removeDeadRunFolders(workDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(workDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await rm(join(workDir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
