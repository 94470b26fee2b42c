/*
 * Every file the media storage keeps, by its owner: the library's uploads, the e-paper's pages
 * (PDF, views, thumbnail, tiles, hOCR) and readers' clips (issue 67: "files go to the media
 * storage"). `npm run media:migrate` moves them all between storages (media-migrate.ts). A
 * module that stores files adds its own here, as FILES_OF (site-archive-tables.ts) names the
 * rows the site archive carries files of.
 */
import { EPAPER_STORED_FILES } from '../epaper/epaper-transfer';
import { UPLOAD_FILES, type StoredFiles } from '../media/media-stored-files';

export const STORED_FILES: readonly StoredFiles[] = [UPLOAD_FILES, ...EPAPER_STORED_FILES];
