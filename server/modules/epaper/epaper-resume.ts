/*
 * At start (issue 67 item 2): every page's unfinished stage, and every scheduled issue, has its
 * job. Jobs do not travel in an archive or a backup's restore to another database, and a write
 * cut short could leave a row without one; as the newsroom's go-live jobs (`scheduleGoLives`),
 * they are set again from the rows. A job set again while its stage runs elsewhere only finds
 * the stage's lease held and waits.
 */
import { eq } from 'drizzle-orm';
import { epaperIssues } from '../../../db/schema/epaper';
import {
  EPAPER_PUBLISH_JOB,
  jobKey,
  MAX_FAILURES,
  STAGE_JOB,
  type EpaperDeps,
} from './epaper-deps';
import { unfinishedFiles } from './epaper-files-repository';

export async function resumeEpaper(deps: Pick<EpaperDeps, 'db' | 'clock' | 'jobs'>) {
  const { db, clock, jobs } = deps;
  const now = clock.now();
  let set = 0;
  for (const file of await unfinishedFiles(db, MAX_FAILURES)) {
    for (const [stage, done] of [
      ['views', file.tilesAt],
      ['ocr', file.ocrAt],
    ] as const) {
      if (done) continue;
      const kind = STAGE_JOB[stage];
      await jobs.schedule({ key: jobKey(kind, file.id), kind, subjectId: file.id, runAt: now });
      set++;
    }
  }
  const scheduled = await db
    .select({ id: epaperIssues.id, publishAt: epaperIssues.publishAt })
    .from(epaperIssues)
    .where(eq(epaperIssues.status, 'scheduled'));
  for (const issue of scheduled) {
    const key = jobKey(EPAPER_PUBLISH_JOB, issue.id);
    await jobs.schedule({
      key,
      kind: EPAPER_PUBLISH_JOB,
      subjectId: issue.id,
      runAt: issue.publishAt ?? now,
    });
    set++;
  }
  return set;
}
