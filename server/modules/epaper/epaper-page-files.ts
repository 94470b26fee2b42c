/*
 * Storing an upload's pages (issue 67 items 1 and 2): the PDFs no file row names yet go to the
 * media storage first, then the caller's transaction writes the rows and sets each new file's
 * processing jobs; if it fails, the PDFs it stored for hashes no row names are removed again,
 * so a refused or failed upload leaves nothing. A page whose bytes are stored already (the
 * same page in another edition) is neither stored nor processed again.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { epaperKeys, type EpaperLanguage } from '../../../common/epaper';
import type { Db } from '../../../db/client';
import { epaperFiles } from '../../../db/schema/epaper';
import { jobKey, MAX_FAILURES, STAGE_JOB, type EpaperDeps } from './epaper-deps';
import { ensureFile, fileByHash } from './epaper-files-repository';
import type { IntakePage } from './epaper-intake';

export function pageFiles(deps: Pick<EpaperDeps, 'db' | 'clock' | 'jobs' | 'storage'>) {
  const { db, clock, jobs, storage } = deps;
  /** Stores the PDFs no file row has yet; answers the keys it wrote. */
  async function storePdfs(pages: readonly IntakePage[]): Promise<IntakePage[]> {
    const stored: IntakePage[] = [];
    for (const page of new Map(pages.map((p) => [p.hash, p])).values()) {
      if (await fileByHash(db, page.hash)) continue;
      await storage.put(epaperKeys(page.hash).pdf, await readFile(page.path), 'application/pdf');
      stored.push(page);
    }
    return stored;
  }

  /** After a failed write: the PDFs it stored for hashes no row names are removed. */
  async function unstore(stored: readonly IntakePage[]) {
    for (const page of stored)
      if (!(await fileByHash(db, page.hash))) await storage.remove(epaperKeys(page.hash).pdf);
  }

  /** The file row of a page (made, or found), and its processing jobs unless it is processed. */
  async function fileFor(tx: Db, page: IntakePage, language: EpaperLanguage) {
    const { file } = await ensureFile(tx, {
      hash: page.hash,
      bytes: page.bytes,
      widthPt: page.widthPt,
      heightPt: page.heightPt,
      language,
    });
    // A page given up on after failures is tried again when the desk sends it again.
    if (file.viewsFailures >= MAX_FAILURES || file.ocrFailures >= MAX_FAILURES)
      await tx
        .update(epaperFiles)
        .set({ viewsFailures: 0, ocrFailures: 0 })
        .where(eq(epaperFiles.id, file.id));
    const now = clock.now();
    for (const [stage, done] of [
      ['views', file.tilesAt],
      ['ocr', file.ocrAt],
    ] as const)
      if (!done) {
        const kind = STAGE_JOB[stage];
        await jobs.schedule(
          { key: jobKey(kind, file.id), kind, subjectId: file.id, runAt: now },
          tx,
        );
      }
    return file;
  }

  /** Stores `pages`, then runs `write` with them; a failure removes what was stored. */
  async function storingThen<T>(pages: IntakePage[], write: () => Promise<T>): Promise<T> {
    const stored = await storePdfs(pages);
    try {
      return await write();
    } catch (error) {
      await unstore(stored);
      throw error;
    }
  }

  return { fileFor, storingThen };
}
