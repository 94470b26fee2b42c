/*
 * A file no page prints any more (a page deleted or replaced, an issue deleted): its row goes,
 * then its stored files. Not while a stage holds it (the job comes back after the lease), and
 * not once a page prints it again (the same page uploaded meanwhile). Run by its job,
 * `epaper-forget`, so a removal cut short is finished by the next run.
 */
import {
  deepZoomTiles,
  EPAPER_MASTER_DPI,
  EPAPER_TILE_DPI,
  epaperKeys,
} from '../../../common/epaper';
import { forgetJob, jobKey, STAGE_JOB, type EpaperDeps } from './epaper-deps';
import { deleteFileUnlessUsed, fileById, type FileRow } from './epaper-files-repository';

/** Every key a file's processing may have written (tiles from the master's size, as made). */
export function storedKeysOf(file: Pick<FileRow, 'hash' | 'width' | 'height'>): string[] {
  const keys = epaperKeys(file.hash);
  const all = [keys.pdf, keys.hocr, keys.webp, keys.avif, keys.thumb];
  if (file.width && file.height) {
    const width = Math.round((file.width * EPAPER_TILE_DPI) / EPAPER_MASTER_DPI);
    const height = Math.round((file.height * width) / file.width);
    for (const tile of deepZoomTiles(width, height)) all.push(`${keys.tiles}/${tile}.webp`);
  }
  return all;
}

export function epaperForget(deps: Pick<EpaperDeps, 'db' | 'clock' | 'jobs' | 'storage'>) {
  const { db, clock, jobs, storage } = deps;
  return async function forget(fileId: string) {
    const file = await fileById(db, fileId);
    if (!file) return;
    const now = clock.now();
    const leases = [file.viewsLeaseUntil, file.ocrLeaseUntil].filter(
      (l): l is Date => l !== null && l > now,
    );
    if (leases.length > 0) {
      const after = Math.max(...leases.map((l) => l.getTime())) + 1_000;
      await jobs.schedule(forgetJob(fileId, new Date(after)));
      return;
    }
    const gone = await deleteFileUnlessUsed(db, fileId, now);
    if (!gone) return;
    for (const kind of Object.values(STAGE_JOB)) await jobs.cancel(jobKey(kind, fileId));
    for (const key of storedKeysOf(gone)) await storage.remove(key);
  };
}
