import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../../db/client';
import { media, type MediaVariant } from '../../../db/schema/media';
import type { Clock } from '../../lib/clock';
import { unsupportedMediaType } from '../../lib/errors';
import { sniffImage } from './media-sniff';
import { contentTypeOfKey, type MediaStorage } from './media-storage';

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

export const mediaUrl = (key: string) => `/media/${key}`;

export function createMediaService(deps: { db: Db; storage: MediaStorage; clock: Clock }) {
  const { db, storage, clock } = deps;
  return {
    storage,
    /**
     * Stores an image and its variants. Refuses anything that is not a raster image we accept;
     * on any failure the bytes already written are removed, so nothing half-stored remains.
     */
    async storeImage(
      data: Buffer,
      options: { uploadedBy?: string | null } = {},
    ): Promise<StoredImage> {
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
        await storage.put(originalKey, data, contentTypeOfKey(originalKey));
        written.push(originalKey);
        const variants: MediaVariant[] = [];
        for (const target of VARIANT_WIDTHS.filter((w) => w <= width)) {
          const { data: out, info } = await sharp(data)
            .rotate()
            .resize({ width: target, withoutEnlargement: true })
            .webp({ quality: 78 })
            .toBuffer({ resolveWithObject: true });
          const key = `${folder}/w${target}.webp`;
          await storage.put(key, out, 'image/webp');
          written.push(key);
          variants.push({ width: info.width, height: info.height, key });
        }
        await db.insert(media).values({
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
        await Promise.allSettled(written.map((key) => storage.remove(key)));
        throw error;
      }
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
