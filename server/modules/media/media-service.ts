import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../../db/client';
import { CROP_RATIOS, type CropRatio } from '../../../common/articles';
import type { MediaCrop, MediaVariant } from '../../../db/schema/media';
import type { Clock } from '../../lib/clock';
import { unsupportedMediaType } from '../../lib/errors';
import { sniffImage } from './media-sniff';
import {
  findImageByKey,
  findMediaIdByKey,
  insertMedia,
  listMediaWithoutCrops,
  saveCrops,
} from './media-repository';
import { contentTypeOfKey, type MediaStorage } from './media-storage';
import { keyOfMediaUrl, mediaUrl } from './media-urls';

/** Widths of the WebP variants for responsive srcset; never larger than the original. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Width of the crops: Google and the social networks show share images up to about this. */
export const CROP_WIDTH = 1200;

/**
 * The largest centre of interest of the original in each of CROP_RATIOS (sharp's "attention"
 * picks the busiest region), at most CROP_WIDTH wide and never enlarged. Written as JPEG, which
 * every crawler and social network reads.
 */
async function makeCrops(
  data: Buffer,
  folder: string,
  files: MediaStorage,
  written: string[],
): Promise<MediaCrop[]> {
  const meta = await sharp(data).metadata();
  // EXIF orientations 5-8 turn the picture a quarter: width and height swap once rotated.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
  const crops: MediaCrop[] = [];
  for (const ratio of CROP_RATIOS) {
    const [w, h] = ratio.split('x').map(Number) as [number, number];
    const fitWidth = Math.min(width, (height * w) / h);
    const outWidth = Math.max(1, Math.floor(Math.min(CROP_WIDTH, fitWidth)));
    const outHeight = Math.max(1, Math.round((outWidth * h) / w));
    const out = await sharp(data)
      .rotate()
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

export interface StoredImage {
  _id: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
  /** The 16:9, 4:3 and 1:1 crops (issue 12 item 4). */
  crops: { ratio: CropRatio; width: number; height: number; url: string }[];
}

export function createMediaService(deps: {
  db: Db;
  storage: MediaStorage;
  clock: Clock;
  /** The storage to use inside a caller's transaction (MEDIA_STORAGE=db writes through it). */
  storageIn?: (tx: Db) => MediaStorage;
}) {
  const { db, storage, clock } = deps;
  const storageIn = (tx: Db) => deps.storageIn?.(tx) ?? storage;
  return {
    storage,
    /** Where files go inside the caller's transaction `tx`. */
    storageIn,
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
     * Stores an image and its variants. Refuses anything that is not a raster image we accept;
     * on any failure the bytes already written are removed, so nothing half-stored remains.
     */
    async storeImage(
      data: Buffer,
      options: {
        uploadedBy?: string | null;
        /** A caller's transaction (an import) the row and, with MEDIA_STORAGE=db, the bytes join. */
        tx?: Db;
      } = {},
    ): Promise<StoredImage> {
      const rows = options.tx ?? db;
      const files = options.tx ? storageIn(options.tx) : storage;
      const format = sniffImage(data);
      if (!format) {
        throw unsupportedMediaType('Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.');
      }
      let meta: Metadata;
      try {
        meta = await sharp(data, { animated: format === 'gif' }).metadata();
      } catch {
        throw unsupportedMediaType('The file is not a readable image.');
      }
      const width = meta.width;
      const height = meta.pageHeight ?? meta.height;
      if (!width || !height) throw unsupportedMediaType('The file is not a readable image.');

      const id = randomUUID();
      const now = clock.now();
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
      const originalKey = `${folder}/original.${format}`;
      const written: string[] = [];
      try {
        await files.put(originalKey, data, contentTypeOfKey(originalKey));
        written.push(originalKey);
        const variants: MediaVariant[] = [];
        for (const target of VARIANT_WIDTHS.filter((w) => w <= width)) {
          const { data: out, info } = await sharp(data)
            .rotate()
            .resize({ width: target, withoutEnlargement: true })
            .webp({ quality: 78 })
            .toBuffer({ resolveWithObject: true });
          const key = `${folder}/w${target}.webp`;
          await files.put(key, out, 'image/webp');
          written.push(key);
          variants.push({ width: info.width, height: info.height, key });
        }
        const crops = await makeCrops(data, folder, files, written);
        await insertMedia(rows, {
          id,
          storageKey: originalKey,
          mimeType: contentTypeOfKey(originalKey),
          width,
          height,
          bytes: data.length,
          variants,
          crops,
          uploadedBy: options.uploadedBy ?? null,
          createdAt: now,
        });
        return {
          _id: id,
          url: mediaUrl(originalKey),
          width,
          height,
          variants: variants.map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
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
            ? await makeCrops(original.data, folderOf(row.storageKey), storage, written).catch(
                async () => {
                  await Promise.allSettled(written.map((key) => storage.remove(key)));
                  return [];
                },
              )
            : [];
          await saveCrops(db, row.id, crops);
          done++;
        }
      }
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
