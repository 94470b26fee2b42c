/*
 * Boxes Tesseract's layout suggests (issue 68 item 1): the text blocks (`ocr_carea`) and
 * pictures (`ocr_photo`, `ocr_image`) of a page's stored hOCR, as fractions of the page, that
 * no box of the desk's already covers. The desk accepts each by drawing it (POST …/zones);
 * nothing is stored until then.
 */
import { EPAPER_MAX_ZONES, epaperKeys, type EpaperZoneKind } from '../../../common/epaper';
import type { EpaperBox, EpaperZoneSuggestions } from '../../../common/schemas/epaper-zones';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import type { EpaperDeps } from './epaper-deps';
import type { EpaperDesk } from './epaper-desk';
import { findPage, pageFileOf, zonesOfPage } from './epaper-zones-repository';

/** A layout element of hOCR with its box: its class, then its title's `bbox x0 y0 x1 y1`. */
const BLOCK =
  /<\w+ class=['"](ocr_carea|ocr_photo|ocr_image)['"][^>]*?title=['"][^'"]*?bbox (\d+) (\d+) (\d+) (\d+)/g;
/** A block smaller than this share of the page (a page number, a rule) is not suggested. */
const MIN_AREA = 0.002;
/** A block this much inside one of the desk's boxes is covered already. */
const COVERED = 0.5;

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The blocks of an hOCR page `width` × `height` pixels, top to bottom, then left to right. */
export function layoutBlocks(
  hocr: string,
  width: number,
  height: number,
): { box: EpaperBox; kind: EpaperZoneKind }[] {
  const blocks: { box: EpaperBox; kind: EpaperZoneKind }[] = [];
  for (const m of hocr.matchAll(BLOCK)) {
    const [x0, y0, x1, y1] = [m[2], m[3], m[4], m[5]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const x = Math.max(0, x0 / width);
    const y = Math.max(0, y0 / height);
    const w = Math.min(1, x1 / width) - x;
    const h = Math.min(1, y1 / height) - y;
    if (w < 0.01 || h < 0.01 || w * h < MIN_AREA) continue;
    const kind = m[1] === 'ocr_carea' ? 'story' : 'photo';
    blocks.push({ box: { x: round(x), y: round(y), w: round(w), h: round(h) }, kind });
  }
  return blocks.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/** The share of `a` that lies inside `b`. */
export function insideShare(a: EpaperBox, b: EpaperBox): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / (a.w * a.h) : 0;
}

export function epaperZoneSuggestions(deps: Pick<EpaperDeps, 'db' | 'storage'>, desk: EpaperDesk) {
  const { db, storage } = deps;
  return {
    /** `GET /api/epaper/pages/{id}/zones/suggested`: none, `read: false`, before OCR read it. */
    async suggestZones(actor: Actor | null, pageId: string): Promise<EpaperZoneSuggestions> {
      const page = await findPage(db, pageId);
      if (!page) throw notFound('epaper.page_not_found');
      await desk.deskIssue(actor, page.issueId);
      const file = await pageFileOf(db, pageId);
      const stored =
        file?.ocrAt && file.width && file.height
          ? await storage.get(epaperKeys(file.hash).hocr)
          : undefined;
      if (!file?.width || !file.height || !stored) return { read: false, suggestions: [] };
      const drawn = (await zonesOfPage(db, pageId)).map((z) => ({
        x: z.x,
        y: z.y,
        w: z.w,
        h: z.h,
      }));
      const suggestions = layoutBlocks(stored.data.toString('utf8'), file.width, file.height)
        .filter((s) => !drawn.some((d) => insideShare(s.box, d) >= COVERED))
        .slice(0, Math.max(0, EPAPER_MAX_ZONES - drawn.length));
      return { read: true, suggestions };
    },
  };
}
