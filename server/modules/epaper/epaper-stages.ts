/*
 * The two stages of a page's processing (issue 67 item 2), each run by one process under its
 * lease (epaper-lease.ts): `views` renders the 300 dpi master, stores the view, the thumbnail
 * and then the tiles; `ocr` renders the grey master and stores what Tesseract read. Files are
 * written to the media storage first, under keys made from the page's hash, and the row says
 * they exist only after: a stage cut short is done again whole, writing the same keys, and each
 * step's event is recorded once, by the write that first sets its time.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CacheTags } from '../../../common/cache-tags';
import { EPAPER_MASTER_DPI, epaperKeys } from '../../../common/epaper';
import type { EpaperLanguage } from '../../../common/epaper';
import type { Db } from '../../../db/client';
import type { EventDraft } from '../../events/outbox';
import type { EpaperDeps } from './epaper-deps';
import { issuesOfFile, writeText, type FileRow } from './epaper-files-repository';
import { makeTiles, makeViews } from './epaper-images';
import type { LeaseHolder } from './epaper-lease';
import { parseHocr, readPage } from './epaper-ocr';
import { renderPage } from './epaper-pdf';
import { ocrSearchVector } from './epaper-search-text';
import { epaperFiles } from '../../../db/schema/epaper';
import { eq } from 'drizzle-orm';

type StageDeps = Pick<EpaperDeps, 'db' | 'clock' | 'outbox' | 'storage' | 'tools'>;

/** A step of a page's processing finished: every issue printing it shows more now. */
const pageEvent = (fileId: string, step: 'views' | 'tiles' | 'ocr'): EventDraft => ({
  type: 'epaper.page',
  subject: { kind: 'epaper-file', id: fileId },
  data: { stage: step },
  cache: async (tx: Db) => {
    const issues = await issuesOfFile(tx, fileId);
    const stale = issues.map((i) => CacheTags.epaperIssue(i.id));
    // Text read by OCR is found by search from now on.
    if (step === 'ocr') stale.push(CacheTags.search);
    return { stale };
  },
});

/** The page's PDF, from the storage into this run's folder. */
async function pdfOf(deps: StageDeps, file: FileRow, dir: string): Promise<string> {
  const stored = await deps.storage.get(epaperKeys(file.hash).pdf);
  if (!stored) throw new Error(`the PDF of e-paper file ${file.id} is not in the storage`);
  const path = join(dir, 'page.pdf');
  await writeFile(path, stored.data);
  return path;
}

/** Sets `set` on the file, and records `step`'s event if this write is the first to set `first`. */
async function mark(
  deps: StageDeps,
  lease: LeaseHolder,
  fileId: string,
  set: Partial<typeof epaperFiles.$inferInsert>,
  step?: { first: 'viewsAt' | 'tilesAt' | 'ocrAt'; event: 'views' | 'tiles' | 'ocr' },
) {
  await lease.write(deps.outbox, async (tx, row, record) => {
    await tx.update(epaperFiles).set(set).where(eq(epaperFiles.id, fileId));
    if (step && row[step.first] === null) record(pageEvent(fileId, step.event));
  });
}

export async function viewsStage(deps: StageDeps, file: FileRow, lease: LeaseHolder, dir: string) {
  const keys = epaperKeys(file.hash);
  const master = await renderPage(deps.tools, await pdfOf(deps, file, dir), {
    dpi: EPAPER_MASTER_DPI,
    grey: false,
  });
  const now = () => deps.clock.now();
  lease.check();
  await mark(deps, lease, file.id, {
    renderedAt: now(),
    width: master.width,
    height: master.height,
  });
  const views = await makeViews(master);
  lease.check();
  await deps.storage.put(keys.webp, views.webp, 'image/webp');
  await deps.storage.put(keys.avif, views.avif, 'image/avif');
  await deps.storage.put(keys.thumb, views.thumb, 'image/webp');
  await mark(deps, lease, file.id, { viewsAt: now() }, { first: 'viewsAt', event: 'views' });
  const tilesDir = join(dir, 'tiles');
  await mkdir(tilesDir);
  const tiles = await makeTiles(master, tilesDir);
  for (const tile of tiles.tiles) {
    lease.check();
    await deps.storage.put(`${keys.tiles}/${tile.name}`, tile.data, 'image/webp');
  }
  await rm(tilesDir, { recursive: true, force: true });
  await mark(
    deps,
    lease,
    file.id,
    { tilesAt: now(), tileWidth: tiles.width, tileHeight: tiles.height, viewsLeaseUntil: null },
    { first: 'tilesAt', event: 'tiles' },
  );
}

export async function ocrStage(deps: StageDeps, file: FileRow, lease: LeaseHolder, dir: string) {
  const master = await renderPage(deps.tools, await pdfOf(deps, file, dir), {
    dpi: EPAPER_MASTER_DPI,
    grey: true,
  });
  const hocr = await readPage(deps.tools, master, file.language as EpaperLanguage);
  lease.check();
  const { text, words } = parseHocr(hocr);
  await deps.storage.put(epaperKeys(file.hash).hocr, Buffer.from(hocr), 'text/html');
  const search = ocrSearchVector(text, file.language as EpaperLanguage);
  await lease.write(deps.outbox, async (tx, row, record) => {
    await writeText(tx, { fileId: file.id, text, words, search });
    await tx
      .update(epaperFiles)
      // The master's size too, if the views have not said it yet: boxes are fractions of it.
      .set({
        ocrAt: deps.clock.now(),
        ocrLeaseUntil: null,
        width: row.width ?? master.width,
        height: row.height ?? master.height,
      })
      .where(eq(epaperFiles.id, file.id));
    if (row.ocrAt === null) record(pageEvent(file.id, 'ocr'));
  });
}
