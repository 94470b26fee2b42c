/*
 * An edition's e-paper archive (issue 68 item 5): every month with a public issue back to the
 * first, and one month's issues with their front pages. What readers read, the same for every
 * reader (the reach of a reader's plan is the paid edition's rule, item 3, not this one's).
 */
import type { EpaperReads } from '../../../common/epaper-services';
import { epaperKeys } from '../../../common/epaper';
import type { EpaperDeps } from './epaper-deps';
import {
  activeEditionBySlug,
  firstPublicDate,
  publicIssuesBetween,
  publicMonths,
} from './epaper-archive-repository';
import { nearestDate } from './epaper-reads-repository';
import { mediaUrl } from '../media/media-urls';

/** `YYYY-MM` and the month after it. */
export const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

export function epaperArchive(
  deps: Pick<EpaperDeps, 'db' | 'clock'>,
): Pick<EpaperReads, 'archive' | 'archiveMonth'> {
  const { db, clock } = deps;
  return {
    async archive(editionSlug) {
      const edition = await activeEditionBySlug(db, editionSlug);
      if (!edition) return undefined;
      const now = clock.now();
      const [months, first] = await Promise.all([
        publicMonths(db, edition._id, now),
        firstPublicDate(db, edition._id, now),
      ]);
      return { edition, months, first };
    },

    async archiveMonth(editionSlug, month) {
      const edition = await activeEditionBySlug(db, editionSlug);
      if (!edition) return undefined;
      const now = clock.now();
      const from = `${month}-01`;
      const to = `${nextMonth(month)}-01`;
      const [rows, before, after] = await Promise.all([
        publicIssuesBetween(db, edition._id, from, to, now),
        nearestDate(db, edition._id, from, 'before', now),
        nearestDate(db, edition._id, to, 'after', now),
      ]);
      return {
        edition,
        month,
        issues: rows.map((r) => ({
          date: r.date,
          pages: r.pages,
          thumb: r.hash && r.viewsAt ? mediaUrl(epaperKeys(r.hash).thumb) : null,
        })),
        before: before?.slice(0, 7) ?? null,
        after: after?.slice(0, 7) ?? null,
      };
    },
  };
}
