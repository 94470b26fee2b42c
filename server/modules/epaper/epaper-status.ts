/*
 * An e-paper issue's status at the desk (issue 67 item 1): published now, scheduled (a job
 * publishes it at its time; readers see it from that time whether or not the job has run yet),
 * or pulled back to draft; never without pages. Deleted with its pages: the files no other
 * issue prints are removed by their job (epaper-forget.ts).
 */
import type { EpaperIssueUpdate } from '../../../common/schemas/epaper';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { EPAPER_PUBLISH_JOB, forgetJob, jobKey, type EpaperDeps } from './epaper-deps';
import { issueChanged, type EpaperDesk } from './epaper-desk';
import { CacheTags } from '../../../common/cache-tags';
import { storiesOfIssue } from './epaper-zones-repository';
import { deleteIssue, findIssue, lockIssue, pagesOf, updateIssue } from './epaper-repository';

const publishJob = (issueId: string, runAt: Date) => ({
  key: jobKey(EPAPER_PUBLISH_JOB, issueId),
  kind: EPAPER_PUBLISH_JOB,
  subjectId: issueId,
  runAt,
});

export function epaperStatus(deps: EpaperDeps, desk: EpaperDesk) {
  const { db, clock, outbox, jobs } = deps;
  return {
    /** Status (publish now, schedule, back to draft) and title. */
    async update(actor: Actor | null, id: string, input: EpaperIssueUpdate) {
      const issue = await desk.deskIssue(actor, id);
      const now = clock.now();
      await outbox.transaction(async (tx, record) => {
        const row = await lockIssue(tx, id);
        if (!row) throw notFound('epaper.issue_not_found');
        const set: Parameters<typeof updateIssue>[2] = {};
        if (input.title !== undefined) set.title = input.title || null;
        const status = input.status ?? row.status;
        if (input.status !== undefined && status !== 'draft') {
          if ((await pagesOf(tx, [id])).length === 0) throw conflict('epaper.issue_empty');
        }
        if (status === 'scheduled') {
          const at = input.publishAt ? new Date(input.publishAt) : row.publishAt;
          if (!at) throw badRequest('epaper.publish_at_needed');
          if (at <= now) throw badRequest('epaper.publish_at_past');
          Object.assign(set, { status, publishAt: at });
          await jobs.schedule(publishJob(id, at), tx);
        } else if (input.status !== undefined) {
          Object.assign(set, { status, publishAt: null });
          if (status === 'published') set.publishedAt = row.publishedAt ?? now;
          await jobs.cancel(jobKey(EPAPER_PUBLISH_JOB, id), tx);
        }
        await updateIssue(tx, id, set, now);
        const event = issueChanged(issue, { change: input.status ? 'status' : 'title', status });
        // The stories its boxes link say "In print" while it is public (issue 68 item 1).
        const cache = event.cache;
        if (input.status !== undefined && cache && typeof cache !== 'function')
          cache.stale?.push(...(await storiesOfIssue(tx, id)).map(CacheTags.article));
        record(event);
      });
      return desk.answer(id);
    },

    /** The issue and its pages go; files no other issue prints are removed by their job. */
    async remove(actor: Actor | null, id: string) {
      const issue = await desk.deskIssue(actor, id);
      await outbox.transaction(async (tx, record) => {
        const pages = await pagesOf(tx, [id]);
        await deleteIssue(tx, id);
        await jobs.cancel(jobKey(EPAPER_PUBLISH_JOB, id), tx);
        for (const fileId of new Set(pages.map((p) => p.fileId)))
          await jobs.schedule(forgetJob(fileId, clock.now()), tx);
        record(issueChanged(issue, { change: 'deleted', status: issue.status }));
      });
      return { message: 'E-paper issue deleted.' };
    },

    /** The publish job: a scheduled issue whose time came is published (and every page shows it). */
    async publishDue(id: string) {
      const issue = await findIssue(db, id);
      if (!issue || issue.status !== 'scheduled' || !issue.publishAt) return;
      if (issue.publishAt > clock.now()) return;
      await outbox.transaction(async (tx, record) => {
        await updateIssue(
          tx,
          id,
          { status: 'published', publishedAt: issue.publishedAt ?? issue.publishAt },
          clock.now(),
        );
        record(issueChanged(issue, { change: 'status', status: 'published' }));
      });
    },
  };
}
