/*
 * Issues and pages as the API answers them (common/schemas/epaper.ts): allow-listed fields,
 * never a raw row; a page's files addressed under /media/ by its hash, each only once stored.
 */
import {
  EPAPER_TILE_OVERLAP,
  EPAPER_TILE_SIZE,
  epaperKeys,
  type EpaperStatus,
} from '../../../common/epaper';
import type { EpaperIssue, EpaperPage } from '../../../common/schemas/epaper';
import { mediaUrl } from '../media/media-urls';
import type { IssueWithEdition, PageRow } from './epaper-repository';
import { MAX_FAILURES } from './epaper-deps';

type StageState = EpaperPage['progress']['views'];

function stageState(
  done: Date | null,
  lease: Date | null,
  failures: number,
  now: Date,
): StageState {
  if (done) return 'done';
  if (failures >= MAX_FAILURES) return 'failed';
  return lease && lease > now ? 'working' : 'waiting';
}

export function pageView(row: PageRow, now: Date): EpaperPage {
  const keys = epaperKeys(row.hash);
  const views = stageState(row.viewsAt, row.viewsLeaseUntil, row.viewsFailures, now);
  return {
    _id: row.id,
    number: row.number,
    sourceName: row.sourceName,
    progress: {
      rendered: row.renderedAt ? 'done' : views,
      views,
      tiles: row.tilesAt ? 'done' : views === 'done' ? 'working' : views,
      ocr: stageState(row.ocrAt, row.ocrLeaseUntil, row.ocrFailures, now),
    },
    width: row.width,
    height: row.height,
    view: row.viewsAt
      ? { webp: mediaUrl(keys.webp), avif: mediaUrl(keys.avif), thumb: mediaUrl(keys.thumb) }
      : null,
    tiles:
      row.tilesAt && row.tileWidth && row.tileHeight
        ? {
            url: mediaUrl(keys.tiles),
            width: row.tileWidth,
            height: row.tileHeight,
            tileSize: EPAPER_TILE_SIZE,
            overlap: EPAPER_TILE_OVERLAP,
            format: 'webp',
          }
        : null,
  };
}

/** Whether readers may read an issue at `now`: published, or scheduled and its time has come. */
export const isPublicIssue = (issue: { status: EpaperStatus; publishAt: Date | null }, now: Date) =>
  issue.status === 'published' ||
  (issue.status === 'scheduled' && issue.publishAt !== null && issue.publishAt <= now);

export function issueHead(row: IssueWithEdition, now: Date): Omit<EpaperIssue, 'pages'> {
  return {
    _id: row.id,
    edition: { _id: row.editionId, slug: row.editionSlug, names: row.editionNames },
    date: row.date,
    title: row.title,
    language: row.language,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    public: isPublicIssue(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const issueView = (row: IssueWithEdition, pages: PageRow[], now: Date): EpaperIssue => ({
  ...issueHead(row, now),
  pages: pages.map((p) => pageView(p, now)),
});
