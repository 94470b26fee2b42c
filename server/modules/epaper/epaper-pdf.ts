/*
 * Poppler's part (docs/decisions/067): what a PDF is (pdfinfo: pages, page sizes, locked or
 * not), a multi-page PDF split into single pages (pdfseparate) and a page rendered to raw
 * pixels (pdftoppm's PPM or PGM on its standard output: no PNG to encode and decode again,
 * ARCHITECTURE.md "Real parts for the fifth wave"). The PDF's own text layer is never read:
 * OCR of the rendered page finds far more of its Hindi words.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolRunner } from './epaper-tools';

const MB = 1024 * 1024;
/** What Poppler's programs may take: generous for a broadsheet at 300 dpi, bounded for a bomb. */
const INSPECT = {
  cpuSeconds: 20,
  timeoutMs: 600_000,
  memoryBytes: 1024 * MB,
  maxOutputBytes: 4 * MB,
};
const SPLIT = { cpuSeconds: 60, timeoutMs: 1_800_000, memoryBytes: 1024 * MB, maxOutputBytes: MB };
const RENDER = {
  cpuSeconds: 60,
  timeoutMs: 1_800_000,
  memoryBytes: 2048 * MB,
  maxOutputBytes: 320 * MB,
};

export interface PdfPage {
  /** Its size in points as shown (a rotated page's sides swapped). */
  widthPt: number;
  heightPt: number;
}

export type PdfInspection =
  { kind: 'pdf'; pages: PdfPage[] } | { kind: 'encrypted' } | { kind: 'malformed' };

/** pdfinfo's page lines: `Page    2 size:  360 x 288 pts` and `Page    2 rot:   90`. */
export function parsePdfInfo(text: string): PdfInspection {
  if (/^Encrypted:\s+yes/m.test(text)) return { kind: 'encrypted' };
  const count = Number(/^Pages:\s+(\d+)/m.exec(text)?.[1] ?? 0);
  if (!count) return { kind: 'malformed' };
  const pages: PdfPage[] = [];
  for (let n = 1; n <= count; n++) {
    const size = new RegExp(`^Page\\s+${n} size:\\s+([\\d.]+) x ([\\d.]+)`, 'm').exec(text);
    if (!size) return { kind: 'malformed' };
    const rot = Number(new RegExp(`^Page\\s+${n} rot:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    const [w, h] = [Number(size[1]), Number(size[2])];
    pages.push(rot % 180 === 90 ? { widthPt: h, heightPt: w } : { widthPt: w, heightPt: h });
  }
  return { kind: 'pdf', pages };
}

/** What the PDF at `path` is; a file Poppler cannot open says why (a password, or damage). */
export async function inspectPdf(tools: ToolRunner, path: string): Promise<PdfInspection> {
  const result = await tools.run('pdfinfo', ['-f', '1', '-l', '100000', path], INSPECT);
  if (result.code !== 0) {
    return /Incorrect password|encrypt/i.test(result.stderr)
      ? { kind: 'encrypted' }
      : { kind: 'malformed' };
  }
  return parsePdfInfo(result.stdout.toString('utf8'));
}

/** Splits the PDF at `path` into `dir/page-1.pdf`, `page-2.pdf`, …; answers their paths in order. */
export async function splitPdf(tools: ToolRunner, path: string, dir: string): Promise<string[]> {
  await tools.ok('pdfseparate', [path, join(dir, 'page-%d.pdf')], SPLIT);
  const names = (await readdir(dir)).filter((n) => /^page-\d+\.pdf$/.test(n));
  const number = (n: string) => Number(/\d+/.exec(n)![0]);
  return names.sort((a, b) => number(a) - number(b)).map((n) => join(dir, n));
}

/** A page's raw pixels: 1 channel (grey) or 3 (RGB), 8 bits each, rows top to bottom. */
export interface RawPage {
  width: number;
  height: number;
  channels: 1 | 3;
  pixels: Buffer;
}

/** A binary PGM (P5) or PPM (P6) with 8-bit samples, as pdftoppm writes it. */
export function parsePnm(data: Buffer): RawPage {
  const head = /^P([56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!head || head[4] !== '255') throw new Error('not an 8-bit binary PGM or PPM');
  const channels = head[1] === '6' ? 3 : 1;
  const width = Number(head[2]);
  const height = Number(head[3]);
  const pixels = data.subarray(head[0].length);
  if (pixels.length < width * height * channels) throw new Error('the image is cut short');
  return { width, height, channels, pixels: pixels.subarray(0, width * height * channels) };
}

/** Renders the first page of the PDF at `path` at `dpi`, in colour or grey. */
export async function renderPage(
  tools: ToolRunner,
  path: string,
  options: { dpi: number; grey: boolean },
): Promise<RawPage> {
  const args = ['-r', String(options.dpi), '-f', '1', '-l', '1', '-singlefile'];
  if (options.grey) args.push('-gray');
  const { stdout } = await tools.ok('pdftoppm', [...args, path], RENDER);
  return parsePnm(stdout);
}
