/*
 * A clip's image (issue 68 item 2): the box cut from the page's PDF by Poppler (`pdftoppm -x -y
 * -W -H`: only the box is rendered, at 300 dpi or less so that it is at most 1080 px wide, which
 * keeps a clip within half a second), a footer strip set by sharp (masthead, edition, date,
 * page, in the site's language: epaper-footer.ts), encoded as a JPEG (what chat apps show best)
 * of at most 250 KB.
 */
import sharp from 'sharp';
import {
  EPAPER_CLIP_MAX_BYTES,
  EPAPER_CLIP_MAX_WIDTH,
  EPAPER_MASTER_DPI,
} from '../../../common/epaper';
import type { EpaperBox } from '../../../common/schemas/epaper-zones';
import { parsePnm } from './epaper-pdf';
import type { ToolRunner } from './epaper-tools';
import { footerImage, type FooterWords } from './epaper-footer';

const MB = 1024 * 1024;
const CROP = { cpuSeconds: 20, timeoutMs: 60_000, memoryBytes: 1024 * MB, maxOutputBytes: 64 * MB };
/** JPEG qualities tried in turn until the clip fits its bytes. */
const QUALITIES = [82, 72, 62, 52, 42];

/** The resolution that renders a box `w` of a page `widthPt` wide at most 1080 px across. */
export function clipDpi(box: EpaperBox, widthPt: number): number {
  const inches = (box.w * widthPt) / 72;
  return Math.max(36, Math.min(EPAPER_MASTER_DPI, Math.floor(EPAPER_CLIP_MAX_WIDTH / inches)));
}

/** The footer strip: the masthead in bold, then edition · date · page, on white. */
async function footer(width: number, words: FooterWords, workDir: string) {
  const line = Math.max(48, Math.round(width * 0.075));
  const size = Math.round(line * 0.3);
  // Wrapped to the clip's width: a narrow clip's footer takes more lines, never more width.
  const text = await footerImage(words, { sizePx: size, workDir, width: width - 24 });
  const height = Math.max(line, text.height + 16);
  const top = Math.max(0, Math.round((height - text.height) / 2));
  return sharp({
    create: { width, height, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: text.png, left: 12, top },
      // A rule between the cut and the footer.
      {
        input: { create: { width, height: 2, channels: 3, background: '#222222' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** Renders the box of the PDF page at `pdf` and adds its footer; answers the JPEG. */
export async function makeClip(
  tools: ToolRunner,
  args: {
    pdf: string;
    page: { widthPt: number; heightPt: number };
    box: EpaperBox;
    footer: FooterWords;
    workDir: string;
  },
) {
  const { pdf, page, box } = args;
  const dpi = clipDpi(box, page.widthPt);
  const px = (fraction: number, points: number) => Math.round(((fraction * points) / 72) * dpi);
  const crop = [
    ['-x', px(box.x, page.widthPt)],
    ['-y', px(box.y, page.heightPt)],
    ['-W', Math.max(1, px(box.w, page.widthPt))],
    ['-H', Math.max(1, px(box.h, page.heightPt))],
  ].flatMap(([flag, n]) => [String(flag), String(n)]);
  const { stdout } = await tools.ok(
    'pdftoppm',
    ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', ...crop, pdf],
    CROP,
  );
  const raw = parsePnm(stdout);
  const cut = await sharp(raw.pixels, {
    raw: { width: raw.width, height: raw.height, channels: raw.channels },
  })
    .resize({ width: EPAPER_CLIP_MAX_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const width = cut.info.width;
  const strip = await footer(width, args.footer, args.workDir);
  const stripHeight = (await sharp(strip).metadata()).height;
  const whole = sharp(cut.data)
    .extend({ bottom: stripHeight, background: '#ffffff' })
    .composite([{ input: strip, left: 0, top: cut.info.height }])
    .flatten({ background: '#ffffff' });
  const composed = await whole.png({ compressionLevel: 1 }).toBuffer();
  for (const quality of QUALITIES) {
    const jpeg = await sharp(composed).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= EPAPER_CLIP_MAX_BYTES || quality === QUALITIES.at(-1))
      return { jpeg, width, height: cut.info.height + stripHeight };
  }
  throw new Error('unreachable');
}
