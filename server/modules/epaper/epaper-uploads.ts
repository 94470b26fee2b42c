/*
 * Pages added to an issue or one replaced, at the desk (issue 67 item 1): PDFs added (one page
 * each, or a multi-page PDF split), every file checked before anything is stored
 * (epaper-intake.ts), then stored with their rows and jobs (epaper-page-files.ts). Reordering
 * and removing: epaper-page-order.ts.
 */
import { EPAPER_MAX_PAGES } from '../../../common/epaper';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { forgetJob, type EpaperDeps } from './epaper-deps';
import { issueChanged, type EpaperDesk } from './epaper-desk';
import { intakeFiles, type IntakeFile, type IntakePage, type ReceivedFile } from './epaper-intake';
import { pageFiles } from './epaper-page-files';
import {
  insertPages,
  lockIssue,
  pagesOf,
  setPageFile,
  type IssueWithEdition,
} from './epaper-repository';

/** The order uploaded files take: by the numbers in their names when all have one, else as sent. */
export function orderOf(files: readonly IntakeFile[], existing: number): IntakePage[] {
  const numbers = files.map((f) => (f.pages.length === 1 ? f.numbered : undefined));
  const named =
    files.length > 0 &&
    numbers.every((n) => n !== undefined && n <= EPAPER_MAX_PAGES) &&
    new Set(numbers).size === numbers.length;
  if (!named) return files.flatMap((f) => f.pages);
  const taken = numbers.find((n) => n! <= existing);
  if (taken !== undefined) throw conflict('epaper.page_number_taken', { page: taken });
  return files
    .map((f, i) => ({ page: f.pages[0]!, n: numbers[i]! }))
    .sort((a, b) => a.n - b.n)
    .map((x) => x.page);
}

export function epaperUploads(deps: EpaperDeps, desk: EpaperDesk) {
  const { db, clock, outbox, jobs, tools } = deps;
  const { fileFor, storingThen } = pageFiles(deps);

  /** Stores PDFs after the issue's pages (or where their names number them), with their jobs. */
  async function storePages(issue: IssueWithEdition, received: ReceivedFile[], dir: string) {
    const issueId = issue.id;
    if (received.length === 0) throw badRequest('epaper.no_file');
    const files = await intakeFiles(tools, received, dir);
    const existing = (await pagesOf(db, [issueId])).length;
    const pages = orderOf(files, existing);
    if (existing + pages.length > EPAPER_MAX_PAGES)
      throw badRequest('epaper.too_many_pages', { maximum: EPAPER_MAX_PAGES });
    await storingThen(pages, () =>
      outbox.transaction(async (tx, record) => {
        if (!(await lockIssue(tx, issueId))) throw notFound('epaper.issue_not_found');
        const base = (await pagesOf(tx, [issueId])).length;
        if (base + pages.length > EPAPER_MAX_PAGES)
          throw badRequest('epaper.too_many_pages', { maximum: EPAPER_MAX_PAGES });
        const rows = [];
        for (const [i, page] of pages.entries()) {
          const file = await fileFor(tx, page, issue.language);
          rows.push({
            issueId,
            number: base + i + 1,
            fileId: file.id,
            sourceName: page.sourceName,
          });
        }
        await insertPages(tx, rows);
        record(issueChanged(issue, { change: 'pages', status: issue.status }));
      }),
    );
  }

  return {
    /** Adds PDFs after the issue's pages (or where their names number them). */
    async addPages(actor: Actor | null, issueId: string, received: ReceivedFile[], dir: string) {
      await storePages(await desk.deskIssue(actor, issueId), received, dir);
      return desk.answer(issueId);
    },

    /** The same without a desk's checks: the demo's issue (epaper-demo.ts), made by the site. */
    storePages,

    /** One page's PDF replaced by another single page; its number stays. */
    async replacePage(
      actor: Actor | null,
      ids: { issueId: string; pageId: string },
      received: ReceivedFile[],
      dir: string,
    ) {
      const issue = await desk.deskIssue(actor, ids.issueId);
      const page = (await pagesOf(db, [ids.issueId])).find((p) => p.id === ids.pageId);
      if (!page) throw notFound('epaper.page_not_found');
      if (received.length !== 1) throw badRequest('epaper.replace_one_page');
      const [file] = await intakeFiles(tools, received, dir);
      if (file!.pages.length !== 1) throw badRequest('epaper.replace_one_page');
      const fresh = file!.pages[0]!;
      await storingThen([fresh], () =>
        outbox.transaction(async (tx, record) => {
          if (!(await lockIssue(tx, ids.issueId))) throw notFound('epaper.issue_not_found');
          const made = await fileFor(tx, fresh, issue.language);
          await setPageFile(
            tx,
            ids.pageId,
            { fileId: made.id, sourceName: fresh.sourceName },
            clock.now(),
          );
          if (made.id !== page.fileId) await jobs.schedule(forgetJob(page.fileId, clock.now()), tx);
          record(issueChanged(issue, { change: 'pages', status: issue.status }));
        }),
      );
      return desk.answer(ids.issueId);
    },
  };
}
