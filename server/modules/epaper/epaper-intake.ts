/*
 * Uploaded PDFs checked by their content before anything is stored (issue 67 item 2): a PDF
 * by its first bytes (`%PDF-`), not its name or type; then Poppler must open it unlocked and
 * every page must be at most 10,000 pixels a side at 300 dpi. A multi-page PDF is split into
 * single pages (pdfseparate). Each page gets its identity for dedupe: the SHA-256 of its bytes
 * when the file is one page; for a page split from a larger PDF, of that PDF's SHA-256 and the
 * page's number (pdfseparate writes a random document ID into each page it writes, so its
 * bytes differ from one split to the next; the same PDF uploaded twice still gives the same
 * pages). The first refusal refuses the whole upload.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { EPAPER_MASTER_DPI, EPAPER_MAX_PAGE_PX, pixelsAt } from '../../../common/epaper';
import { badRequest, serviceUnavailable } from '../../lib/errors';
import { inspectPdf, splitPdf } from './epaper-pdf';
import { ToolMissing, type ToolRunner } from './epaper-tools';

/** A file the route received, written to this process's folder. */
export interface ReceivedFile {
  /** Its name as sent (shown to the desk, and numbering the page when it has a number). */
  name: string;
  path: string;
}

/** One page ready to store: a single-page PDF and what it is. */
export interface IntakePage {
  sourceName: string;
  path: string;
  hash: string;
  bytes: number;
  widthPt: number;
  heightPt: number;
}

export interface IntakeFile {
  name: string;
  /** The page number its name gives (`page-03.pdf`, `jaipur_p3.pdf`), if any. */
  numbered: number | undefined;
  pages: IntakePage[];
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The last number in a file's name, without its extension: `2026-11-29-p03.pdf` is 3. */
export function numberInName(name: string): number | undefined {
  const digits = basename(name)
    .replace(/\.pdf$/i, '')
    .match(/\d+/g);
  const n = digits ? Number(digits[digits.length - 1]) : NaN;
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : undefined;
}

/** Whether the file begins as a PDF does (`%PDF-`, perhaps after a byte-order mark or spaces). */
async function looksLikePdf(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const text = head.subarray(0, bytesRead).toString('latin1');
    return /^(?:\xef\xbb\xbf)?\s*%PDF-\d/.test(text);
  } finally {
    await handle.close();
  }
}

async function inspect(tools: ToolRunner, path: string) {
  try {
    return await inspectPdf(tools, path);
  } catch (error) {
    if (error instanceof ToolMissing) throw serviceUnavailable('epaper.processing_unavailable');
    throw error;
  }
}

/** Checks one received file and splits it into pages (in `dir`); throws the refusal. */
async function intakeOne(tools: ToolRunner, file: ReceivedFile, dir: string): Promise<IntakeFile> {
  const name = file.name || 'page.pdf';
  if (!(await looksLikePdf(file.path))) throw badRequest('epaper.not_pdf', { name });
  const found = await inspect(tools, file.path);
  if (found.kind === 'encrypted') throw badRequest('epaper.pdf_encrypted', { name });
  if (found.kind === 'malformed') throw badRequest('epaper.pdf_malformed', { name });
  found.pages.forEach((page, i) => {
    const side = Math.max(page.widthPt, page.heightPt);
    if (pixelsAt(side, EPAPER_MASTER_DPI) > EPAPER_MAX_PAGE_PX)
      throw badRequest('epaper.page_too_large', { name, page: i + 1, maximum: EPAPER_MAX_PAGE_PX });
  });
  const data = await readFile(file.path);
  const hash = sha256(data);
  if (found.pages.length === 1) {
    const [page] = found.pages;
    return {
      name,
      numbered: numberInName(name),
      pages: [{ sourceName: name, path: file.path, hash, bytes: data.length, ...page! }],
    };
  }
  const splitDir = join(dir, `split-${hash.slice(0, 12)}`);
  await mkdir(splitDir, { recursive: true });
  const paths = await splitPdf(tools, file.path, splitDir);
  if (paths.length !== found.pages.length) throw badRequest('epaper.pdf_malformed', { name });
  const pages: IntakePage[] = [];
  for (const [i, path] of paths.entries()) {
    pages.push({
      sourceName: `${name} · ${i + 1}`,
      path,
      hash: sha256(`${hash}#page=${i + 1}`),
      bytes: (await stat(path)).size,
      ...found.pages[i]!,
    });
  }
  return { name, numbered: undefined, pages };
}

/** Every received file checked and split, in order; the first bad one refuses them all. */
export async function intakeFiles(
  tools: ToolRunner,
  files: readonly ReceivedFile[],
  dir: string,
): Promise<IntakeFile[]> {
  const checked: IntakeFile[] = [];
  for (const file of files) checked.push(await intakeOne(tools, file, dir));
  return checked;
}
