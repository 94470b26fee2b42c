import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../../db/client';
import type { MediaVariant } from '../../../db/schema/media';
import type { Clock } from '../../lib/clock';
import { unsupportedMediaType } from '../../lib/errors';
import { sniffImage } from './media-sniff';
import { findMediaIdByKey, insertMedia } from './media-repository';
import { contentTypeOfKey, type MediaStorage } from './media-storage';
import { keyOfMediaUrl, mediaUrl } from './media-urls';

/** Widths of the WebP variants for responsive srcset; never larger than the original. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface StoredImage {
  _id: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
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
        await insertMedia(rows, {
          id,
          storageKey: originalKey,
          mimeType: contentTypeOfKey(originalKey),
          width,
          height,
          bytes: data.length,
          variants,
          uploadedBy: options.uploadedBy ?? null,
          createdAt: now,
        });
        return {
          _id: id,
          url: mediaUrl(originalKey),
          width,
          height,
          variants: variants.map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
        };
      } catch (error) {
        await Promise.allSettled(written.map((key) => files.remove(key)));
        throw error;
      }
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
