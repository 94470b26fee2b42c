/*
 * What every desk write of the e-paper shares: who may work on an edition's paper (editors and
 * up; a desk limited to editions only on theirs, issue 65 item 5), the issue found or 404, and
 * the event an issue's change records, which refreshes every kept page that shows it.
 */
import { CacheTags } from '../../../common/cache-tags';
import { epaperArchivePath, epaperPath } from '../../../common/epaper';
import type { Edition } from '../../../common/schemas/editions';
import type { EventDraft } from '../../events/outbox';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { UUID_PATTERN } from '../../../common/schemas/common';
import type { EpaperDeps } from './epaper-deps';
import { findIssue, pagesOf, type IssueWithEdition } from './epaper-repository';
import { issueView } from './epaper-views';

export function epaperDesk(deps: Pick<EpaperDeps, 'db' | 'clock' | 'editions'>) {
  const { db, clock, editions } = deps;

  /** The edition a reference (id or slug) names, or 400 `edition.unknown`. */
  async function editionOf(ref: string): Promise<Edition> {
    const edition = UUID_PATTERN.test(ref)
      ? await editions.byId(ref).catch(() => undefined)
      : await editions.bySlug(ref);
    if (!edition) throw badRequest('edition.unknown', { id: ref });
    return edition;
  }

  /** Editors and up, on an edition their desk may work on. */
  async function mayWork(actor: Actor | null, edition: Pick<Edition, '_id' | 'names'>) {
    const editor = requireRole(actor, 'editor');
    const limited = await editions.deskOf(editor.id);
    if (limited.length > 0 && !limited.includes(edition._id))
      throw forbidden('epaper.edition_not_yours', { name: edition.names.en });
    return editor;
  }

  /** The issue for a desk's write: 404 unless it exists; 403 unless the desk may work on it. */
  async function deskIssue(actor: Actor | null, id: string): Promise<IssueWithEdition> {
    requireRole(actor, 'editor');
    const issue = await findIssue(db, id);
    if (!issue) throw notFound('epaper.issue_not_found');
    await mayWork(actor, { _id: issue.editionId, names: issue.editionNames });
    return issue;
  }

  /** The issue with its pages, as the desk's calls answer it. */
  async function answer(id: string) {
    const issue = await findIssue(db, id);
    if (!issue) throw notFound('epaper.issue_not_found');
    return issueView(issue, await pagesOf(db, [id]), clock.now());
  }

  return { editionOf, mayWork, deskIssue, answer };
}
export type EpaperDesk = ReturnType<typeof epaperDesk>;

/**
 * An issue changed (made, its pages, its status): readers' pages of it and the edition's
 * calendar are refreshed; front caches that purge by address are told its addresses.
 */
export function issueChanged(
  issue: Pick<IssueWithEdition, 'id' | 'editionId' | 'editionSlug' | 'date'>,
  data: { change: string; status: string },
): EventDraft {
  const lost = data.change === 'status' || data.change === 'deleted';
  return {
    type: 'epaper.issue',
    subject: { kind: 'epaper-issue', id: issue.id },
    data: { edition: issue.editionId, date: issue.date, ...data },
    // An issue that readers may lose (its status moved, or deleted) drops its kept pages at
    // once; one whose pages changed is made again while the old copy is served.
    cache: {
      stale: [
        CacheTags.epaperDates(issue.editionId),
        CacheTags.epaperList,
        // What search finds of its pages goes and comes with the issue.
        CacheTags.search,
        ...(lost ? [] : [CacheTags.epaperIssue(issue.id)]),
      ],
      drop: lost ? [CacheTags.epaperIssue(issue.id)] : [],
      urls: [
        epaperPath(issue.editionSlug, issue.date),
        epaperPath(),
        // The edition's archive and the issue's month (issue 68 item 5).
        epaperArchivePath(issue.editionSlug),
        epaperArchivePath(issue.editionSlug, issue.date.slice(0, 7)),
      ],
    },
  };
}
