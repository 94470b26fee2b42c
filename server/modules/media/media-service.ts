import { randomUUID } from 'node:crypto';
import { stripJpeg } from './media-strip';
import sharp, { type Metadata, type ResizeOptions, type Sharp } from 'sharp';
import type { Db } from '../../../db/client';
import { CROP_RATIOS, type CropRatio } from '../../../common/articles';
import type { MediaCrop, MediaVariant } from '../../../db/schema/media';
import type { ResponsiveImageInfo } from '../../../common/media';
import type { Clock } from '../../lib/clock';
import { badRequest, unsupportedMediaType } from '../../lib/errors';
import { createKeyedSemaphore, createSemaphore } from '../../lib/semaphore';
import { sniffImage, type ImageFormat } from './media-sniff';
import {
  findImageByKey,
  findMediaIdByKey,
  findMediaWithoutAvif,
  insertMedia,
  findImagesByIds,
  listMediaWithoutAvif,
  listMediaWithoutCrops,
  listOriginalsAfter,
  saveAvifVariants,
  saveCrops,
  saveOriginal,
} from './media-repository';
import { createMediaLibrary } from './media-library';
import { contentTypeOfKey, type MediaStorage } from './media-storage';
import { keyOfMediaUrl, mediaIdOfUrl, mediaUrl } from './media-urls';
import type { EventDraft, Outbox } from '../../events/outbox';

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

interface EncodedVariant extends MediaVariant {
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
function uprightSize(meta: Metadata): { width: number; height: number } {
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
class DecodeDeadline extends Error {
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

/** The refusal of an upload whose decoding outlasted `seconds` (issue 24 item 7). */
const tooSlowToDecode = (seconds: number) => badRequest('media.decode_too_slow', { seconds });

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
async function encodeVariants(
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

const stored = (list: EncodedVariant[], format: EncodedVariant['format']): MediaVariant[] =>
  list.filter((v) => v.format === format).map(({ width, height, key }) => ({ width, height, key }));
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
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
async function makeCrops(
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

const folderOf = (storageKey: string) => storageKey.slice(0, storageKey.lastIndexOf('/'));

/**
 * Pixels an image may have (all frames of a GIF together): a 746 KB PNG can claim 16000×16000
 * pixels, a gigabyte once decoded (issue 13 item 7). 40 MP is more than any camera photo
 * needs on a news page.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * The longest side an upload may have, read from its header before anything is decoded: a
 * 1 × 40,000,000 PNG passes the pixel count but held a decoding slot for half a minute (issue
 * 24). 16,383 is also the most WebP, which every variant is, can hold.
 */
export const MAX_IMAGE_SIDE = 16_383;
/** Images decoded at once by this process; the rest wait (each may take hundreds of MB). */
export const IMAGES_AT_ONCE = 2;
/**
 * Decodings one person's uploads may have at once, of IMAGES_AT_ONCE (issue 44 item 8): eight
 * 39 KB PNGs of 40 megapixels each held a slot for the whole deadline, so one person took the
 * decoder from everyone. With one, another person's image always finds a slot free of theirs.
 */
export const IMAGES_AT_ONCE_PER_PERSON = 1;
/**
 * Frames an animation (a GIF, an animated WebP) may have (issue 44 item 8): the pixel limit
 * counts every frame, but each frame also costs its own work, and no picture on a news page
 * needs more than this.
 */
export const MAX_ANIMATION_FRAMES = 1000;
/**
 * Seconds each decoding of an upload (for its variants, its crops, a re-encoded original) may
 * take before the upload is refused (400) and its slot freed (issue 24 item 7). The slowest image within the limits above, a 40 MP 16-bit PNG, interlaced, with a
 * colour profile, decodes in about 2 s here; the deadline leaves a loaded server room for it.
 */
export const DECODE_DEADLINE_SECONDS = 10;

// One libvips thread per image (IMAGES_AT_ONCE images keep the cores busy), and no operation
// cache: it kept the memory of finished uploads (eight bombs held 1.48 GB after they ended).
sharp.concurrency(1);
sharp.cache(false);

const tooManyPixels = (width: number, height: number) =>
  badRequest('media.too_many_pixels', { megapixels: MAX_IMAGE_PIXELS / 1_000_000, width, height });
const tooManyFrames = (frames: number) =>
  badRequest('media.too_many_frames', { maximum: MAX_ANIMATION_FRAMES, frames });
const sideTooLong = (width: number, height: number) =>
  badRequest('media.side_too_long', { maximum: MAX_IMAGE_SIDE, width, height });

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

async function servedOriginal(
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A media row's size and variants as the addresses pages use. */
export const responsiveInfo = (row: {
  width: number;
  height: number;
  variants: MediaVariant[] | null;
  avif: MediaVariant[] | null;
}): ResponsiveImageInfo => ({
  width: row.width,
  height: row.height,
  variants: (row.variants ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
  avif: (row.avif ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
});

export interface StoredImage {
  _id: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
  /** The same widths in AVIF (issue 11 item 1). */
  avif: { width: number; url: string }[];
  /** The 16:9, 4:3 and 1:1 crops (issue 12 item 4). */
  crops: { ratio: CropRatio; width: number; height: number; url: string }[];
}

/**
 * The job that makes an upload's AVIF variants after its answer (docs/decisions/035); its
 * subject is the upload's id, its key `media-variants:<id>`.
 */
export const MEDIA_VARIANTS_JOB = 'media-variants';

/** The part of the jobs service uploads use: a job to make their AVIF variants later. */
export interface MediaJobs {
  schedule(job: {
    key: string;
    kind: string;
    subjectId: string | null;
    runAt: Date;
  }): Promise<unknown>;
}

/** What the media module needs; the composition root passes it. */
export interface MediaDeps {
  db: Db;
  storage: MediaStorage;
  clock: Clock;
  /**
   * Where an upload's AVIF variants are left to (docs/decisions/035). Without it, or inside a
   * caller's transaction (an import), they are made before the upload answers.
   */
  jobs?: MediaJobs;
  /** The storage to use inside a caller's transaction (MEDIA_STORAGE=db writes through it). */
  storageIn?: (tx: Db) => MediaStorage;
  /** Seconds an upload's decoding may take (DECODE_DEADLINE_SECONDS; whole seconds, sharp's). */
  decodeSeconds?: number;
  /** Uploads and deletes are events others follow (server/events); left out, none is written. */
  outbox?: Outbox;
}

/** What the media service's parts share: the deps, and one bound on images decoded at once. */
interface MediaContext {
  db: Db;
  storage: MediaStorage;
  clock: Clock;
  storageIn: (tx: Db) => MediaStorage;
  decoding: ReturnType<typeof createSemaphore>;
  /**
   * A decoding slot taken for `person` (the uploader): their turn among their own uploads
   * first, then the process's slot, so waiting for their own turn never holds one of
   * IMAGES_AT_ONCE. Without a person (imports, the demo seed), the process's slot alone.
   */
  decodeFor: <T>(person: string | null | undefined, task: () => Promise<T>) => Promise<T>;
  /** Seconds an upload's decoding may take; stored originals are not limited. */
  decodeSeconds: number;
  jobs?: MediaJobs;
  outbox?: Outbox;
}

export function createMediaService(deps: MediaDeps) {
  const { db, storage, clock } = deps;
  const storageIn = (tx: Db) => deps.storageIn?.(tx) ?? storage;
  // Both bounds are this process's: what they share out is its memory and its cores (libvips
  // decodes in this process's threads), which no other process could lend or take.
  const decoding = createSemaphore(IMAGES_AT_ONCE);
  const perPerson = createKeyedSemaphore(IMAGES_AT_ONCE_PER_PERSON);
  const ctx: MediaContext = {
    db,
    storage,
    clock,
    storageIn,
    decoding,
    decodeFor: (person, task) =>
      person ? perPerson.run(person, () => decoding.run(task)) : decoding.run(task),
    decodeSeconds: deps.decodeSeconds ?? DECODE_DEADLINE_SECONDS,
    jobs: deps.jobs,
    outbox: deps.outbox,
  };
  return {
    storage,
    /** Where files go inside the caller's transaction `tx`. */
    storageIn,
    ...mediaLookups(ctx),
    /**
     * Stores an image and its variants. Refuses anything that is not a raster image we accept;
     * on any failure the bytes already written are removed, so nothing half-stored remains.
     */
    storeImage: (data: Buffer, options: StoreOptions = {}) => storeImage(ctx, data, options),
    /**
     * Makes the AVIF variants of the upload `id` if they are still to make (MEDIA_VARIANTS_JOB);
     * answers whether it made any. Running it again changes nothing.
     */
    async makeVariantsOf(id: string): Promise<boolean> {
      const row = UUID.test(id) ? await findMediaWithoutAvif(db, id) : null;
      if (!row) return false;
      await completeVariants(ctx, row);
      return true;
    },
    /** The media library's list, texts and deletes (media-library.ts). */
    library: createMediaLibrary({ db, storage, outbox: deps.outbox }),
    ...mediaBackfills(ctx),
  };
}
export type MediaService = ReturnType<typeof createMediaService>;

/** Finding uploads by address or id, and what pages need to show them. */
function mediaLookups({ db }: Pick<MediaContext, 'db'>) {
  const imagesByIds = async (ids: string[]): Promise<Map<string, ResponsiveImageInfo>> => {
    const found = new Map<string, ResponsiveImageInfo>();
    const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
    if (wanted.length === 0) return found;
    for (const row of await findImagesByIds(db, wanted)) found.set(row.id, responsiveInfo(row));
    return found;
  };
  return {
    /** The upload whose original is at this address on our site, if any. */
    async idForUrl(url: string, tx?: Db): Promise<string | null> {
      const key = keyOfMediaUrl(url);
      return key ? ((await findMediaIdByKey(tx ?? db, key)) ?? null) : null;
    },

    /**
     * What to show when a page with this upload is shared: its crop in `ratio` when made, else
     * the original, with the size. Undefined for an address that is not an upload here.
     */
    async imageForSharing(
      url: string,
      ratio: CropRatio = '16x9',
    ): Promise<{ url: string; width: number; height: number } | undefined> {
      const key = keyOfMediaUrl(url);
      const row = key ? await findImageByKey(db, key) : undefined;
      if (!row) return undefined;
      const crop = row.crops?.find((c) => c.ratio === ratio);
      return crop
        ? { url: mediaUrl(crop.key), width: crop.width, height: crop.height }
        : { url, width: row.width, height: row.height };
    },

    /**
     * What pages need to show these uploads responsively, by upload id (the uuid in a media
     * address's folder, `mediaIdOfUrl`): size, WebP and AVIF variants' addresses. Ids that are
     * not uploads here are left out.
     */
    imagesByIds,

    /** The responsive image of one address on our site (an upload), else null. */
    async imageForUrl(url: string | null | undefined): Promise<ResponsiveImageInfo | null> {
      const id = url ? mediaIdOfUrl(url) : undefined;
      if (!id) return null;
      return (await imagesByIds([id])).get(id) ?? null;
    },
  };
}

interface StoreOptions {
  uploadedBy?: string | null;
  /** The name the file had on the uploader's computer, for the library's search. */
  filename?: string;
  /** A caller's transaction (an import) the row and, with MEDIA_STORAGE=db, the bytes join. */
  tx?: Db;
  /** Makes the AVIF variants before answering, not in a job (the demo seed; imports always). */
  avifNow?: boolean;
}

/** Characters of an upload's file name kept for the library (file systems allow 255). */
export const FILENAME_MAX = 255;

/**
 * The file's own name as a browser sent it, without any folder (some send a whole path),
 * control characters or surrounding spaces, at most FILENAME_MAX characters.
 */
const fileNameOf = (sent: string | undefined) =>
  ((sent ?? '').split(/[/\\]/).at(-1) ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, FILENAME_MAX);

/** The format and header of an upload we accept; refuses any other file (415) or size (413). */
async function readableImage(data: Buffer): Promise<{ format: ImageFormat; meta: Metadata }> {
  const format = sniffImage(data);
  if (!format) {
    throw unsupportedMediaType('media.unsupported_type');
  }
  let meta: Metadata;
  try {
    // Reads the header only: the size is known before anything is decoded.
    meta = await sharp(data, { animated: format === 'gif' }).metadata();
  } catch {
    throw unsupportedMediaType('media.unreadable');
  }
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw unsupportedMediaType('media.unreadable');
  if (meta.width > MAX_IMAGE_SIDE || frameHeight > MAX_IMAGE_SIDE)
    throw sideTooLong(meta.width, frameHeight);
  if (meta.width * (meta.height ?? frameHeight) > MAX_IMAGE_PIXELS)
    throw tooManyPixels(meta.width, meta.height ?? frameHeight);
  if ((meta.pages ?? 1) > MAX_ANIMATION_FRAMES) throw tooManyFrames(meta.pages ?? 1);
  return { format, meta };
}

/**
 * An upload's variants and its upright, clean original, made while holding a decoding slot. The
 * variants first: their decoding is all within the deadline, while sharp's clock misses the
 * served original's turn of the whole picture, so an image too slow is refused before that.
 */
async function processUpload(
  data: Buffer,
  upload: {
    format: ImageFormat;
    meta: Metadata;
    folder: string;
    avif: boolean;
    decodeSeconds: number;
  },
) {
  const { format, meta, folder, decodeSeconds } = upload;
  const widths = variantWidthsFor(uprightSize(meta).width);
  const how = { orientation: meta.orientation, seconds: decodeSeconds };
  const formats = { webp: true, avif: upload.avif };
  const variants = await encodeVariants(data, how, folder, widths, formats);
  const original = await servedOriginal(data, format, meta, decodeSeconds);
  return { original, variants };
}

async function storeImage(
  { db, clock, storage, storageIn, decodeFor, decodeSeconds, jobs, outbox }: MediaContext,
  data: Buffer,
  options: StoreOptions,
): Promise<StoredImage> {
  const rows = options.tx ?? db;
  const files = options.tx ? storageIn(options.tx) : storage;
  const { format, meta } = await readableImage(data);

  const id = randomUUID();
  const now = clock.now();
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  const originalKey = `${folder}/original.${format}`;
  // AVIF is left to a job when there is one and no caller's transaction the row may yet leave.
  const avifLater = jobs !== undefined && options.tx === undefined && !options.avifNow;
  const written: string[] = [];
  try {
    // The crops (for search engines and share cards) and the variants each take a decoding slot
    // (one after the other, as the uploader's: decodeFor); both are waited for before anything
    // is judged, so a failure of one never leaves the other writing files after the clean-up.
    const person = options.uploadedBy;
    const [processed, cropped] = await Promise.allSettled([
      decodeFor(person, () =>
        processUpload(data, { format, meta, folder, avif: !avifLater, decodeSeconds }),
      ).catch((error: unknown) => {
        if (error instanceof DecodeDeadline) throw tooSlowToDecode(error.seconds);
        // A header that reads but pixels that do not (a cut-short file) is the upload's fault.
        throw unsupportedMediaType('media.unreadable');
      }),
      decodeFor(person, () => makeCrops(data, meta, folder, files, written, decodeSeconds)).catch(
        (error: unknown) => {
          throw error instanceof DecodeDeadline ? tooSlowToDecode(error.seconds) : error;
        },
      ),
    ]);
    if (processed.status === 'rejected') throw processed.reason;
    if (cropped.status === 'rejected') throw cropped.reason;
    const { original, variants } = processed.value;
    const crops = cropped.value;
    const { width, height } = original;
    await files.put(originalKey, original.data, contentTypeOfKey(originalKey));
    written.push(originalKey);
    for (const variant of variants) {
      await files.put(variant.key, variant.data, `image/${variant.format}`);
      written.push(variant.key);
    }
    const webpVariants = stored(variants, 'webp');
    // Null: still to make, by the job scheduled below (or the start-up backfill).
    const avifVariants = avifLater ? null : stored(variants, 'avif');
    const row = {
      id,
      storageKey: originalKey,
      mimeType: contentTypeOfKey(originalKey),
      width,
      height,
      bytes: original.data.length,
      variants: webpVariants,
      avif: avifVariants,
      crops,
      uploadedBy: options.uploadedBy ?? null,
      filename: fileNameOf(options.filename),
      createdAt: now,
    };
    await insertUpload(rows, outbox, { ...row, url: mediaUrl(originalKey) }, options.tx);
    if (avifLater) await scheduleVariants(jobs, id, now);
    return {
      _id: id,
      url: mediaUrl(originalKey),
      width,
      height,
      variants: webpVariants.map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
      avif: (avifVariants ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
      crops: crops.map((c) => ({
        ratio: c.ratio,
        width: c.width,
        height: c.height,
        url: mediaUrl(c.key),
      })),
    };
  } catch (error) {
    await Promise.allSettled(written.map((key) => files.remove(key)));
    throw error;
  }
}

/**
 * The upload's row. Inside a caller's transaction (an import) it joins it, and the caller's own
 * event says what came in; an upload of its own is an event, written with its row.
 */
async function insertUpload(
  rows: Db,
  outbox: Outbox | undefined,
  upload: Parameters<typeof insertMedia>[1] & { url: string },
  callersTx: Db | undefined,
) {
  const { url, ...row } = upload;
  if (callersTx || !outbox) return insertMedia(rows, row);
  const { id, width, height } = row;
  await outbox.transaction(async (tx, record) => {
    await insertMedia(tx, row);
    record(mediaEvent('media.created', id, { url, width, height }));
  });
}

/** An upload's event: the library's change, for whatever follows it (no page shows it yet). */
export const mediaEvent = (
  type: 'media.created' | 'media.deleted',
  id: string,
  data: Record<string, unknown>,
): EventDraft => ({ type, subject: { kind: 'media', id }, data });

/**
 * Asks for the AVIF variants of upload `id` at once, from whichever process leases the job.
 * A failure to ask does not fail the upload: its row keeps `avif` null, which the start-up
 * backfill and `npm run media:variants` complete.
 */
const scheduleVariants = (jobs: MediaJobs | undefined, id: string, now: Date) =>
  jobs
    ?.schedule({
      key: `${MEDIA_VARIANTS_JOB}:${id}`,
      kind: MEDIA_VARIANTS_JOB,
      subjectId: id,
      runAt: now,
    })
    .catch(() => undefined);

/**
 * The AVIF variants (and, for an original narrower than every width, the one WebP variant)
 * of one stored upload, written to storage; undefined when its original is gone or
 * unreadable, with whatever was written removed again.
 */
async function missingVariantsOf(
  { storage, decoding }: Pick<MediaContext, 'storage' | 'decoding'>,
  row: { storageKey: string; variants: MediaVariant[] },
): Promise<EncodedVariant[] | undefined> {
  const original = await storage.get(row.storageKey);
  if (!original) return undefined;
  const folder = folderOf(row.storageKey);
  const written: string[] = [];
  return decoding
    .run(async () => {
      const meta = await sharp(original.data).metadata();
      // The WebP widths already made; an original narrower than all had none.
      const widths =
        row.variants.length > 0
          ? row.variants.map((v) => v.width)
          : variantWidthsFor(uprightSize(meta).width);
      // A stored original was decoded within the deadline once already: no limit here.
      const variants = await encodeVariants(
        original.data,
        { orientation: meta.orientation, seconds: 0 },
        folder,
        widths,
        { webp: row.variants.length === 0, avif: true },
      );
      for (const variant of variants) {
        await storage.put(variant.key, variant.data, `image/${variant.format}`);
        written.push(variant.key);
      }
      return variants;
    })
    .catch(async () => {
      await Promise.allSettled(written.map((key) => storage.remove(key)));
      return undefined;
    });
}

/** Makes and records the AVIF variants `row` lacks; a lost or unreadable original gets none. */
async function completeVariants(
  ctx: MediaContext,
  row: { id: string; storageKey: string; variants: MediaVariant[] },
): Promise<void> {
  const made = await missingVariantsOf(ctx, row);
  const saved = await saveAvifVariants(ctx.db, row.id, {
    avif: made ? stored(made, 'avif') : [],
    ...(made && row.variants.length === 0 ? { variants: stored(made, 'webp') } : {}),
  });
  // The upload was deleted while they were made: its delete removed the files it knew of, so
  // the ones made since are removed here, or nothing would ever name them again.
  if (!saved) for (const file of made ?? []) await ctx.storage.remove(file.key);
}

/** Work on uploads stored by older code: variants and crops they lack, metadata they kept. */
function mediaBackfills(ctx: MediaContext) {
  const { db, storage, decoding } = ctx;
  return {
    /**
     * Makes the AVIF variants of uploads that have none (stored before AVIF), and the one WebP
     * variant of an original narrower than every variant width, which had none; in the
     * background at start-up and by `npm run media:variants`. An original that is gone or
     * unreadable gets an empty list, so it is not tried again. Answers how many uploads were done.
     */
    async makeMissingVariants(opts: { stopped?: () => boolean } = {}): Promise<number> {
      let done = 0;
      for (;;) {
        const batch = await listMediaWithoutAvif(db, 20);
        if (batch.length === 0 || opts.stopped?.()) return done;
        for (const row of batch) {
          await completeVariants(ctx, row);
          done++;
        }
      }
    },

    /**
     * Strips camera, GPS and other metadata from originals stored before uploads were cleaned
     * (docs/decisions/014), turning them upright, in place: the same address serves the clean
     * file. Clean files are left byte for byte. `npm run media:strip-metadata`; answers how
     * many originals were looked at and how many were rewritten.
     */
    async stripStoredMetadata(): Promise<{ checked: number; stripped: number }> {
      let checked = 0;
      let stripped = 0;
      let after: string | null = null;
      for (;;) {
        const batch = await listOriginalsAfter(db, after, 50);
        if (batch.length === 0) return { checked, stripped };
        for (const row of batch) {
          after = row.id;
          checked++;
          const file = await storage.get(row.storageKey);
          const format = file && sniffImage(file.data);
          if (!file || !format) continue;
          const cleaned = await decoding
            .run(async () => {
              const meta = await sharp(file.data, { animated: format === 'gif' }).metadata();
              return servedOriginal(file.data, format, meta, 0);
            })
            .catch(() => undefined); // an unreadable file is left as it is
          if (!cleaned || cleaned.data === file.data) continue;
          await storage.put(row.storageKey, cleaned.data, file.contentType);
          await saveOriginal(db, row.id, {
            bytes: cleaned.data.length,
            width: cleaned.width,
            height: cleaned.height,
          });
          stripped++;
        }
      }
    },

    /**
     * Makes the crops of uploads that have none (stored before crops existed, or by an older
     * archive); run in the background at start-up. An original that is gone or unreadable gets
     * an empty list, so it is not tried again. Answers how many uploads were done.
     */
    async makeMissingCrops(opts: { stopped?: () => boolean } = {}): Promise<number> {
      let done = 0;
      for (;;) {
        const batch = await listMediaWithoutCrops(db, 20);
        if (batch.length === 0 || opts.stopped?.()) return done;
        for (const row of batch) {
          const original = await storage.get(row.storageKey);
          const written: string[] = [];
          const crops = original
            ? await decoding
                .run(async () => {
                  const meta = await sharp(original.data).metadata();
                  return makeCrops(
                    original.data,
                    meta,
                    folderOf(row.storageKey),
                    storage,
                    written,
                    0,
                  );
                })
                .catch(async () => {
                  await Promise.allSettled(written.map((key) => storage.remove(key)));
                  return [];
                })
            : [];
          await saveCrops(db, row.id, crops);
          done++;
        }
      }
    },
  };
}
