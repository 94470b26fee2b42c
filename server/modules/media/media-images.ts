/*
 * The pixels of an upload: decoded once, upright, then cut into its WebP and AVIF variants and
 * its crops; and the original as it is served, without metadata (docs/decisions/014, 026).
 */
import sharp, { type Metadata, type ResizeOptions, type Sharp } from 'sharp';
import { CROP_RATIOS } from '../../../common/articles';
import type { MediaCrop, MediaVariant } from '../../../db/schema/media';
import { stripJpeg } from './media-strip';
import type { ImageFormat } from './media-sniff';
import type { MediaStorage } from './media-storage';
import { MAX_IMAGE_PIXELS } from './media-limits';

/** Widths of the WebP and AVIF variants for responsive srcset; never larger than the original. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;

/**
 * The widths to make for an original `width` pixels wide (upright): each of VARIANT_WIDTHS it
 * reaches, or its own width when it is narrower than all of them, so even a small picture has
 * a variant and pages never send an original (DECISIONS.md §13).
 */
export const variantWidthsFor = (width: number): number[] => {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [Math.max(1, width)];
};

/**
 * AVIF settings for a 2-core server (docs/decisions/026, measured in CPU time for the four
 * variants of a 2000×1333 photo): effort 0 takes 0.46 s against WebP's 0.64 s and is 27 %
 * smaller than WebP; effort 2 took 1.7 s and effort 4 17 s for no smaller files.
 */
const AVIF = { quality: 50, effort: 0 } as const;
const WEBP = { quality: 78 } as const;

export interface EncodedVariant extends MediaVariant {
  data: Buffer;
  format: 'webp' | 'avif';
}

/** Decoded pixels, as sharp takes them back (`sharp(pixels, raw)`). */
interface Pixels {
  pixels: Buffer;
  raw: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
}

/**
 * Turning an image upright by its EXIF orientation (2-8), as sharp's operations: a flip or flop
 * is made before the rotation.
 */
const UPRIGHT: Record<number, { angle: number; flip?: boolean; flop?: boolean }> = {
  2: { angle: 0, flop: true },
  3: { angle: 180 },
  4: { angle: 0, flip: true },
  5: { angle: 270, flop: true },
  6: { angle: 90 },
  7: { angle: 90, flop: true },
  8: { angle: 270 },
};

/** EXIF orientations 5-8 turn the picture a quarter: its width and height swap once upright. */
const turnsQuarter = (orientation: number | undefined) => (orientation ?? 1) >= 5;

/** A picture's size once upright by its EXIF orientation (a GIF's: one frame's). */
export function uprightSize(meta: Metadata): { width: number; height: number } {
  const turned = turnsQuarter(meta.orientation);
  return {
    width: (turned ? meta.height : meta.width) ?? 0,
    height: (turned ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0,
  };
}

/**
 * How one image is decoded: its EXIF orientation (from the header the caller read) and the
 * seconds its decoding may take (0: no limit).
 */
interface Decoding {
  orientation: number | undefined;
  seconds: number;
}

/** A decoding that outlasted its deadline; storeImage answers it with `tooSlowToDecode`. */
export class DecodeDeadline extends Error {
  constructor(readonly seconds: number) {
    super(`decoding outlasted ${seconds} s`);
  }
}

/**
 * `image`'s output, stopped after `seconds` (0: no limit) by sharp's `timeout`. A stopped
 * pipeline fails with "timeout: N% complete", or, when sharp's `failOn` turns the warning the
 * stop raised into an error, with "Warning treated as error…" (seen on a loaded machine); so any
 * failure once the seconds have passed is the deadline's.
 */
async function outputWithin(seconds: number, image: Sharp) {
  const started = performance.now();
  try {
    return await image.timeout({ seconds }).toBuffer({ resolveWithObject: true });
  } catch (error) {
    const stopped =
      /\btimeout: \d+% complete/.test(String((error as Error).message)) ||
      performance.now() - started >= seconds * 1000;
    throw seconds > 0 && stopped ? new DecodeDeadline(seconds) : error;
  }
}

/**
 * `data` decoded once, upright, at the size `resize` asks (never enlarged): everything an upload
 * makes is cut from these pixels, so a 12-megapixel photo is decoded once (a JPEG at a half,
 * quarter or eighth of its size, libvips' shrink-on-load) instead of once per variant and crop.
 *
 * The decoding stops after `how.seconds` (0: no limit) with sharp's `timeout`. Its clock covers what
 * libvips computes for the pipeline's output, not a whole picture sharp turns upright before
 * resizing (a 40 MP PNG of orientation 6 ran 2.5 s past a 1 s deadline); so the picture is
 * resized as stored and only the result is turned.
 */
async function decodeOnce(data: Buffer, how: Decoding, resize: ResizeOptions): Promise<Pixels> {
  const turn = UPRIGHT[how.orientation ?? 1];
  // A quarter turn swaps the sides: the size asked of the upright picture, as stored.
  const asStored = turnsQuarter(how.orientation)
    ? { ...resize, width: resize.height, height: resize.width }
    : resize;
  const decoded = await outputWithin(
    how.seconds,
    sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ ...asStored, withoutEnlargement: true })
      .raw(),
  );
  let { data: pixels, info } = decoded;
  if (turn) {
    const image = sharp(pixels, { raw: rawOf(info) });
    if (turn.flip) image.flip();
    if (turn.flop) image.flop();
    if (turn.angle) image.rotate(turn.angle);
    ({ data: pixels, info } = await image.raw().toBuffer({ resolveWithObject: true }));
  }
  return { pixels, raw: { raw: rawOf(info) } };
}

const rawOf = (info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }) => ({
  width: info.width,
  height: info.height,
  channels: info.channels,
});

/**
 * Resized variants of `data` at `widths` (upright, never enlarged) in each of `formats`. The
 * original is decoded once at the largest width; each width is resized from that, then encoded
 * in each format.
 */
export async function encodeVariants(
  data: Buffer,
  how: Decoding,
  folder: string,
  widths: number[],
  formats: { webp: boolean; avif: boolean },
): Promise<EncodedVariant[]> {
  if (widths.length === 0) return [];
  const base = await decodeOnce(data, how, { width: Math.max(...widths) });
  // Each width is resized and encoded at the same time as the others: libvips runs each on a
  // thread of its own (sharp.concurrency(1) below), so one upload on a quiet server uses every
  // core instead of one (docs/perf/README.md, "uploads").
  const each = await Promise.all(
    widths.map(async (target) => {
      const made: EncodedVariant[] = [];
      const { data: pixels, info } =
        target >= base.raw.raw.width
          ? { data: base.pixels, info: base.raw.raw }
          : await sharp(base.pixels, base.raw)
              .resize({ width: target })
              .raw()
              .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const size = { width: info.width, height: info.height };
      if (formats.webp) {
        const out = await sharp(pixels, raw).webp(WEBP).toBuffer();
        made.push({ ...size, data: out, format: 'webp', key: `${folder}/w${target}.webp` });
      }
      if (formats.avif) {
        const out = await sharp(pixels, raw).avif(AVIF).toBuffer();
        made.push({ ...size, data: out, format: 'avif', key: `${folder}/w${target}.avif` });
      }
      return made;
    }),
  );
  return each.flat();
}

export const stored = (list: EncodedVariant[], format: EncodedVariant['format']): MediaVariant[] =>
  list.filter((v) => v.format === format).map(({ width, height, key }) => ({ width, height, key }));
/** Width of the crops: Google and the social networks show share images up to about this. */
export const CROP_WIDTH = 1200;
/**
 * The crops' common source: the original scaled down until either side would drop below these
 * (the tallest crop, 1:1, is CROP_WIDTH high), so every crop is cut from enough pixels.
 */
const CROP_BASE = { width: CROP_WIDTH, height: CROP_WIDTH } as const;

/**
 * The largest centre of interest of the original in each of CROP_RATIOS (sharp's "attention"
 * picks the busiest region), at most CROP_WIDTH wide and never enlarged. Written as JPEG, which
 * every crawler and social network reads. `meta` is the image's header; the decoding stops after
 * `decodeSeconds` (0: no limit).
 */
export async function makeCrops(
  data: Buffer,
  meta: Metadata,
  folder: string,
  files: MediaStorage,
  written: string[],
  decodeSeconds: number,
): Promise<MediaCrop[]> {
  const { width, height } = uprightSize(meta);
  // Decoded once, large enough on both sides for any crop CROP_WIDTH wide.
  const base = await decodeOnce(
    data,
    { orientation: meta.orientation, seconds: decodeSeconds },
    { width: CROP_BASE.width, height: CROP_BASE.height, fit: 'outside' },
  );
  const crops: MediaCrop[] = [];
  for (const ratio of CROP_RATIOS) {
    const [w, h] = ratio.split('x').map(Number) as [number, number];
    const fitWidth = Math.min(width, (height * w) / h);
    const outWidth = Math.max(1, Math.floor(Math.min(CROP_WIDTH, fitWidth)));
    const outHeight = Math.max(1, Math.round((outWidth * h) / w));
    const out = await sharp(base.pixels, base.raw)
      .resize({ width: outWidth, height: outHeight, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    const key = `${folder}/crop-${ratio}.jpg`;
    await files.put(key, out, 'image/jpeg');
    written.push(key);
    crops.push({ ratio, width: outWidth, height: outHeight, key });
  }
  return crops;
}

export const folderOf = (storageKey: string) => storageKey.slice(0, storageKey.lastIndexOf('/'));

// One libvips thread per image (IMAGES_AT_ONCE images keep the cores busy), and no operation
// cache: it kept the memory of finished uploads (eight bombs held 1.48 GB after they ended).
sharp.concurrency(1);
sharp.cache(false);

/** Re-encoding settings: PNG and GIF stay lossless (a PNG `quality` would reduce its colours). */
const REENCODE: Record<ImageFormat, object> = {
  jpg: { quality: 90 },
  webp: { quality: 90 },
  avif: { quality: 70, effort: 2 },
  png: {},
  gif: {},
};

/**
 * The original as it is served: upright (its EXIF orientation applied) and without metadata
 * (camera, GPS position, comments), re-encoded only when it carries any, so a clean upload
 * keeps its bytes (docs/decisions/014). A re-encoding stops after `decodeSeconds` (0: no limit);
 * sharp's clock does not cover turning the whole picture upright, which is bounded by its pixels.
 */
const GIF_COMMENT = Buffer.from([0x21, 0xfe]);

export async function servedOriginal(
  data: Buffer,
  format: ImageFormat,
  meta: Metadata,
  decodeSeconds: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const upright = (meta.orientation ?? 1) === 1;
  // An upright JPEG loses its metadata, comments, other applications' segments and trailing
  // bytes without being recompressed; one to turn upright is re-encoded below.
  if (format === 'jpg' && upright) {
    const stripped = stripJpeg(data);
    if (stripped) return { data: stripped.length === data.length ? data : stripped, width, height };
  }
  const carriesMetadata =
    meta.exif !== undefined ||
    meta.xmp !== undefined ||
    meta.iptc !== undefined ||
    (meta.comments?.length ?? 0) > 0 ||
    !upright ||
    // A GIF comment extension (0x21 0xFE); the bytes may also occur inside the picture, which
    // then costs a needless re-encoding, never a leak.
    (format === 'gif' && data.includes(GIF_COMMENT));
  if (!carriesMetadata) return { data, width, height };
  const image = sharp(data, { animated: format === 'gif', limitInputPixels: MAX_IMAGE_PIXELS });
  // GIFs have no orientation; rotating would flatten an animation's frames.
  if (format !== 'gif') image.rotate();
  const encoded = await outputWithin(
    decodeSeconds,
    image.toFormat(format === 'jpg' ? 'jpeg' : format, REENCODE[format]),
  );
  return {
    data: encoded.data,
    width: encoded.info.width,
    height: format === 'gif' ? height : encoded.info.height,
  };
}
