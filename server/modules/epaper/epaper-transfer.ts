/*
 * The e-paper's door for the site archive (server/modules/README.md): issues, the distinct
 * pages' files with how far their processing came, the pages in order and what OCR read travel
 * whole, and each file's stored keys (its PDF, views, thumbnail, tiles and hOCR) travel as the
 * archive's file lines (issue 67: backups and the site archive include them). The desk's boxes
 * on the pages travel too; readers' clips do not (site-archive-tables.ts says why).
 */
import { epaperFiles, epaperIssues, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import { epaperZones } from '../../../db/schema/epaper-zones';
import { storedKeysOf } from './epaper-forget';

/** Tables this module lets the archive copy, each after the ones it names. */
export const EPAPER_TABLES = [
  epaperIssues,
  epaperFiles,
  epaperPages,
  epaperTexts,
  // The desk's boxes on the pages (issue 68 item 1), after the pages and the stories they link.
  epaperZones,
] as const;

/** The stored keys an `epaper_files` row names (some may not exist yet: a page in processing). */
export const epaperFilesOf = (row: { hash: string; width: number | null; height: number | null }) =>
  storedKeysOf(row);
