/*
 * The e-paper's shared rules (issue 67, DECISIONS.md §31): its statuses, languages and limits,
 * its pages' addresses, and the media storage keys of a page's files, which are made from the
 * SHA-256 of its PDF bytes (the same page printed in two editions is one set of files). Shared
 * by the server, the reader's pages and the back office.
 */

export const EPAPER_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type EpaperStatus = (typeof EPAPER_STATUSES)[number];

/** The languages Tesseract reads pages in (with English beside each: `hin+eng`). */
export const EPAPER_LANGUAGES = ['hi', 'mr', 'gu'] as const;
export type EpaperLanguage = (typeof EPAPER_LANGUAGES)[number];

/** What a box on a page holds (issue 68 item 1). */
export const EPAPER_ZONE_KINDS = ['story', 'ad', 'photo'] as const;
export type EpaperZoneKind = (typeof EPAPER_ZONE_KINDS)[number];
/** Boxes one page may have. */
export const EPAPER_MAX_ZONES = 200;

/** The largest PDF file one upload may carry (issue 67 item 2). */
export const EPAPER_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The largest side of a page at the 300 dpi master (issue 67 item 2). */
export const EPAPER_MAX_PAGE_PX = 10_000;
/** Pages one issue may have. */
export const EPAPER_MAX_PAGES = 200;
/** Files one upload may carry. */
export const EPAPER_MAX_FILES = 100;

/** The master's resolution, the tiles', and the view's and thumbnail's widths (issue 67 item 2). */
export const EPAPER_MASTER_DPI = 300;
export const EPAPER_TILE_DPI = 200;
export const EPAPER_VIEW_WIDTH = 1080;
export const EPAPER_THUMB_WIDTH = 240;
export const EPAPER_TILE_SIZE = 254;
export const EPAPER_TILE_OVERLAP = 1;

/** Pixels of a side `points` long at `dpi`. */
export const pixelsAt = (points: number, dpi: number) => Math.ceil((points / 72) * dpi);

/** The folder of a file's keys in the media storage. */
export const epaperFolder = (hash: string) => `epaper/${hash}`;

/** A page's stored files, by the hash of its PDF (media storage keys). */
export const epaperKeys = (hash: string) => {
  const folder = epaperFolder(hash);
  return {
    pdf: `${folder}/page.pdf`,
    hocr: `${folder}/page.hocr`,
    webp: `${folder}/view.webp`,
    avif: `${folder}/view.avif`,
    thumb: `${folder}/thumb.webp`,
    /** Deep Zoom's tiles: `{tiles}/{level}/{column}_{row}.webp`. */
    tiles: `${folder}/tiles_files`,
  };
};

/** A reader's clip of a page (issue 68 item 2): its JPEG's key in the media storage. */
export const epaperClipKey = (clipId: string) => `epaper/clips/${clipId}.jpg`;
const CLIP_KEY = String.raw`clips\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg`;

/** Every key an e-paper file (or a clip) may be stored under. */
export const EPAPER_KEY_PATTERN = new RegExp(
  String.raw`^epaper\/([0-9a-f]{64}\/(page\.pdf|page\.hocr|view\.(webp|avif)|thumb\.webp|tiles_files\/\d{1,2}\/\d{1,4}_\d{1,4}\.webp)|${CLIP_KEY})$`,
);
/** The keys readers may fetch (views, thumbnails, tiles, clips); the PDF and hOCR stay on the server. */
export const EPAPER_PUBLIC_KEY_PATTERN = new RegExp(
  String.raw`^epaper\/([0-9a-f]{64}\/(view\.(webp|avif)|thumb\.webp|tiles_files\/\d{1,2}\/\d{1,4}_\d{1,4}\.webp)|${CLIP_KEY})$`,
);

/** A clip's widest side and its largest file (issue 68 item 2). */
export const EPAPER_CLIP_MAX_WIDTH = 1080;
export const EPAPER_CLIP_MAX_BYTES = 250 * 1024;
/** Clips one reader, and one address, may cut in an hour. */
export const EPAPER_CLIPS_PER_HOUR = 20;
/** `/epaper/clips/{id}`: a clip's public page. */
export const epaperClipPath = (clipId: string) => `/epaper/clips/${clipId}`;

/**
 * The Deep Zoom pyramid of an image `width` × `height` (Microsoft's Deep Zoom format, as
 * libvips's dzsave writes it): levels 0 (1 × 1) to the image's own size, each tile `size`
 * pixels plus `overlap` on the sides it shares. Answers every tile's `level/column_row`.
 */
export function deepZoomTiles(width: number, height: number, size = EPAPER_TILE_SIZE): string[] {
  const top = Math.ceil(Math.log2(Math.max(width, height)));
  const tiles: string[] = [];
  for (let level = 0; level <= top; level++) {
    const scale = 2 ** (top - level);
    const w = Math.ceil(width / scale);
    const h = Math.ceil(height / scale);
    for (let column = 0; column < Math.ceil(w / size); column++)
      for (let row = 0; row < Math.ceil(h / size); row++) tiles.push(`${level}/${column}_${row}`);
  }
  return tiles;
}

/** A date as the e-paper's addresses write it. */
export const EPAPER_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `/epaper`, `/epaper/{edition}/{date}`, `/epaper/{edition}/{date}/{page}`. */
/**
 * An edition's archive (issue 68 item 5): `/epaper/{edition}`, every month with an issue back to
 * the first; `/epaper/{edition}/month/{YYYY-MM}`, one month's calendar.
 */
export function epaperArchivePath(edition: string, month?: string): string {
  return month === undefined ? `/epaper/${edition}` : `/epaper/${edition}/month/${month}`;
}
/** A month as the archive's address names it. */
export const EPAPER_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function epaperPath(edition?: string, date?: string, page?: number): string {
  if (!edition || !date) return '/epaper';
  return `/epaper/${edition}/${date}${page === undefined ? '' : `/${page}`}`;
}
