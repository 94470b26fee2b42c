/*
 * The e-paper's door for the site archive (server/modules/README.md): issues, the distinct
 * pages' files with how far their processing came, the pages in order and what OCR read travel
 * whole, and each file's stored keys (its PDF, views, thumbnail, tiles and hOCR) travel as the
 * archive's file lines (issue 67: backups and the site archive include them). The desk's boxes
 * on the pages travel too, and readers' clips with their images and openings (issue 68: a clip
 * shared before the move still opens after it). A clip's maker and its openers are kept as
 * HMACs under this site's secret, which does not travel: on the new site they match no reader
 * (a maker's own opening may then count once), which is all they were for. Between media
 * storages (`npm run media:migrate`) the pages' files and the clips' images both move.
 */
import { getTableName } from 'drizzle-orm';
import { deepZoomTiles, epaperClipKey, epaperKeys } from '../../../common/epaper';
import { epaperFiles, epaperIssues, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import { epaperClipOpens, epaperClips, epaperZones } from '../../../db/schema/epaper-zones';
import type { StoredFiles, StoredRow } from '../media/media-stored-files';
import { clipIdsAfter } from './epaper-clips-repository';
import { filesAfter } from './epaper-files-repository';
import { storedKeysOf } from './epaper-forget';

/** Tables this module lets the archive copy, each after the ones it names. */
export const EPAPER_TABLES = [
  epaperIssues,
  epaperFiles,
  epaperPages,
  epaperTexts,
  // The desk's boxes on the pages (issue 68 item 1), after the pages and the stories they link.
  epaperZones,
  // Readers' clips (issue 68 item 2), after the pages and the readers who cut them.
  epaperClips,
  epaperClipOpens,
] as const;

/**
 * The stored files each of these tables' rows names: an `epaper_files` row's keys (some may not
 * exist yet: a page in processing), a clip's image.
 */
export const EPAPER_FILES_OF: [string, (row: never) => string[]][] = [
  [
    getTableName(epaperFiles),
    (row: { hash: string; width: number | null; height: number | null }) => storedKeysOf(row),
  ],
  [getTableName(epaperClips), (row: { id: string }) => [epaperClipKey(row.id)]],
];

/**
 * A page's stored files as its row says they are. Its PDF is stored before the row is written
 * (epaper-page-files.ts) and each stage's files before the row says the stage is done
 * (epaper-stages.ts): those must be there. A stage not done (under way, cut short or given up)
 * may have written some of its own: moved where they are.
 */
function pageFilesOf(file: Awaited<ReturnType<typeof filesAfter>>[number]): StoredRow {
  const keys = epaperKeys(file.hash);
  const must = [keys.pdf];
  if (file.viewsAt) must.push(keys.webp, keys.avif, keys.thumb);
  // The pyramid as it was made: its size is kept with the tiles.
  if (file.tilesAt && file.tileWidth && file.tileHeight)
    for (const tile of deepZoomTiles(file.tileWidth, file.tileHeight))
      must.push(`${keys.tiles}/${tile}.webp`);
  if (file.ocrAt) must.push(keys.hocr);
  const listed = new Set(must);
  return { id: file.id, keys: must, mayLack: storedKeysOf(file).filter((k) => !listed.has(k)) };
}

/** The e-paper's files in the media storage, for `npm run media:migrate`. */
export const EPAPER_STORED_FILES: readonly StoredFiles[] = [
  {
    name: 'e-paper pages',
    after: async (db, after, limit) => (await filesAfter(db, after, limit)).map(pageFilesOf),
  },
  {
    // A clip's image is stored before its row and removed after it (epaper-clips.ts).
    name: 'e-paper clips',
    after: async (db, after, limit) =>
      (await clipIdsAfter(db, after, limit)).map((id) => ({ id, keys: [epaperClipKey(id)] })),
  },
];
