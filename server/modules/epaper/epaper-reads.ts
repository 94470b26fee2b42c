/*
 * What readers read of the e-paper (issue 67 items 3 and 4; common/epaper-services.ts): public
 * issues with their pages' views and tiles once made, each edition's newest issue, the
 * calendar of an edition's dates, and a page's machine-read text with the boxes of the words a
 * query matched (highlighted on the page, from hOCR's boxes).
 */
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import type { EpaperReads } from '../../../common/epaper-services';
import { epaperKeys } from '../../../common/epaper';
import { isFreePage } from '../../../common/epaper-access';
import { queryTerms } from '../../../common/search/search-query';
import { textLexemes } from '../../../common/search/search-text';
import type { EpaperDeps } from './epaper-deps';
import {
  findPublicIssue,
  latestPublicIssues,
  nearestDate,
  pageTextOf,
  publicDates,
} from './epaper-reads-repository';
import { pagesOf } from './epaper-repository';
import { pageView } from './epaper-views';
import { mediaUrl } from '../media/media-urls';
import { nextMonth } from './epaper-archive';

/** The words of `text` the query finds, by the site's search rules (forms, folding, Latin). */
export function matchingWords(words: readonly string[], q: string, language: string): Set<number> {
  const terms = queryTerms(q, language);
  const found = new Set<number>();
  if (terms.length === 0) return found;
  words.forEach((word, i) => {
    const lexemes = new Set(textLexemes(word, language));
    if (terms.some((t) => t.match.some((l) => lexemes.has(l)))) found.add(i);
  });
  return found;
}

export function epaperReads(
  deps: Pick<EpaperDeps, 'db' | 'clock'>,
): Omit<EpaperReads, 'search' | 'readerZones' | 'inPrint' | 'clip' | 'archive' | 'archiveMonth'> {
  const { db, clock } = deps;
  return {
    async issue(editionSlug, date) {
      const now = clock.now();
      const row = await findPublicIssue(db, editionSlug, date, now);
      if (!row) return undefined;
      const pages = (await pagesOf(db, [row.id])).map((p) => {
        const { _id, number, width, height, view, tiles, progress } = pageView(p, now);
        // A walled page (issue 68 item 3): its thumbnail only; its view and tiles come to
        // entitled readers through signed addresses after load (epaper-access.ts).
        const free = isFreePage(row.editionEpaper, number);
        return {
          ...{ _id, number, width, height, free, thumb: view?.thumb ?? null },
          view: free ? view : null,
          tiles: free ? tiles : null,
          read: progress.ocr === 'done',
        };
      });
      return {
        _id: row.id,
        edition: { _id: row.editionId, slug: row.editionSlug, names: row.editionNames },
        date: row.date,
        title: row.title,
        language: row.language,
        access: row.editionEpaper.access,
        pages,
      };
    },

    async latest() {
      const rows = await latestPublicIssues(db, clock.now());
      const rank = (r: (typeof rows)[number]) =>
        r.editionId === NATIONAL_EDITION_ID ? '0' : `1${r.names.en}`;
      return rows
        .sort((a, b) => rank(a).localeCompare(rank(b)))
        .map((r) => ({
          edition: { _id: r.editionId, slug: r.slug, names: r.names },
          date: r.date,
          thumb: r.hash && r.viewsAt ? mediaUrl(epaperKeys(r.hash).thumb) : null,
        }));
    },

    async calendar(editionId, month) {
      const now = clock.now();
      const from = `${month}-01`;
      const to = `${nextMonth(month)}-01`;
      const [dates, before, after] = await Promise.all([
        publicDates(db, editionId, from, to, now),
        nearestDate(db, editionId, from, 'before', now),
        nearestDate(db, editionId, to, 'after', now),
      ]);
      return { month, dates, before, after };
    },

    async pageText(issueId, page, q) {
      const row = await pageTextOf(db, issueId, page);
      if (!row) return undefined;
      const { language } = row;
      const hits = q
        ? matchingWords(
            row.words.map((w) => w[0]),
            q,
            language,
          )
        : new Set<number>();
      const width = row.width ?? 1;
      const height = row.height ?? 1;
      const matches = [...hits].map((i) => {
        const [, x0, y0, x1, y1] = row.words[i]!;
        return { x: x0 / width, y: y0 / height, w: (x1 - x0) / width, h: (y1 - y0) / height };
      });
      return { text: row.text, matches };
    },
  };
}
