/*
 * The e-paper's door for the site archive (server/modules/README.md): issues, the distinct
 * pages' files with how far their processing came, the pages in order and what OCR read travel
 * whole, and each file's stored keys (its PDF, views, thumbnail, tiles and hOCR) travel as the
 * archive's file lines (issue 67: backups and the site archive include them). The desk's boxes
 * on the pages travel too, and readers' clips with their images and openings (issue 68: a clip
 * shared before the move still opens after it). A clip's maker and its openers are kept as
 * HMACs under this site's secret, which does not travel: on the new site they match no reader
 * (a maker's own opening may then count once), which is all they were for.
 */
import { getTableName } from 'drizzle-orm';
import { epaperClipKey } from '../../../common/epaper';
import { epaperFiles, epaperIssues, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import { epaperClipOpens, epaperClips, epaperZones } from '../../../db/schema/epaper-zones';
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
