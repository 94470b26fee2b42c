/*
 * An issue's pages reordered or one removed at the desk (issue 67 item 1): numbers stay 1…n
 * in the order given; a removed page's file goes once no issue prints it (epaper-forget.ts).
 */
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/errors';
import { forgetJob, type EpaperDeps } from './epaper-deps';
import { issueChanged, type EpaperDesk } from './epaper-desk';
import { deletePage, lockIssue, pagesOf, renumberPages } from './epaper-repository';

export function epaperPageOrder(deps: EpaperDeps, desk: EpaperDesk) {
  const { clock, outbox, jobs } = deps;
  return {
    /** The pages in a new order: every page's id exactly once. */
    async reorder(actor: Actor | null, issueId: string, order: string[]) {
      const issue = await desk.deskIssue(actor, issueId);
      await outbox.transaction(async (tx, record) => {
        if (!(await lockIssue(tx, issueId))) throw notFound('epaper.issue_not_found');
        const ids = (await pagesOf(tx, [issueId])).map((p) => p.id);
        const same =
          order.length === ids.length &&
          new Set(order).size === order.length &&
          order.every((id) => ids.includes(id));
        if (!same) throw badRequest('epaper.order_mismatch');
        await renumberPages(tx, issueId, order, clock.now());
        record(issueChanged(issue, { change: 'pages', status: issue.status }));
      });
      return desk.answer(issueId);
    },

    /** A page removed; the pages after it move up one. */
    async removePage(actor: Actor | null, ids: { issueId: string; pageId: string }) {
      const issue = await desk.deskIssue(actor, ids.issueId);
      await outbox.transaction(async (tx, record) => {
        if (!(await lockIssue(tx, ids.issueId))) throw notFound('epaper.issue_not_found');
        const pages = await pagesOf(tx, [ids.issueId]);
        const page = pages.find((p) => p.id === ids.pageId);
        if (!page) throw notFound('epaper.page_not_found');
        await deletePage(tx, page.id);
        const rest = pages.filter((p) => p.id !== page.id).map((p) => p.id);
        await renumberPages(tx, ids.issueId, rest, clock.now());
        await jobs.schedule(forgetJob(page.fileId, clock.now()), tx);
        record(issueChanged(issue, { change: 'pages', status: issue.status }));
      });
      return desk.answer(ids.issueId);
    },
  };
}
