/*
 * sharp's part (docs/decisions/067): from a page's 300 dpi master (raw pixels from pdftoppm),
 * the 1080 px view in WebP and AVIF, the 240 px thumbnail, and the Deep Zoom tiles at 200 dpi
 * written by libvips's dzsave into a folder (then copied to the media storage). Everything is
 * derived from the one master; nothing is encoded to PNG and decoded again between stages.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  EPAPER_MASTER_DPI,
  EPAPER_THUMB_WIDTH,
  EPAPER_TILE_DPI,
  EPAPER_TILE_OVERLAP,
  EPAPER_TILE_SIZE,
  EPAPER_VIEW_WIDTH,
} from '../../../common/epaper';
import type { RawPage } from './epaper-pdf';

const WEBP = { quality: 70 };
/** Effort 2 of 9: AVIF's default effort took seconds for one 1080 px page here. */
const AVIF = { quality: 50, effort: 2 };

const input = (page: RawPage) =>
  sharp(page.pixels, {
    raw: { width: page.width, height: page.height, channels: page.channels },
  });

/** The view (1080 px wide, never enlarged) in both formats, and the thumbnail. */
export async function makeViews(page: RawPage) {
  const view = () => input(page).resize({ width: EPAPER_VIEW_WIDTH, withoutEnlargement: true });
  const [webp, avif, thumb] = await Promise.all([
    view().webp(WEBP).toBuffer(),
    view().avif(AVIF).toBuffer(),
    input(page).resize({ width: EPAPER_THUMB_WIDTH }).webp(WEBP).toBuffer(),
  ]);
  return { webp, avif, thumb };
}

/** One Deep Zoom tile as written: `level/column_row` and its bytes. */
export interface Tile {
  name: string;
  data: Buffer;
}

/**
 * The Deep Zoom pyramid of the page at 200 dpi, written under `dir` (`tiles_files/…`);
 * answers its size and every tile, read back from the folder.
 */
export async function makeTiles(page: RawPage, dir: string) {
  const info = await input(page)
    .resize({ width: Math.round((page.width * EPAPER_TILE_DPI) / EPAPER_MASTER_DPI) })
    .webp({ quality: 75 })
    .tile({ size: EPAPER_TILE_SIZE, overlap: EPAPER_TILE_OVERLAP, layout: 'dz' })
    .toFile(join(dir, 'tiles'));
  const root = join(dir, 'tiles_files');
  const tiles: Tile[] = [];
  for (const level of await readdir(root)) {
    if (!/^\d+$/.test(level)) continue; // vips-properties.xml
    for (const name of await readdir(join(root, level)))
      tiles.push({ name: `${level}/${name}`, data: await readFile(join(root, level, name)) });
  }
  return { width: info.width, height: info.height, tiles };
}
